import type { AuditPage, AuditQuery } from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const AUDIT_QUERY_KEY = ["admin", "audit"] as const;
const PAGE_SIZE = 50;

/** The audit page's filters, as the URL keeps them. */
export type AuditFilters = Pick<AuditQuery, "action" | "actor" | "subject">;

/** GET /api/v1/admin/audit: the log, newest first, with each actor's username. */
export function getAudit(
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  for (const name of ["action", "actor", "subject"] as const) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  return api.get<AuditPage>(`/api/v1/admin/audit?${query}`, { signal });
}

export function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [...AUDIT_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Every admin action adds to it: read afresh on each visit.
    staleTime: 0,
  });
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
