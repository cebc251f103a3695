import type { Image } from "@sawdust/shared";
import { formatPrice } from "@/lib/images";

/**
 * The price as the spec shows it ("$12.50"): what a buyer pays for the Standard licence (the
 * piece's own price, else the site's default, as the server sells it), or what a buyer does
 * without one.
 */
export function priceText(image: Pick<Image, "price" | "licencePrices">): string {
  return formatPrice(image.licencePrices?.standard ?? image.price) ?? "Price on request";
}

/** Whether the image is sold in a numbered run (limited edition) rather than without limit. */
export function isLimited(image: Pick<Image, "editionType" | "maxEditions">): boolean {
  return image.editionType === "limited_edition" || image.maxEditions !== null;
}

/** "Limited edition · 12 of 50 sold", or "Open edition" for unlimited prints. */
export function editionText(image: Pick<Image, "editionType" | "maxEditions" | "soldEditions">) {
  if (!isLimited(image)) return "Open edition";
  return image.maxEditions === null
    ? "Limited edition"
    : `Limited edition · ${image.soldEditions} of ${image.maxEditions} sold`;
}
