import { editionCapOf, editionForSale, type Image, MESSAGES } from "@sawdust/shared";

type EditionFacts = Pick<Image, "editionType" | "maxEditions" | "soldEditions"> &
  Partial<Pick<Image, "collectedBy" | "collectedPrivately">>;

/**
 * What others see of a piece's sales (issue 19): a sold 1/1 with its collector (or "collected
 * privately" when they chose not to be named), a limited
 * edition's count or "Sold out", an open edition's count; null when nothing is sold or for sale.
 */
export function salesStatus(image: EditionFacts): string | null {
  if (!editionForSale(image.editionType)) return null;
  const cap = editionCapOf(image.editionType, image.maxEditions);
  if (image.editionType === "one_of_one") {
    if (image.soldEditions < 1) return null;
    const m = MESSAGES.editions;
    if (image.collectedBy) return m.soldOneOfOneBy(image.collectedBy);
    return image.collectedPrivately ? m.soldOneOfOnePrivately : m.soldOneOfOneUnnamed;
  }
  if (cap !== null) {
    return image.soldEditions >= cap ? "Sold out" : `${image.soldEditions} of ${cap} sold`;
  }
  return image.soldEditions > 0 ? `${image.soldEditions} sold` : null;
}

/** Whether a piece can be bought now (for sale, and not sold out). */
export function canBuy(image: EditionFacts): boolean {
  if (!editionForSale(image.editionType)) return false;
  const cap = editionCapOf(image.editionType, image.maxEditions);
  return cap === null || image.soldEditions < cap;
}
