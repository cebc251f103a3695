import { MODERATION_RULES, type ModerationKind, type ModerationQueue } from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every queue query shares this prefix: a decision refreshes them all. */
export const MODERATION_QUERY_KEY = ["moderation"] as const;

export type QueueFilter = "all" | ModerationKind;

/** GET /api/v1/admin/moderation: a page of the queue (newest first) and the queue's sizes. */
export function getModerationQueue(
  kind: QueueFilter,
  cursor: number | undefined,
  signal?: AbortSignal,
): Promise<ModerationQueue> {
  const query = new URLSearchParams({ kind, limit: String(MODERATION_RULES.pageSize) });
  if (cursor !== undefined) query.set("cursor", String(cursor));
  return api.get<ModerationQueue>(`/api/v1/admin/moderation?${query}`, { signal });
}

export function moderationQueueQueryOptions(kind: QueueFilter) {
  return infiniteQueryOptions({
    queryKey: [...MODERATION_QUERY_KEY, "queue", kind],
    queryFn: ({ pageParam, signal }) => getModerationQueue(kind, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Uploads are rated and members report all the time: read afresh on each visit.
    staleTime: 0,
  });
}

export function useModerationQueue(kind: QueueFilter) {
  return useInfiniteQuery(moderationQueueQueryOptions(kind));
}
