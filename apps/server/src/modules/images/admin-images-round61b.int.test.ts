import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MESSAGES, ZAdminDashboard } from "@sawdust/shared";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, seedImage, signIn, upload } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { createWorker } from "../../background.js";

const quietLog = { warn() {}, error() {}, debug() {}, info() {} } as never;
const missing = MESSAGES.adminImages.analysisFileMissing;

/** Runs the queue until the image's analysis has failed for good (attempts are 1 ms apart). */
async function analyseUntilFailed(app: TestApp, imageId: number): Promise<void> {
  const worker = createWorker(app.services, quietLog, { backoffBaseMs: 1, backoffCapMs: 1 });
  for (let round = 0; round < 50; round++) {
    while (await worker.runOnce()) {}
    const row = await app.database.db
      .selectFrom("images")
      .select("analysis_status")
      .where("id", "=", imageId)
      .executeTakeFirstOrThrow();
    if (row.analysis_status === "failed") return;
    await new Promise((done) => setTimeout(done, 5));
  }
  throw new Error(`the analysis of image ${imageId} never failed for good`);
}

/** s3rver on a free loopback port, with one bucket, in its own temp directory. */
async function startS3(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), "sawdust-s3rver-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "round61", configs: [] }],
  });
  const { port } = await s3.run();
  return {
    env: {
      S3_BUCKET: "round61",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

describe.each([
  { storage: "local disk", s3: false },
  { storage: "S3 (s3rver)", s3: true },
])(`an analysis whose file is gone from $storage, on ${TEST_DB}`, ({ s3 }) => {
  let app: TestApp;
  let admin: { cookie: string; userId: number };
  let stopS3 = async () => {};

  beforeAll(async () => {
    let env = {};
    if (s3) {
      const bucket = await startS3();
      env = bucket.env;
      stopS3 = bucket.stop;
    }
    app = await createTestApp(env);
    admin = await signIn(app, "round61_curator", "admin");
  });
  afterAll(async () => {
    await app?.close();
    await stopS3();
  });

  const get = (url: string) =>
    app.server.inject({ method: "GET", url, headers: { cookie: admin.cookie } });

  it("says the original is missing, on the edit page and on the dashboard, in one sentence", async () => {
    const image = (
      await upload(app, admin.cookie, { name: "lost.png", data: await makePng(900, 800) })
    ).json().uploaded[0];
    // The original removed before the worker ran (a bucket tidied by hand, a partial restore).
    const original = `private/images/${image.id}/original.png`;
    expect(await app.services.storage.list(`private/images/${image.id}`)).toContain(original);
    await app.services.storage.delete(original);

    await analyseUntilFailed(app, image.id);

    const edit = (await get(`/api/v1/admin/images/${image.id}`)).json();
    expect(edit).toMatchObject({ analysisStatus: "failed", analysisError: missing.original });
    expect(MESSAGES.adminImages.analysisFailedBecause(edit.analysisError)).toBe(
      "The analysis failed: its original file is missing from storage.",
    );
    const job = await app.database.db
      .selectFrom("jobs")
      .select(["status", "last_error"])
      .where("image_id", "=", image.id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "failed", last_error: missing.original });

    const dashboard = ZAdminDashboard.parse(
      (await get("/api/v1/admin/dashboard")).json(),
    ).status.find((check) => check.id === "queue");
    expect(dashboard?.detail).toMatch(
      /The latest \(analyze-image, \d+ seconds? ago\): its original file is missing from storage\. The logs/,
    );
    expect(dashboard?.detail).not.toContain("..");
  });

  it("says the medium rendition is missing when its file is gone", async () => {
    const image = (
      await upload(app, admin.cookie, { name: "thin.png", data: await makePng(900, 800) })
    ).json().uploaded[0];
    const medium = await app.database.db
      .selectFrom("renditions")
      .select("storage_key")
      .where("image_id", "=", image.id)
      .where("size", "=", "medium")
      .executeTakeFirstOrThrow();
    await app.services.storage.delete(medium.storage_key);

    await analyseUntilFailed(app, image.id);

    expect((await get(`/api/v1/admin/images/${image.id}`)).json().analysisError).toBe(
      missing.medium,
    );
  });
});

describe(`batch operations take only their own fields, on ${TEST_DB}`, () => {
  let app: TestApp;
  let admin: { cookie: string; userId: number };
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signIn(app, "round61_batcher", "admin");
  });
  afterAll(() => app.close());

  const batch = (operation: object, ids: number[]) =>
    app.server.inject({
      method: "POST",
      url: "/api/v1/admin/images/batch",
      headers: { cookie: admin.cookie },
      payload: { selection: { ids }, operation },
    });

  it("refuses a field an operation does not take with 400 naming it, changing nothing", async () => {
    const ids = [await seedImage(app, {}), await seedImage(app, {})];
    const before = await app.database.db
      .selectFrom("images")
      .select(["id", "edition_type", "price_cents", "is_public", "tags", "analysis_status"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();

    // `price` where the operation takes `priceCents`: a 200 set the edition and dropped the price.
    const typo = await batch({ type: "set_edition", editionType: "one_of_one", price: 4321 }, ids);
    expect(typo.statusCode, typo.body).toBe(400);
    expect(typo.json()).toEqual({
      message: 'Unknown field "price" in operation: the request body cannot have it',
      code: "validation_failed",
    });

    // Every operation, each with a field it does not take.
    const others: object[] = [
      { type: "make_public", tags: ["x"] },
      { type: "make_private", confirm: true },
      { type: "delete", force: true },
      { type: "reanalyse", priceCents: 100 },
      { type: "add_tags", tags: ["x"], tag: "y" },
      { type: "remove_tags", tags: ["x"], editionType: "open_edition" },
    ];
    for (const operation of others) {
      const res = await batch(operation, ids);
      expect(res.statusCode, JSON.stringify(operation)).toBe(400);
      expect(res.json().message).toMatch(/^Unknown field "\w+" in operation: /);
    }

    const after = await app.database.db
      .selectFrom("images")
      .select(["id", "edition_type", "price_cents", "is_public", "tags", "analysis_status"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    expect(after).toEqual(before);

    // The right field still works.
    const right = await batch(
      { type: "set_edition", editionType: "one_of_one", priceCents: 4321 },
      ids,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().succeeded).toBe(2);
  });
});

describe(`the dashboard's latest failed job, on ${TEST_DB}`, () => {
  let app: TestApp;
  let admin: { cookie: string; userId: number };
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signIn(app, "round61_watcher", "admin");
  });
  afterAll(() => app.close());

  it("ends an error that has its own full stop with no second one", async () => {
    const at = app.services.clock.now();
    await app.database.db
      .insertInto("jobs")
      .values({
        kind: "analyze-image",
        payload: "{}",
        image_id: null,
        status: "failed",
        attempts: 5,
        max_attempts: 5,
        run_at: at,
        created_at: at,
        updated_at: at,
        last_error: "The specified key does not exist.",
      })
      .execute();
    const res = await app.server.inject({
      url: "/api/v1/admin/dashboard",
      headers: { cookie: admin.cookie },
    });
    const queue = ZAdminDashboard.parse(res.json()).status.find((check) => check.id === "queue");
    expect(queue?.detail).toContain(": The specified key does not exist. The logs say more");
    expect(queue?.detail).not.toContain("..");
  });
});
