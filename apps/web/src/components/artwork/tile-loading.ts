import { createContext, useContext } from "react";

/**
 * How a grid's pictures load: `first-row-first`, its first row at once and its first tile with
 * high priority (the rest as they scroll near); `held`, none yet, each tile showing its average
 * colour. Held for the gallery behind a share link's open detail (/image/{id}), on the server and
 * in the app alike: the artwork is the one picture that page needs, and the covered tiles' pictures
 * would share the line with it (on a phone, 15 of them). They load when the dialog closes.
 */
export type TileLoading = "first-row-first" | "held";

export const TileLoadingContext = createContext<TileLoading>("first-row-first");

export function useTileLoading(): TileLoading {
  return useContext(TileLoadingContext);
}
