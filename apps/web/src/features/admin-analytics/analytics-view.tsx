import {
  ANALYTICS_RANGES,
  ANALYTICS_SERIES,
  type AnalyticsFigures,
  type AnalyticsRange,
  type AnalyticsTop,
  DEFAULT_ANALYTICS_RANGE,
  DOWNLOAD_SIZE_NAMES,
  DOWNLOAD_SIZES,
  EDITION_TYPE_LABELS,
  formatBytes,
  formatCents,
  groupDigits,
  MESSAGES,
} from "@sawdust/shared";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { Skeleton } from "@/components/ui/skeleton";
import { useAnalyticsFigures, useAnalyticsTop } from "./api/get-analytics";
import { bucketLabel } from "./chart-text";
import { ChartCard } from "./components/chart-card";
import { RangeSwitch } from "./components/range-switch";
import type { DrawnLine } from "./components/series-chart";
import { TopImages } from "./components/top-images";
import { TopTags } from "./components/top-tags";

const m = MESSAGES.adminStats.analytics;

const count = (value: number) => groupDigits(Math.round(value));
const bytes = (value: number) => formatBytes(value, 1);
const dollars = (cents: number) =>
  cents < 0 ? `−$${formatCents(-cents)}` : `$${formatCents(cents)}`;

/** The edition types that sell, in the order the editions chart draws them, with their looks. */
const EDITION_LOOK: Array<{
  type: "one_of_one" | "limited_edition" | "open_edition";
  label: string;
  color: string;
  dash?: number[];
}> = [
  { type: "one_of_one", label: EDITION_TYPE_LABELS.one_of_one, color: "#b45309" },
  {
    type: "limited_edition",
    label: EDITION_TYPE_LABELS.limited_edition,
    color: "#0f766e",
    dash: [8, 4],
  },
  {
    type: "open_edition",
    label: EDITION_TYPE_LABELS.open_edition,
    color: "#6d28d9",
    dash: [2, 3],
  },
];

/** Colours and dashes of the download qualities: told apart by either. */
const QUALITY_LOOK: Record<
  (typeof DOWNLOAD_SIZE_NAMES)[number],
  { color: string; dash?: number[] }
> = {
  preview: { color: "#78716c", dash: [2, 3] },
  basic: { color: "#0f766e" },
  hd: { color: "#b45309", dash: [8, 4] },
  xlarge: { color: "#6d28d9", dash: [12, 3, 3, 3] },
  ultra: { color: "#be123c", dash: [4, 4] },
};
const BRAND = "#b45309";

function rangeOf(value: string | null): AnalyticsRange {
  return value !== null && value in ANALYTICS_RANGES
    ? (value as AnalyticsRange)
    : DEFAULT_ANALYTICS_RANGE;
}

/**
 * /admin/analytics (issue 15, beyond the spec): views, downloads by quality, bandwidth, sign-ups,
 * subscriptions, revenue and edition sales by type net of refunds (issue 19) over the last 7
 * days, 30 days or 12 months (UTC), each as a chart,
 * a table and a CSV; and the range's most viewed and downloaded images and its top tags.
 */
export function AnalyticsView() {
  const [searchParams] = useSearchParams();
  const range = rangeOf(searchParams.get("range"));
  const figures = useAnalyticsFigures(range);
  const top = useAnalyticsTop(range);

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title={m.title}
        description="Every figure by UTC day (by month over 12 months), counted from the site's own records."
        actions={<RangeSwitch current={range} />}
      />
      <div className="grid gap-8 pt-8" aria-busy={figures.isFetching || top.isFetching}>
        {figures.isError ? (
          <LoadErrorPanel
            title={MESSAGES.adminStats.analyticsLoadFailed}
            text={figures.error.message}
            onRetry={() => void figures.refetch()}
          />
        ) : figures.data ? (
          <AnalyticsCharts figures={figures.data} />
        ) : (
          <Loading label="Loading analytics" cards={4} />
        )}
        {top.isError ? (
          <LoadErrorPanel
            title={MESSAGES.adminStats.analyticsLoadFailed}
            text={top.error.message}
            onRetry={() => void top.refetch()}
          />
        ) : top.data ? (
          <TopLists top={top.data} />
        ) : (
          <Loading label="Loading the top images and tags" cards={2} />
        )}
      </div>
    </AdminPageFrame>
  );
}

function Loading({ label, cards }: { label: string; cards: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 lg:grid-cols-2">
      {[...Array(cards).keys()].map((card) => (
        <Skeleton key={card} className="h-96 rounded-xl" />
      ))}
    </div>
  );
}

