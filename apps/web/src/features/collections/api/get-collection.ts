import { useQuery } from "@tanstack/react-query";
import { collectionQueryOptions } from "@/lib/collections";

/** The collection, fetched only for a well-formed id (a bad one is "not found" without asking). */
export function useCollection(collectionId: number | null) {
  return useQuery({
    ...collectionQueryOptions(collectionId ?? 0),
    enabled: collectionId !== null,
  });
}
