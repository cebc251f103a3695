import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOP_TIMEOUT_MS } from "../apps/server/src/lib/stop-signals.js";
import { buildWhatIsStale } from "../scripts/lib/build.mjs";

/**
 * Issue 21: a supervisor signals the process it started, `npm start` or `npm run worker`, and
 * every process under it must be gone within the stated bound (STOP_TIMEOUT_MS, plus the quarter
 * second start.mjs takes to notice that npm itself was killed), with the port free again.
 *
 * Processes are found in /proc (Linux). The server gets WEB_DIST pointing at an empty folder of
 * the test's own, so start.mjs builds only the server bundle and never touches apps/web/dist,
 * which other runs (`npm test`'s own build, a parallel `vite build`) may be rewriting.
 */
const root = resolve(import.meta.dirname, "..");
const BOUND_MS = STOP_TIMEOUT_MS + 500;
const START_MS = 60_000;
const TEST_MS = START_MS + BOUND_MS + 10_000;

const work = mkdtempSync(join(tmpdir(), "sawdust-start-signals-"));
const baseEnv = {
  HOST: "127.0.0.1",
  DATA_DIR: join(work, "data"),
  WEB_DIST: join(work, "no-web-app"),
  DEMO_CONTENT: "false",
  LOG_LEVEL: "warn",
  WORKERS: "1",
};

