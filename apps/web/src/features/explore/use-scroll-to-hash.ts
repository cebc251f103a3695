import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the section the URL's hash names (/explore#color-themes) once the page has its
 * content: the router scrolls on navigation, but the featured cards load later and move it down.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
  }, [hash, ready]);
}
