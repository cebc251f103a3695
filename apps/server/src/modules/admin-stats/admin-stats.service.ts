import {
  type AdminDashboard,
  ANALYTICS_TOP,
  type Analytics,
  type AnalyticsBucket,
  type AnalyticsFigures,
  type AnalyticsRange,
  type AnalyticsSeries,
  type AnalyticsTop,
  DOWNLOAD_SIZE_NAMES,
  type DownloadSize,
  MESSAGES,
  type RetriedJobs,
  type SystemCheck,
  type SystemCheckId,
  type TopImage,
  WORKER_ALIVE_MS,
  type WorkerHeartbeat,
} from "@sawdust/shared";
import type { WorkerHeartbeatRow } from "../../db/schema.js";
import type { JobsRepo } from "../../jobs/jobs.repo.js";
import type { WorkerHeartbeatsRepo } from "../../jobs/worker-heartbeats.repo.js";
import type { Clock } from "../../lib/clock.js";
import type { MediaStore } from "../../media/media-store.js";
import { LocalStorage } from "../../media/storage/local-storage.js";
import type { Storage } from "../../media/storage/storage.js";
import type { AdminStatsRepo, ImageActivity, QueueSnapshot } from "./admin-stats.repo.js";
import {
  bucketKeyOfDay,
  dayOfIndex,
  emptyBuckets,
  planRange,
  type RangePlan,
  SOLD_EDITION_TYPES,
  sumBuckets,
} from "./analytics-buckets.js";
import { csvFilename, seriesCsv } from "./analytics-csv.js";
import {
  PROBE_TIMEOUT_MS,
  type ProbeResult,
  probeStorage,
  probeVision,
  type StorageProbe,
  type VisionEndpoint,
  withDeadline,
} from "./system-probes.js";

const s = MESSAGES.adminStats.status;

/** The vision check is a real request to a paid API: one per process every 30 s at most. */
const VISION_CHECK_CACHE_MS = 30_000;
/** A due job waiting longer than this means the workers are too few or stuck. */
const QUEUE_SLOW_AFTER_MS = 5 * 60 * 1000;
/** Revenue adds up payments in the prices' currency (PRO_PRICES_CENTS are US cents). */
const REVENUE_CURRENCY = "usd";

export interface AdminStatsDeps {
  repo: AdminStatsRepo;
  heartbeats: WorkerHeartbeatsRepo;
  jobs: JobsRepo;
  /** Wakes this process's worker, if it runs one (others find the jobs at their next look). */
  onJobQueued: () => void;
  storage: Storage;
  media: MediaStore;
  clock: Clock;
  database: { engine: string; ping(): Promise<boolean> };
  /** The vision model this process is configured with (AI_BASE_URL), if any. */
  vision?: VisionEndpoint;
  /** The S3 bucket's name, when media lives in one (for the status sentence). */
  s3Bucket?: string;
  fetch?: typeof fetch;
}

/**
 * The admin dashboard's figures and system status, and the analytics (issue 15; design section
 * 4: real figures). What each figure counts, exactly:
 *
 * Dashboard (all time):
 * - Total Users: every account (members, admins, suspended ones), not those deleted.
 * - Total Images: images that are ready (public or private; not those still uploading or being
 *   deleted).
 * - Total Downloads: every counted download (a download_events row: one per download the
 *   downloads service counted, of any size, by anyone, visitors' previews included; a resumed
 *   range request is not a new download), also of images deleted since.
 * - Downloads by quality: the same, by size (Preview, Basic, HD, XLarge, Ultra).
 * - Storage Used: the bytes of every stored original (images.original_bytes) plus every stored
 *   rendition (renditions.bytes): what the media storage holds.
 *
 * Analytics (by UTC day for 7d and 30d, by UTC month for 12m; see analytics-buckets.ts):
 * - views: counted views as ViewsService counts them (one per viewer, image and UTC day), from
 *   image_view_days, which is written in the same transaction as each image's `views` counter:
 *   over any days, the series adds up to what the counters gained on them. The series reads
 *   those rows by day (view_days, kept by triggers), the top lists by image.
 * - downloads (by quality): counted downloads by the time they were counted, as above.
 * - bandwidth: the bytes of those downloads, each at its file's full size.
 * - sign-ups: accounts made in the bucket (still existing).
 * - new subscriptions: subscriptions that began in the bucket (the provider's start time), but
 *   not those whose first payment never went through (incomplete, incomplete_expired).
 * - cancelled subscriptions: subscriptions that ended in the bucket: stored as canceled for the
 *   first time then (a cancel at period end counts when the period ends, not when asked for).
 * - revenue: US cents of the invoices paid in the bucket (the payments table: one row per paid
 *   invoice, recorded by the webhook handler, refunds not deducted).
 * - edition revenue (issue 19): US cents of edition sales by the edition type each sold as, net
 *   of refunds: a sale adds its price in the bucket it sold in, its refund takes the price away
 *   in the bucket it was refunded in; a payment declined because the piece had sold out (and
 *   refunded at once) counts nowhere. `total` also holds sales whose type is unknown (none since
 *   migration 0015 records it).
 * - top images: the ready images with the most views, and the most downloads, in the range;
 *   each with both figures for the range.
 * - top tags: the tags of the ready images viewed or downloaded in the range, with those images'
 *   views and downloads in the range; most viewed first.
 */
