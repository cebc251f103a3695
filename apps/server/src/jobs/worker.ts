import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { JobRow } from "../db/schema.js";
import type { Clock } from "../lib/clock.js";
import type { JobsRepo } from "./jobs.repo.js";

export interface RunningJob {
  id: number;
  imageId: number | null;
  payload: unknown;
  /** This attempt's number (1-based) and how many there may be: the last may choose a fallback. */
  attempt: number;
  maxAttempts: number;
}
export type JobHandler = (job: RunningJob) => Promise<void>;

export interface WorkerOptions {
  leaseMs: number;
  idlePollMs: number;
  /** Backoff before retry n (1-based): base × 2^(n-1), capped, with jitter. */
  backoffBaseMs: number;
  backoffCapMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  leaseMs: 5 * 60 * 1000,
  idlePollMs: 1000,
  backoffBaseMs: 5000,
  backoffCapMs: 10 * 60 * 1000,
};

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
    this.loops = Array.from({ length: concurrency }, () => this.loop());
  }

  /** Lets idle loops look for work now (after an enqueue in this process). */
  poke(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await Promise.all(this.loops);
  }

  /** Claims and runs one job; false when none was due. Tests drive the queue with this. */
  async runOnce(): Promise<boolean> {
    const job = await this.jobs.claim(this.id, this.clock.now(), this.options.leaseMs);
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (error) {
        this.log.error({ err: error }, "job queue error");
      }
      if (!worked && this.running) await this.sleep(this.options.idlePollMs);
    }
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind];
    const started = this.clock.now();
    const renew = setInterval(
      () => {
        this.jobs
          .extendLease(job.id, this.id, this.clock.now() + this.options.leaseMs)
          .catch(() => {});
      },
      Math.max(1000, this.options.leaseMs / 3),
    );
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      await handler({
        id: job.id,
        imageId: job.image_id,
        payload: JSON.parse(job.payload),
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
      const completed = await this.jobs.complete(job.id, this.id, job.attempts, this.clock.now());
      if (!completed)
        this.log.warn({ jobId: job.id }, "job finished after its lease was taken over");
      else this.log.debug({ jobId: job.id, ms: this.clock.now() - started }, "job done");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        job.attempts < job.max_attempts
          ? this.clock.now() + retryDelay(job.attempts, this.options)
          : null;
      this.log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, err: message },
        "job failed",
      );
      await this.jobs.fail(job.id, this.id, job.attempts, message, retryAt, this.clock.now());
    } finally {
      clearInterval(renew);
    }
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
