import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, seedImage, signIn, uploadPublished } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { createWorker } from "../../background.js";
import { THUMBS_BATCH, THUMBS_JOB } from "./images.constants.js";

const quietLog = { warn() {}, error() {}, debug() {}, info() {} } as never;

/** What an image stored before the tile's rendition existed looks like (0036): no thumb. */
async function withoutThumb(app: TestApp, imageId: number): Promise<void> {
  const db = app.database.db;
  const thumb = await db
    .selectFrom("renditions")
    .select("storage_key")
    .where("image_id", "=", imageId)
    .where("size", "=", "thumb")
    .executeTakeFirst();
  if (thumb) await app.services.storage.deletePrefix(thumb.storage_key);
  await db
    .deleteFrom("renditions")
    .where("image_id", "=", imageId)
    .where("size", "=", "thumb")
    .execute();
  await db.updateTable("images").set({ key_thumb: null }).where("id", "=", imageId).execute();
}

async function queueThumbs(app: TestApp): Promise<void> {
  await app.services.jobs.enqueue(THUMBS_JOB, null, { beforeId: null }, 1, Date.now());
}

/** Runs every job due, with the real worker, and says how each make-thumbs job ended. */
async function runJobs(app: TestApp) {
  const worker = createWorker(app.services, quietLog);
  while (await worker.runOnce()) {}
  return app.database.db
    .selectFrom("jobs")
    .select(["status", "payload", "last_error"])
    .where("kind", "=", THUMBS_JOB)
    .orderBy("id")
    .execute();
}

describe(`the tile rendition (thumb) on ${TEST_DB}`, () => {
  let app: TestApp;
  let admin: { cookie: string; userId: number };
  beforeAll(async () => {
    app = await createTestApp();
    admin = await signIn(app, "thumb_admin", "admin");
  });
  afterAll(() => app.close());

  const get = (url: string) => app.server.inject({ method: "GET", url });

  it("is made with every upload, inside its 384×480 box, smaller than small, and in list entries", async () => {
    const res = await uploadPublished(app, admin.cookie, {
      name: "tall.png",
      data: await makePng(1200, 1800, { seed: 7 }),
    });
    const image = res.json().uploaded[0];
    const file = await get(image.urlThumb);
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 480]);
    expect(file.rawPayload.length).toBeLessThan((await get(image.urlSmall)).rawPayload.length);
    const list = (await get("/api/v1/images?limit=5")).json();
    expect(list.images.find((i: { id: number }) => i.id === image.id).urlThumb).toBe(
      image.urlThumb,
    );
    // A fresh site has nothing stored before the thumb: no job to make any.
    expect(await runJobs(app)).toEqual([]);
  }, 60_000);

  it("is made by make-thumbs jobs for images stored before it, and an unreadable one is named, not retried", async () => {
    const made = [];
    for (const seed of [11, 12, 13]) {
      const res = await uploadPublished(app, admin.cookie, {
        name: `old-${seed}.png`,
        data: await makePng(1000, 1000, { seed }),
      });
      made.push(res.json().uploaded[0]);
    }
    for (const image of made) await withoutThumb(app, image.id);
    // One of them lost its original (a restore without it, a broken disk).
    const broken = made[1];
    await app.services.storage.deletePrefix(`private/images/${broken.id}/original.png`);
    for (const image of made) {
      expect((await get(`/api/v1/images/${image.id}`)).json().urlThumb).toBe("");
    }

    await queueThumbs(app);
    const jobs = await runJobs(app);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.status).toBe("failed");
    expect(jobs[0]?.last_error).toBe(
      `thumb not made for image ${broken.id} (its original is missing)`,
    );

    for (const image of made) {
      const after = (await get(`/api/v1/images/${image.id}`)).json();
      if (image.id === broken.id) {
        expect(after.urlThumb).toBe("");
        continue;
      }
      expect(after.urlThumb).toMatch(
        new RegExp(`^/media/images/${image.id}/thumb-[0-9a-f]{16}\\.webp$`),
      );
      const file = await get(after.urlThumb);
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(384);
      // The list reads the key kept on the row (images.key_thumb), not the renditions table.
      const list = (await get("/api/v1/images?limit=50")).json();
      expect(list.images.find((i: { id: number }) => i.id === image.id).urlThumb).toBe(
        after.urlThumb,
      );
    }
  }, 60_000);

  it("goes a batch a job, each job queueing the next, newest first, until none is left", async () => {
    // Rows with no files: every one fails (no original), which is enough to see the batches.
    const ids: number[] = [];
    for (let i = 0; i < THUMBS_BATCH + 3; i++) {
      const id = await seedImage(app, { title: `Batch ${i}` });
      await withoutThumb(app, id);
      ids.push(id);
    }
    await app.database.db.deleteFrom("jobs").where("kind", "=", THUMBS_JOB).execute();
    await queueThumbs(app);
    const jobs = await runJobs(app);
    const newestFirst = [...ids].sort((a, b) => b - a);
    const lastOfFirstBatch = newestFirst[THUMBS_BATCH - 1];
    expect(jobs.map((j) => JSON.parse(j.payload))).toEqual([
      { beforeId: null },
      { beforeId: lastOfFirstBatch },
    ]);
    expect(jobs.map((j) => j.status)).toEqual(["failed", "failed"]);
    // The first named its twenty images, the second the rest (and the earlier unreadable one).
    for (const id of newestFirst.slice(0, THUMBS_BATCH)) {
      expect(jobs[0]?.last_error).toContain(` ${id} (`);
    }
    for (const id of newestFirst.slice(THUMBS_BATCH)) {
      expect(jobs[1]?.last_error).toContain(` ${id} (`);
    }
  }, 60_000);
});
