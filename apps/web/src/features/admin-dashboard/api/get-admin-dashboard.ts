import type { AdminDashboard } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const adminDashboardQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard"],
  queryFn: ({ signal }) => api.get<AdminDashboard>("/api/v1/admin/dashboard", { signal }),
  // Figures and the system's health change all the time: counted and checked afresh each visit.
  staleTime: 0,
});

/** GET /api/v1/admin/dashboard: the totals, downloads by quality and the system status list. */
export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions);
}
