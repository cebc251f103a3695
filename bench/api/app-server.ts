/**
 * Child process: the real application, built as `main.ts` builds it (`buildApp` on the config
 * read from the environment) but without the admin bootstrap, demo seeding, janitor or job
 * worker, listening on a loopback port (BENCH_PORT, or any free one). Environment: DATA_DIR (the
 * seeded catalogue), optional DATABASE_URL, LOG_LEVEL.
 */
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { failToParent, serveParent } from "./children.js";

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    HOST: "127.0.0.1",
    PORT: "0",
    WORKERS: "0",
    DEMO_CONTENT: "false",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  });
  const { server } = await buildApp(config);
  await server.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: "127.0.0.1" });
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  serveParent(address.port, () => server.close());
}

main().catch(failToParent);
