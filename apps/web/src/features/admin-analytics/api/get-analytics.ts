import type { Analytics, AnalyticsRange, AnalyticsSeries } from "@sawdust/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export function analyticsQueryOptions(range: AnalyticsRange) {
  return queryOptions({
    queryKey: ["admin", "analytics", range],
    queryFn: ({ signal }) =>
      api.get<Analytics>(`/api/v1/admin/analytics?range=${range}`, { signal }),
    // Counted afresh on each visit; the previous range stays on screen while the next loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/admin/analytics: every series of the range, with its top images and tags. */
export function useAnalytics(range: AnalyticsRange) {
  return useQuery(analyticsQueryOptions(range));
}

/** GET /api/v1/admin/analytics.csv: where a series' CSV downloads from (a plain link). */
export function analyticsCsvHref(range: AnalyticsRange, series: AnalyticsSeries): string {
  return `/api/v1/admin/analytics.csv?${new URLSearchParams({ range, series })}`;
}
