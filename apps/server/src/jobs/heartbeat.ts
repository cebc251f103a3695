import { hostname } from "node:os";
import type { RaterState } from "@sawdust/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../lib/clock.js";
import type { ContentRaterLike } from "../modules/images/analysis.service.js";
import type { WorkerHeartbeatsRepo } from "./worker-heartbeats.repo.js";

/** How often a running worker reports. The dashboard takes a worker for dead after 30 s. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
/** A worker silent this long (crashed, killed) is forgotten by the next beat of any worker. */
const FORGET_SILENT_AFTER_MS = 24 * 60 * 60 * 1000;

/** What a worker's heartbeat says about its analysers. */
export interface AnalyserReport {
  rater(): RaterState;
  visionConfigured: boolean;
}

/**
 * The content rater as the analysis job uses it, watched: whether it has been asked for yet,
 * is loading, loaded, or could not load (the heartbeat reports it). Without a rater (a process
 * configured without one) the state is `unavailable`.
 */
export function watchRater(rater: (() => Promise<ContentRaterLike | null>) | undefined): {
  load: (() => Promise<ContentRaterLike | null>) | undefined;
  state: () => RaterState;
} {
  if (!rater) return { load: undefined, state: () => "unavailable" };
  let state: RaterState = "idle";
  return {
    load: () => {
      if (state === "idle") state = "loading";
      return rater().then(
        (loaded) => {
          state = loaded ? "loaded" : "unavailable";
          return loaded;
        },
        (error: unknown) => {
          state = "unavailable";
          throw error;
        },
      );
    },
    state: () => state,
  };
}

/**
 * A running worker's heartbeat: a row in worker_heartbeats written at start and every
 * `intervalMs`, saying where it runs, since when, with how many loops, and how its analysers
 * are; removed when the worker stops cleanly. Beats are written one at a time, so the removal
 * always comes after the last of them.
 */
export class WorkerHeartbeat {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private current: { workerId: string; concurrency: number; startedAt: number } | undefined;

  constructor(
    private readonly deps: {
      repo: WorkerHeartbeatsRepo;
      clock: Clock;
      log: Pick<FastifyBaseLogger, "warn">;
      analysers: AnalyserReport;
      intervalMs?: number;
    },
  ) {}

  start(workerId: string, concurrency: number): void {
    if (this.current) return;
    this.current = { workerId, concurrency, startedAt: this.deps.clock.now() };
    this.beatNow();
    this.timer = setInterval(() => this.beatNow(), this.deps.intervalMs ?? HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops beating and removes the row: the worker is gone, not dead. */
  async stop(): Promise<void> {
    const current = this.current;
    if (!current) return;
    clearInterval(this.timer);
    this.current = undefined;
    this.writing = this.writing.then(() =>
      this.deps.repo.remove(current.workerId).catch((error: unknown) => {
        this.deps.log.warn({ err: error }, "could not remove the worker's heartbeat");
      }),
    );
    await this.writing;
  }

  private beatNow(): void {
    const current = this.current;
    if (!current) return;
    this.writing = this.writing.then(async () => {
      if (this.current !== current) return;
      const now = this.deps.clock.now();
      try {
        await this.deps.repo.beat({
          worker_id: current.workerId,
          host: hostname(),
          pid: process.pid,
          concurrency: current.concurrency,
          started_at: current.startedAt,
          beat_at: now,
          rater: this.deps.analysers.rater(),
          vision_configured: this.deps.analysers.visionConfigured ? 1 : 0,
        });
        await this.deps.repo.pruneSilentSince(now - FORGET_SILENT_AFTER_MS);
      } catch (error) {
        this.deps.log.warn({ err: error }, "the worker's heartbeat could not be written");
      }
    });
  }
}
