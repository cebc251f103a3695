import type {
  AnalyticsFigures,
  AnalyticsRange,
  AnalyticsSeries,
  AnalyticsTop,
} from "@sawdust/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * The page asks for its two parts apart, so the charts show as soon as they are read (rows kept
 * by day: milliseconds) while the top lists, which add up each image's rows of the range, follow.
 * Counted afresh on each visit; the previous range stays on screen while the next loads.
 */
function partQueryOptions<T>(part: "figures" | "top", range: AnalyticsRange) {
  return queryOptions({
    queryKey: ["admin", "analytics", part, range],
    queryFn: ({ signal }) =>
      api.get<T>(`/api/v1/admin/analytics/${part}?range=${range}`, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/admin/analytics/figures: every series of the range. */
export function useAnalyticsFigures(range: AnalyticsRange) {
  return useQuery(partQueryOptions<AnalyticsFigures>("figures", range));
}

/** GET /api/v1/admin/analytics/top: the range's top images and tags. */
export function useAnalyticsTop(range: AnalyticsRange) {
  return useQuery(partQueryOptions<AnalyticsTop>("top", range));
}

/** GET /api/v1/admin/analytics.csv: where a series' CSV downloads from (a plain link). */
export function analyticsCsvHref(range: AnalyticsRange, series: AnalyticsSeries): string {
  return `/api/v1/admin/analytics.csv?${new URLSearchParams({ range, series })}`;
}
