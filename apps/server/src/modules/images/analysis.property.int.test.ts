import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGenerationFixtures } from "../../../test/fixtures/generation/fixtures.js";
import { makePng, signIn, upload } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { createWorker } from "../../background.js";

/**
 * The analysis job meets 1,000 broken or hostile metadata inputs (mutated AI-image fixtures and
 * random bytes) as an image's original: every job must end, none left pending or running, and
 * the server must not crash.
 */
// The 1,000-input run is on SQLite; PostgreSQL checks the same path with 300. It was 2,000, the
// integration pass's longest file (69 s on 2 cores); the reading of the metadata itself meets
// 2,000 more in its unit property test (generation-metadata.property.test.ts), without the queue.
const RUNS = TEST_DB === "postgres" ? 300 : 1000;
const quietLog = { warn() {}, error() {}, debug() {}, info() {} } as never;

let app: TestApp;
let imageId: number;
let originalKey: string;
let seeds: Buffer[];

beforeAll(async () => {
  app = await createTestApp({}, { rater: async () => null });
  const admin = await signIn(app, "fuzzer", "admin");
  imageId = (
    await upload(app, admin.cookie, { name: "target.png", data: await makePng(800, 800) })
  ).json().uploaded[0].id;
  originalKey = `private/images/${imageId}/original.png`;
  seeds = (await buildGenerationFixtures()).map((f) => f.bytes);
}, 60_000);
afterAll(() => app.close());

const mutated = fc
  .record({
    seed: fc.nat(),
    edits: fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constant("flip" as const),
          at: fc.nat(),
          bit: fc.integer({ min: 0, max: 7 }),
        }),
        fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
        fc.record({
          kind: fc.constant("insert" as const),
          at: fc.nat(),
          bytes: fc.uint8Array({ maxLength: 64 }),
        }),
      ),
      { maxLength: 6 },
    ),
  })
  .map(({ seed, edits }) => {
    let bytes = Buffer.from(seeds[seed % seeds.length] as Buffer);
    for (const edit of edits) {
      const at = bytes.length === 0 ? 0 : edit.at % bytes.length;
      if (edit.kind === "flip" && bytes.length > 0)
        bytes[at] = (bytes[at] as number) ^ (1 << edit.bit);
      if (edit.kind === "truncate") bytes = bytes.subarray(0, at);
      if (edit.kind === "insert")
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(edit.bytes), bytes.subarray(at)]);
    }
    return bytes;
  });
const input = fc.oneof(
  { weight: 4, arbitrary: mutated },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)) },
);

describe(`analysis of hostile metadata on ${TEST_DB}`, () => {
  it(`finishes every one of ${RUNS} jobs`, async () => {
    const worker = createWorker(app.services, quietLog);
    const admin = { kind: "member", userId: 1, role: "admin", tier: "free" } as const;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(input, async (bytes) => {
        runs += 1;
        await app.services.storage.put(originalKey, bytes, "image/png");
        await app.services.edits.requestAnalysis(imageId, admin);
        while (await worker.runOnce()) {}
        const unfinished = await app.database.db
          .selectFrom("jobs")
          .select(["id", "status"])
          .where("status", "in", ["pending", "running"])
          .execute();
        expect(unfinished).toEqual([]);
        const image = await app.services.catalogue.get(imageId, admin);
        expect(image.analysisStatus).toBe("done");
        expect(typeof image.aiAnalysis.generation).toBe("object");
      }),
      { numRuns: RUNS, seed: 20261121 },
    );
    expect(runs).toBe(RUNS);
    const jobs = await app.database.db
      .selectFrom("jobs")
      .select("status")
      .where("image_id", "=", imageId)
      .execute();
    expect(jobs.filter((j) => j.status === "done").length).toBe(RUNS + 1);
  }, 600_000);
});
