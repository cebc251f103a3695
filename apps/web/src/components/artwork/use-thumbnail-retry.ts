import { PAGING } from "@sawdust/shared";
import { useCallback, useEffect, useRef, useState } from "react";

/** The wait before the first retry; each further retry waits twice as long (0.4 s, 0.8 s, 1.6 s). */
const FIRST_BACKOFF_MS = 400;

export interface ThumbnailRetry {
  /** A number that changes with every new try: it busts the cache of the failed request. */
  attempt: number;
  /** Between a failure and the next try: the broken image is hidden meanwhile. */
  waiting: boolean;
  /** Every try failed: show the failure placeholder. */
  failed: boolean;
  onError: () => void;
  onLoad: () => void;
  /** Starts over with a fresh counter (the Retry button). */
  retry: () => void;
}

/**
 * Spec section 4: a thumbnail that fails to load is retried up to 3 times, then shows the failure
 * placeholder. "Retried up to 3 times" reads as three retries after the first try: four requests
 * at most.
 */
export function useThumbnailRetry(maxRetries: number = PAGING.thumbnailRetries): ThumbnailRetry {
  const [attempt, setAttempt] = useState(0);
  const [retries, setRetries] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onError = useCallback(() => {
    if (retries >= maxRetries) {
      setFailed(true);
      setWaiting(false);
      return;
    }
    setWaiting(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        setRetries((n) => n + 1);
        setAttempt((n) => n + 1);
        setWaiting(false);
      },
      FIRST_BACKOFF_MS * 2 ** retries,
    );
  }, [retries, maxRetries]);

  const onLoad = useCallback(() => setWaiting(false), []);

  const retry = useCallback(() => {
    clearTimeout(timer.current);
    setRetries(0);
    setFailed(false);
    setWaiting(false);
    setAttempt((n) => n + 1);
  }, []);

  return { attempt, waiting, failed, onError, onLoad, retry };
}

/** The URL with a `retry` query so the browser asks the server again instead of its cache. */
export function withRetryParam(url: string, attempt: number): string {
  if (!url || attempt === 0) return url;
  return `${url}${url.includes("?") ? "&" : "?"}retry=${attempt}`;
}
