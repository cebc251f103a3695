import { EDITION_LABELS, type EditionType, type Image } from "@sawdust/shared";

/**
 * The edition as the detail shows it: the three upload types by their labels, a limited edition
 * with its run, and any other value as a gallery edition (spec section 1).
 */
export function editionLabel(
  image: Pick<Image, "editionType" | "maxEditions" | "soldEditions">,
): string {
  if (image.editionType === "limited_edition") {
    return image.maxEditions === null
      ? "Limited Edition"
      : `Limited Edition · ${image.soldEditions} of ${image.maxEditions} sold`;
  }
  return EDITION_LABELS[image.editionType as EditionType] ?? EDITION_LABELS.sawdust_gallery;
}

/** Gallery pieces are free to share; the other editions carry a price when one is set. */
export function showsPrice(image: Pick<Image, "editionType" | "price">): boolean {
  return image.price !== null && image.editionType !== "sawdust_gallery";
}
