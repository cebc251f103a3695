import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { JobRow } from "../db/schema.js";
import type { Clock } from "../lib/clock.js";
import { isOutOfReach } from "../lib/unavailable.js";
import { type JobsRepo, NO_HANDLER_ERROR } from "./jobs.repo.js";

export interface RunningJob {
  id: number;
  imageId: number | null;
  payload: unknown;
  /** This attempt's number (1-based, outages not counted) and how many there may be. */
  attempt: number;
  maxAttempts: number;
  /**
   * Whether the worker runs the job again after this error: an outage (isOutOfReach) until
   * OUTAGE_MAX_FAILURES, any other failure while attempts are left. When it does not, a handler
   * may choose its fallback (the analysis's local words) or record the failure for good.
   */
  willRetry(error: unknown): boolean;
}
export type JobHandler = (job: RunningJob) => Promise<void>;

export interface WorkerOptions {
  leaseMs: number;
  idlePollMs: number;
  /** Backoff before retry n (1-based): base × 2^(n-1), capped, with jitter. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Told how each job run ended and how long it took (metrics). */
  observe?: (run: FinishedJob) => void;
  /** Reports the running worker (the admin dashboard's "workers alive"): from start to stop. */
  heartbeat?: { start(workerId: string, concurrency: number): void; stop(): Promise<void> };
}

/**
 * How a run ended: done; failed and queued again (`retried`) or for good (`failed`); finished
 * after another worker took its lease over (`lost`); handed back to the queue by a stopping
 * worker (`handed_back`).
 */
export type JobOutcome = "done" | "retried" | "failed" | "lost" | "handed_back";
export interface FinishedJob {
  kind: string;
  outcome: JobOutcome;
  seconds: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  leaseMs: 5 * 60 * 1000,
  idlePollMs: 1000,
  backoffBaseMs: 5000,
  backoffCapMs: 10 * 60 * 1000,
};

/**
 * Failed runs of a job that were outages (the storage, the database or a model's server out of
 * reach: isOutOfReach) before it is given up. They do not use up the job's own attempts, which are
 * for its own failures (a damaged image): with the backoff doubling from 5 s to its 10-minute cap,
 * an outage is waited out as long as mail's retries are (MAIL_MAX_ATTEMPTS).
 */
export const OUTAGE_MAX_FAILURES = 13;

/**
 * How often a worker looks for jobs of its kinds that an older release's worker failed for want
 * of a handler (JobsRepo.requeueUnhandled): at its start, then while that worker may still run.
 */
export const REQUEUE_UNHANDLED_EVERY_MS = 60_000;

/**
 * How many failures like this one the job has had, this one included, and how many it may have:
 * outages on their own count, the job's own failures (every run that was not an outage) on its
 * attempts.
 */
function failuresOf(
  job: Pick<JobRow, "attempts" | "outages" | "max_attempts">,
  outage: boolean,
): { count: number; allowed: number } {
  return outage
    ? { count: job.outages + 1, allowed: OUTAGE_MAX_FAILURES }
    : { count: job.attempts - job.outages, allowed: job.max_attempts };
}

export function retryDelay(attempt: number, options: WorkerOptions, random = Math.random): number {
  const exponential = Math.min(options.backoffCapMs, options.backoffBaseMs * 2 ** (attempt - 1));
  return Math.round(exponential * (0.75 + random() * 0.5));
}

/**
 * Runs queued jobs: `concurrency` loops claim a job at a time, run its handler, and record the
 * outcome. A job whose worker dies is claimed again once its lease ends; a completion from a
 * worker that lost its lease is ignored, so each job completes once.
 */
