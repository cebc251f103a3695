import { pino } from "pino";
import { createWorker, startJanitor } from "./background.js";
import { ConfigError, loadConfig } from "./config.js";
import { migrateToLatest, openDatabase } from "./db/database.js";
import { onStopSignal } from "./lib/stop-signals.js";
import { DEFAULT_UPLOAD_LEASE_MS, openServices } from "./services.js";

/**
 * `npm run worker`: a process that only runs background jobs (and the janitor), for deployments
 * that keep API processes at WORKERS=0. Runs at least one worker whatever WORKERS says.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config);
  await migrateToLatest(database);
  const services = await openServices(config, database, log);
  const janitor = startJanitor(services, config.dataDir, DEFAULT_UPLOAD_LEASE_MS, log);
  const worker = createWorker(services, log);
  const concurrency = Math.max(1, config.workers);
  worker.start(concurrency);
  log.info({ worker: worker.id, concurrency }, "worker started");

  onStopSignal(log, "worker stopping", async () => {
    janitor.stop();
    await worker.stop();
    await services.events.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
