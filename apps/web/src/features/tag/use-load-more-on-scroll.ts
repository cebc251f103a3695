import { PAGING } from "@sawdust/shared";
import { useEffect, useRef } from "react";

/**
 * Calls `loadMore` when the returned sentinel becomes 10% visible (spec section 4), as long as
 * `enabled`; a Load More button beside it serves keyboards and browsers without the observer.
 */
export function useLoadMoreOnScroll<T extends Element>(loadMore: () => void, enabled: boolean) {
  const sentinel = useRef<T>(null);
  const latest = useRef(loadMore);
  latest.current = loadMore;

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { threshold: PAGING.infiniteScrollThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinel;
}
