import {
  type ImageListParams,
  type ImageListResponse,
  imageListPath,
  MESSAGES,
  PAGING,
} from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api-client";

/**
 * Every image query in the app (lists, details, searches, counts) shares this key prefix, so one
 * invalidation refreshes them all.
 */
export const IMAGES_QUERY_KEY = ["images"] as const;

/** GET /api/v1/images: one page of the image list; a failure reads 'Failed to fetch images: {body}'. */
export async function getImagePage(
  params: ImageListParams,
  cursor: string,
  signal?: AbortSignal,
): Promise<ImageListResponse> {
  try {
    return await api.get<ImageListResponse>(imageListPath(params, cursor), { signal });
  } catch (error) {
    if (isApiRequestError(error)) throw new Error(MESSAGES.images.fetchFailed(error.body));
    throw error;
  }
}

/** A cursor-paged image list (spec section 4: the first cursor is 0, then nextCursor). */
export function imageListInfiniteOptions(params: ImageListParams) {
  return infiniteQueryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "list", params],
    queryFn: ({ pageParam, signal }) => getImagePage(params, pageParam, signal),
    initialPageParam: PAGING.firstCursor as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useImageList(params: ImageListParams) {
  return useInfiniteQuery(imageListInfiniteOptions(params));
}
