/**
 * The split deployment, through the real entry points: an API process (`npm start`, WORKERS=0)
 * and a worker process (`npm run worker`) sharing one database (one SQLite data directory, or
 * one PostgreSQL) rate and analyse an upload, with the vision model the config names.
 * `npm test` builds the app before the suites run, so neither command builds here.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeVisionServer } from "./fake-vision-server.js";
import { makePng, multipart } from "./images.js";
import { createTestDatabase, TEST_DB } from "./test-app.js";
import { until } from "./until.js";

const root = resolve(import.meta.dirname, "../../..");
const ADMIN = { username: "split-admin", password: "split-admin-password" };

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts `npm run <script>` in its own process group, keeping what it prints. */
function npmRun(script: string, env: Record<string, string>) {
  const child = spawn("npm", ["run", "--silent", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

describe(`the split deployment (npm start with WORKERS=0, npm run worker) on ${TEST_DB}`, () => {
  const vision = new FakeVisionServer();
  const processes: ChildProcess[] = [];
  let base = "";
  let dataDir = "";
  let drop = async () => {};
  let logs: Array<() => string> = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    dataDir = mkdtempSync(join(tmpdir(), "sawdust-split-"));
    const port = await freePort();
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_CONTENT: "false",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: "split-admin@example.com",
      AI_BASE_URL: await vision.start(),
      AI_MODEL: "test-vision",
    };
    const api = npmRun("start", { ...env, WORKERS: "0" });
    processes.push(api.child);
    base = `http://127.0.0.1:${port}`;
    await until(
      "the API process",
      async () => ((await fetch(`${base}/readyz`)).ok ? true : undefined),
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${api.output()}`);
    });
    // Only now: the worker must not race the API process's migrations on a fresh database.
    const worker = npmRun("worker", env);
    processes.push(worker.child);
    logs = [api.output, worker.output];
  }, 120_000);

  afterAll(async () => {
    for (const child of processes) {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    await vision.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the worker process rates the upload with the content rater and words it with the vision model; it is public only then", async () => {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

    const body = multipart({ name: "split.png", data: await makePng(900, 900, { seed: 3 }) });
    const uploaded = await fetch(`${base}/api/v1/images/upload`, {
      method: "POST",
      headers: { ...body.headers, cookie, origin: base },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status).toBe(201);
    const image = (
      (await uploaded.json()) as { uploaded: Array<{ id: number; isPublic: boolean }> }
    ).uploaded[0] as { id: number; isPublic: boolean };
    // Not public before it is rated: the API process runs no worker.
    expect(image.isPublic).toBe(false);
    const visitorList = async () =>
      (
        (await (await fetch(`${base}/api/v1/images?limit=50`)).json()) as {
          images: Array<{ id: number }>;
        }
      ).images.map((i: { id: number }) => i.id);
    expect(await visitorList()).not.toContain(image.id);

    const analysed = await until(
      "the worker's analysis",
      async () => {
        const response = await fetch(`${base}/api/v1/images/${image.id}`, {
          headers: { cookie },
        });
        // biome-ignore lint/suspicious/noExplicitAny: the test reads a few fields of the answer.
        const json = (await response.json()) as any;
        // Done, not merely rated: the analysis writes its words while the upload is private and
        // only then publishes it, so a rating seen earlier can come before `isPublic` (a599004).
        return json.analysisStatus === "done" ? json : undefined;
      },
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${logs.map((l) => l()).join("\n")}`);
    });
    expect(analysed.aiAnalysis.contentRating.model).toMatch(/nsfw|mobilenet/i);
    expect(analysed.aiAnalysis.title).toBe("Crimson Tide");
    expect(analysed.aiAnalysis.fieldSources.title).toBe("vision");
    expect(vision.requests.length).toBeGreaterThan(0);
    expect(analysed.isPublic).toBe(true);
    // The API process hears of the worker's commit within moments (PostgreSQL: LISTEN/NOTIFY;
    // SQLite: the watch for other processes' commits) and drops its cached lists.
    await until(
      "the visitor list to show it",
      async () => ((await visitorList()).includes(image.id) ? true : undefined),
      3_000,
    );
  }, 120_000);
});
