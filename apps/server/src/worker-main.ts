import { pino } from "pino";
import { createWorker, startJanitor } from "./background.js";
import type { Config } from "./config.js";
import { migrateToLatest, openDatabase } from "./db/database.js";
import { serveMetrics } from "./http/metrics.js";
import { jobHandlers } from "./jobs/handlers.js";
import { proveListenable } from "./lib/listen-probe.js";
import { Metrics } from "./lib/metrics.js";
import { startOrExplain } from "./lib/startup-errors.js";
import { JOB_HAND_BACK_MS, onStopSignal } from "./lib/stop-signals.js";
import { checkStorageAtStart, DEFAULT_UPLOAD_LEASE_MS, openServices } from "./services.js";

/**
 * `npm run worker`: a process that only runs background jobs (and the janitor), for deployments
 * that keep API processes at WORKERS=0. Runs at least one worker whatever WORKERS says.
 */
async function main(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  // Before the database is opened or migrated: a start that cannot listen changes nothing.
  await proveListenable(config.host, [config.metrics.port]);
  const database = openDatabase(config, (error) =>
    log.warn({ err: error }, "database: an idle connection was closed; reconnecting on next use"),
  );
  await migrateToLatest(database);
  const services = await openServices(config, database, log);
  await checkStorageAtStart(config, services.storage);
  const janitor = startJanitor(services, config.dataDir, DEFAULT_UPLOAD_LEASE_MS, log);
  // Its job runs and the queue, on METRICS_PORT when set (a worker has no other listener).
  const metrics = new Metrics({
    queueStats: (now) => services.jobs.queueStats(now),
    jobKinds: Object.keys(jobHandlers(services)),
    pool: database.poolStats,
    onScrapeError: (error) => log.warn({ err: error }, "metrics: reading the job queue failed"),
  });
  const metricsListener = config.metrics.port
    ? await serveMetrics(metrics, {
        ...config.metrics,
        host: config.host,
        port: config.metrics.port,
      })
    : undefined;
  const worker = createWorker(services, log, {
    leaseMs: config.jobLeaseMs,
    observe: (run) => metrics.observeJob(run),
  });
  const concurrency = Math.max(1, config.workers);
  worker.start(concurrency);
  log.info({ worker: worker.id, concurrency }, "worker started");

  onStopSignal(log, "worker stopping", async () => {
    janitor.stop();
    await metricsListener?.close();
    // Running jobs finish, or go back to the queue for another worker.
    await worker.stop(JOB_HAND_BACK_MS);
    await services.events.close();
    await database.close();
  });
}

await startOrExplain("The worker", main);
