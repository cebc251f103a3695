/**
 * A stopping worker (issue 17, graceful shutdown): it claims nothing more, lets running jobs
 * finish within a bound, and hands those still running back to the queue, due at once and with
 * the attempt not counted, so another worker finishes them, once, without waiting for a lease
 * to run out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobsRepo } from "../src/jobs/jobs.repo.js";
import { DEFAULT_WORKER_OPTIONS, type FinishedJob, Worker } from "../src/jobs/worker.js";
import { seedImage } from "./images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "./test-app.js";

const clock = new TestClock();
const quiet = { warn() {}, error() {}, debug() {}, info() {} } as never;
let app: TestApp;
let jobs: JobsRepo;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  jobs = new JobsRepo(app.database.db, app.database.dialect);
});
afterAll(() => app.close());

const row = (id: number) =>
  app.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function queue(kind: string): Promise<number> {
  const imageId = await seedImage(app);
  await jobs.enqueue(kind, imageId, { imageId }, 3, clock.now());
  const [job] = await jobs.findByImage(imageId);
  return (job as { id: number }).id;
}

describe(`a stopping worker on ${TEST_DB}`, () => {
  it("hands a job it cannot finish in time back to the queue; another worker finishes it once", async () => {
    const id = await queue("slow");
    const runs: FinishedJob[] = [];
    let release: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stopping = new Worker(
      jobs,
      {
        slow: () => {
          started();
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      },
      clock,
      quiet,
      { ...DEFAULT_WORKER_OPTIONS, observe: (run) => runs.push(run) },
    );
    stopping.start(1);
    await running;
    expect((await row(id)).status).toBe("running");

    const began = Date.now();
    await stopping.stop(300);
    expect(Date.now() - began).toBeLessThan(2_000);
    const back = await row(id);
    expect(back).toMatchObject({
      status: "pending",
      attempts: 0,
      locked_by: null,
      lease_until: null,
    });
    expect(back.run_at).toBeLessThanOrEqual(clock.now());
    expect(runs.map((r) => r.outcome)).toEqual(["handed_back"]);

    // Another worker takes it at once (no lease to wait out) and finishes it.
    let finished = 0;
    const other = new Worker(
      jobs,
      {
        slow: async () => {
          finished += 1;
        },
      },
      clock,
      quiet,
      DEFAULT_WORKER_OPTIONS,
    );
    expect(await other.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
    // The first worker's run ends late: its completion changes nothing and is not reported.
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
    expect(finished).toBe(1);
    expect(runs.map((r) => r.outcome)).toEqual(["handed_back"]);
  });

  it("lets a job that finishes within the bound finish, and claims nothing more", async () => {
    const first = await queue("quick");
    const second = await queue("quick");
    let calls = 0;
    let proceed: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = new Worker(
      jobs,
      {
        quick: async () => {
          calls += 1;
          started();
          await new Promise<void>((resolve) => {
            proceed = resolve;
          });
        },
      },
      clock,
      quiet,
      DEFAULT_WORKER_OPTIONS,
    );
    worker.start(1);
    await running;
    const stop = worker.stop(5_000);
    // A second call is the same stop.
    expect(worker.stop(5_000)).toBe(stop);
    setTimeout(() => proceed(), 100);
    await stop;
    expect(calls).toBe(1);
    expect((await row(first)).status).toBe("done");
    expect((await row(second)).status).toBe("pending");
  });
});
