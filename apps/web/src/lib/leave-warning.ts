import { useEffect } from "react";

/**
 * Asks the browser to confirm before the tab is closed or reloaded while `active`: a form with
 * unsaved changes, an upload under way. (Links inside the app are not held: the app's router is
 * not a data router, which alone can block a navigation.)
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}