beforeAll(async () => {
  // Once for the whole file, and only what is missing or stale; start.mjs would do it otherwise.
  expect(await buildWhatIsStale("main", baseEnv)).toBe(0);
  expect(await buildWhatIsStale("worker", baseEnv)).toBe(0);
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Proc {
  pid: number;
  start: string;
  command: string;
}

function stat(pid: number): { state: string; ppid: number; start: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid … starttime (field 22); comm may hold spaces and parentheses.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", ppid: Number(fields[1]), start: fields[19] ?? "" };
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "?";
  }
}

/** The process and every descendant of it, now. */
function processTree(top: number): Proc[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const info = stat(Number(name));
    if (info) children.set(info.ppid, [...(children.get(info.ppid) ?? []), Number(name)]);
  }
  const tree: Proc[] = [];
  const queue = [top];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const info = stat(pid);
    if (!info) continue;
    tree.push({ pid, start: info.start, command: commandOf(pid) });
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Still running: the same process (same start time, so not a reused id) and not a zombie. */
function running(proc: Proc): boolean {
  const info = stat(proc.pid);
  return (
    info !== undefined && info.start === proc.start && info.state !== "Z" && info.state !== "X"
  );
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function npm(args: string[], env: Record<string, string>): Run {
  const child = spawn("npm", args, {
    cwd: root,
    env: { ...process.env, ...baseEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on("exit", (code, signal) => done({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  failure: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((r) => setTimeout(r, 25));
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function listenOn(port: number): Promise<Server> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done(server));
  });
}

async function ready(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

async function startServer(): Promise<{ run: Run; port: number }> {
  const port = await freePort();
  const run = npm(["start"], { PORT: String(port) });
  await until(
    async () => run.child.exitCode === null && (await ready(port)),
    START_MS,
    () => `npm start did not answer /readyz:\n${run.output()}`,
  );
  return { run, port };
}

async function startWorker(signalLog = "info"): Promise<Run> {
  const run = npm(["run", "worker"], { LOG_LEVEL: signalLog });
  await until(
    () => run.child.exitCode === null && run.output().includes('"msg":"worker started"'),
    START_MS,
    () => `npm run worker did not start:\n${run.output()}`,
  );
  return run;
}

/** Signals npm only (not its process group) and waits for every process it started to end. */
async function stop(run: Run, signal: NodeJS.Signals, label: string): Promise<number> {
  const pid = run.child.pid ?? 0;
  const tree = processTree(pid);
  // npm and the node process it runs (start.mjs, which is the server), at least.
  expect(tree.length, tree.map((p) => p.command).join("\n")).toBeGreaterThanOrEqual(2);
  expect(tree.some((p) => p.command.includes("scripts/start.mjs"))).toBe(true);
  const started = performance.now();
  run.child.kill(signal);
  await until(
    () => !tree.some(running),
    BOUND_MS,
    () =>
      `${label}: still running ${BOUND_MS} ms after ${signal}:\n${tree
        .filter(running)
        .map((p) => `  ${p.pid} ${p.command}`)
        .join("\n")}\n${run.output()}`,
  );
  const ms = Math.round(performance.now() - started);
  const { code, signal: by } = await run.exited;
  console.info(
    `${label}: ${signal} → all ${tree.length} processes gone in ${ms} ms (npm: ${by ?? `exit ${code}`})`,
  );
  expect(run.output()).not.toContain("did not stop in time");
  return ms;
}

describe("npm start stops when its supervisor says so", () => {
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    it(
      `${signal} to npm: npm and the server end, the port is free`,
      async () => {
        const { run, port } = await startServer();
        await stop(run, signal, `npm start, ${signal}`);
        // npm passes SIGTERM and SIGINT on; it does not pass SIGHUP, so start.mjs sees it go.
        if (signal === "SIGHUP") expect(run.output()).toContain("the parent process");
        const server = await listenOn(port);
        await new Promise((r) => server.close(r));
      },
      TEST_MS,
    );
  }

  it(
    "npm killed outright (SIGKILL, nothing forwarded): the server notices and stops",
    async () => {
      const { run, port } = await startServer();
      await stop(run, "SIGKILL", "npm start, SIGKILL to npm");
      expect(run.output()).toContain("the parent process");
      const server = await listenOn(port);
      await new Promise((r) => server.close(r));
    },
    TEST_MS,
  );
});

describe("npm run worker stops when its supervisor says so", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(
      `${signal} to npm: npm and the worker end`,
      async () => {
        const run = await startWorker();
        await stop(run, signal, `npm run worker, ${signal}`);
        expect(run.output()).toContain('"msg":"worker stopping"');
      },
      TEST_MS,
    );
  }
});

describe("a server that cannot start fails npm start", () => {
  it(
    "the port is taken: it says so, and has not opened (or migrated) the database",
    async () => {
      const port = await freePort();
      const blocker = await listenOn(port);
      // The old release still serving on the port: the new one must leave its database alone.
      const dataDir = join(work, "port-taken");
      try {
        const run = npm(["start"], { PORT: String(port), DATA_DIR: dataDir });
        const { code } = await run.exited;
        expect(code).not.toBe(0);
        expect(run.output()).toMatch(
          new RegExp(`PORT ${port}: another process already listens there`),
        );
        expect(existsSync(join(dataDir, "sawdust.db"))).toBe(false);
      } finally {
        await new Promise((r) => blocker.close(r));
      }
    },
    TEST_MS,
  );

  it(
    "the worker's METRICS_PORT is taken: it says so, and has not opened the database",
    async () => {
      const port = await freePort();
      const blocker = await listenOn(port);
      const dataDir = join(work, "metrics-port-taken");
      try {
        const run = npm(["run", "worker"], { METRICS_PORT: String(port), DATA_DIR: dataDir });
        const { code } = await run.exited;
        expect(code).not.toBe(0);
        expect(run.output()).toMatch(
          new RegExp(`METRICS_PORT ${port}: another process already listens there`),
        );
        expect(existsSync(join(dataDir, "sawdust.db"))).toBe(false);
      } finally {
        await new Promise((r) => blocker.close(r));
      }
    },
    TEST_MS,
  );

  it.each([
    [{ PORT: "notaport" }, /Invalid configuration:\s+PORT:/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/],
  ])(
    "a bad setting: %o",
    async (env, message) => {
      const run = npm(["start"], env);
      const { code } = await run.exited;
      expect(code).not.toBe(0);
      expect(run.output()).toMatch(message);
    },
    TEST_MS,
  );
});
