import { useQuery } from "@tanstack/react-query";
import { collectionsQueryOptions } from "@/lib/collections";

/** The member's collections for the list page (the picker shares the same cache entry). */
export function useCollections() {
  return useQuery(collectionsQueryOptions());
}
