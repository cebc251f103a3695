import { retryingLazy } from "@/lib/retrying-lazy";

// The page's code is one step further away than the router's lazy chunk: the first download of
// every page lists each lazy chunk's dependencies by name, and this page's (charts, icons) stay
// out of that list. uPlot itself loads later still, with the first chart (series-chart.tsx).
const AnalyticsView = retryingLazy(
  () => import("./analytics-view"),
  (m) => m.AnalyticsView,
);

/** /admin/analytics: series over time, top images and tags (analytics-view.tsx). */
export function AnalyticsPage() {
  return <AnalyticsView />;
}
