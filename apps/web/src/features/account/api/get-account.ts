import type { Account } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const ACCOUNT_QUERY_KEY = ["account"] as const;

/** GET /api/v1/account: the member's email and whether it is confirmed. */
export const accountQueryOptions = queryOptions({
  queryKey: ACCOUNT_QUERY_KEY,
  queryFn: ({ signal }) => api.get<Account>("/api/v1/account", { signal }),
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}
