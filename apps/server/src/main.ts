import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app.js";
import { createWorker, startJanitor } from "./background.js";
import { ConfigError, loadConfig } from "./config.js";
import { seedDemoCatalogue } from "./demo/seed-demo.js";
import { onStopSignal } from "./lib/stop-signals.js";
import { DEFAULT_UPLOAD_LEASE_MS, type Services } from "./services.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const { server, services } = await buildApp(config);

  const admin = await services.auth.ensureAdmin(config.admin);
  if (admin?.generatedPassword) {
    // Logged once: the admin exists from now on and this branch never runs again.
    server.log.warn(
      { adminUsername: admin.username, adminPassword: admin.generatedPassword },
      "Created the administrator account. Sign in with adminUsername and adminPassword; the password is shown only this once (reset it with `npm run admin -- reset-password --username admin`).",
    );
  } else if (admin) {
    server.log.info({ username: admin.username }, "created the administrator from ADMIN_USERNAME");
  }

  if (config.demoContent) seedDemoInBackground(services, server.log);

  const janitor = startJanitor(services, config.dataDir, DEFAULT_UPLOAD_LEASE_MS, server.log);
  const worker = createWorker(services, server.log);
  worker.start(config.workers);

  // The worker's loops use the database: they end before the app's own onClose hook closes it
  // (onClose hooks run last-added first).
  server.addHook("onClose", () => worker.stop());
  onStopSignal(server.log, "shutting down", async () => {
    janitor.stop();
    void worker.stop(); // running jobs finish while the requests in flight do
    // No new connections; requests in flight finish. server.close() closes only the connections
    // idle when it starts and would wait out the others' keep-alive (72 s): close each as it idles.
    const idle = setInterval(() => server.server.closeIdleConnections(), 100);
    try {
      await server.close();
    } finally {
      clearInterval(idle);
    }
  });
  await server.listen({ port: config.port, host: config.host });
}

/**
 * The demo catalogue (design section 2) fills in while the server already answers: it takes a
 * while on a small machine, and a failure only means an emptier gallery, never a failed start.
 */
function seedDemoInBackground(services: Services, log: FastifyBaseLogger): void {
  const seed = async () => {
    const adminId = await services.auth.adminId();
    if (adminId !== undefined) await seedDemoCatalogue(services, adminId, log);
  };
  seed().catch((error: unknown) => log.error({ err: error }, "seeding the demo catalogue failed"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Sawdust failed to start:", error);
  }
  process.exit(1);
});
