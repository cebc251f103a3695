import { type Image, type MarketingImage, type MarketingImagePage, paths } from "@sawdust/shared";
import { isSoldOut } from "../images/facet-counts.repo.js";

/**
 * An image as a partner gets it (the marketing API's snake_case shape): what a print shop, a
 * newsletter or a marketing tool needs to show and link to it, with absolute URLs on the site's
 * real origin, and nothing of the site's own bookkeeping (analysis details, per-size counts).
 */
export function presentForPartner(image: Image, origin: string): MarketingImage {
  const absolute = (url: string) => (url ? new URL(url, origin).toString() : null);
  const palette = image.aiAnalysis.palette ?? [];
  // For sale now: priced (not a Sawdust Gallery piece), and not sold out.
  const licencePrices =
    image.licencePrices &&
    !isSoldOut({
      edition_type: image.editionType,
      sold_editions: image.soldEditions,
      max_editions: image.maxEditions,
    })
      ? image.licencePrices
      : null;
  return {
    id: image.id,
    title: image.aiAnalysis.title ?? null,
    description: image.aiAnalysis.description ?? null,
    tags: image.tags,
    styles: (image.style ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    colors: palette.map((swatch) => ({
      hex: `#${swatch.hex.replace(/^#/, "")}`,
      name: swatch.name ?? null,
      share: swatch.share,
    })),
    // One of the four the database holds (the response's schema checks it as it is sent).
    edition_type: image.editionType as MarketingImage["edition_type"],
    price: licencePrices ? image.price : null,
    licence_prices: licencePrices,
    currency: "USD",
    max_editions: image.maxEditions,
    sold_editions: image.soldEditions,
    downloads: image.totalDownloads,
    width: image.width,
    height: image.height,
    urls: {
      thumb: absolute(image.urlThumb),
      small: absolute(image.urlSmall),
      medium: absolute(image.urlMedium),
      large: absolute(image.urlLarge),
    },
    share_url: `${origin}${paths.image.getHref(image.id)}`,
    created_at: image.createdAt,
  };
}

export function presentPageForPartner(
  page: { images: Image[]; nextCursor: string | null },
  origin: string,
): MarketingImagePage {
  return {
    images: page.images.map((image) => presentForPartner(image, origin)),
    next_cursor: page.nextCursor,
  };
}
