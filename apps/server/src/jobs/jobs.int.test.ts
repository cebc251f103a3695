import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, seedImage, signIn, upload } from "../../test/images.js";
import { cutOffStorage } from "../../test/out-of-reach.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../test/test-app.js";
import { startJanitor } from "../background.js";
import type { JobRow } from "../db/schema.js";
import { ANALYZE_MAX_ATTEMPTS, THUMBS_JOB } from "../modules/images/images.constants.js";
import { jobHandlers } from "./handlers.js";
import { FINISHED_JOBS_KEPT_MS, JobsRepo } from "./jobs.repo.js";
import { newJobRow } from "./new-job.js";
import {
  DEFAULT_WORKER_OPTIONS,
  type JobHandler,
  OUTAGE_MAX_FAILURES,
  retryDelay,
  Worker,
} from "./worker.js";

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
    const dead = await jobs.claim("dead-worker", clock.now(), options.leaseMs, ["once"]);
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

  it("leaves a job of a kind it has no handler for queued, for a worker that has one", async () => {
    // A newer release queued it; this worker is of an older one, still running in a rolling upgrade.
    const id = await newJob("from-a-newer-release");
    const older = new Worker(jobs, { "an-older-kind": async () => {} }, clock, quietLog, options);
    await drain(older);
    expect(await jobRow(id)).toMatchObject({ status: "pending", attempts: 0, last_error: null });
    let ran = 0;
    const newer = new Worker(
      jobs,
      {
        "from-a-newer-release": async () => {
          ran += 1;
        },
      },
      clock,
      quietLog,
      options,
    );
    await drain(newer);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
    expect(ran).toBe(1);
  });

  it("queues again, once it starts, the jobs of its kinds an older worker failed for want of a handler", async () => {
    // What a worker of a release before the claim's kind filter did with such a job (round 47).
    const unhandled = await newJob("thumbs-of-a-newer-release", 1);
    const failedForReal = await newJob("thumbs-of-a-newer-release", 1);
    const failAs = (id: number, error: string) =>
      app.database.db
        .updateTable("jobs")
        .set({ status: "failed", attempts: 1, last_error: error })
        .where("id", "=", id)
        .execute();
    await failAs(unhandled, "no handler for job kind 'thumbs-of-a-newer-release'");
    await failAs(failedForReal, "thumb not made for image 1 (its original is missing)");
    const ran: number[] = [];
    const worker = new Worker(
      jobs,
      { "thumbs-of-a-newer-release": async ({ id }) => void ran.push(id) },
      clock,
      quietLog,
      { ...options, idlePollMs: 20 },
    );
    worker.start(1);
    try {
      await expect.poll(async () => (await jobRow(unhandled)).status).toBe("done");
    } finally {
      await worker.stop();
    }
    expect(ran).toEqual([unhandled]);
    expect(await jobRow(unhandled)).toMatchObject({ attempts: 1, last_error: null });
    expect(await jobRow(failedForReal)).toMatchObject({ status: "failed", attempts: 1 });
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

describe(`outages (storage, database or a model's server out of reach) on ${TEST_DB}`, () => {
  /** What the S3 client throws when its bucket's server is down. */
  const refused = () =>
    new Error("S3 request failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9000"), {
        code: "ECONNREFUSED",
      }),
    });
  /** Runs the job (and whatever else is due) until it is done or given up, moving the clock. */
  async function settle(worker: Worker, id: number, between?: (job: JobRow) => void) {
    for (let round = 0; round < 40; round++) {
      await drain(worker);
      const job = await jobRow(id);
      if (job.status === "done" || job.status === "failed") return job;
      between?.(job);
      clock.advance(Math.max(0, job.run_at - clock.now()));
    }
    throw new Error(`job ${id} was still waiting after 40 rounds`);
  }
  const analysisJobOf = async (imageId: number) => {
    const [job] = await jobs.findByImage(imageId);
    return (job as { id: number }).id;
  };
  async function uploaded(cookie: string, name: string): Promise<{ id: number }> {
    const res = await upload(app, cookie, { name, data: await makePng(1000, 800) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uploaded[0];
  }
  const imageAsAdmin = async (id: number, cookie: string) =>
    (
      await app.server.inject({ method: "GET", url: `/api/v1/images/${id}`, headers: { cookie } })
    ).json();

  it("waits an outage out on a budget of its own, which the job's attempts do not pay for", async () => {
    const id = await newJob("outage.then.works", 1);
    const told: boolean[] = [];
    let calls = 0;
    const handler: JobHandler = async ({ attempt, willRetry }) => {
      calls += 1;
      expect(attempt).toBe(1); // Outages do not count as attempts.
      if (calls < OUTAGE_MAX_FAILURES) {
        const error = refused();
        told.push(willRetry(error));
        throw error;
      }
    };
    const done = await settle(
      new Worker(jobs, { "outage.then.works": handler }, clock, quietLog, options),
      id,
    );
    expect(done).toMatchObject({
      status: "done",
      attempts: OUTAGE_MAX_FAILURES,
      outages: OUTAGE_MAX_FAILURES - 1,
    });
    expect(told.every(Boolean)).toBe(true);
  });

  it("gives an outage up after its budget, and tells the last run so", async () => {
    const id = await newJob("outage.for.ever", 5);
    const told: boolean[] = [];
    const handler: JobHandler = async ({ willRetry }) => {
      const error = refused();
      told.push(willRetry(error));
      throw error;
    };
    const failed = await settle(
      new Worker(jobs, { "outage.for.ever": handler }, clock, quietLog, options),
      id,
    );
    expect(failed).toMatchObject({
      status: "failed",
      attempts: OUTAGE_MAX_FAILURES,
      outages: OUTAGE_MAX_FAILURES,
    });
    expect(failed.last_error).toBe("S3 request failed");
    expect(told).toEqual([...Array(OUTAGE_MAX_FAILURES - 1).fill(true), false]);
  });

  it("analyses an upload whose storage was out of reach for longer than its attempts last", async () => {
    const admin = await signIn(app, "outage_admin", "admin");
    const image = await uploaded(admin.cookie, "lighthouse.png");
    const id = await analysisJobOf(image.id);
    // S3 stopped at once: every read of the upload's files is refused, as the SDK refuses it.
    let restore: (() => void) | undefined = await cutOffStorage(app.services.storage, [
      "readBuffer",
    ]);
    const worker = new Worker(jobs, jobHandlers(app.services), clock, quietLog, options);
    try {
      const job = await settle(worker, id, (waiting) => {
        // Back once it had failed more often than the analysis may fail.
        if (waiting.outages > ANALYZE_MAX_ATTEMPTS + 1) {
          restore?.();
          restore = undefined;
        }
      });
      expect(job).toMatchObject({ status: "done", outages: ANALYZE_MAX_ATTEMPTS + 2 });
    } finally {
      restore?.();
    }
    const analysed = await imageAsAdmin(image.id, admin.cookie);
    expect(analysed.analysisStatus).toBe("done");
    expect(analysed.aiAnalysis).toMatchObject({ dimensions: { width: 1000, height: 800 } });
    expect(JSON.stringify(analysed.aiAnalysis)).not.toContain("the analysis failed");
  }, 60_000);

  it("still records a damaged image as failed after its few attempts, outages aside", async () => {
    const admin = await signIn(app, "outage_admin2", "admin");
    const image = await uploaded(admin.cookie, "broken.png");
    const id = await analysisJobOf(image.id);
    const storage = app.services.storage;
    const restore = await cutOffStorage(storage, ["readBuffer"]);
    const worker = new Worker(jobs, jobHandlers(app.services), clock, quietLog, options);
    try {
      const job = await settle(worker, id, (waiting) => {
        // Three outages, then the storage answers, with bytes that are no image.
        if (waiting.outages === 3) storage.readBuffer = async () => Buffer.from("not an image");
      });
      expect(job).toMatchObject({
        status: "failed",
        outages: 3,
        attempts: 3 + ANALYZE_MAX_ATTEMPTS,
      });
    } finally {
      restore();
    }
    const failed = await imageAsAdmin(image.id, admin.cookie);
    expect(failed.analysisStatus).toBe("failed");
    expect(failed.isPublic).toBe(false);
  }, 60_000);

  it("makes the thumbs of a make-thumbs batch that met an outage once the storage is back", async () => {
    const admin = await signIn(app, "outage_admin3", "admin");
    const image = await uploaded(admin.cookie, "old.png");
    // Stored before the tile's rendition existed (migration 0036): no thumb.
    const db = app.database.db;
    await db
      .deleteFrom("renditions")
      .where("image_id", "=", image.id)
      .where("size", "=", "thumb")
      .execute();
    await db.updateTable("images").set({ key_thumb: null }).where("id", "=", image.id).execute();
    await jobs.enqueue(THUMBS_JOB, null, { beforeId: null }, 1, clock.now());
    const [{ id }] = (await db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", THUMBS_JOB)
      .orderBy("id", "desc")
      .limit(1)
      .execute()) as [{ id: number }];
    let restore: (() => void) | undefined = await cutOffStorage(app.services.storage, [
      "readBuffer",
      "put",
    ]);
    const worker = new Worker(jobs, jobHandlers(app.services), clock, quietLog, options);
    try {
      const job = await settle(worker, id, (waiting) => {
        if (waiting.outages === 3) {
          restore?.();
          restore = undefined;
        }
      });
      expect(job).toMatchObject({ status: "done", attempts: 4, outages: 3 });
    } finally {
      restore?.();
    }
    const row = await db
      .selectFrom("images")
      .select("key_thumb")
      .where("id", "=", image.id)
      .executeTakeFirstOrThrow();
    expect(row.key_thumb).not.toBeNull();
    // The batch stopped at the outage and queued no other.
    const thumbJobs = await db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", THUMBS_JOB)
      .execute();
    expect(thumbJobs).toHaveLength(1);
  }, 60_000);
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
