import { useCallback, useSyncExternalStore } from "react";

type Area = "local" | "session";

const listeners = new Set<() => void>();

function storageOf(area: Area): Storage | undefined {
  try {
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off (or this is the server render): nothing is remembered.
    return undefined;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

/**
 * A string remembered in the browser's local or session storage. A server-rendered page and the
 * first render that hydrates it see `fallback` (the server cannot know what this browser stored);
 * the stored value applies right after. Without a server render it applies from the first paint.
 */
export function useStoredValue(area: Area, key: string, fallback: string) {
  const value = useSyncExternalStore(
    subscribe,
    () => storageOf(area)?.getItem(key) ?? fallback,
    () => fallback,
  );
  const setValue = useCallback(
    (next: string) => {
      try {
        storageOf(area)?.setItem(key, next);
      } catch {
        // Full or refused: the value is not remembered.
      }
      for (const listener of listeners) listener();
    },
    [area, key],
  );
  return [value, setValue] as const;
}
