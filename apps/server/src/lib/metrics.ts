import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** A kind of job's rows of one status, as the queue reports them (JobsRepo.queueStats). */
export interface QueueStat {
  kind: string;
  status: string;
  count: number;
  earliestRunAt: number | null;
}

/** A connection pool's state (PostgreSQL's pg.Pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsSources {
  /** The job queue as it stands at `now`, read from the database on each scrape (one grouped query). */
  queueStats?: (now: number) => Promise<QueueStat[]>;
  /** Kinds reported even when none is queued, so their series never disappear. */
  jobKinds?: readonly string[];
  pool?: () => PoolStats | undefined;
  now?: () => number;
  onScrapeError?: (error: unknown) => void;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event-loop lag, garbage collection, handles), once per
 * process however many apps it builds (tests build many): their collectors never stop.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Everything `/metrics` reports for one process, in Prometheus's text format: requests by route
 * pattern (never the raw URL, so the series stay few), uploads, downloads by size, rate-limit
 * refusals, job runs, the job queue and the database pool (read when scraped), and the process.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;

  private readonly requests = new Counter({
    name: "sawdust_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: "sawdust_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly uploads = new Counter({
    name: "sawdust_uploads_total",
    help: "Image uploads, by response status (201: stored)",
    labelNames: ["status"] as const,
    registers: [this.registry],
  });
  private readonly downloads = new Counter({
    name: "sawdust_downloads_total",
    help: "Downloads sent (200 or 206), by rendition size",
    labelNames: ["size"] as const,
    registers: [this.registry],
  });
  private readonly downloadBytes = new Counter({
    name: "sawdust_download_bytes_total",
    help: "Bytes of downloads sent, by rendition size",
    labelNames: ["size"] as const,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: "sawdust_rate_limit_refusals_total",
    help: "Requests refused with 429 by a limit (sign-in, registration, download quota, API key), by route pattern",
    labelNames: ["route"] as const,
    registers: [this.registry],
  });
  private readonly jobSeconds = new Histogram({
    name: "sawdust_job_duration_seconds",
    help: "Job runs in this process, by kind and outcome (done, retried, failed, lost, handed_back)",
    labelNames: ["kind", "outcome"] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: "sawdust_job_failures_total",
    help: "Job runs that failed in this process, by kind; final=true when no retry is left",
    labelNames: ["kind", "final"] as const,
    registers: [this.registry],
  });
  private readonly queueWaiting = new Gauge({
    name: "sawdust_jobs_waiting",
    help: "Jobs waiting in the queue (due now or scheduled for a retry), by kind; the whole queue, shared by every process",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  private readonly queueRunning = new Gauge({
    name: "sawdust_jobs_running",
    help: "Jobs a worker holds now, by kind; the whole queue, shared by every process",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  private readonly queueFailed = new Gauge({
    name: "sawdust_jobs_failed",
    help: "Jobs that failed for good (every attempt used), by kind, kept 7 days after their last attempt; the whole queue, shared by every process",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  private readonly queueOldest = new Gauge({
    name: "sawdust_jobs_oldest_waiting_age_seconds",
    help: "How long the oldest job that is due has waited, by kind (0 when none is due)",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  private readonly poolConnections = new Gauge({
    name: "sawdust_db_pool_connections",
    help: "Database pool connections of this process, by state (PostgreSQL)",
    labelNames: ["state"] as const,
    registers: [this.registry],
  });
  private readonly poolWaiting = new Gauge({
    name: "sawdust_db_pool_waiting_queries",
    help: "Queries of this process waiting for a pool connection (PostgreSQL)",
    registers: [this.registry],
  });

  constructor(private readonly sources: MetricsSources = {}) {}

  /** One answered request; `route` is the route's pattern (`/api/v1/images/:id`). */
  /**
   * Each label set's counter and histogram, looked up once: prom-client hashes the labels on
   * every call otherwise, and this runs for every request. Route patterns and statuses are few.
   */
  private readonly requestSeries = new Map<
    string,
    { count: { inc(): void }; seconds: { observe(value: number): void } }
  >();

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (series === undefined) {
      const labels = { method, route, status: String(status) };
      series = { count: this.requests.labels(labels), seconds: this.requestSeconds.labels(labels) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.seconds.observe(seconds);
  }

  countUpload(status: number): void {
    this.uploads.inc({ status: String(status) });
  }

  countDownload(size: string, bytes: number): void {
    this.downloads.inc({ size });
    this.downloadBytes.inc({ size }, bytes);
  }

  countRefusal(route: string): void {
    this.refusals.inc({ route });
  }

  observeJob(run: { kind: string; outcome: string; seconds: number }): void {
    this.jobSeconds.observe({ kind: run.kind, outcome: run.outcome }, run.seconds);
    if (run.outcome === "retried" || run.outcome === "failed") {
      this.jobFailures.inc({ kind: run.kind, final: String(run.outcome === "failed") });
    }
  }

  /** The text a scrape gets: the queue and pool read now, then every metric. */
  async text(): Promise<string> {
    await this.readQueue();
    this.readPool();
    return `${await processMetrics().metrics()}\n${await this.registry.metrics()}`;
  }

  private async readQueue(): Promise<void> {
    const { queueStats, jobKinds = [], now = Date.now } = this.sources;
    if (!queueStats) return;
    const time = now();
    let stats: QueueStat[];
    try {
      stats = await queueStats(time);
    } catch (error) {
      this.sources.onScrapeError?.(error);
      return;
    }
    for (const gauge of [this.queueWaiting, this.queueRunning, this.queueFailed, this.queueOldest])
      gauge.reset();
    const kinds = new Set([...jobKinds, ...stats.map((s) => s.kind)]);
    for (const kind of kinds) {
      const waiting = stats.find((s) => s.kind === kind && s.status === "pending");
      const running = stats.find((s) => s.kind === kind && s.status === "running");
      const failed = stats.find((s) => s.kind === kind && s.status === "failed");
      const due = waiting?.earliestRunAt;
      this.queueWaiting.set({ kind }, waiting?.count ?? 0);
      this.queueRunning.set({ kind }, running?.count ?? 0);
      this.queueFailed.set({ kind }, failed?.count ?? 0);
      this.queueOldest.set(
        { kind },
        due !== undefined && due !== null && due <= time ? (time - due) / 1000 : 0,
      );
    }
  }

  private readPool(): void {
    const stats = this.sources.pool?.();
    if (!stats) return;
    this.poolConnections.set({ state: "total" }, stats.total);
    this.poolConnections.set({ state: "idle" }, stats.idle);
    this.poolConnections.set({ state: "in_use" }, stats.total - stats.idle);
    this.poolWaiting.set(stats.waiting);
  }
}
