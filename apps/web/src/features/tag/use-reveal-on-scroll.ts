import { useEffect, useRef, useState } from "react";
import { useHydrated } from "@/lib/use-hydrated";

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Whether an element has scrolled into view yet: the tile fades in the first time it does. People
 * who ask for reduced motion (and browsers without IntersectionObserver) see it at once, and so
 * does a tile that came in the server's HTML: it was on screen before the app ran (also without
 * JavaScript), and the app takes it over as it is.
 */
export function useRevealOnScroll<T extends Element>() {
  const ref = useRef<T>(null);
  // False on the server and while the app takes a server-rendered page over: read once, at the
  // tile's first render.
  const hydrated = useHydrated();
  const [revealed, setRevealed] = useState(
    () => !hydrated || typeof IntersectionObserver === "undefined" || prefersReducedMotion(),
  );

  useEffect(() => {
    const element = ref.current;
    if (revealed || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [revealed]);

  return { ref, revealed };
}
