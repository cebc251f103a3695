import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage } from "../../../test/images.js";
import { plannedSqlite } from "../../../test/sqlite-plans.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { SimilarRepo } from "./similar.repo.js";

/**
 * "More like this" reads the source's rarest values whole while they fit a budget and samples the
 * others: a colour half the catalogue carries, read whole, took 5-6 s at 1,000,000 images on
 * SQLite.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
});
afterAll(async () => {
  await app.close();
});

describe(`similar images from samples of each value, on ${TEST_DB}`, () => {
  it("finds an older image sharing more, past a common value's sample", async () => {
    const closest = await seedImage(app, { tags: ["common", "rare-a", "rare-b"] });
    const hidden = await seedImage(app, { tags: ["common", "rare-a", "rare-b"], isPublic: false });
    const source = await seedImage(app, { tags: ["common", "rare-a", "rare-b"], colors: ["red"] });
    const newer: number[] = [];
    for (let i = 0; i < 6; i++) {
      newer.push(await seedImage(app, { tags: ["common"], colors: i < 3 ? ["red"] : [] }));
    }
    const repo = new SimilarRepo(app.database.db, { wholeRows: 2, sampledPerValue: 3 });
    const found = await repo.findSharingFacets(
      source,
      { tags: ["common", "rare-a", "rare-b"], styles: [], colors: ["red"] },
      4,
    );
    const ids = found.map((candidate) => candidate.image.id);
    // `closest` is not among `common`'s three newest, but `rare-a`, the rarest value, is read
    // whole (two rows fit the budget) and holds it.
    expect(ids[0]).toBe(closest);
    expect(found[0]?.sharedTags).toBe(3);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(source);
    // Then the newest sharing `common` and `red` (a tag and a colour), newest first.
    expect(ids.slice(1)).toEqual([newer[2], newer[1], newer[0]]);
  });

  it.runIf(TEST_DB === "sqlite")("samples each value from its own facet rows", async () => {
    const planned = plannedSqlite(app);
    try {
      await new SimilarRepo(planned.db, { wholeRows: 2, sampledPerValue: 3 }).findSharingFacets(
        1,
        { tags: ["common", "rare-a"], styles: [], colors: ["red"] },
        4,
      );
      const sample = planned.statements.find((statement) => statement.includes("union all"));
      const plan = planned.plan(sample ?? "");
      // Three samples, each walking one value's facet rows newest first from the facets' own
      // index, none the whole table.
      const walks = plan.filter((step) => /^SEARCH image_facets USING COVERING INDEX/.test(step));
      expect(walks).toHaveLength(3);
      for (const walk of walks) expect(walk).toMatch(/\(kind=\? AND value=\?/);
      expect(plan.filter((step) => /^SCAN (image_facets|images)\b/.test(step))).toEqual([]);
    } finally {
      planned.close();
    }
  });
});
