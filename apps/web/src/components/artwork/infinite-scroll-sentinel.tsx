import { PAGING } from "@sawdust/shared";
import { useEffect, useRef, useState } from "react";

interface InfiniteScrollSentinelProps {
  /** More pages exist and none is loading or failed: visibility may ask for the next one. */
  enabled: boolean;
  onLoadMore: () => void;
}

/**
 * Spec section 4: the next page loads when a sentinel near the bottom becomes 10% visible. The
 * sentinel is an invisible strip over the last 60% of a screen's height of the list (the parent
 * must be `relative`), so the next page is on its way before the reader reaches the end.
 */
export function InfiniteScrollSentinel({ enabled, onLoadMore }: InfiniteScrollSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        // isIntersecting alone would also hold below the threshold, on the way out.
        if (entry) setVisible(entry.intersectionRatio >= PAGING.infiniteScrollThreshold - 0.001);
      },
      { threshold: PAGING.infiniteScrollThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Still in view after a page arrived (a short list, a tall screen): ask for the next one too.
  useEffect(() => {
    if (visible && enabled) loadMore.current();
  }, [visible, enabled]);

  return (
    <div
      ref={ref}
      aria-hidden
      data-testid="infinite-scroll-sentinel"
      className="pointer-events-none absolute bottom-0 left-0 h-[60vh] max-h-full w-px"
    />
  );
}
