import { GALLERY_TILE_SIZES } from "@sawdust/shared";
import { useSyncExternalStore } from "react";

/**
 * The artwork grids' column counts, in step with the Tailwind classes of `ImageGrid`
 * (`grid-cols-2 md:grid-cols-3 lg:grid-cols-4`): masonry needs the number in JavaScript.
 */
const COLUMN_QUERIES = [
  { query: "(min-width: 1024px)", columns: 4 },
  { query: "(min-width: 768px)", columns: 3 },
] as const;
export const MAX_COLUMNS = 4;
const BASE_COLUMNS = 2;

function currentColumns(): number {
  for (const { query, columns } of COLUMN_QUERIES) {
    if (window.matchMedia(query).matches) return columns;
  }
  return BASE_COLUMNS;
}

function subscribe(onChange: () => void): () => void {
  const lists = COLUMN_QUERIES.map(({ query }) => window.matchMedia(query));
  for (const list of lists) list.addEventListener("change", onChange);
  return () => {
    for (const list of lists) list.removeEventListener("change", onChange);
  };
}

/** How many columns the artwork grids show at the current viewport width. */
export function useColumnCount(): number {
  return useSyncExternalStore(subscribe, currentColumns, () => BASE_COLUMNS);
}

/**
 * The `sizes` of a tile: a column of the grids above, inside the page's max-w-7xl container
 * (1280 px less 48 px of padding and three 16 px gaps at most).
 */
export const TILE_SIZES = GALLERY_TILE_SIZES;
