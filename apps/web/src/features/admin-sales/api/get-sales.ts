import type { AdminSales, AdminSalesQuery } from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const SALES_QUERY_KEY = ["admin-sales"] as const;
const PAGE_SIZE = 50;

/** The Sales page's filters, as the URL keeps them. */
export type SaleFilters = Pick<AdminSalesQuery, "q" | "status">;

/**
 * GET /api/v1/admin/sales: edition sales newest first, a page at a time, with refunds and every
 * sale's revenue by the edition type each sold as.
 */
export function getSales(
  filters: SaleFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminSales> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  if (filters.q) query.set("q", filters.q);
  if (filters.status) query.set("status", filters.status);
  return api.get<AdminSales>(`/api/v1/admin/sales?${query}`, { signal });
}

export function salesQueryOptions(filters: SaleFilters) {
  return infiniteQueryOptions({
    queryKey: [...SALES_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) => getSales(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useSales(filters: SaleFilters) {
  return useInfiniteQuery(salesQueryOptions(filters));
}
