import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, seedImage, signIn, upload } from "../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../test/test-app.js";
import { startJanitor } from "../background.js";
import { FINISHED_JOBS_KEPT_MS, JobsRepo } from "./jobs.repo.js";
import { newJobRow } from "./new-job.js";
import { DEFAULT_WORKER_OPTIONS, type JobHandler, retryDelay, Worker } from "./worker.js";

const clock = new TestClock();
let app: TestApp;
let jobs: JobsRepo;
const quietLog = { warn() {}, error() {}, debug() {}, info() {} } as never;
const options = {
  ...DEFAULT_WORKER_OPTIONS,
  leaseMs: 60_000,
  backoffBaseMs: 1000,
  backoffCapMs: 8000,
};

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  jobs = new JobsRepo(app.database.db, app.database.dialect);
});
afterAll(() => app.close());

async function newJob(kind: string, maxAttempts = 3): Promise<number> {
  const imageId = await seedImage(app);
  await jobs.enqueue(kind, imageId, { imageId }, maxAttempts, clock.now());
  const [job] = await jobs.findByImage(imageId);
  return (job as { id: number }).id;
}
const jobRow = (id: number) =>
  app.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const drain = async (worker: Worker) => {
  while (await worker.runOnce()) {}
};

describe(`job queue on ${TEST_DB}`, () => {
  it("runs the analysis job an upload queued, recording the image's geometry", async () => {
    const admin = await signIn(app, "jobs_admin", "admin");
    const res = await upload(app, admin.cookie, {
      name: "wide.png",
      data: await makePng(1600, 900),
    });
    const image = res.json().uploaded[0];
    expect(image.analysisStatus).toBe("pending");
    const worker = new Worker(
      jobs,
      {
        "analyze-image": async ({ imageId }) => app.services.analysis.analyze(imageId as number),
      },
      clock,
      quietLog,
      options,
    );
    await drain(worker);
    const after = await app.server.inject({ method: "GET", url: `/api/v1/images/${image.id}` });
    expect(after.json().analysisStatus).toBe("done");
    expect(after.json().aiAnalysis).toMatchObject({
      dimensions: { width: 1600, height: 900 },
      orientation: "horizontal",
    });
    expect((await jobs.findByImage(image.id))[0]?.status).toBe("done");
  });

  it("retries a failing job with growing backoff, then completes it", async () => {
    const id = await newJob("flaky");
    let calls = 0;
    const handler: JobHandler = async () => {
      calls += 1;
      if (calls < 3) throw new Error(`boom ${calls}`);
    };
    const worker = new Worker(jobs, { flaky: handler }, clock, quietLog, options);
    await drain(worker);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "boom 1" });
    const firstDelay = row.run_at - clock.now();
    expect(firstDelay).toBeGreaterThanOrEqual(750);
    expect(await worker.runOnce()).toBe(false); // Not due yet.
    clock.advance(firstDelay);
    await drain(worker);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 2, last_error: "boom 2" });
    expect(row.run_at - clock.now()).toBeGreaterThanOrEqual(1500);
    clock.advance(row.run_at - clock.now());
    await drain(worker);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 3, last_error: null });
    expect(calls).toBe(3);
  });

  it("says a job removed while it ran (its image deleted) was removed, not taken over", async () => {
    const id = await newJob("outlived");
    const said: Array<[string, string]> = [];
    const log = {
      debug() {},
      error() {},
      info: (_: unknown, message: string) => said.push(["info", message]),
      warn: (_: unknown, message: string) => said.push(["warn", message]),
    } as never;
    const handler: JobHandler = async () => {
      await app.database.db.deleteFrom("jobs").where("id", "=", id).execute();
    };
    await drain(new Worker(jobs, { outlived: handler }, clock, log, options));
    expect(said.filter(([level]) => level === "warn")).toEqual([]);
    expect(said).toContainEqual([
      "info",
      "job finished after it was removed (its image was deleted)",
    ]);
  });

  it("gives up after max attempts and keeps the error", async () => {
    const id = await newJob("doomed", 2);
    const worker = new Worker(
      jobs,
      { doomed: async () => Promise.reject(new Error("no luck")) },
      clock,
      quietLog,
      options,
    );
    await drain(worker);
    clock.advance(options.backoffCapMs * 2);
    await drain(worker);
    expect(await jobRow(id)).toMatchObject({
      status: "failed",
      attempts: 2,
      last_error: "no luck",
    });
  });

  it("reclaims a job whose worker died once its lease ends, and completes it exactly once", async () => {
    const id = await newJob("once");
    let effects = 0;
    const dead = await jobs.claim("dead-worker", clock.now(), options.leaseMs);
    expect(dead?.id).toBe(id);
    const survivor = new Worker(
      jobs,
      {
        once: async () => {
          effects += 1;
        },
      },
      clock,
      quietLog,
      options,
    );
    expect(await survivor.runOnce()).toBe(false); // Still leased to the dead worker.
    clock.advance(options.leaseMs + 1);
    expect(await survivor.runOnce()).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
    // The "dead" worker wakes up late: its completion is refused.
    expect(await jobs.complete(id, "dead-worker", 1, clock.now())).toBe(false);
    expect(effects).toBe(1);
  });

  it("never hands one job to two workers racing for it", async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 20; i++) ids.add(await newJob("race"));
    const ran: number[] = [];
    const handler: JobHandler = async ({ id }) => void ran.push(id);
    const workers = Array.from(
      { length: 4 },
      () => new Worker(jobs, { race: handler }, clock, quietLog, options),
    );
    await Promise.all(workers.map(drain));
    expect(ran.sort()).toEqual([...ids].sort());
  });

  it("spreads retries out: exponential, capped, jittered", () => {
    const o = { ...options, backoffBaseMs: 1000, backoffCapMs: 8000 };
    expect(retryDelay(1, o, () => 0.5)).toBe(1000);
    expect(retryDelay(3, o, () => 0.5)).toBe(4000);
    expect(retryDelay(10, o, () => 0.5)).toBe(8000);
    expect(retryDelay(1, o, () => 0)).toBe(750);
    expect(retryDelay(1, o, () => 1)).toBe(1250);
  });
});

