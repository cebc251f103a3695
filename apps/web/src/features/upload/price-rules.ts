import { dollarsToCents, type EditionType } from "@sawdust/shared";

/** Edition types sold at a price; the price field shows only for these (spec section 4). */
export function isPricedEdition(editionType: EditionType): boolean {
  return editionType !== "sawdust_gallery";
}

/**
 * The price to send, in integer cents, or null to send none: spec section 5 sends it only when
 * one is given and the edition is not Sawdust Gallery. `typed` is the field's text, in dollars.
 */
export function priceCentsToSend(editionType: EditionType, typed: string): number | null {
  if (!isPricedEdition(editionType) || typed.trim() === "") return null;
  const dollars = Number(typed);
  return Number.isFinite(dollars) && dollars >= 0 ? dollarsToCents(dollars) : null;
}
