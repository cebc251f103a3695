/** Anything masonry places: its height for a column one unit wide (height ÷ width). */
export interface MasonryEntry {
  ratio: number;
}

/**
 * Puts each entry in the shortest column so far. Heights come from the API's width and height,
 * so the placement is known before any file loads, and appending a page never moves what is
 * already placed (CSS columns would rebalance every column and shift tiles under the reader's
 * eyes). Entries keep their order inside each column, and the first row is the first entries.
 */
export function distributeIntoColumns<T extends MasonryEntry>(
  entries: readonly T[],
  columnCount: number,
): T[][] {
  const count = Math.max(1, Math.floor(columnCount));
  const columns: T[][] = Array.from({ length: count }, () => []);
  const heights = new Array<number>(count).fill(0);
  for (const entry of entries) {
    let shortest = 0;
    for (let c = 1; c < count; c++) {
      // A small tolerance keeps left-to-right order among nearly equal columns.
      if ((heights[c] ?? 0) < (heights[shortest] ?? 0) - 0.02) shortest = c;
    }
    columns[shortest]?.push(entry);
    heights[shortest] = (heights[shortest] ?? 0) + entry.ratio;
  }
  return columns;
}
