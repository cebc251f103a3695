/**
 * Sawdust at scale on one machine, as `npm run cluster` starts it and the cluster test
 * (apps/server/test/cluster.int.test.ts) proves it: API processes (`npm start` with WORKERS=0),
 * worker processes (`npm run worker`), one PostgreSQL, one S3-compatible bucket, and a
 * round-robin proxy in front. Each process is a real entry point started exactly as an operator
 * would, in its own process group, with its own DATA_DIR (which, with S3, must stay empty).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./build.mjs";
import { startRoundRobinProxy } from "./round-robin-proxy.mjs";

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * s3rver (an S3 API on loopback, for tests and trying things out) with one bucket, storing in
 * `directory`. Returns the S3_* settings that point at it.
 */
export async function startS3rver(directory, bucket = "sawdust") {
  const { default: S3rver } = await import("s3rver");
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: () => server.close(),
  };
}

/**
 * `npm run --silent <script>` in a process group of its own, keeping what it prints (for
 * `output()`: start-up checks, failures, tests) and, given `onLine`, handing it each line as it
 * comes (`npm run cluster` prints them, so an operator follows requests and jobs live).
 */
function npmRun(name, script, env, dataDir, onLine) {
  const child = spawn("npm", ["run", "--silent", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const follow = (stream, from) => {
    let partial = "";
    // Decoded as a whole (a character split between two chunks is not garbled).
    stream.setEncoding("utf8");
    stream.on("data", (text) => {
      output += text;
      if (!onLine) return;
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) onLine(name, line, from);
    });
    // A last line without its line break, once the process has closed the stream.
    stream.on("end", () => {
      if (onLine && partial) onLine(name, partial, from);
      partial = "";
    });
  };
  follow(child.stdout, "stdout");
  follow(child.stderr, "stderr");
  // When it exited, once all it printed has been read (`close` comes after `exit`).
  const exited = new Promise((resolveExit) => {
    let at = 0;
    child.on("exit", () => {
      at = Date.now();
    });
    child.on("close", (code, signal) => resolveExit({ code, signal, at: at || Date.now() }));
  });
  return { name, child, pid: child.pid, env, dataDir, output: () => output, exited };
}

/** Waits for `probe`; a timeout names `what`, with what `proc` printed unless it was streamed. */
async function until(what, probe, ms, proc, streamed = false) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (proc && proc.child.exitCode !== null) break;
    try {
      if (await probe()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const output =
    proc && !streamed ? `:\n${proc.output()}` : streamed ? " (its lines are above)" : "";
  throw new Error(`timed out waiting for ${what}${output}`);
}

/**
 * Starts the cluster. `env` holds what every process shares (DATABASE_URL, S3_*, AI_*…);
 * API processes also get TRUST_PROXY naming the proxy (loopback), WORKERS=0 and a port each.
 * The first API process starts alone, so that it alone runs the migrations on a new database.
 * `onLine(name, line, stream)`, if given, gets each line a process prints, as it prints it.
 */
export async function startCluster({
  env,
  apis = 2,
  workers = 1,
  proxyPort = 0,
  workDir = mkdtempSync(join(tmpdir(), "sawdust-cluster-")),
  startMs = 90_000,
  onLine,
}) {
  if (["warn", "error", "fatal", "silent"].includes(env.LOG_LEVEL ?? "info")) {
    // A worker says it is running only in its log ("worker started").
    throw new Error("startCluster needs LOG_LEVEL info (or debug, trace) to see the workers start");
  }
  const processes = [];
  const dataDir = (name) => {
    const dir = join(workDir, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const startApi = async (index) => {
    const port = await freePort();
    const name = `api-${index}`;
    const proc = npmRun(
      name,
      "start",
      {
        ...env,
        WORKERS: "0",
        HOST: "127.0.0.1",
        PORT: String(port),
        TRUST_PROXY: env.TRUST_PROXY ?? "127.0.0.1",
        DATA_DIR: dataDir(name),
      },
      join(workDir, name),
      onLine,
    );
    processes.push(proc);
    const url = `http://127.0.0.1:${port}`;
    await until(
      `${name} to be ready`,
      async () => (await fetch(`${url}/readyz`)).ok,
      startMs,
      proc,
      Boolean(onLine),
    );
    return { ...proc, url, port };
  };
  let workerCount = 0;
  /** Starts one more `npm run worker`; resolves once it has said it started. */
  const startWorker = async () => {
    const name = `worker-${workerCount++}`;
    const proc = npmRun(
      name,
      "worker",
      { ...env, DATA_DIR: dataDir(name) },
      join(workDir, name),
      onLine,
    );
    processes.push(proc);
    await until(
      `${name} to start`,
      async () => proc.output().includes("worker started"),
      startMs,
      proc,
      Boolean(onLine),
    );
    return proc;
  };

  try {
    const first = await startApi(0);
    const rest = await Promise.all(Array.from({ length: apis - 1 }, (_, i) => startApi(i + 1)));
    const apiProcs = [first, ...rest];
    const workerProcs = await Promise.all(Array.from({ length: workers }, () => startWorker()));
    const proxy = await startRoundRobinProxy({
      backends: apiProcs.map((api) => api.url),
      port: proxyPort,
    });
    return {
      workDir,
      proxy,
      apis: apiProcs,
      workers: workerProcs,
      startWorker: async () => {
        const proc = await startWorker();
        workerProcs.push(proc);
        return proc;
      },
      /** Every process started, in order, for logs. */
      processes,
      /** SIGTERM to each process still running (as a supervisor sends), SIGKILL after 10 s. */
      async stop() {
        await proxy.close();
        await stopAll(processes);
      },
    };
  } catch (error) {
    await stopAll(processes);
    throw error;
  }
}

async function stopAll(processes) {
  const running = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  for (const proc of running) signal(proc, "SIGTERM");
  const killer = setTimeout(() => {
    for (const proc of running) signal(proc, "SIGKILL");
  }, 10_000);
  await Promise.all(running.map((proc) => proc.exited));
  clearTimeout(killer);
}

/** Signals a process's whole group (npm and the node under it). */
export function signal(proc, name) {
  try {
    process.kill(-proc.pid, name);
  } catch {
    // already gone
  }
}
