import { z } from "zod";
import { ZDownloadStats } from "./images.js";
import { strictQuery } from "./query.js";

/**
 * The admin dashboard and analytics (issue 15; design section 4: the figures are real). Each
 * figure's exact definition is in the server's admin-stats module, next to the query that makes it.
 */

/** How a part of the system is: working, needing a look, or not working. */
export const STATUS_LEVELS = ["ok", "warning", "down"] as const;
export const ZStatusLevel = z.enum(STATUS_LEVELS);
export type StatusLevel = z.infer<typeof ZStatusLevel>;

/** The parts the system status list reports on, in the order it lists them. */
export const SYSTEM_CHECKS = [
  "database",
  "storage",
  "queue",
  "workers",
  "rater",
  "vision",
] as const;
export const ZSystemCheckId = z.enum(SYSTEM_CHECKS);
export type SystemCheckId = z.infer<typeof ZSystemCheckId>;

/** One line of the system status list: a level, a few words, and a sentence a person understands. */
export const ZSystemCheck = z.object({
  id: ZSystemCheckId,
  label: z.string(),
  level: ZStatusLevel,
  /** A few words: "Reachable", "3 waiting", "Not configured". */
  summary: z.string(),
  /** What it means, in a sentence or two. */
  detail: z.string(),
});
export type SystemCheck = z.infer<typeof ZSystemCheck>;

/** What a worker's content rater is doing: not needed yet, loading, loaded, or unable to run. */
export const RATER_STATES = ["idle", "loading", "loaded", "unavailable"] as const;
export const ZRaterState = z.enum(RATER_STATES);
export type RaterState = z.infer<typeof ZRaterState>;

/** A job worker as its heartbeat reports it. */
export const ZWorkerHeartbeat = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  concurrency: z.number().int(),
  startedAt: z.iso.datetime(),
  beatAt: z.iso.datetime(),
  /** Beat within the last WORKER_ALIVE_MS. */
  alive: z.boolean(),
  rater: ZRaterState,
  visionConfigured: z.boolean(),
});
export type WorkerHeartbeat = z.infer<typeof ZWorkerHeartbeat>;

/** A worker whose last beat is older than this is taken for dead. */
export const WORKER_ALIVE_MS = 30_000;

/** GET /api/v1/admin/dashboard. */
export const ZAdminDashboard = z.object({
  totals: z.object({
    users: z.number().int(),
    images: z.number().int(),
    downloads: z.number().int(),
    /** Originals plus renditions, in bytes. */
    storageBytes: z.number().int(),
    originalsBytes: z.number().int(),
    renditionsBytes: z.number().int(),
  }),
  downloadsByQuality: ZDownloadStats,
  status: z.array(ZSystemCheck),
  queue: z.object({
    /** Due now and not yet claimed. */
    waiting: z.number().int(),
    running: z.number().int(),
    /** Waiting for a retry later. */
    scheduled: z.number().int(),
    /** Seconds the longest-waiting due job has waited; null when none waits. */
    oldestWaitingSeconds: z.number().int().nullable(),
    /** Failed for good (every attempt used), kept 7 days after their last attempt. */
    failed: z.number().int(),
  }),
  workers: z.array(ZWorkerHeartbeat),
  checkedAt: z.iso.datetime(),
});
export type AdminDashboard = z.infer<typeof ZAdminDashboard>;

/** POST /api/v1/admin/jobs/retry-failed: how many jobs that had failed for good are queued again. */
export const ZRetriedJobs = z.object({ retried: z.number().int() });
export type RetriedJobs = z.infer<typeof ZRetriedJobs>;

// ——— Analytics ———

/** The analytics ranges: the last 7 or 30 UTC days, or the last 12 UTC months, today included. */
export const ANALYTICS_RANGES = {
  "7d": { label: "7 days", unit: "day", count: 7 },
  "30d": { label: "30 days", unit: "day", count: 30 },
  "12m": { label: "12 months", unit: "month", count: 12 },
} as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;
export const ZAnalyticsRange = z.enum(Object.keys(ANALYTICS_RANGES) as [AnalyticsRange], {
  error: "range must be 7d, 30d or 12m",
});
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = "30d";

