import { type DehydratedState, hydrate, type QueryClient } from "@tanstack/react-query";

/** The element holding the data a server-rendered page was rendered with (entry-server.tsx). */
export const SERVER_STATE_ELEMENT_ID = "sawdust-state";

/**
 * Loads the data a server-rendered page came with into the client, and says whether there was
 * any: when there is, the page's HTML is the app's, and the app hydrates it rather than replacing it.
 */
export function hydrateServerState(queryClient: QueryClient): boolean {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
    return true;
  } catch {
    return false;
  } finally {
    element.remove();
  }
}
