import type { SubscriberList } from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const SUBSCRIBERS_QUERY_KEY = ["subscribers"] as const;
const PAGE_SIZE = 50;

/** GET /api/v1/admin/subscribers: members with their subscription and this month's downloads. */
export function getSubscribers(
  q: string | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SubscriberList> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  if (q) query.set("q", q);
  return api.get<SubscriberList>(`/api/v1/admin/subscribers?${query}`, { signal });
}

export function subscribersQueryOptions(q: string | undefined) {
  return infiniteQueryOptions({
    queryKey: [...SUBSCRIBERS_QUERY_KEY, { q }],
    queryFn: ({ pageParam, signal }) => getSubscribers(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Downloads and payments change it all the time: read afresh on each visit.
    staleTime: 0,
  });
}

export function useSubscribers(q: string | undefined) {
  return useInfiniteQuery(subscribersQueryOptions(q));
}
