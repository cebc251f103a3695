import { MESSAGES } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { deleteSalesNote, selectionSales } from "./selection-sales";

const b = MESSAGES.adminImages.batch;
const pieces = (...sold: number[]) => sold.map((soldEditions) => ({ soldEditions }));

describe("the batch delete's note on sales", () => {
  it("says nothing when every selected piece is loaded and none sold", () => {
    expect(deleteSalesNote(selectionSales(pieces(0, 0), 2))).toBeNull();
  });

  it("counts the loaded selection's pieces and editions", () => {
    const sales = selectionSales(pieces(2, 0, 3), 3);
    expect(sales).toEqual({ pieces: 2, editions: 5, atLeast: false });
    expect(deleteSalesNote(sales)).toBe(b.deleteKeepsSales(2, 5, false));
    expect(deleteSalesNote(sales)).toMatch(/^5 editions of 2 selected pieces were sold\./);
  });

  it("says 'at least' when the selection reaches past the loaded rows", () => {
    expect(deleteSalesNote(selectionSales(pieces(1), 40))).toMatch(/^At least 1 edition of a/);
  });

  it("still speaks of sales when the loaded rows sold none but the selection reaches further", () => {
    expect(deleteSalesNote(selectionSales(pieces(0, 0), 55))).toBe(b.deleteMayKeepSales);
  });
});
