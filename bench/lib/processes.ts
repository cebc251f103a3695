/**
 * The real server processes, as `npm start` and `npm run worker` run them, for the benchmarks
 * that need a whole deployment (bench/ingest's batch, bench/soak): the API (`src/main.ts`) and
 * the job worker (`src/worker-main.ts`) as separate processes on one data directory. They run
 * from source under tsx by default, the same entry code `scripts/start.mjs` runs from the build
 * (`--built` there: `node scripts/start.mjs main|worker`, which first builds what is stale).
 * Memory is read from /proc: VmRSS now, VmHWM the process's peak.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

export type Entry = "main" | "worker";

/** Servers this process started: killed if it exits or is stopped before it stops them. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill("SIGKILL");
    process.exit(130);
  });
}

export interface ServerProcess {
  entry: Entry;
  child: ChildProcess;
  pid: number;
  /** Everything it wrote to stderr and stdout (the last 64 kB), for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts an entry with this environment; `built` runs it the way npm does (after a build). */
export function startEntry(
  entry: Entry,
  env: Record<string, string>,
  options: { built?: boolean; nodeFlags?: string[] } = {},
): ServerProcess {
  const source = entry === "main" ? "apps/server/src/main.ts" : "apps/server/src/worker-main.ts";
  const argv = options.built
    ? [...(options.nodeFlags ?? []), "scripts/start.mjs", entry]
    : [...(options.nodeFlags ?? []), "--enable-source-maps", "--import", "tsx", source];
  const child = spawn(process.execPath, argv, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  if (child.pid === undefined) throw new Error(`${entry}: did not start`);
  running.add(child);
  child.once("exit", () => running.delete(child));
  return {
    entry,
    child,
    pid: child.pid,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Waits until `url` answers 200 (the API's /readyz), or the process exits. */
export async function waitReady(url: string, server: ServerProcess, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.entry} exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.entry}: ${url} not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** Resident memory of a process now and at its peak, bytes (Linux /proc). */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss: kib("VmRSS") * 1024, peak: kib("VmHWM") * 1024 };
}

/**
 * CPU time of a process so far (user + system), ms (Linux /proc, clock ticks of 10 ms);
 * `withReapedChildren` adds what its children that have exited used (so a sum over a process
 * and its live children never goes down when one exits).
 */
export async function cpuMsOf(pid: number, withReapedChildren = false): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) in parentheses.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const own = Number(fields[11]) + Number(fields[12]);
  const reaped = withReapedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + reaped) * 10;
}

/** Signs in with a password through the API; returns the Cookie header value. */
export async function signInCookie(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("sawdust_session="));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie;
}

/** A multipart body of one image in the `images` field, as the upload page sends it. */
export function multipartBody(png: Buffer, filename: string): { body: Buffer; type: string } {
  const boundary = `----sawdustbench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, png, tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Uploads one image as an admin; returns its id. Sent with node:http in one write (fetch spent
 * tens of seconds of the client's CPU on a 41 MB body on this machine).
 */
export function uploadImage(
  base: string,
  cookie: string,
  body: { body: Buffer; type: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/v1/images/upload`,
      {
        method: "POST",
        headers: { cookie, "content-type": body.type, "content-length": body.body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 201) {
            reject(new Error(`upload: ${res.statusCode} ${text.slice(0, 300)}`));
            return;
          }
          const id = (JSON.parse(text) as { uploaded: Array<{ id: number }> }).uploaded[0]?.id;
          if (id === undefined) reject(new Error("upload returned no image"));
          else resolve(id);
        });
      },
    );
    req.on("error", reject);
    req.end(body.body);
  });
}
