import { FREE_TIER } from "@sawdust/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { collectionQueryOptions } from "@/lib/api/get-collection";
import { COLLECTIONS_QUERY_KEY } from "@/lib/api/get-collections";

/**
 * The ids of the collections known to hold the image. The list tells only of the newest image of
 * each (its cover); a member with few collections (no more than the free plan's) has each one's
 * images fetched as well, while the picker is open (through the collection pages' own cache).
 * With more, only the covers tell.
 */
export function useCollectionsHolding(
  imageId: number,
  collections: { id: number; coverImage: { id: number } | null }[] | undefined,
  enabled: boolean,
): Set<number> {
  const queryClient = useQueryClient();
  const ids = collections?.map((collection) => collection.id) ?? [];
  const details = useQuery({
    queryKey: [...COLLECTIONS_QUERY_KEY, "holding", ids],
    queryFn: () => Promise.all(ids.map((id) => queryClient.fetchQuery(collectionQueryOptions(id)))),
    enabled: enabled && ids.length > 0 && ids.length <= FREE_TIER.collections,
  });
  const holding = new Set<number>();
  for (const collection of collections ?? []) {
    if (collection.coverImage?.id === imageId) holding.add(collection.id);
  }
  for (const detail of details.data ?? []) {
    if (detail.images.some((entry) => entry.image.id === imageId)) holding.add(detail.id);
  }
  return holding;
}
