#!/usr/bin/env node
/**
 * `npm run cluster`: Sawdust split as at scale, on this machine — two API processes
 * (`npm start`, WORKERS=0), one worker (`npm run worker`), PostgreSQL, an S3-compatible bucket
 * and a round-robin proxy on PORT (default 3000) — the same processes, started the same way, as
 * the cluster test. Ctrl-C stops everything it started.
 *
 *   DATABASE_URL   a PostgreSQL to use; unset → a throwaway cluster (initdb/pg_ctl, removed at exit)
 *   S3_BUCKET …    a bucket to use (all S3_* settings); unset → s3rver on loopback, in a temp folder
 *   PORT           the proxy's port (default 3000); the processes take free ports behind it
 * Every other setting (ADMIN_*, AI_*, LOG_LEVEL, METRICS_TOKEN…) is passed to each process.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCluster, startS3rver } from "./lib/cluster.mjs";
import { startThrowawayPostgres } from "./lib/postgres.mjs";

const work = mkdtempSync(join(tmpdir(), "sawdust-cluster-"));
const cleanups = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log("\n[cluster] stopping…");
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`[cluster] ${error.message}`);
    }
  }
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}

try {
  const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? "info", DEMO_CONTENT: "false" };
  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = process.env.DATABASE_URL;
  } else {
    const postgres = await startThrowawayPostgres();
    cleanups.push(() => postgres.stop());
    env.DATABASE_URL = postgres.url;
    console.log(
      `[cluster] PostgreSQL: ${postgres.version} on 127.0.0.1:${postgres.port} (throwaway)`,
    );
  }
  if (!process.env.S3_BUCKET) {
    const s3 = await startS3rver(join(work, "s3rver"));
    cleanups.push(() => s3.close());
    Object.assign(env, s3.env);
    console.log(`[cluster] S3: s3rver at ${s3.env.S3_ENDPOINT}, bucket ${s3.env.S3_BUCKET}`);
  }
  let generated;
  if (!process.env.ADMIN_USERNAME) {
    generated = randomBytes(12).toString("base64url");
    Object.assign(env, { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: generated });
  }
  const port = Number(process.env.PORT ?? 3000);
  env.PUBLIC_URL = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;

  const cluster = await startCluster({ env, proxyPort: port, workDir: join(work, "processes") });
  cleanups.push(() => cluster.stop());
  console.log(`[cluster] ready at ${cluster.proxy.url} (round-robin over the API processes)`);
  for (const proc of [...cluster.apis, ...cluster.workers]) {
    console.log(
      `[cluster]   ${proc.name.padEnd(9)} pid ${proc.pid}${"url" in proc ? `  ${proc.url}` : ""}  DATA_DIR=${proc.dataDir}`,
    );
  }
  if (generated) console.log(`[cluster] sign in as admin / ${generated}`);
  console.log("[cluster] Ctrl-C stops everything.");
  for (const proc of cluster.processes) {
    proc.exited.then(({ code, signal }) => {
      if (!stopping)
        console.error(`[cluster] ${proc.name} exited (${signal ?? code}):\n${proc.output()}`);
    });
  }
} catch (error) {
  console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}

// In place of the throwaway PostgreSQL's own handlers, which would exit before the rest stopped.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.removeAllListeners(signal);
  process.on(signal, () => stop(0));
}
