import { pino } from "pino";
import { createWorker, startJanitor } from "./background.js";
import { ConfigError, loadConfig } from "./config.js";
import { migrateToLatest, openDatabase } from "./db/database.js";
import { openMedia } from "./media/open-media.js";
import { createServices, DEFAULT_UPLOAD_LEASE_MS } from "./services.js";

/**
 * `npm run worker`: a process that only runs background jobs (and the janitor), for deployments
 * that keep API processes at WORKERS=0. Runs at least one worker whatever WORKERS says.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config);
  await migrateToLatest(database);
  const services = createServices(database, await openMedia(config, database));
  const janitor = startJanitor(services, config.dataDir, DEFAULT_UPLOAD_LEASE_MS, log);
  const worker = createWorker(services, log);
  const concurrency = Math.max(1, config.workers);
  worker.start(concurrency);
  log.info({ worker: worker.id, concurrency }, "worker started");

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info({ signal }, "worker stopping");
      janitor.stop();
      worker
        .stop()
        .then(() => database.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
