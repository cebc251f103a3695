import type { Collection } from "@sawdust/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { imageQueryOptions } from "./get-image";
import { IMAGES_QUERY_KEY } from "./get-images";

/**
 * Every collection query (the member's list, each collection's detail) shares this prefix, so one
 * invalidation refreshes them all. The collections pages and the image detail's picker both use it.
 */
export const COLLECTIONS_QUERY_KEY = ["collections"] as const;

/** GET /api/v1/collections: the signed-in member's collections, newest first. */
export function getCollections(signal?: AbortSignal): Promise<Collection[]> {
  return api.get<Collection[]>("/api/v1/collections", { signal });
}

export const collectionsQueryOptions = queryOptions({
  queryKey: [...COLLECTIONS_QUERY_KEY, "list"],
  queryFn: ({ signal }) => getCollections(signal),
});

/** The member's collections: the list page always, the picker only while it is open. */
export function useCollections({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...collectionsQueryOptions, enabled });
}

/** The images whose membership a change touched: some ids, or every image (a deleted collection). */
export type ChangedImages = readonly number[] | "all";

/**
 * After any collection change (spec section 4): the list and the details refetch, and so does the
 * detail of each image whose "In collections" count moved. Image lists carry the count too but never
 * show it, so they are left alone rather than refetching every loaded gallery page.
 */
export function refreshAfterCollectionChange(
  queryClient: QueryClient,
  images: ChangedImages = [],
): void {
  void queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY });
  if (images === "all") {
    void queryClient.invalidateQueries({ queryKey: [...IMAGES_QUERY_KEY, "detail"] });
    return;
  }
  for (const imageId of images) {
    void queryClient.invalidateQueries({ queryKey: imageQueryOptions(imageId).queryKey });
  }
}
