import { MESSAGES } from "@sawdust/shared";

const b = MESSAGES.adminImages.batch;

/** What the selection's pieces sold, as far as the table has loaded them. */
export interface SelectionSales {
  /** Selected pieces with sold editions. */
  pieces: number;
  /** Editions they sold between them. */
  editions: number;
  /** The selection reaches pieces the table has not loaded. */
  atLeast: boolean;
}

/**
 * What the selected pieces the table has loaded sold (`chosen`: those of the `selectedCount`
 * selected that are loaded), for the batch delete's confirmation.
 */
export function selectionSales(
  chosen: ReadonlyArray<{ soldEditions: number }>,
  selectedCount: number,
): SelectionSales {
  const sold = chosen.filter((i) => i.soldEditions > 0);
  return {
    pieces: sold.length,
    editions: sold.reduce((n, i) => n + i.soldEditions, 0),
    atLeast: chosen.length < selectedCount,
  };
}

/**
 * The batch delete's note on sales: how many editions the selection sold and that their sales and
 * certificates are kept; when the loaded pieces sold none but the selection reaches further, that
 * any sold are kept (round 32: the note was missing then); none when nothing selected sold.
 */
export function deleteSalesNote(sales: SelectionSales): string | null {
  if (sales.editions > 0) return b.deleteKeepsSales(sales.pieces, sales.editions, sales.atLeast);
  return sales.atLeast ? b.deleteMayKeepSales : null;
}