export class AdminStatsService {
  private visionCheck: { at: number; result: Promise<ProbeResult> } | undefined;

  constructor(private readonly deps: AdminStatsDeps) {}

  async dashboard(): Promise<AdminDashboard> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    const [totals, bySize, queue, heartbeats, database, storage, vision] = await Promise.all([
      repo.totals(),
      repo.downloadsBySize(),
      repo.queue(now),
      this.deps.heartbeats.findAll(),
      this.pingDatabase(),
      probeStorage(this.deps.storage),
      this.checkVision(now),
    ]);
    const storageBytes = totals.originalsBytes + totals.renditionsBytes;
    const downloadsByQuality = Object.fromEntries(
      DOWNLOAD_SIZE_NAMES.map((size) => [
        size,
        bySize.find((row) => row.size === size)?.downloads ?? 0,
      ]),
    ) as Record<DownloadSize, number>;
    const workers = heartbeats.map((row) => presentWorker(row, now));
    const alive = workers.filter((w) => w.alive);
    return {
      totals: { ...totals, storageBytes },
      downloadsByQuality,
      status: [
        this.databaseStatus(database),
        this.storageStatus(storage, storageBytes > 0),
        queueStatus(queue, now, alive.length),
        workersStatus(workers, now),
        raterStatus(alive),
        this.visionStatus(vision, alive),
      ],
      queue: {
        waiting: queue.waiting,
        running: queue.running,
        scheduled: queue.scheduled,
        oldestWaitingSeconds:
          queue.oldestDueAt === null ? null : Math.floor((now - queue.oldestDueAt) / 1000),
        failed: queue.failed,
      },
      workers,
      checkedAt: new Date(now).toISOString(),
    };
  }

  /** Queues every job that failed for good again (the dashboard's "Retry failed jobs"). */
  async retryFailedJobs(adminId: number): Promise<RetriedJobs> {
    const byKind = await this.deps.jobs.retryFailed(this.deps.clock.now(), (kinds) => ({
      actorId: adminId,
      action: "jobs.retried",
      subject: "jobs",
      details: { kinds },
    }));
    const retried = Object.values(byKind).reduce((sum, n) => sum + n, 0);
    if (retried > 0) this.deps.onJobQueued();
    return { retried };
  }

  /** Every series of the range and its top images and tags. */
  async analytics(range: AnalyticsRange): Promise<Analytics> {
    const plan = planRange(range, this.deps.clock.now());
    const [figures, top] = await Promise.all([this.figuresOf(plan), this.topOf(plan)]);
    return { ...figures, ...top };
  }

  /** The series alone: rows kept by day, so milliseconds whatever the site's history. */
  async figures(range: AnalyticsRange): Promise<AnalyticsFigures> {
    return this.figuresOf(planRange(range, this.deps.clock.now()));
  }

  /** The top images and tags alone: the analytics' costly part. */
  async top(range: AnalyticsRange): Promise<AnalyticsTop> {
    return this.topOf(planRange(range, this.deps.clock.now()));
  }

  /**
   * One series of the analytics as a CSV file. Only the buckets: the top images and tags are most
   * of the analytics' cost (a year of 10,000 images viewed a day: 2.7 s), and no series needs them.
   */
  async csv(
    range: AnalyticsRange,
    series: AnalyticsSeries,
  ): Promise<{ filename: string; body: string }> {
    const now = this.deps.clock.now();
    const buckets = await this.buckets(planRange(range, now));
    return { filename: csvFilename(series, range, now), body: seriesCsv(series, buckets) };
  }

  private async figuresOf(plan: RangePlan): Promise<AnalyticsFigures> {
    const buckets = await this.buckets(plan);
    return { range: plan.range, unit: plan.unit, buckets, totals: sumBuckets(buckets) };
  }

  /** Every series of the range, bucket by bucket. */
  private async buckets(plan: RangePlan): Promise<AnalyticsBucket[]> {
    const { repo } = this.deps;
    const { window, unit } = plan;
    const buckets = emptyBuckets(plan);
    const byKey = new Map(buckets.map((b) => [b.key, b]));
    const bucketOf = (day: string) => byKey.get(bucketKeyOfDay(day, unit));

    const [views, downloads, signups, started, cancelled, revenue, editionRevenue] =
      await Promise.all([
        repo.viewsByDay(window),
        repo.downloadsByDay(window),
        repo.signupsByDay(window),
        repo.newSubscriptionsByDay(window),
        repo.cancellationsByDay(window),
        repo.revenueByDay(window, REVENUE_CURRENCY),
        repo.editionRevenueByDay(window),
      ]);
    for (const row of views) {
      const bucket = bucketOf(row.day);
      if (bucket) bucket.views += row.views;
    }
    for (const row of downloads) {
      const bucket = bucketOf(dayOfIndex(row.dayIndex));
      if (!bucket || !(row.size in bucket.downloads)) continue;
      bucket.downloads[row.size] += row.downloads;
      bucket.downloads.total += row.downloads;
      bucket.bandwidthBytes += row.bytes;
    }
    const add = (
      rows: Array<{ dayIndex: number; value: number }>,
      field: "signups" | "newSubscriptions" | "cancelledSubscriptions" | "revenueCents",
    ) => {
      for (const row of rows) {
        const bucket = bucketOf(dayOfIndex(row.dayIndex));
        if (bucket) bucket[field] += row.value;
      }
    };
    add(signups, "signups");
    add(started, "newSubscriptions");
    add(cancelled, "cancelledSubscriptions");
    add(revenue, "revenueCents");
    for (const row of editionRevenue) {
      const bucket = bucketOf(dayOfIndex(row.dayIndex));
      if (!bucket) continue;
      const type = SOLD_EDITION_TYPES.find((t) => t === row.editionType);
      if (type) bucket.editionRevenueCents[type] += row.value;
      bucket.editionRevenueCents.total += row.value;
    }
    return buckets;
  }

  /** The window's top images (by views, by downloads) and top tags. */
  private async topOf(plan: RangePlan): Promise<AnalyticsTop> {
    const { repo } = this.deps;
    const { window } = plan;
    const [byViews, byDownloads, tags] = await Promise.all([
      repo.topViewed(window, ANALYTICS_TOP),
      repo.topDownloaded(window, ANALYTICS_TOP),
      repo.topTags(window, ANALYTICS_TOP),
    ]);
    const activity = new Map(
      (
        await repo.imagesActivity(window, [
          ...new Set([...byViews, ...byDownloads].map((row) => row.id)),
        ])
      ).map((image) => [image.id, image]),
    );
    const topOf = (rows: Array<{ id: number }>) =>
      rows.flatMap((row) => {
        const image = activity.get(row.id);
        return image ? [this.presentTopImage(image)] : [];
      });
    return {
      range: plan.range,
      topImages: { byViews: topOf(byViews), byDownloads: topOf(byDownloads) },
      topTags: tags,
    };
  }

  private presentTopImage(image: ImageActivity): TopImage {
    return {
      id: image.id,
      title: image.title,
      thumbnailUrl: image.smallKey ? this.deps.media.publicUrl(image.smallKey) : "",
      isPublic: image.isPublic,
      views: image.views,
      downloads: image.downloads,
    };
  }

  // ——— The system status list ———

  private pingDatabase(): Promise<ProbeResult> {
    return withDeadline(async () => {
      const started = performance.now();
      if (!(await this.deps.database.ping())) return { ok: false, reason: "no answer" };
      return { ok: true, ms: Math.round(performance.now() - started) };
    }, PROBE_TIMEOUT_MS.database);
  }

  private databaseStatus(result: ProbeResult): SystemCheck {
    const { engine } = this.deps.database;
    return result.ok
      ? check("database", "ok", s.database.ok(engine, result.ms))
      : check("database", "down", s.database.down(engine));
  }

  private storageStatus(result: StorageProbe, filesStored: boolean): SystemCheck {
    const { storage } = this.deps;
    const where =
      storage instanceof LocalStorage
        ? s.storage.localWhere(storage.root)
        : s.storage.s3Where(this.deps.s3Bucket ?? "configured");
    const capital = where.charAt(0).toUpperCase() + where.slice(1);
    if ("missing" in result) {
      return filesStored
        ? check("storage", "down", s.storage.missing(capital))
        : check("storage", "ok", s.storage.notYetMade(capital));
    }
    return result.ok
      ? check("storage", "ok", s.storage.ok(where, result.ms))
      : check("storage", "down", s.storage.down(where, result.reason));
  }

  /** The vision model's answer, asked at most once per VISION_CHECK_CACHE_MS (shared by callers). */
  private checkVision(now: number): Promise<ProbeResult> | null {
    const endpoint = this.deps.vision;
    if (!endpoint) return null;
    if (!this.visionCheck || now - this.visionCheck.at >= VISION_CHECK_CACHE_MS) {
      this.visionCheck = { at: now, result: probeVision(endpoint, this.deps.fetch) };
    }
    return this.visionCheck.result;
  }

  private visionStatus(result: ProbeResult | null, alive: WorkerHeartbeat[]): SystemCheck {
    const endpoint = this.deps.vision;
    const without = alive.filter((w) => !w.visionConfigured).length;
    if (!endpoint || !result) {
      return alive.some((w) => w.visionConfigured)
        ? check("vision", "warning", s.vision.notCheckable)
        : check("vision", "warning", s.vision.notConfigured);
    }
    const host = hostOf(endpoint.baseUrl);
    if (!result.ok) {
      return check("vision", "down", s.vision.notAnswering(endpoint.model, host, result.reason));
    }
    const answering = s.vision.answering(endpoint.model, host, result.ms);
    return without > 0
      ? check("vision", "warning", {
          ...answering,
          detail: answering.detail + s.vision.workersWithout(without),
        })
      : check("vision", "ok", answering);
  }
}

