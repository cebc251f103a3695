import { createContext, useContext } from "react";

/**
 * Whether a grid's first row may load at once and its first tile with high priority. Off for the
 * gallery behind a share link's open detail (/image/{id}): the artwork is the picture to fetch
 * first there, and the tiles it covers wait their turn.
 */
export const TilePriorityContext = createContext(true);

export function useTilePriority(): boolean {
  return useContext(TilePriorityContext);
}
