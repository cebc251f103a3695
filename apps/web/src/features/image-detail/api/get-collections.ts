import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The fields of a collection the picker shows (spec section 3). */
export interface PickerCollection {
  id: number;
  name: string;
  imageCount?: number;
}

function isPickerCollection(value: unknown): value is PickerCollection {
  const c = value as Partial<PickerCollection> | null;
  return typeof c?.id === "number" && typeof c.name === "string";
}

/**
 * The signed-in member's collections. The endpoint's list may come bare or wrapped in
 * `{ collections }`; either way only well-formed entries are kept.
 */
export async function getCollections(signal?: AbortSignal): Promise<PickerCollection[]> {
  const body = await api.get<unknown>("/api/v1/collections", { signal });
  const list = Array.isArray(body) ? body : (body as { collections?: unknown })?.collections;
  return Array.isArray(list) ? list.filter(isPickerCollection) : [];
}

export const COLLECTIONS_QUERY_KEY = ["collections"] as const;

/** Fetched only while the picker is open and someone is signed in (spec section 7). */
export function useCollections(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...COLLECTIONS_QUERY_KEY, "list"],
      queryFn: ({ signal }) => getCollections(signal),
      enabled,
    }),
  );
}