function AnalyticsCharts({ figures }: { figures: AnalyticsFigures }) {
  const { buckets, totals, range, unit } = figures;
  const charts = useMemo(() => {
    const labels = buckets.map((b) => bucketLabel(b.key, unit));
    const line = (label: string, values: number[], color = BRAND): DrawnLine => ({
      label,
      values,
      color,
    });
    return {
      labels,
      views: [
        line(
          "Views",
          buckets.map((b) => b.views),
        ),
      ],
      downloads: DOWNLOAD_SIZE_NAMES.map((size) => ({
        label: DOWNLOAD_SIZES[size].label,
        values: buckets.map((b) => b.downloads[size]),
        ...QUALITY_LOOK[size],
      })),
      bandwidth: [
        line(
          "Bandwidth",
          buckets.map((b) => b.bandwidthBytes),
          "#0f766e",
        ),
      ],
      signups: [
        line(
          "Sign-ups",
          buckets.map((b) => b.signups),
          "#6d28d9",
        ),
      ],
      subscriptions: [
        line(
          "New",
          buckets.map((b) => b.newSubscriptions),
          "#0f766e",
        ),
        line(
          "Cancelled",
          buckets.map((b) => b.cancelledSubscriptions),
          "#be123c",
        ),
      ],
      revenue: [
        line(
          "Revenue",
          buckets.map((b) => b.revenueCents),
          BRAND,
        ),
      ],
      editions: EDITION_LOOK.map(({ type, ...look }) => ({
        ...look,
        values: buckets.map((b) => b.editionRevenueCents[type]),
      })),
    };
  }, [buckets, unit]);
  const per = unit === "day" ? "per day" : "per month";
  const common = { range, labels: charts.labels };

  return (
    <section aria-labelledby="series-heading">
      <h2 id="series-heading" className="mb-4 font-display text-xl font-semibold tracking-tight">
        Over the last {ANALYTICS_RANGES[range].label}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          {...common}
          series="views"
          title={`${ANALYTICS_SERIES.views.label} ${per}`}
          total={count(totals.views)}
          lines={charts.views}
          kind="line"
          format={count}
          integers
        />
        <ChartCard
          {...common}
          series="downloads"
          title={`${ANALYTICS_SERIES.downloads.label} ${per}`}
          total={count(totals.downloads.total)}
          lines={charts.downloads}
          kind="line"
          format={count}
          integers
        />
        <ChartCard
          {...common}
          series="bandwidth"
          title={`${ANALYTICS_SERIES.bandwidth.label} ${per}`}
          total={bytes(totals.bandwidthBytes)}
          lines={charts.bandwidth}
          kind="bars"
          format={bytes}
        />
        <ChartCard
          {...common}
          series="signups"
          title={`${ANALYTICS_SERIES.signups.label} ${per}`}
          total={count(totals.signups)}
          lines={charts.signups}
          kind="bars"
          format={count}
          integers
        />
        <ChartCard
          {...common}
          series="subscriptions"
          title={`${ANALYTICS_SERIES.subscriptions.label} ${per}`}
          total={`${count(totals.newSubscriptions)} new · ${count(totals.cancelledSubscriptions)} cancelled`}
          lines={charts.subscriptions}
          kind="bars"
          format={count}
          integers
        />
        <ChartCard
          {...common}
          series="revenue"
          title={`${ANALYTICS_SERIES.revenue.label} ${per} (USD)`}
          total={dollars(totals.revenueCents)}
          lines={charts.revenue}
          kind="bars"
          format={dollars}
        />
        <ChartCard
          {...common}
          series="editions"
          title={`${ANALYTICS_SERIES.editions.label} ${per}, net of refunds (USD)`}
          total={`${dollars(totals.editionRevenueCents.total)} net`}
          lines={charts.editions}
          kind="bars"
          format={dollars}
        />
      </div>
    </section>
  );
}

function TopLists({ top }: { top: AnalyticsTop }) {
  return (
    <section aria-labelledby="top-heading">
      <h2 id="top-heading" className="mb-4 font-display text-xl font-semibold tracking-tight">
        Top images and tags
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <TopImages
          id="top-viewed"
          title={m.topImagesByViews}
          images={top.topImages.byViews}
          by="views"
        />
        <TopImages
          id="top-downloaded"
          title={m.topImagesByDownloads}
          images={top.topImages.byDownloads}
          by="downloads"
        />
        <TopTags tags={top.topTags} />
      </div>
    </section>
  );
}
