import type { AdminSales } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const SALES_QUERY_KEY = ["admin-sales"] as const;

/** GET /api/v1/admin/sales: every edition sale with refunds and the revenue by edition type. */
export function getSales(signal?: AbortSignal): Promise<AdminSales> {
  return api.get<AdminSales>("/api/v1/admin/sales", { signal });
}

export function salesQueryOptions() {
  return queryOptions({
    queryKey: SALES_QUERY_KEY,
    queryFn: ({ signal }) => getSales(signal),
    staleTime: 0,
  });
}

export function useSales() {
  return useQuery(salesQueryOptions());
}
