/**
 * Sawdust at scale, proven together (issue 17, acceptance 1): two API processes (`npm start`
 * with WORKERS=0), one `npm run worker`, one PostgreSQL, one S3 endpoint (s3rver on loopback)
 * and the round-robin proxy `npm run cluster` uses, started by the same code
 * (scripts/lib/cluster.mjs). PostgreSQL only: the integration suite runs once per database, and
 * the SQLite run skips this file with a message.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWhatIsStale } from "../../../scripts/lib/build.mjs";
import {
  type Cluster,
  type ClusterProcess,
  signal,
  startCluster,
  startS3rver,
} from "../../../scripts/lib/cluster.mjs";
import { loadConfig } from "../src/config.js";
import { type DatabaseHandle, openDatabase } from "../src/db/database.js";
import { STOP_TIMEOUT_MS } from "../src/lib/stop-signals.js";
import { FakeVisionServer } from "./fake-vision-server.js";
import { filesUnder } from "./files-under.js";
import { makePng, multipart } from "./images.js";
import { createTestDatabase, TEST_DB } from "./test-app.js";
import { until } from "./until.js";

const ADMIN = { username: "cluster_admin", password: "cluster admin password" };
const ON_POSTGRES = TEST_DB === "postgres";

if (!ON_POSTGRES) {
  console.info(
    "cluster.int.test.ts: skipped on SQLite — the cluster shares one PostgreSQL; it runs in npm test's PostgreSQL pass",
  );
}

interface Json {
  // biome-ignore lint/suspicious/noExplicitAny: the test reads a few fields of each answer.
  [key: string]: any;
}

describe.skipIf(!ON_POSTGRES)(
  "the cluster: two API processes, a worker, PostgreSQL, S3, a proxy",
  () => {
    const vision = new FakeVisionServer();
    const work = mkdtempSync(join(tmpdir(), "sawdust-cluster-test-"));
    let cluster: Cluster;
    let s3: Awaited<ReturnType<typeof startS3rver>>;
    let db: DatabaseHandle;
    let drop = async () => {};
    let adminCookie = "";
    let imageId = 0;
    const logs = () =>
      cluster?.processes.map((p) => `--- ${p.name}\n${p.output().slice(-4000)}`).join("\n") ?? "";

    /** A request to one process (or the proxy), as JSON. */
    const call = async (base: string, path: string, init: RequestInit = {}) => {
      const response = await fetch(`${base}${path}`, init);
      const text = await response.text();
      return {
        status: response.status,
        backend: response.headers.get("x-backend"),
        json: (text.startsWith("{") ? JSON.parse(text) : {}) as Json,
        headers: response.headers,
      };
    };
    const [a, b] = [() => cluster.apis[0]?.url ?? "", () => cluster.apis[1]?.url ?? ""];
    const signIn = async (base: string, body: { username: string; password: string }) => {
      const response = await fetch(`${base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        backend: response.headers.get("x-backend"),
        cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
      };
    };
    const uploadVia = async (base: string, seed: number) => {
      const body = multipart({
        name: `cluster-${seed}.png`,
        data: await makePng(900, 900, { seed }),
      });
      const response = await fetch(`${base}/api/v1/images/upload`, {
        method: "POST",
        headers: { ...body.headers, cookie: adminCookie },
        body: new Uint8Array(body.payload),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as Json).uploaded[0] as { id: number; isPublic: boolean };
    };
    const visitorList = async (base: string) =>
      ((await call(base, "/api/v1/images?limit=50")).json.images as Array<{ id: number }>).map(
        (i) => i.id,
      );
    const analysed = (id: number, ms = 120_000) =>
      until(
        `the analysis of image ${id}`,
        async () => {
          const { json } = await call(b(), `/api/v1/images/${id}`, {
            headers: { cookie: adminCookie },
          });
          return json.analysisStatus === "done" && json.aiAnalysis?.contentRating
            ? json
            : undefined;
        },
        ms,
        { logs },
      );

    beforeAll(async () => {
      // Built once here (a no-op when npm test has built it), never by three processes at once.
      const webDist = join(work, "web");
      mkdirSync(webDist, { recursive: true });
      writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Sawdust</title>");
      expect(await buildWhatIsStale("main", { ...process.env, WEB_DIST: webDist })).toBe(0);
      expect(await buildWhatIsStale("worker", process.env)).toBe(0);
      const database = await createTestDatabase();
      drop = database.drop;
      s3 = await startS3rver(join(work, "s3rver"));
      cluster = await startCluster({
        workDir: join(work, "processes"),
        env: {
          ...database.env,
          ...s3.env,
          WEB_DIST: webDist,
          DEMO_CONTENT: "false",
          LOG_LEVEL: "info",
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
          AI_BASE_URL: await vision.start(),
          AI_MODEL: "test-vision",
          // A dead worker's job is taken over after 5 s (30 s by default).
          JOB_LEASE_SECONDS: "5",
          STOP_DRAIN_SECONDS: "1",
        },
      });
      db = openDatabase(loadConfig(database.env));
      adminCookie = (await signIn(cluster.proxy.url, ADMIN)).cookie;
      expect(adminCookie).toMatch(/^sawdust_session=/);
    }, 240_000);

    afterAll(async () => {
      await cluster?.stop();
      await db?.close();
      await s3?.close();
      await vision.stop();
      await drop();
      rmSync(work, { recursive: true, force: true });
    }, 60_000);

    it("a session made through A works on B", async () => {
      const made = await signIn(a(), ADMIN);
      expect(made.status).toBe(200);
      const onB = await call(b(), "/api/v1/auth/user", { headers: { cookie: made.cookie } });
      expect(onB.status).toBe(200);
      expect(onB.json.username).toBe(ADMIN.username);
    });

    it("an upload through A is rated and analysed by the worker, and listed by B", async () => {
      const image = await uploadVia(a(), 1);
      imageId = image.id;
      expect(image.isPublic).toBe(false); // the API processes run no worker
      const done = await analysed(image.id);
      expect(done.aiAnalysis.contentRating.model).toMatch(/nsfw|mobilenet/i);
      expect(done.aiAnalysis.fieldSources.title).toBe("vision");
      expect(done.isPublic).toBe(true);
      await until(
        "B's visitor list to show it",
        async () => ((await visitorList(b())).includes(image.id) ? true : undefined),
        2_000,
      );
    }, 150_000);

    it("hiding on B is gone from A's lists at once (LISTEN/NOTIFY), not after A's 5 s cache", async () => {
      // A keeps its visitor list page for 5 s: ask for it first, so it is cached.
      expect(await visitorList(a())).toContain(imageId);
      const hidden = await call(b(), `/api/v1/images/${imageId}/visibility`, {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie: adminCookie },
        body: JSON.stringify({ isPublic: false }),
      });
      expect(hidden.status).toBe(200);
      const started = performance.now();
      await until(
        "A's list to drop it",
        async () => ((await visitorList(a())).includes(imageId) ? undefined : true),
        1_000,
      );
      const ms = Math.round(performance.now() - started);
      console.info(`cluster: hidden on B, gone from A's cached list after ${ms} ms`);
      expect(ms).toBeLessThan(1_000);
      expect((await call(a(), `/api/v1/images/${imageId}`)).status).toBe(404);
      // Shown again through A: back in B's list at once.
      await call(a(), `/api/v1/images/${imageId}/visibility`, {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie: adminCookie },
        body: JSON.stringify({ isPublic: true }),
      });
      await until(
        "B's list to show it again",
        async () => ((await visitorList(b())).includes(imageId) ? true : undefined),
        1_000,
      );
    });

    it("a free member's monthly downloads are one quota across both processes", async () => {
      const member = { username: "cluster_member", password: "cluster member password" };
      const registered = await fetch(`${a()}/api/v1/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...member, email: "cluster_member@example.com" }),
      });
      expect(registered.status).toBe(201);
      const cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const statuses: string[] = [];
      for (let i = 0; i < 11; i++) {
        const base = i % 2 === 0 ? a() : b();
        const response = await fetch(`${base}/api/v1/images/${imageId}/download?size=basic`, {
          headers: { cookie },
        });
        await response.arrayBuffer();
        statuses.push(`${i % 2 === 0 ? "A" : "B"}:${response.status}`);
      }
      // Ten downloads, alternating A and B, then the eleventh (on A) is refused.
      expect(statuses.slice(0, 10).every((s) => s.endsWith(":200"))).toBe(true);
      expect(statuses[10]).toBe("A:429");
      expect((await call(b(), "/api/v1/usage", { headers: { cookie } })).json.downloads.used).toBe(
        10,
      );
    });

    it("sign-in limits are shared: five wrong passwords through the proxy, spread over A and B, lock the account on both", async () => {
      const wrong = { username: "cluster_member", password: "not the password" };
      const tries: Array<{ status: number; backend: string | null }> = [];
      for (let i = 0; i < 6; i++) tries.push(await signIn(cluster.proxy.url, wrong));
      expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(new Set(tries.map((t) => t.backend))).toEqual(new Set(["0", "1"]));
      expect((await signIn(a(), wrong)).status).toBe(429);
      expect((await signIn(b(), wrong)).status).toBe(429);
    });

    it("a partner's API-key limit is one count across both processes", async () => {
      const created = await call(a(), "/api/v1/api-keys", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: adminCookie },
        body: JSON.stringify({ name: "cluster partner", rateLimitPerHour: 6 }),
      });
      expect(created.status).toBe(201);
      const key = created.json.apiKey as string;
      const seen: string[] = [];
      for (let i = 0; i < 7; i++) {
        const base = i % 2 === 0 ? a() : b();
        const answer = await call(base, "/api/v1/marketing/tags", {
          headers: { authorization: `Bearer ${key}` },
        });
        seen.push(
          `${i % 2 === 0 ? "A" : "B"}:${answer.status}:${answer.headers.get("x-ratelimit-remaining")}`,
        );
      }
      // Six requests, alternating A and B, count down one hourly allowance; the seventh is refused.
      expect(seen).toEqual([
        "A:200:5",
        "B:200:4",
        "A:200:3",
        "B:200:2",
        "A:200:1",
        "B:200:0",
        "A:429:0",
      ]);
    });

    it("behind the proxy each client's own address counts (TRUST_PROXY)", async () => {
      // The proxy appends the client's address; the API processes trust only the proxy's.
      const from = (localAddress: string, forged?: string) =>
        new Promise<string>((resolve, reject) => {
          const url = new URL(cluster.proxy.url);
          const req = request(
            {
              host: url.hostname,
              port: url.port,
              path: "/api/v1/auth/user",
              localAddress,
              headers: forged ? { "x-forwarded-for": forged } : {},
            },
            (res) => {
              res.resume();
              resolve(String(res.headers["x-request-id"] ?? ""));
            },
          );
          req.on("error", reject);
          req.end();
        });
      const id2 = await from("127.0.0.2");
      const id3 = await from("127.0.0.3", "203.0.113.50");
      await until(
        "both requests in the logs",
        async () => {
          const text = cluster.apis.map((api) => api.output()).join("\n");
          return text.includes(id2) && text.includes(id3) ? text : undefined;
        },
        5_000,
      );
      const text = cluster.apis.map((api) => api.output()).join("\n");
      const addressOf = (id: string) =>
        text
          .split("\n")
          .filter((line) => line.includes(`"reqId":"${id}"`) && line.includes('"incoming request"'))
          .map((line) => (JSON.parse(line) as Json).req.remoteAddress)[0];
      expect(addressOf(id2)).toBe("127.0.0.2");
      expect(addressOf(id3)).toBe("127.0.0.3");
    });

    it("the worker killed with SIGKILL mid-job: another worker finishes the job, once", async () => {
      vision.mode = "timeout"; // the job waits on the vision model: it is mid-run when killed
      const image = await uploadVia(cluster.proxy.url, 2);
      const job = await until(
        "the worker to be running the job",
        async () => {
          const row = await db.db
            .selectFrom("jobs")
            .selectAll()
            .where("image_id", "=", image.id)
            .executeTakeFirst();
          return row?.status === "running" && vision.requests.length > 1 ? row : undefined;
        },
        120_000,
        { logs },
      );
      const first = cluster.workers[0] as ClusterProcess;
      signal(first, "SIGKILL");
      await first.exited;
      vision.mode = "good";
      const second = await cluster.startWorker();
      const done = await analysed(image.id, 120_000);
      expect(done.aiAnalysis.fieldSources.title).toBe("vision");
      // The analysis is stored before the worker marks its job done: wait for the mark.
      const row = await until(
        "the job to be marked done",
        async () => {
          const current = await db.db
            .selectFrom("jobs")
            .selectAll()
            .where("id", "=", job.id)
            .executeTakeFirstOrThrow();
          return current.status === "running" ? undefined : current;
        },
        10_000,
        { logs },
      );
      expect(row.status).toBe("done");
      expect(row.attempts).toBe(2); // the killed run, then the one that finished
      const finishedBy = (proc: ClusterProcess) =>
        proc
          .output()
          .split("\n")
          .filter(
            (line) => line.includes('"msg":"job done"') && line.includes(`"jobId":${job.id},`),
          ).length;
      // The worker logs "job done" after the row says so, and its output reaches this test
      // through a pipe a moment later: wait for the line before counting.
      await until(
        "the second worker to log the job as done",
        async () => (finishedBy(second) > 0 ? true : undefined),
        10_000,
        { logs },
      );
      expect(finishedBy(first)).toBe(0);
      expect(finishedBy(second)).toBe(1);
    }, 240_000);

    it("an API process stopped with SIGTERM under load drops no accepted request", async () => {
      const [, stopping] = cluster.apis;
      if (!stopping) throw new Error("no second API process");
      const statuses = new Map<number, number>();
      const errors = new Map<string, number>();
      let finish: () => void = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const load = autocannon(
        { url: `${cluster.proxy.url}/api/v1/images?limit=20`, connections: 50, duration: 5 },
        () => finish(),
      );
      load.on("response", (_client, status) =>
        statuses.set(status, (statuses.get(status) ?? 0) + 1),
      );
      load.on("reqError", (error: { code?: string; message?: string }) => {
        const key = error.code ?? error.message ?? "error";
        errors.set(key, (errors.get(key) ?? 0) + 1);
      });
      await new Promise((r) => setTimeout(r, 1_500));
      const servedBefore = cluster.proxy.stats.byBackend[1] ?? 0;
      const signalled = Date.now();
      stopping.child.kill("SIGTERM"); // to npm, as a supervisor does
      const exit = await stopping.exited;
      await done;
      const stopMs = Math.round(exit.at - signalled);
      expect(exit.code).toBe(0);
      expect(stopMs).toBeLessThan(STOP_TIMEOUT_MS);
      expect(Object.fromEntries(errors)).toEqual({});
      expect([...statuses.keys()]).toEqual([200]);
      expect(cluster.proxy.stats.failures).toBe(0);
      const total = statuses.get(200) ?? 0;
      console.info(
        `cluster: SIGTERM to B under 50 connections: ${total} requests, all 200, none failed; B served ${cluster.proxy.stats.byBackend[1]} (${servedBefore} before the signal), exited 0 in ${stopMs} ms; the proxy retried ${cluster.proxy.stats.retries} refused connections on A`,
      );
    }, 60_000);

    it("no API process wrote anything to its local disk: media live in S3", async () => {
      for (const api of cluster.apis) expect(filesUnder(api.dataDir), api.name).toEqual([]);
      for (const worker of cluster.workers)
        expect(filesUnder(worker.dataDir), worker.name).toEqual([]);
      const stored = filesUnder(join(work, "s3rver"));
      expect(stored.some((path) => path.includes(`images/${imageId}/`))).toBe(true);
    });
  },
);
