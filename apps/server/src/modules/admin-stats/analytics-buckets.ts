import {
  ANALYTICS_RANGES,
  type AnalyticsBucket,
  type AnalyticsRange,
  DOWNLOAD_SIZE_NAMES,
} from "@sawdust/shared";
import type { Window } from "./admin-stats.repo.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The edition types that sell (issue 19): the analytics' revenue split. */
export const SOLD_EDITION_TYPES = ["one_of_one", "limited_edition", "open_edition"] as const;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The buckets of a range and the window they cover, in UTC. */
export interface RangePlan {
  range: AnalyticsRange;
  unit: "day" | "month";
  /** Each bucket's key (YYYY-MM-DD or YYYY-MM) and first millisecond, oldest first. */
  buckets: Array<{ key: string; startMs: number }>;
  window: Window;
}

/**
 * The last `count` UTC days or months up to and including the one `now` falls in: 7d is today
 * and the six days before it; 12m is this month and the eleven before it.
 */
export function planRange(range: AnalyticsRange, now: number): RangePlan {
  const { unit, count } = ANALYTICS_RANGES[range];
  const today = new Date(now);
  const buckets: RangePlan["buckets"] = [];
  let endMs: number;
  if (unit === "day") {
    const todayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    for (let i = count - 1; i >= 0; i--) {
      const startMs = todayStart - i * DAY_MS;
      buckets.push({ key: isoDay(startMs), startMs });
    }
    endMs = todayStart + DAY_MS;
  } else {
    const year = today.getUTCFullYear();
    const month = today.getUTCMonth();
    for (let i = count - 1; i >= 0; i--) {
      const startMs = Date.UTC(year, month - i, 1);
      buckets.push({ key: isoDay(startMs).slice(0, 7), startMs });
    }
    endMs = Date.UTC(year, month + 1, 1);
  }
  const fromMs = (buckets[0] as { startMs: number }).startMs;
  return {
    range,
    unit,
    buckets,
    window: { fromMs, toMs: endMs, fromDay: isoDay(fromMs), toDayExclusive: isoDay(endMs) },
  };
}

/** The bucket key a UTC day (YYYY-MM-DD) belongs to. */
export function bucketKeyOfDay(day: string, unit: "day" | "month"): string {
  return unit === "day" ? day : day.slice(0, 7);
}

/** The YYYY-MM-DD of a UTC day number (days since 1970-01-01). */
export function dayOfIndex(dayIndex: number): string {
  return isoDay(dayIndex * DAY_MS);
}

type Figures = Omit<AnalyticsBucket, "key" | "start">;

/** Every figure at zero. */
function zeroFigures(): Figures {
  const downloads = Object.fromEntries(DOWNLOAD_SIZE_NAMES.map((size) => [size, 0])) as Record<
    (typeof DOWNLOAD_SIZE_NAMES)[number],
    number
  >;
  return {
    views: 0,
    downloads: { ...downloads, total: 0 },
    bandwidthBytes: 0,
    signups: 0,
    newSubscriptions: 0,
    cancelledSubscriptions: 0,
    revenueCents: 0,
    editionRevenueCents: { one_of_one: 0, limited_edition: 0, open_edition: 0, total: 0 },
  };
}

/** Empty buckets for a plan, every figure zero. */
export function emptyBuckets(plan: RangePlan): AnalyticsBucket[] {
  return plan.buckets.map(({ key, startMs }) => ({
    key,
    start: new Date(startMs).toISOString(),
    ...zeroFigures(),
  }));
}

/** Every figure added up over the buckets. */
export function sumBuckets(buckets: readonly AnalyticsBucket[]): Figures {
  const totals = zeroFigures();
  for (const b of buckets) {
    totals.views += b.views;
    for (const size of DOWNLOAD_SIZE_NAMES) totals.downloads[size] += b.downloads[size];
    totals.downloads.total += b.downloads.total;
    totals.bandwidthBytes += b.bandwidthBytes;
    totals.signups += b.signups;
    totals.newSubscriptions += b.newSubscriptions;
    totals.cancelledSubscriptions += b.cancelledSubscriptions;
    totals.revenueCents += b.revenueCents;
    for (const type of SOLD_EDITION_TYPES) {
      totals.editionRevenueCents[type] += b.editionRevenueCents[type];
    }
    totals.editionRevenueCents.total += b.editionRevenueCents.total;
  }
  return totals;
}