export class Worker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  private running = false;
  private loops: Promise<void>[] = [];
  private wake: (() => void) | undefined;
  private stopping: Promise<void> | undefined;
  /** The jobs this worker is running now, and those of them it handed back while stopping. */
  private readonly current = new Map<number, { job: JobRow; started: number }>();
  private readonly handedBack = new Set<number>();
  /** When the loops next look for jobs an older worker failed for want of a handler. */
  private requeueUnhandledAt = 0;

  constructor(
    private readonly jobs: JobsRepo,
    private readonly handlers: Record<string, JobHandler>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions = DEFAULT_WORKER_OPTIONS,
  ) {}

  start(concurrency: number): void {
    if (this.running || concurrency < 1) return;
    this.running = true;
    this.stopping = undefined;
    this.loops = Array.from({ length: concurrency }, () => this.loop());
    this.options.heartbeat?.start(this.id, concurrency);
  }

  /** Lets idle loops look for work now (after an enqueue in this process). */
  poke(): void {
    this.wake?.();
  }

  /**
   * Stops claiming jobs and waits for the running ones. Jobs still running after
   * `handBackAfterMs` are handed back to the queue, due at once, for another worker (a late
   * completion of theirs here is ignored), and the stop is over. Calling it again while stopping
   * returns the same stop.
   */
  stop(handBackAfterMs = Number.POSITIVE_INFINITY): Promise<void> {
    // The heartbeat goes last: a worker still finishing its jobs is alive.
    this.stopping ??= this.finish(handBackAfterMs).finally(() => this.options.heartbeat?.stop());
    return this.stopping;
  }

  private async finish(handBackAfterMs: number): Promise<void> {
    this.running = false;
    this.wake?.();
    const loops = Promise.all(this.loops).then(() => false);
    if (!Number.isFinite(handBackAfterMs)) {
      await loops;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), handBackAfterMs);
    });
    const tooLate = await Promise.race([loops, late]);
    clearTimeout(timer);
    if (tooLate) await this.handBack();
  }

  private async handBack(): Promise<void> {
    const now = this.clock.now();
    await Promise.all(
      [...this.current.values()].map(async ({ job, started }) => {
        const context = jobContext(job);
        try {
          if (!(await this.jobs.release(job.id, this.id, job.attempts, now))) return;
          this.handedBack.add(job.id);
          this.log.warn(context, "job handed back to the queue: the worker is stopping");
          this.observe(job, "handed_back", started);
        } catch (error) {
          this.log.error(
            { ...context, err: error },
            "could not hand the job back; its lease will run out",
          );
        }
      }),
    );
  }

  /** Claims and runs one job; false when none was due. Tests drive the queue with this. */
  async runOnce(): Promise<boolean> {
    const job = await this.jobs.claim(
      this.id,
      this.clock.now(),
      this.options.leaseMs,
      Object.keys(this.handlers),
    );
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        await this.requeueUnhandledWhenDue();
        worked = await this.runOnce();
      } catch (error) {
        this.log.error({ err: error }, "job queue error");
      }
      if (!worked && this.running) await this.sleep(this.options.idlePollMs);
    }
  }

  private async requeueUnhandledWhenDue(): Promise<void> {
    const now = this.clock.now();
    if (now < this.requeueUnhandledAt) return;
    this.requeueUnhandledAt = now + REQUEUE_UNHANDLED_EVERY_MS;
    const count = await this.jobs.requeueUnhandled(Object.keys(this.handlers), now);
    if (count > 0) {
      this.log.info(
        { count },
        "queued again the jobs an older release's worker had no handler for",
      );
    }
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind];
    const started = this.clock.now();
    const context = jobContext(job);
    this.current.set(job.id, { job, started: performance.now() });
    const renew = setInterval(
      () => {
        this.jobs
          .extendLease(job.id, this.id, this.clock.now() + this.options.leaseMs)
          .catch(() => {});
      },
      Math.max(1000, this.options.leaseMs / 3),
    );
    try {
      if (!handler) throw new Error(`${NO_HANDLER_ERROR} '${job.kind}'`);
      await handler({
        id: job.id,
        imageId: job.image_id,
        payload: JSON.parse(job.payload),
        attempt: job.attempts - job.outages,
        maxAttempts: job.max_attempts,
        willRetry: (error) => {
          const failures = failuresOf(job, isOutOfReach(error));
          return failures.count < failures.allowed;
        },
      });
      const completed = await this.jobs.complete(job.id, this.id, job.attempts, this.clock.now());
      if (completed) this.log.info({ ...context, ms: this.clock.now() - started }, "job done");
      else if (await this.jobs.exists(job.id)) {
        this.log.warn(context, "job finished after its lease was taken over");
      } else this.log.info(context, "job finished after it was removed (its image was deleted)");
      this.observe(job, completed ? "done" : "lost");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outage = isOutOfReach(error);
      const failures = failuresOf(job, outage);
      const retryAt =
        failures.count < failures.allowed
          ? this.clock.now() + retryDelay(failures.count, this.options)
          : null;
      this.log.warn(
        { ...context, attempt: job.attempts, ...(outage && { outage }), err: message },
        "job failed",
      );
      const now = this.clock.now();
      await this.jobs.fail(job.id, this.id, job.attempts, message, retryAt, now, outage);
      this.observe(job, retryAt === null ? "failed" : "retried");
    } finally {
      clearInterval(renew);
      this.current.delete(job.id);
      this.handedBack.delete(job.id);
    }
  }

  private observe(job: JobRow, outcome: JobOutcome, startedAt?: number): void {
    if (outcome !== "handed_back" && this.handedBack.has(job.id)) return;
    const started = startedAt ?? this.current.get(job.id)?.started ?? performance.now();
    this.options.observe?.({
      kind: job.kind,
      outcome,
      seconds: (performance.now() - started) / 1000,
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

/** What each log line about a job names: the job, its kind, and the request that queued it. */
function jobContext(job: JobRow): { jobId: number; kind: string; requestId?: string } {
  let requestId: unknown;
  try {
    requestId = (JSON.parse(job.payload) as { requestId?: unknown } | null)?.requestId;
  } catch {
    requestId = undefined;
  }
  return {
    jobId: job.id,
    kind: job.kind,
    ...(typeof requestId === "string" ? { requestId } : {}),
  };
}
