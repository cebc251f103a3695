import {
  formatCents,
  type Image,
  type ImageListResponse,
  normalizeColor,
  normalizeStyle,
  slugifyTag,
} from "@sawdust/shared";

/** The gallery filters of spec section 4: they live in the URL. */
export interface ImageFilters {
  tag?: string;
  style?: string;
  color?: string;
}

export const FILTER_NAMES = ["tag", "style", "color"] as const;

/**
 * The filters as the spec's rules write them (section 5): tags slugified, styles lower-cased and
 * trimmed, the colour without its '#'. Empty values are dropped.
 */
export function normalizeFilters(filters: ImageFilters): ImageFilters {
  const normalized: ImageFilters = {};
  const tag = filters.tag ? slugifyTag(filters.tag) : "";
  const style = filters.style ? normalizeStyle(filters.style) : "";
  const color = filters.color ? normalizeColor(filters.color) : "";
  if (tag) normalized.tag = tag;
  if (style) normalized.style = style;
  if (color) normalized.color = color;
  return normalized;
}

/** The filters read from a URL's query string. */
export function filtersFromSearch(search: URLSearchParams): ImageFilters {
  return normalizeFilters({
    tag: search.get("tag") ?? undefined,
    style: search.get("style") ?? undefined,
    color: search.get("color") ?? undefined,
  });
}

/** The images of every loaded page, without those that have no small rendition (spec). */
export function imagesOfPages(pages: readonly ImageListResponse[] | undefined): Image[] {
  return (pages ?? []).flatMap((page) => page.images).filter((image) => image.urlSmall !== "");
}

/** The image's title, or a neutral label while its analysis has not named it. */
export function imageTitle(image: Pick<Image, "id" | "aiAnalysis">): string {
  return image.aiAnalysis.title?.trim() || `Artwork #${image.id}`;
}

/** A price in cents as the spec shows it (cents ÷ 100, two decimals), or null without one. */
export function formatPrice(cents: number | null): string | null {
  return cents === null ? null : `$${formatCents(cents)}`;
}
