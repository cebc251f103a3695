import type { Usage } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const usageQueryOptions = queryOptions({
  queryKey: ["usage"],
  queryFn: ({ signal }) => api.get<Usage>("/api/v1/usage", { signal }),
  // Downloads and collections change it anywhere in the app: read it afresh each visit.
  staleTime: 0,
});

/** GET /api/v1/usage: the signed-in member's usage this month, for the usage cards. */
export function useUsage() {
  return useQuery(usageQueryOptions);
}
