import type { Library } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const LIBRARY_QUERY_KEY = ["library"] as const;

/** GET /api/v1/library: the editions the member owns, newest first. */
export function getLibrary(signal?: AbortSignal): Promise<Library> {
  return api.get<Library>("/api/v1/library", { signal });
}

export function libraryQueryOptions() {
  return queryOptions({
    queryKey: LIBRARY_QUERY_KEY,
    queryFn: ({ signal }) => getLibrary(signal),
    // A purchase lands by webhook: read afresh on each visit.
    staleTime: 0,
  });
}

export function useLibrary() {
  return useQuery(libraryQueryOptions());
}