function check(
  id: SystemCheckId,
  level: SystemCheck["level"],
  text: { summary: string; detail: string },
): SystemCheck {
  return { id, label: s[id].label, level, ...text };
}

function presentWorker(row: WorkerHeartbeatRow, now: number): WorkerHeartbeat {
  return {
    id: row.worker_id,
    host: row.host,
    pid: row.pid,
    concurrency: row.concurrency,
    startedAt: new Date(row.started_at).toISOString(),
    beatAt: new Date(row.beat_at).toISOString(),
    alive: now - row.beat_at <= WORKER_ALIVE_MS,
    rater: row.rater as WorkerHeartbeat["rater"],
    visionConfigured: row.vision_configured === 1,
  };
}

const workerName = (w: WorkerHeartbeat) => `${w.host} (pid ${w.pid})`;
const ageOf = (ms: number) => MESSAGES.adminStats.formatAge(Math.max(0, ms) / 1000);

/** The queue's flow, and a warning for jobs that failed for good, which no flow shows. */
function queueStatus(queue: QueueSnapshot, now: number, aliveWorkers: number): SystemCheck {
  const flow = queueFlow(queue, now, aliveWorkers);
  const latest = queue.latestFailure;
  if (queue.failed === 0 || !latest) return flow;
  const failed = s.queue.failed(
    queue.failed,
    latest.kind,
    ageOf(now - latest.at),
    // One line of it: a stack or a whole server answer would drown the list.
    latest.error.split("\n")[0]?.slice(0, 300) || "no error was recorded",
  );
  return {
    ...flow,
    level: flow.level === "down" ? "down" : "warning",
    summary: flow.level === "ok" ? failed.summary : `${flow.summary}; ${failed.summary}`,
    detail: `${flow.detail}${failed.detail}`,
  };
}

