import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app.js";
import { createWorker, startJanitor } from "./background.js";
import { ConfigError, loadConfig } from "./config.js";
import { seedDemoCatalogue } from "./demo/seed-demo.js";
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

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.log.info({ signal }, "shutting down");
      janitor.stop();
      worker
        .stop()
        .then(() => server.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
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
