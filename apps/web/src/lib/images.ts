import {
  formatCents,
  type Image,
  type ImageListParams,
  type ImageListResponse,
  imageListPath,
  MESSAGES,
  normalizeColor,
  normalizeStyle,
  PAGING,
  slugifyTag,
} from "@sawdust/shared";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api-client";

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

export type { ImageListParams };

/** One page of the image list; a failure reads 'Failed to fetch images: {body}'. */
export async function getImagePage(
  params: ImageListParams,
  cursor: string,
  signal?: AbortSignal,
): Promise<ImageListResponse> {
  try {
    return await api.get<ImageListResponse>(imageListPath(params, cursor), {
      signal,
    });
  } catch (error) {
    if (isApiRequestError(error)) throw new Error(MESSAGES.images.fetchFailed(error.body));
    throw error;
  }
}

/** Every image list in the app shares this key prefix, so one invalidation refreshes them all. */
export const IMAGES_QUERY_KEY = ["images"] as const;

/** A cursor-paged image list (spec section 4: the first cursor is 0, then nextCursor). */
export function imageListInfiniteOptions(params: ImageListParams) {
  return infiniteQueryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "list", params],
    queryFn: ({ pageParam, signal }) => getImagePage(params, pageParam, signal),
    initialPageParam: PAGING.firstCursor as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One image, for the detail view. */
export function imageQueryOptions(imageId: number) {
  return queryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "detail", imageId],
    queryFn: ({ signal }) => api.get<Image>(`/api/v1/images/${imageId}`, { signal }),
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