describe(`finished jobs' retention on ${TEST_DB}`, () => {
  /** A job of its own kind in this state, last touched now. */
  async function jobIn(status: string, payload: object): Promise<number> {
    const now = clock.now();
    const row = await app.database.db
      .insertInto("jobs")
      .values({ ...newJobRow("retention.test", null, payload, 3, now), status })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const remaining = async () =>
    (
      await app.database.db
        .selectFrom("jobs")
        .select(["id", "status"])
        .where("kind", "=", "retention.test")
        .orderBy("id")
        .execute()
    ).map((row) => ({ id: Number(row.id), status: row.status }));

  it("lets the janitor remove jobs finished more than the kept time ago, and only those", async () => {
    const old = [
      await jobIn("done", { email: "nobody@example.org" }),
      await jobIn("failed", { to: "someone@example.org", subject: "Reset" }),
    ];
    const waiting = await jobIn("pending", { email: "waiting@example.org" });
    const running = await jobIn("running", { email: "running@example.org" });
    clock.advance(FINISHED_JOBS_KEPT_MS + 1000);
    const recent = await jobIn("done", { email: "recent@example.org" });
    expect((await remaining()).map((j) => j.id)).toEqual([...old, waiting, running, recent]);

    const janitor = startJanitor(app.services, app.dataDir, 60_000, quietLog);
    await janitor.firstSweep;
    janitor.stop();

    expect(await remaining()).toEqual([
      { id: waiting, status: "pending" },
      { id: running, status: "running" },
      { id: recent, status: "done" },
    ]);
    await app.database.db.deleteFrom("jobs").where("kind", "=", "retention.test").execute();
  });

  it("removes them a batch a statement, however many there are", async () => {
    for (let i = 0; i < 7; i++) await jobIn(i % 2 ? "done" : "failed", { n: i });
    clock.advance(FINISHED_JOBS_KEPT_MS + 1000);
    const removed = await jobs.pruneFinished(clock.now() - FINISHED_JOBS_KEPT_MS, 3);
    expect(removed).toBeGreaterThanOrEqual(7);
    expect(await remaining()).toEqual([]);
  });
});
