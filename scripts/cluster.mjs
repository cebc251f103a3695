#!/usr/bin/env node
/**
 * `npm run cluster`: Sawdust split as at scale, on this machine — two API processes
 * (`npm start`, WORKERS=0), one worker (`npm run worker`), PostgreSQL, an S3-compatible bucket
 * and a round-robin proxy on PORT (default 3000) — the same processes, started the same way, as
 * the cluster test. Ctrl-C stops everything it started.
 *
 *   DATABASE_URL   a PostgreSQL to use, kept; unset → a throwaway cluster (initdb/pg_ctl, removed
 *                  at exit, with its bucket)
 *   S3_BUCKET …    a bucket to use (all S3_* settings); unset → s3rver on loopback
 *   S3RVER_DIR     the folder s3rver keeps the pictures in, kept at exit and reused: needed with
 *                  DATABASE_URL (without S3_BUCKET), whose images would otherwise lose their files
 *   PORT           the proxy's port (default 3000); the processes take free ports behind it
 * Every other setting (ADMIN_*, AI_*, LOG_LEVEL, METRICS_TOKEN…) is passed to each process, and
 * every line each process prints is printed as it comes, after the process's name.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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
  const keptDatabase = Boolean(process.env.DATABASE_URL);
  // A kept database's images need their files on the next run too: s3rver's folder must outlive
  // this one, and only the operator knows where it may be kept (a temp folder removed at exit
  // left every image listed and every picture 404).
  const s3rverDir = process.env.S3RVER_DIR?.trim()
    ? // npm runs scripts in the repository's root; a relative path is meant from where npm ran.
      resolve(process.env.INIT_CWD ?? process.cwd(), process.env.S3RVER_DIR.trim())
    : undefined;
  if (keptDatabase && !process.env.S3_BUCKET && !s3rverDir) {
    throw new Error(
      "DATABASE_URL is kept after the cluster stops, so its pictures must be too: set S3RVER_DIR to a folder for s3rver to keep them in (made if missing, reused on every run with this database, never removed), or S3_BUCKET and the other S3_* settings to a bucket of your own. Unset DATABASE_URL for a throwaway database and bucket.",
    );
  }
  if (keptDatabase) {
    env.DATABASE_URL = process.env.DATABASE_URL;
  } else {
    const postgres = await startThrowawayPostgres();
    cleanups.push(() => postgres.stop());
    env.DATABASE_URL = postgres.url;
    console.log(
      `[cluster] PostgreSQL: ${postgres.version} on 127.0.0.1:${postgres.port} (throwaway)`,
    );
  }
  if (process.env.S3_BUCKET) {
    console.log(
      `[cluster] S3: bucket ${process.env.S3_BUCKET}${process.env.S3_ENDPOINT ? ` at ${process.env.S3_ENDPOINT}` : ""} (yours: the pictures are kept there)`,
    );
  } else {
    const s3 = await startS3rver(s3rverDir ?? join(work, "s3rver"));
    cleanups.push(() => s3.close());
    Object.assign(env, s3.env);
    console.log(`[cluster] S3: s3rver at ${s3.env.S3_ENDPOINT}, bucket ${s3.env.S3_BUCKET}`);
    console.log(
      s3rverDir
        ? `[cluster] pictures are kept in ${s3rverDir} (S3RVER_DIR): not removed at exit, used again by the next run`
        : `[cluster] pictures are kept in ${join(work, "s3rver")}: removed at exit with the throwaway database`,
    );
  }
  // ADMIN_* makes an administrator only when none can sign in: on a kept database that already
  // has one, a password printed here would not work.
  let generated;
  if (!process.env.ADMIN_USERNAME && !keptDatabase) {
    generated = randomBytes(12).toString("base64url");
    Object.assign(env, { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: generated });
  }
  const port = Number(process.env.PORT ?? 3000);
  env.PUBLIC_URL = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;

  const name = (proc) => proc.padEnd(8);
  const cluster = await startCluster({
    env,
    proxyPort: port,
    workDir: join(work, "processes"),
    onLine: (proc, line, stream) =>
      (stream === "stderr" ? process.stderr : process.stdout).write(`${name(proc)} | ${line}\n`),
  });
  cleanups.push(() => cluster.stop());
  console.log(`[cluster] ready at ${cluster.proxy.url} (round-robin over the API processes)`);
  for (const proc of [...cluster.apis, ...cluster.workers]) {
    console.log(
      `[cluster]   ${proc.name.padEnd(9)} pid ${proc.pid}${"url" in proc ? `  ${proc.url}` : ""}  DATA_DIR=${proc.dataDir}`,
    );
  }
  if (generated) console.log(`[cluster] sign in as admin / ${generated}`);
  else if (keptDatabase && !process.env.ADMIN_USERNAME) {
    console.log(
      "[cluster] DATABASE_URL is kept: its administrators' passwords stand (a database with none gets one, whose password api-0's log above shows once as adminPassword)",
    );
  }
  console.log("[cluster] Ctrl-C stops everything.");
  for (const proc of cluster.processes) {
    proc.exited.then(({ code, signal }) => {
      if (!stopping)
        console.error(`[cluster] ${proc.name} exited (${signal ?? code}); its lines are above`);
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