function queueFlow(queue: QueueSnapshot, now: number, aliveWorkers: number): SystemCheck {
  if (queue.waiting === 0 || queue.oldestDueAt === null) {
    return check("queue", "ok", s.queue.idle(queue.running, queue.scheduled));
  }
  const waited = now - queue.oldestDueAt;
  const age = ageOf(waited);
  if (aliveWorkers === 0) return check("queue", "down", s.queue.stalled(queue.waiting, age));
  if (waited >= QUEUE_SLOW_AFTER_MS)
    return check("queue", "warning", s.queue.slow(queue.waiting, age));
  return check("queue", "ok", s.queue.flowing(queue.waiting, age));
}

function workersStatus(workers: WorkerHeartbeat[], now: number): SystemCheck {
  const alive = workers.filter((w) => w.alive);
  const stale = workers.filter((w) => !w.alive);
  const staleNote = stale.length > 0 ? s.workers.stale(stale.map(workerName).join(", ")) : "";
  if (alive.length === 0) {
    return check("workers", "down", {
      ...s.workers.none,
      detail: s.workers.none.detail + staleNote,
    });
  }
  const latest = Math.max(...alive.map((w) => Date.parse(w.beatAt)));
  const text = s.workers.alive(alive.length, alive.map(workerName).join(", "), ageOf(now - latest));
  return check("workers", "ok", { ...text, detail: text.detail + staleNote });
}

function raterStatus(alive: WorkerHeartbeat[]): SystemCheck {
  if (alive.length === 0) return check("rater", "warning", s.rater.unknown);
  const unavailable = alive.filter((w) => w.rater === "unavailable");
  if (unavailable.length > 0) {
    return check("rater", "down", s.rater.unavailable(unavailable.map(workerName).join(", ")));
  }
  const loaded = alive.filter((w) => w.rater === "loaded").length;
  return loaded > 0
    ? check("rater", "ok", s.rater.loaded(loaded, alive.length))
    : check("rater", "warning", s.rater.notYet);
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return "its address";
  }
}