/** The series the analytics page draws and exports, each a CSV of its own. */
export const ANALYTICS_SERIES = {
  views: { label: "Views" },
  downloads: { label: "Downloads by quality" },
  bandwidth: { label: "Bandwidth" },
  signups: { label: "Sign-ups" },
  subscriptions: { label: "New and cancelled subscriptions" },
  revenue: { label: "Revenue" },
  editions: { label: "Edition sales by type" },
} as const;
export type AnalyticsSeries = keyof typeof ANALYTICS_SERIES;
export const ZAnalyticsSeries = z.enum(Object.keys(ANALYTICS_SERIES) as [AnalyticsSeries], {
  error: "series must be views, downloads, bandwidth, signups, subscriptions, revenue or editions",
});

/** GET /api/v1/admin/analytics. */
export const ZAnalyticsQuery = strictQuery("the analytics", {
  range: ZAnalyticsRange.default(DEFAULT_ANALYTICS_RANGE),
});

/** GET /api/v1/admin/analytics.csv. */
export const ZAnalyticsCsvQuery = strictQuery("the analytics CSV", {
  range: ZAnalyticsRange.default(DEFAULT_ANALYTICS_RANGE),
  series: ZAnalyticsSeries,
});

const ZCount = z.number().int();

/** One UTC day (YYYY-MM-DD) or month (YYYY-MM) of every series. */
export const ZAnalyticsBucket = z.object({
  /** YYYY-MM-DD for a day, YYYY-MM for a month (UTC). */
  key: z.string(),
  /** The bucket's first millisecond, ISO. */
  start: z.iso.datetime(),
  views: ZCount,
  downloads: ZDownloadStats.extend({ total: ZCount }),
  bandwidthBytes: ZCount,
  signups: ZCount,
  newSubscriptions: ZCount,
  cancelledSubscriptions: ZCount,
  revenueCents: ZCount,
  /**
   * Edition sales (issue 19) by the edition type each sold as, US cents, net of refunds: a sale
   * adds its price on the day it sold, a refund takes it away on the day it was refunded (so a
   * bucket can be negative, and a day's figure never changes afterwards). Payments declined
   * because the piece had sold out (refunded at once) are never counted.
   */
  editionRevenueCents: z.object({
    one_of_one: ZCount,
    limited_edition: ZCount,
    open_edition: ZCount,
    total: ZCount,
  }),
});
export type AnalyticsBucket = z.infer<typeof ZAnalyticsBucket>;

export const ZTopImage = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  /** The small display rendition; "" when it has none. */
  thumbnailUrl: z.string(),
  isPublic: z.boolean(),
  /** In the range. */
  views: ZCount,
  downloads: ZCount,
});
export type TopImage = z.infer<typeof ZTopImage>;

export const ZTopTag = z.object({
  tag: z.string(),
  /** Views and downloads in the range of the images carrying the tag now. */
  views: ZCount,
  downloads: ZCount,
  /** Of those images, how many were viewed or downloaded in the range. */
  images: ZCount,
});
export type TopTag = z.infer<typeof ZTopTag>;

export const ZAnalytics = z.object({
  range: ZAnalyticsRange,
  unit: z.enum(["day", "month"]),
  buckets: z.array(ZAnalyticsBucket),
  totals: ZAnalyticsBucket.omit({ key: true, start: true }),
  topImages: z.object({ byViews: z.array(ZTopImage), byDownloads: z.array(ZTopImage) }),
  topTags: z.array(ZTopTag),
});
export type Analytics = z.infer<typeof ZAnalytics>;

/**
 * The analytics in two parts, for a page that shows each as it comes: the series (read from rows
 * kept by day: milliseconds) and the top images and tags (which add up each image's rows of the
 * range: seconds over a year of a busy site).
 */
export const ZAnalyticsFigures = ZAnalytics.pick({
  range: true,
  unit: true,
  buckets: true,
  totals: true,
});
export type AnalyticsFigures = z.infer<typeof ZAnalyticsFigures>;
export const ZAnalyticsTop = ZAnalytics.pick({ range: true, topImages: true, topTags: true });
export type AnalyticsTop = z.infer<typeof ZAnalyticsTop>;

/** How many top images and tags the analytics page lists. */
export const ANALYTICS_TOP = 10;
