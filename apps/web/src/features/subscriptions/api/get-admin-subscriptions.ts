import type { AdminSubscriptionList, SubscriptionStatus } from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const ADMIN_SUBSCRIPTIONS_QUERY_KEY = ["subscriptions", "admin"] as const;
const PAGE_SIZE = 50;

export interface AdminSubscriptionsFilter {
  q?: string;
  status?: SubscriptionStatus;
}

/** GET /api/v1/admin/subscriptions: one page, newest first, with the figures over all of them. */
export function getAdminSubscriptions(
  filter: AdminSubscriptionsFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminSubscriptionList> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  if (filter.q) query.set("q", filter.q);
  if (filter.status) query.set("status", filter.status);
  return api.get<AdminSubscriptionList>(`/api/v1/admin/subscriptions?${query}`, { signal });
}

export function adminSubscriptionsQueryOptions(filter: AdminSubscriptionsFilter) {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_SUBSCRIPTIONS_QUERY_KEY, filter],
    queryFn: ({ pageParam, signal }) => getAdminSubscriptions(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Payments change it from outside: read afresh on each visit.
    staleTime: 0,
  });
}

export function useAdminSubscriptions(filter: AdminSubscriptionsFilter) {
  return useInfiniteQuery(adminSubscriptionsQueryOptions(filter));
}
