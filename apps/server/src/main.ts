import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app.js";
import { createWorker, startJanitor, uploadTmpDir } from "./background.js";
import { type Config, configWarnings } from "./config.js";
import { DemoSeeding } from "./demo/seed-demo.js";
import { serveMetrics } from "./http/metrics.js";
import { removePartialUploads } from "./http/upload-intake.js";
import { proveListenable } from "./lib/listen-probe.js";
import { startOrExplain } from "./lib/startup-errors.js";
import { JOB_HAND_BACK_MS, onStopSignal } from "./lib/stop-signals.js";
import { checkStorageAtStart, DEFAULT_UPLOAD_LEASE_MS, type Services } from "./services.js";

async function main(config: Config): Promise<void> {
  // Before the database is opened or migrated: a start that cannot listen changes nothing.
  await proveListenable(config.host, [config.port, config.metrics.port]);
  const { server, services, metrics, markStopping } = await buildApp(config);
  const uploads = uploadTmpDir(config.dataDir);
  await checkStorageAtStart(config, services.storage, uploads).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });

  const janitor = startJanitor(services, config.dataDir, DEFAULT_UPLOAD_LEASE_MS, server.log);
  const worker = createWorker(services, server.log, {
    leaseMs: config.jobLeaseMs,
    observe: (run) => metrics.observeJob(run),
  });
  worker.start(config.workers);
  const metricsListener = config.metrics.port
    ? await serveMetrics(metrics, {
        ...config.metrics,
        host: config.host,
        port: config.metrics.port,
      })
    : undefined;

  // The worker's loops use the database: they end before the app's own onClose hook closes it
  // (onClose hooks run last-added first).
  server.addHook("onClose", () => worker.stop(JOB_HAND_BACK_MS));
  // An upload still arriving when a stop runs out of time is cut off: its partial file goes with
  // this process rather than waiting out the upload lease for the janitor.
  process.once("exit", removePartialUploads);
  // Started once the server answers (below); its lease is given back before the database closes.
  const demoSeeding = config.demoContent ? new DemoSeeding(services, server.log) : undefined;
  server.addHook("onClose", async () => demoSeeding?.stop());
  onStopSignal(server.log, "shutting down", async () => {
    // Unready first, so a load balancer polling /readyz stops sending here (STOP_DRAIN_SECONDS
    // gives it time to notice while this process still serves).
    markStopping();
    janitor.stop();
    // Ends after the piece it is writing (awaited by the onClose hook above).
    void demoSeeding?.stop();
    // Running jobs finish while the requests in flight do, or go back to the queue.
    void worker.stop(JOB_HAND_BACK_MS);
    if (config.stopDrainMs > 0) await new Promise((r) => setTimeout(r, config.stopDrainMs));
    // No new connections; requests in flight finish, and a request arriving on a connection
    // still open is served with `Connection: close` (each connection closes as it idles: app.ts).
    try {
      await server.close();
    } finally {
      await metricsListener?.close();
    }
  });
  // An administrator from ADMIN_USERNAME/ADMIN_PASSWORD exists before the first request (the
  // operator knows its password). One with a generated password is made only once the listeners
  // are up: a start that fails (a port in use, a bad HOST) then makes none, and the password is
  // shown by the start that works instead of being lost with one that did not.
  if (config.admin) {
    announceAdmin(server.log, config.logLevel, await services.auth.ensureAdmin(config.admin));
  }
  await server.listen({ port: config.port, host: config.host });
  // What this start runs on, in one line an operator can check, and what looks wrong.
  server.log.info(
    {
      database: config.database.kind,
      media: config.s3 ? `s3://${config.s3.bucket}` : "DATA_DIR/media",
      payments: config.stripe ? "stripe" : "sandbox",
      publicUrl: config.publicUrl,
    },
    "serving",
  );
  for (const warning of configWarnings(process.env, config)) server.log.warn(warning);
  if (!config.admin) {
    announceAdmin(server.log, config.logLevel, await services.auth.ensureAdmin(undefined));
  }
  demoSeeding?.start();
}

/** Log levels that leave out a warning: the generated password is then written to stderr itself. */
const QUIETER_THAN_WARN = new Set<Config["logLevel"]>(["error", "fatal", "silent"]);

function announceAdmin(
  log: FastifyBaseLogger,
  logLevel: Config["logLevel"],
  admin: Awaited<ReturnType<Services["auth"]["ensureAdmin"]>>,
): void {
  if (admin?.configuredTaken) {
    const why = `No administrator can sign in, and ADMIN_USERNAME "${admin.configuredTaken}" or ADMIN_EMAIL is taken (by a member, a suspended administrator, or an account deleted in the last 30 days, which keeps its name): made "${admin.username}" with a new password instead (ADMIN_PASSWORD is not used). Choose another ADMIN_USERNAME, or make that account an admin again with \`npm run admin -- create\`.`;
    if (QUIETER_THAN_WARN.has(logLevel)) process.stderr.write(`${why}\n`);
    else log.warn({ configuredUsername: admin.configuredTaken }, why);
  }
  if (admin?.generatedPassword) {
    const reset = `npm run admin -- reset-password --username ${admin.username}`;
    // Shown once: the admin exists from now on and this branch never runs again, so a LOG_LEVEL
    // that drops warnings must not lose it (the site would have an admin no one can sign in as).
    if (QUIETER_THAN_WARN.has(logLevel)) {
      process.stderr.write(
        `Sawdust created the administrator account "${admin.username}" with the password ${admin.generatedPassword} (shown only this once; LOG_LEVEL=${logLevel} leaves the log's line out). Reset it with \`${reset}\`.\n`,
      );
      return;
    }
    log.warn(
      { adminUsername: admin.username, adminPassword: admin.generatedPassword },
      `Created the administrator account. Sign in with adminUsername and adminPassword; the password is shown only this once (reset it with \`${reset}\`).`,
    );
  } else if (admin) {
    log.info({ username: admin.username }, "created the administrator from ADMIN_USERNAME");
  }
}

await startOrExplain("Sawdust", main);
