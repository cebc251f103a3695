import type { TagCount } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/v1/tags: every tag of the public catalogue with its image count. */
export function getTags(signal?: AbortSignal): Promise<TagCount[]> {
  return api.get<TagCount[]>("/api/v1/tags", { signal });
}

export const tagListQueryOptions = queryOptions({
  queryKey: ["tags", "list"],
  queryFn: ({ signal }) => getTags(signal),
});

/** The tag list, asked for only once something needs it (a search opened, say). */
export function useTags({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagListQueryOptions, enabled });
}
