import {
  DISPLAY_SIZES,
  EDITION_FILTER_VALUES,
  type Image,
  MARKETING_RENDITIONS,
  type MarketingImage,
  type MarketingImagePage,
  paths,
} from "@sawdust/shared";
import { isSoldOut } from "../images/facet-counts.repo.js";
import { enlargedSizes } from "../images/images.presenter.js";

/**
 * An image as a partner gets it (the marketing API's snake_case shape): what a print shop, a
 * newsletter or a marketing tool needs to show and link to it, with absolute URLs on the site's
 * real origin, and nothing of the site's own bookkeeping (analysis details, per-size counts).
 */
export function presentForPartner(
  image: Image,
  origin: string,
  /** When the image last changed (epoch ms): the row's `updated_at`. */
  updatedAt: number,
): MarketingImage {
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
  const urls = {
    thumb: absolute(image.urlThumb),
    small: absolute(image.urlSmall),
    medium: absolute(image.urlMedium),
    large: absolute(image.urlLarge),
  };
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
    edition_type: shownEditionType(image.editionType),
    price: licencePrices ? image.price : null,
    licence_prices: licencePrices,
    currency: "USD",
    max_editions: image.maxEditions,
    sold_editions: image.soldEditions,
    downloads: image.totalDownloads,
    width: image.width,
    height: image.height,
    urls,
    // Only a file that exists can be an enlarged one.
    upscaled_renditions: enlargedSizes(
      image.width,
      image.height,
      DISPLAY_SIZES,
      MARKETING_RENDITIONS,
    ).filter((name) => urls[name] !== null),
    share_url: `${origin}${paths.image.getHref(image.id)}`,
    created_at: image.createdAt,
    updated_at: new Date(updatedAt).toISOString(),
  };
}

/**
 * The edition type a partner is told: one of the four documented, an image of any other type
 * (a legacy or imported row: no constraint holds the column to the four) being shown as a
 * gallery edition (spec section 1), which is also why it has no price.
 */
function shownEditionType(editionType: string): MarketingImage["edition_type"] {
  return (EDITION_FILTER_VALUES as readonly string[]).includes(editionType)
    ? (editionType as MarketingImage["edition_type"])
    : "sawdust_gallery";
}

/** A page as partners get it; `updatedAt` holds each image's `updated_at` (epoch ms) by id. */
export function presentPageForPartner(
  page: { images: Image[]; nextCursor: string | null },
  origin: string,
  updatedAt: ReadonlyMap<number, number>,
): MarketingImagePage {
  return {
    images: page.images.map((image) =>
      // An image deleted between the page's read and this one's has no row: its creation stands.
      presentForPartner(image, origin, updatedAt.get(image.id) ?? Date.parse(image.createdAt)),
    ),
    next_cursor: page.nextCursor,
  };
}
