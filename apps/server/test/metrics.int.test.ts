/**
 * `/metrics` (issue 17, acceptance 4): after a scripted mix of requests and jobs, the scrape
 * parses as Prometheus text and its counters equal the test's own counts. Also: who may scrape,
 * METRICS_PORT, and the request id that follows an upload into its job and the worker's log.
 */
import type { AddressInfo } from "node:net";
import type { InjectOptions } from "fastify";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorker } from "../src/background.js";
import { serveMetrics } from "../src/http/metrics.js";
import { DEFAULT_WORKER_OPTIONS, Worker } from "../src/jobs/worker.js";
import { calmRater, makePng, multipart } from "./images.js";
import { parsePrometheusText, sampleValue, sumOf } from "./prometheus-text.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "./test-app.js";

const ANALYZE = "analyze-image";

describe(`/metrics after a scripted mix on ${TEST_DB}`, () => {
  const clock = new TestClock();
  const logLines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  let app: TestApp;
  /** Every request this test makes, so the scrape can be held to the test's own count. */
  let sent = 0;
  const call = async (options: InjectOptions) => {
    sent += 1;
    return app.server.inject(options);
  };
  const scrape = async () => {
    const response = await call({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(response.body);
  };

  beforeAll(async () => {
    app = await createTestApp({}, { rater: calmRater, clock, authLimits: { accountFailures: 2 } });
  });
  afterAll(() => app.close());

  it("counts requests by route and status, uploads, downloads by size, refusals and jobs exactly", async () => {
    const register = async (username: string) => {
      const response = await call({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: { username, email: `${username}@example.com`, password: "correct horse battery" },
      });
      expect(response.statusCode).toBe(201);
      const cookie = response.cookies.find((c) => c.name === "sawdust_session");
      return { cookie: `sawdust_session=${cookie?.value}`, id: response.json().user.id as number };
    };
    const admin = await register("metrics_admin");
    await app.database.db
      .updateTable("users")
      .set({ role: "admin" })
      .where("id", "=", admin.id)
      .execute();
    const member = await register("metrics_member");

    for (let i = 0; i < 3; i++)
      expect((await call({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await call({ method: "GET", url: "/api/v1/images?limit=5" })).statusCode).toBe(200);
    // Two wrong passwords for one account, then the account's limit refuses.
    const wrong = { username: "metrics_member", password: "not the password" };
    const signIns = [];
    for (let i = 0; i < 3; i++)
      signIns.push(
        (await call({ method: "POST", url: "/api/v1/auth/login", payload: wrong })).statusCode,
      );
    expect(signIns).toEqual([401, 401, 429]);
    expect((await call({ method: "GET", url: "/api/v1/no-such-thing" })).statusCode).toBe(404);

    // Two uploads, each with the request id a proxy in front would send; one refused file.
    const uploaded: number[] = [];
    for (const [i, requestId] of ["mix-upload-1", "mix-upload-2"].entries()) {
      const body = multipart({ name: `m${i}.png`, data: await makePng(900, 900, { seed: i }) });
      const response = await call({
        method: "POST",
        url: "/api/v1/images/upload",
        payload: body.payload,
        headers: { ...body.headers, cookie: admin.cookie, "x-request-id": requestId },
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers["x-request-id"]).toBe(requestId);
      uploaded.push(response.json().uploaded[0].id);
    }
    const junk = multipart({ name: "notes.png", data: Buffer.from("not a picture at all") });
    const refused = await call({
      method: "POST",
      url: "/api/v1/images/upload",
      payload: junk.payload,
      headers: { ...junk.headers, cookie: admin.cookie },
    });
    expect(refused.statusCode).toBe(400);

    // The queue as a scrape reads it: two analyses waiting, the oldest for 7 s.
    clock.advance(7_000);
    const queued = await scrape();
    expect(sampleValue(queued, "sawdust_jobs_waiting", { kind: ANALYZE })).toBe(2);
    expect(sampleValue(queued, "sawdust_jobs_running", { kind: ANALYZE })).toBe(0);
    expect(sampleValue(queued, "sawdust_jobs_oldest_waiting_age_seconds", { kind: ANALYZE })).toBe(
      7,
    );

    // The jobs carry the request id of the upload that queued them.
    const [first] = await app.services.jobs.findByImage(uploaded[0] as number);
    expect(JSON.parse(first?.payload ?? "{}").requestId).toBe("mix-upload-1");

    // The worker runs them (reporting to this app's metrics), and a job kind that always fails
    // is retried once and then fails for good.
    const observe = (run: { kind: string; outcome: string; seconds: number }) =>
      app.metrics.observeJob(run);
    const worker = createWorker(app.services, log as never, { observe });
    while (await worker.runOnce()) {}
    const failing = new Worker(
      app.services.jobs,
      {
        "always-fails": async () => {
          throw new Error("nope");
        },
      },
      clock,
      log as never,
      { ...DEFAULT_WORKER_OPTIONS, backoffBaseMs: 1000, backoffCapMs: 1000, observe },
    );
    await app.services.jobs.enqueue("always-fails", uploaded[0] as number, {}, 2, clock.now());
    expect(await failing.runOnce()).toBe(true);
    clock.advance(2_000);
    expect(await failing.runOnce()).toBe(true);

    // Downloads: two previews as a visitor, one basic as a member (the analysis published both).
    const bytes: Record<string, number> = { preview: 0, basic: 0 };
    const download = async (size: "preview" | "basic", cookie?: string) => {
      const response = await call({
        method: "GET",
        url: `/api/v1/images/${uploaded[1]}/download?size=${size}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(200);
      bytes[size] = (bytes[size] ?? 0) + Number(response.headers["content-length"]);
    };
    await download("preview");
    await download("preview");
    await download("basic", member.cookie);

    const metrics = await scrape();
    const requests = (method: string, route: string, status: number) =>
      sampleValue(metrics, "sawdust_http_requests_total", {
        method,
        route,
        status: String(status),
      });
    expect(requests("POST", "/api/v1/auth/register", 201)).toBe(2);
    expect(requests("GET", "/healthz", 200)).toBe(3);
    expect(requests("GET", "/api/v1/images", 200)).toBe(2);
    expect(requests("POST", "/api/v1/auth/login", 401)).toBe(2);
    expect(requests("POST", "/api/v1/auth/login", 429)).toBe(1);
    expect(requests("POST", "/api/v1/images/upload", 201)).toBe(2);
    expect(requests("POST", "/api/v1/images/upload", 400)).toBe(1);
    expect(requests("GET", "/api/v1/images/:id/download", 200)).toBe(3);
    expect(requests("GET", "/metrics", 200)).toBe(1);
    expect(requests("GET", "(unmatched)", 404)).toBe(1);
    // Every request the test made, the scrape being answered aside, and nothing else.
    expect(sumOf(metrics, "sawdust_http_requests_total")).toBe(sent - 1);
    expect(sumOf(metrics, "sawdust_http_request_duration_seconds_count")).toBe(sent - 1);
    expect(
      sampleValue(metrics, "sawdust_http_request_duration_seconds_count", {
        method: "GET",
        route: "/healthz",
        status: "200",
      }),
    ).toBe(3);
    // No raw URL is ever a label: the unknown path is one series.
    const routes = new Set(
      (metrics.get("sawdust_http_requests_total")?.samples ?? []).map((s) => s.labels.route),
    );
    expect([...routes].some((route) => route?.includes("no-such-thing"))).toBe(false);

    expect(sampleValue(metrics, "sawdust_uploads_total", { status: "201" })).toBe(2);
    expect(sampleValue(metrics, "sawdust_uploads_total", { status: "400" })).toBe(1);
    expect(sampleValue(metrics, "sawdust_downloads_total", { size: "preview" })).toBe(2);
    expect(sampleValue(metrics, "sawdust_downloads_total", { size: "basic" })).toBe(1);
    expect(sampleValue(metrics, "sawdust_download_bytes_total", { size: "preview" })).toBe(
      bytes.preview,
    );
    expect(sampleValue(metrics, "sawdust_download_bytes_total", { size: "basic" })).toBe(
      bytes.basic,
    );
    expect(
      sampleValue(metrics, "sawdust_rate_limit_refusals_total", { route: "/api/v1/auth/login" }),
    ).toBe(1);
    expect(sumOf(metrics, "sawdust_rate_limit_refusals_total")).toBe(1);

    const jobs = (kind: string, outcome: string) =>
      sampleValue(metrics, "sawdust_job_duration_seconds_count", { kind, outcome });
    expect(jobs(ANALYZE, "done")).toBe(2);
    expect(jobs("always-fails", "retried")).toBe(1);
    expect(jobs("always-fails", "failed")).toBe(1);
    expect(
      sampleValue(metrics, "sawdust_job_failures_total", { kind: "always-fails", final: "false" }),
    ).toBe(1);
    expect(
      sampleValue(metrics, "sawdust_job_failures_total", { kind: "always-fails", final: "true" }),
    ).toBe(1);
    expect(sampleValue(metrics, "sawdust_jobs_waiting", { kind: ANALYZE })).toBe(0);
    expect(sampleValue(metrics, "sawdust_jobs_oldest_waiting_age_seconds", { kind: ANALYZE })).toBe(
      0,
    );

    // The process: event-loop lag and memory; the pool where there is one.
    expect(metrics.get("nodejs_eventloop_lag_seconds")?.type).toBe("gauge");
    expect(sampleValue(metrics, "process_resident_memory_bytes")).toBeGreaterThan(0);
    if (TEST_DB === "postgres") {
      expect(
        sampleValue(metrics, "sawdust_db_pool_connections", { state: "total" }),
      ).toBeGreaterThan(0);
    }

    // The worker's log names the request that queued each job.
    const done = logLines.filter((line) => line.msg === "job done");
    expect(
      done
        .filter((line) => line.kind === ANALYZE)
        .map((line) => line.requestId)
        .sort(),
    ).toEqual(["mix-upload-1", "mix-upload-2"]);
    // The members' confirmation mails too (queued by their registrations).
    expect(done.filter((line) => typeof line.requestId !== "string")).toEqual([]);
  });

  it("counts a job whose worker died mid-run as waiting once its lease has run out (round 61)", async () => {
    const kind = "died-mid-run";
    await app.services.jobs.enqueue(kind, null, {}, 3, clock.now());
    const claimed = await app.services.jobs.claim("a-worker-killed-later", clock.now(), 30_000, [
      kind,
    ]);
    expect(claimed?.kind).toBe(kind);
    const during = await scrape();
    expect(sampleValue(during, "sawdust_jobs_running", { kind })).toBe(1);
    expect(sampleValue(during, "sawdust_jobs_waiting", { kind })).toBe(0);

    // The worker is gone: 12 s after its lease ended the job waits, due since the lease ended.
    clock.advance(30_000 + 12_000);
    const after = await scrape();
    expect(sampleValue(after, "sawdust_jobs_running", { kind })).toBe(0);
    expect(sampleValue(after, "sawdust_jobs_waiting", { kind })).toBe(1);
    expect(sampleValue(after, "sawdust_jobs_oldest_waiting_age_seconds", { kind })).toBe(12);
  });

  it("refuses text that is not Prometheus's format", () => {
    expect(() => parsePrometheusText('# TYPE a counter\na{b="c} 1\n')).toThrow();
    expect(() => parsePrometheusText("# TYPE a counter\na 1\na 2\n")).toThrow(/duplicate/);
    expect(() => parsePrometheusText("b 1\n")).toThrow(/no declared family/);
    expect(() => parsePrometheusText("# TYPE a gauge\na one\n")).toThrow(/bad value/);
  });
});

describe(`who may read /metrics on ${TEST_DB}`, () => {
  const TOKEN = "metrics-token-0123456789";
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
    guarded = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it("without METRICS_TOKEN: clients on this machine only, judged by the socket, not by headers", async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      open.server.inject({ method: "GET", url: "/metrics", remoteAddress, headers });
    expect((await get("127.0.0.1")).statusCode).toBe(200);
    expect((await get("::1")).statusCode).toBe(200);
    expect((await get("10.1.2.3")).statusCode).toBe(403);
    // A forged header does not make a remote client local...
    expect((await get("10.1.2.3", { "x-forwarded-for": "127.0.0.1" })).statusCode).toBe(403);
    // ...and a request forwarded by a proxy on this machine is not a local client either.
    expect((await get("127.0.0.1", { "x-forwarded-for": "198.51.100.4" })).statusCode).toBe(403);
  });

  it("with METRICS_TOKEN: only with the bearer token, from anywhere", async () => {
    const get = (headers: Record<string, string>, remoteAddress = "10.1.2.3") =>
      guarded.server.inject({ method: "GET", url: "/metrics", remoteAddress, headers });
    const none = await get({}, "127.0.0.1");
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe("Bearer");
    expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await get({ authorization: "Bearer " })).statusCode).toBe(401);
    const ok = await get({ authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(parsePrometheusText(ok.body).has("sawdust_http_requests_total")).toBe(true);
  });

  it("METRICS_PORT serves the same metrics on a listener of their own", async () => {
    const listener = await serveMetrics(guarded.metrics, {
      token: TOKEN,
      host: "127.0.0.1",
      port: 0,
    });
    try {
      const base = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/other`)).status).toBe(404);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(parsePrometheusText(await ok.text()).has("sawdust_jobs_waiting")).toBe(true);
    } finally {
      await listener.close();
    }
  });
});
