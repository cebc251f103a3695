import { describe, expect, it } from "vitest";
import { distributeIntoColumns } from "./masonry";

const entry = (id: number, ratio: number) => ({ id, ratio });
const ids = (columns: Array<Array<{ id: number }>>) => columns.map((c) => c.map((e) => e.id));

describe("distributeIntoColumns", () => {
  it("fills the first row left to right", () => {
    const entries = [1, 2, 3, 4].map((id) => entry(id, 1));
    expect(ids(distributeIntoColumns(entries, 4))).toEqual([[1], [2], [3], [4]]);
  });

  it("puts each entry in the shortest column", () => {
    const entries = [entry(1, 2), entry(2, 0.5), entry(3, 1), entry(4, 1)];
    // After 1 (tall) and 2 (short): 3 goes under 2; then column 2 (1.5) is still shorter than 2.
    expect(ids(distributeIntoColumns(entries, 2))).toEqual([[1], [2, 3, 4]]);
  });

  it("never moves placed entries when more are appended", () => {
    const first = [entry(1, 1.5), entry(2, 0.7), entry(3, 1), entry(4, 1.2), entry(5, 0.8)];
    const more = [...first, entry(6, 1), entry(7, 0.6), entry(8, 1.3)];
    const before = ids(distributeIntoColumns(first, 3));
    const after = ids(distributeIntoColumns(more, 3));
    after.forEach((column, c) => {
      expect(column.slice(0, before[c]?.length)).toEqual(before[c]);
    });
  });

  it("treats fewer than one column as one", () => {
    expect(ids(distributeIntoColumns([entry(1, 1), entry(2, 1)], 0))).toEqual([[1, 2]]);
  });
});
