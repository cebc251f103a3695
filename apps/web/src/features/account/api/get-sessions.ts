import type { AccountSessionList } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const SESSIONS_QUERY_KEY = ["account", "sessions"] as const;

/** GET /api/v1/account/sessions: the member's signed-in browsers. */
export const sessionsQueryOptions = queryOptions({
  queryKey: SESSIONS_QUERY_KEY,
  queryFn: ({ signal }) => api.get<AccountSessionList>("/api/v1/account/sessions", { signal }),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
