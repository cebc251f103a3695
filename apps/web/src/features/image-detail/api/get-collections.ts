import { useQuery } from "@tanstack/react-query";
import { collectionsQueryOptions } from "@/lib/collections";

/** The member's collections, fetched only while the picker is open and someone is signed in (spec section 7). */
export function useCollections(enabled: boolean) {
  return useQuery({ ...collectionsQueryOptions(), enabled });
}
