/**
 * `npm run cluster` (scripts/cluster.mjs) as an operator runs it on a database of their own: it
 * refuses to start without a folder to keep the pictures in (a temp folder removed at Ctrl-C left
 * every image of the kept database 404), keeps them there through Ctrl-C and serves them on the
 * next run, prints no admin password that would not work, and prints each process's lines as
 * they come. PostgreSQL only, as cluster.int.test.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWhatIsStale } from "../../../scripts/lib/build.mjs";
import { freePort } from "../../../scripts/lib/cluster.mjs";
import { filesUnder } from "./files-under.js";
import { makePng, multipart } from "./images.js";
import { createTestDatabase, TEST_DB } from "./test-app.js";
import { until } from "./until.js";

const root = resolve(import.meta.dirname, "../../..");
const ON_POSTGRES = TEST_DB === "postgres";

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node scripts/cluster.mjs`, as `npm run cluster` runs it, with the operator's settings. */
function runCluster(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ["scripts/cluster.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      S3_BUCKET: "",
      S3RVER_DIR: "",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
  return { child, output: () => output, exited };
}

describe.skipIf(!ON_POSTGRES)("npm run cluster on the operator's own database", () => {
  const work = mkdtempSync(join(tmpdir(), "sawdust-cluster-script-test-"));
  const webDist = join(work, "web");
  const runs: Run[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Sawdust</title>");
    expect(await buildWhatIsStale("main", { ...process.env, WEB_DIST: webDist })).toBe(0);
    expect(await buildWhatIsStale("worker", process.env)).toBe(0);
    database = await createTestDatabase();
  }, 240_000);

  afterAll(async () => {
    for (const run of runs) {
      if (run.child.exitCode === null) run.child.kill("SIGINT");
      await run.exited;
    }
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  /** Starts the script and waits until it says the cluster is ready. */
  const start = async (env: Record<string, string>) => {
    const run = runCluster({ ...database.env, WEB_DIST: webDist, ...env });
    runs.push(run);
    await until(
      "the cluster to be ready",
      async () => {
        if (run.child.exitCode !== null) throw new Error(`exited ${run.child.exitCode}`);
        return run.output().includes("[cluster] Ctrl-C stops everything.") ? true : undefined;
      },
      120_000,
      { everyMs: 200, logs: run.output },
    );
    return run;
  };
  const ctrlC = async (run: Run) => {
    run.child.kill("SIGINT");
    expect(await run.exited, run.output()).toBe(0);
  };
  const signIn = async (base: string, password: string) => {
    const response = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password }),
    });
    expect(response.status).toBe(200);
    return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  };

  it("refuses to start without a place to keep the pictures, saying what to set", async () => {
    const run = runCluster({ ...database.env, WEB_DIST: webDist, PORT: String(await freePort()) });
    runs.push(run);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(
      "[cluster] DATABASE_URL is kept after the cluster stops, so its pictures must be too: set S3RVER_DIR",
    );
    expect(run.output()).not.toContain("api-0");
  }, 60_000);

  it("keeps the pictures in S3RVER_DIR through Ctrl-C and serves them on the next run; prints each process's lines as they come, and no password that would not work", async () => {
    // A relative S3RVER_DIR is taken from where npm ran (INIT_CWD), not the repository's root.
    const env = { PORT: String(await freePort()), S3RVER_DIR: "pictures", INIT_CWD: work };
    const pictures = join(work, "pictures");
    const first = await start(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    expect(first.output()).toContain(`[cluster] pictures are kept in ${pictures} (S3RVER_DIR)`);
    expect(first.output()).not.toContain("sign in as admin");
    expect(first.output()).toContain("its administrators' passwords stand");
    // The administrator the new database got: api-0's own line, printed while it runs.
    const made = /^api-0\s+\| .*"adminPassword":"([^"]+)"/m.exec(first.output());
    expect(made, first.output()).not.toBeNull();
    expect(first.output()).toMatch(/^worker-0\s+\| .*worker started/m);
    const password = made?.[1] ?? "";

    const cookie = await signIn(base, password);
    const body = multipart({ name: "kept.png", data: await makePng(900, 900, { seed: 7 }) });
    const uploaded = await fetch(`${base}/api/v1/images/upload`, {
      method: "POST",
      headers: { ...body.headers, cookie },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const image = ((await uploaded.json()) as { uploaded: Array<{ id: number; urlSmall: string }> })
      .uploaded[0];
    expect(image?.urlSmall).toMatch(/^\/media\//);
    const rendition = `${base}${image?.urlSmall}`;
    expect((await fetch(rendition, { headers: { cookie } })).status).toBe(200);
    // The upload's request line, from whichever API process answered, while the cluster runs.
    await until(
      "the upload's request line",
      async () => (/^api-\d\s+\| .*images\/upload/m.test(first.output()) ? true : undefined),
      10_000,
      { logs: first.output },
    );
    await ctrlC(first);
    expect(filesUnder(pictures).length).toBeGreaterThan(0);

    const second = await start(env);
    expect(second.output()).not.toContain("sign in as admin");
    expect(second.output()).not.toContain(`"adminPassword":`);
    const again = await signIn(base, password);
    expect((await fetch(rendition, { headers: { cookie: again } })).status).toBe(200);
    await ctrlC(second);
    expect(filesUnder(pictures).length).toBeGreaterThan(0);
  }, 300_000);
});
