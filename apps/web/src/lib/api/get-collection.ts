import type { CollectionDetail } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { COLLECTIONS_QUERY_KEY } from "./get-collections";

/** GET /api/v1/collections/{id}: one of the member's collections with its images (404 otherwise). */
export function getCollection(collectionId: number, signal?: AbortSignal) {
  return api.get<CollectionDetail>(`/api/v1/collections/${collectionId}`, { signal });
}

export function collectionQueryOptions(collectionId: number) {
  return queryOptions({
    queryKey: [...COLLECTIONS_QUERY_KEY, "detail", collectionId],
    queryFn: ({ signal }) => getCollection(collectionId, signal),
  });
}

/** The collection, fetched only for a well-formed id (a bad one is "not found" without asking). */
export function useCollection(collectionId: number | null) {
  return useQuery({
    ...collectionQueryOptions(collectionId ?? 0),
    enabled: collectionId !== null,
  });
}
