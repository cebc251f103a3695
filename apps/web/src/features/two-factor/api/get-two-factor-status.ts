import type { TwoFactorStatus } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const TWO_FACTOR_QUERY_KEY = ["two-factor"] as const;

/** GET /api/v1/two-factor: whether the signed-in member's two-factor sign-in is on. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>("/api/v1/two-factor", { signal });
}

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: TWO_FACTOR_QUERY_KEY,
  queryFn: ({ signal }) => getTwoFactorStatus(signal),
  staleTime: 0,
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}
