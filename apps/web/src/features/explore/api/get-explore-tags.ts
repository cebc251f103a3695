import type { ExploreTags } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/v1/explore/tags: the most used tags with a sample image, then the rest. */
export function getExploreTags(signal?: AbortSignal): Promise<ExploreTags> {
  return api.get<ExploreTags>("/api/v1/explore/tags", { signal });
}

export const exploreTagsQueryOptions = queryOptions({
  queryKey: ["tags", "explore"],
  queryFn: ({ signal }) => getExploreTags(signal),
});

export function useExploreTags() {
  return useQuery(exploreTagsQueryOptions);
}
