import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the app takes over a server-rendered page (and on the server), true otherwise. What
 * only the browser can work out renders once the page is the app's, so the first render matches
 * the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
