import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { jobHandlers } from "./jobs/handlers.js";
import { WorkerHeartbeat } from "./jobs/heartbeat.js";
import { FINISHED_JOBS_KEPT_MS } from "./jobs/jobs.repo.js";
import { DEFAULT_WORKER_OPTIONS, Worker, type WorkerOptions } from "./jobs/worker.js";
import type { Services } from "./services.js";

export const uploadTmpDir = (dataDir: string) => join(dataDir, "tmp", "uploads");

/**
 * Builds the job worker over the services (started by whoever runs jobs). Once started it beats
 * in worker_heartbeats every `heartbeatMs` (10 s by default) until it stops.
 */
export function createWorker(
  services: Services,
  log: FastifyBaseLogger,
  options?: Partial<WorkerOptions> & { heartbeatMs?: number },
) {
  const { heartbeatMs, ...workerOptions } = options ?? {};
  const heartbeat = new WorkerHeartbeat({
    repo: services.workerHeartbeats,
    clock: services.clock,
    log,
    analysers: services.analysers,
    intervalMs: heartbeatMs,
  });
  const worker = new Worker(services.jobs, jobHandlers(services), services.clock, log, {
    ...DEFAULT_WORKER_OPTIONS,
    heartbeat,
    ...workerOptions,
  });
  services.hooks.onJobQueued = () => worker.poke();
  return worker;
}

/**
 * Cleans what a crashed process left: abandoned uploads and deletions (rows and files), and
 * temporary upload files older than the upload lease; forgets the view records (and visitor
 * salts) of past days, the rate limits' records no window counts, and jobs finished more than
 * FINISHED_JOBS_KEPT_MS ago, mail kept in the outbox more than OUTBOX_KEPT_MS (30 days), and
 * refunds kept for payments that never came (30 days). Runs at start and then every minute.
 */
export function startJanitor(
  services: Services,
  dataDir: string,
  leaseMs: number,
  log: FastifyBaseLogger,
) {
  const sweep = async () => {
    try {
      const cleaned = await services.ingest.recoverAbandoned();
      if (cleaned > 0) log.warn({ cleaned }, "removed abandoned uploads");
      await services.views.prune();
      // Deleted accounts' usernames become free after their grace period.
      await services.accounts.releaseUsernames();
      const now = services.clock.now();
      await services.rateLimits.prune(now);
      await services.jobs.pruneFinished(now - FINISHED_JOBS_KEPT_MS);
      await services.mail.pruneOutbox();
      await services.editions.pruneEarlyRefunds();
      const dir = uploadTmpDir(dataDir);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const path = join(dir, name);
        const info = await stat(path).catch(() => undefined);
        if (info && now - info.mtimeMs > leaseMs) await rm(path, { force: true });
      }
    } catch (error) {
      log.error({ err: error }, "janitor sweep failed");
    }
  };
  const first = sweep();
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return {
    firstSweep: first,
    stop: () => clearInterval(timer),
  };
}
