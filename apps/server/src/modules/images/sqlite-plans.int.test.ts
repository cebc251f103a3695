import { join } from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { filterOf, seedImage } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import type { Database } from "../../db/schema.js";
import { SQLite, type SQLiteDatabase } from "../../db/sqlite-driver.js";
import { type ImageFilter, ImagesRepo, type PageLead } from "./images.repo.js";

/**
 * SQLite walks `images.id in (A) and images.id in (B)` by seeking every pair of ids from the two
 * lists. With a common word and a common colour at 1,000,000 images that is hundreds of billions
 * of seeks: one visitor's `?q=landscape&color=green` held the SQLite server for over ten minutes
 * (2026-11-28). Every statement a filter makes is planned here, and no plan may seek an image by
 * two lists at once. And the app counts on its read thread.
 */
const filters: Array<Partial<ImageFilter>> = [
  { search: ["forest"], colors: ["green"] },
  { search: ["forest"], tags: ["dawn"], colors: ["green"] },
  { search: ["forest"], tags: ["dawn", "dusk"], styles: ["ink"] },
  { tags: ["dawn", "dusk"], colors: ["green", "red"] },
  { tags: ["dawn", "dusk"], styles: ["ink", "oil"], colors: ["green", "red"] },
  { tags: ["dawn"], colors: ["green"], editionTypes: ["open_edition"], availability: "sold" },
];

let app: TestApp;
let sqlite: SQLiteDatabase;
let statements: string[];
let repo: ImagesRepo;

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  if (TEST_DB !== "sqlite") return;
  for (let i = 0; i < 6; i++) {
    await seedImage(app, {
      title: i % 2 ? "forest at dawn" : "forest road",
      tags: i % 3 ? ["dawn"] : ["dusk"],
      styles: i % 2 ? ["ink"] : ["oil"],
      colors: i % 2 ? ["green"] : ["red"],
      editionType: "open_edition",
    });
  }
  // A second connection to the app's own file, noting every statement the repository runs.
  sqlite = new SQLite(join(app.dataDir, "sawdust.db"));
  statements = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  repo = new ImagesRepo(db, "sqlite");
});
afterAll(async () => {
  sqlite?.close();
  await app.close();
});

/** The plan of each statement noted since `statements` was emptied, by statement. */
function plans(): Array<{ statement: string; steps: string[] }> {
  return statements
    .filter((s) => /\bfrom "?images"?\b/.test(s))
    .map((statement) => {
      const params = Array.from(statement.matchAll(/\?/g), () => null);
      const plan = sqlite.prepare(`explain query plan ${statement}`).all(...params) as Array<{
        detail: string;
      }>;
      return { statement, steps: plan.map((step) => step.detail) };
    });
}

describe.skipIf(TEST_DB !== "sqlite")("SQLite's plans for combined filters", () => {
  it("keep one- and two-letter prefixes in the full-text index (migration 0021)", () => {
    // A search's last word this short is then read as one list, not merged from every word it
    // begins (80-280 ms at 1,000,000 images for one letter).
    const table = sqlite
      .prepare("select sql from sqlite_master where name = 'images_fts'")
      .get() as { sql: string };
    expect(table.sql).toMatch(/prefix\s*=\s*'1 2'/);
  });

  it.each([
    { availability: "sold" },
    { availability: "sold", editionTypes: ["one_of_one", "limited_edition"] },
  ] as Array<Partial<ImageFilter>>)(
    "find sold-out pieces from their own index: %j",
    async (given) => {
      // Their total is kept (facet_counts, kind 'sold'); their page walks the index.
      statements.length = 0;
      expect(await repo.total(filterOf(given), 3)).toEqual({ images: 0, atLeast: false });
      await repo.findPage(filterOf(given), undefined, 5);
      const found = plans();
      expect(found).toHaveLength(1);
      for (const { statement, steps } of found) {
        expect(steps.join("\n"), statement).toContain("images_sold_out_idx");
      }
    },
  );

  it.each([
    [{ tags: ["dawn"], availability: "sold" }, "sold", /USING INDEX images_sold_out_idx/],
    [
      { tags: ["dawn"], colors: ["green"], availability: "sold", editionTypes: ["one_of_one"] },
      "sold",
      /USING INDEX images_sold_out_idx/,
    ],
    [
      { tags: ["dawn"], editionTypes: ["limited_edition"], availability: "available" },
      "edition",
      /USING INDEX images_edition_idx \(edition_type=\?\)/,
    ],
    [
      { search: ["forest"], editionTypes: ["limited_edition"] },
      "edition",
      /USING INDEX images_edition_idx \(edition_type=\?\)/,
    ],
    [{ search: ["forest"], availability: "sold" }, "sold", /USING INDEX images_sold_out_idx/],
  ] as Array<[Partial<ImageFilter>, PageLead, RegExp]>)(
    "walk the sold-out pieces or one edition type when that set is the smallest: %j",
    async (given, lead, walk) => {
      // Every seeded image is a public open edition: no piece is sold out and none is a limited
      // edition, so those sets are smaller than the tag's. Led by the tag, a common tag's sold
      // limited editions read every image of the tag (24-34 s at 1,000,000 images).
      statements.length = 0;
      await repo.total(filterOf(given), 3);
      await repo.findPage(filterOf(given), undefined, 5, lead);
      if (lead === "edition" && given.search === undefined) {
        // Most downloaded first too: the type's images read and sorted, not every image walked
        // along the downloads (a partner's rare edition type, 2.7-5.3 s at 1,000,000 images).
        await repo.findOrderedPage(filterOf(given), "most_downloaded", undefined, 5, lead);
      }
      const planned = plans().filter(
        ({ steps }) => !steps.some((step) => /facet_counts/.test(step)),
      );
      expect(planned).toHaveLength(lead === "edition" && given.search === undefined ? 3 : 2);
      for (const { statement, steps } of planned) {
        expect(steps.join("\n"), statement).toMatch(walk);
        // The tag is tested per image found, never walked.
        expect(steps.join("\n"), statement).not.toMatch(/^SEARCH f\b.*\(kind=\? AND value=\?\)$/m);
      }
    },
  );

  it.each([
    [{ visibility: "all" }, /^SCAN images$/],
    [{ visibility: "all", flagged: true }, /USING INDEX images_moderation_idx \(moderation=\?\)/],
    [
      { visibility: "public", flagged: true },
      /USING INDEX images_moderation_idx \(moderation=\?\)/,
    ],
    [{ visibility: "all", analysisStatus: "failed" }, /USING INDEX images_analysis_idx/],
    [{ visibility: "private", analysisStatus: "failed" }, /USING INDEX images_analysis_idx/],
  ] as Array<[Partial<ImageFilter>, RegExp]>)(
    "walk an admin's filter by its rare state or by id, never by status: %j",
    async (given, walk) => {
      // With no statistics, SQLite took `status = 'ready'` for selective and walked an index by
      // status through every image (1-4 s at 1,000,000 images for a page, and as much to count).
      statements.length = 0;
      await repo.findPage(filterOf(given), undefined, 5);
      await repo.count(filterOf(given));
      const planned = plans();
      expect(planned.length).toBeGreaterThan(0);
      for (const { statement, steps } of planned) {
        if (steps.some((step) => /facet_counts/.test(step))) continue;
        expect(steps.join("\n"), statement).toMatch(walk);
      }
    },
  );

  it.each([
    { minPriceCents: 100, maxPriceCents: 200 },
    { minPriceCents: 100, tags: ["dawn"], colors: ["green"] },
    { maxPriceCents: 200, editionTypes: ["open_edition"] },
  ] as Array<Partial<ImageFilter>>)(
    "find a page led by its price bounds from images_price_idx: %j",
    async (given) => {
      // Along the catalogue an empty band read every image's row (11.7 s at 1,000,000 images).
      statements.length = 0;
      await repo.countPriceBand(filterOf(given), 100);
      await repo.findPage(filterOf(given), undefined, 5, "price");
      await repo.findOrderedPage(filterOf(given), "most_downloaded", undefined, 5, "price");
      const planned = plans();
      expect(planned).toHaveLength(3);
      for (const { statement, steps } of planned) {
        expect(steps.join("\n"), statement).toMatch(/USING COVERING INDEX images_price_idx/);
      }
      // Each page's images are then looked up by id, one priced image after another.
      for (const { statement, steps } of planned.slice(1)) {
        expect(steps[0], statement).toMatch(
          /^SEARCH images USING (INTEGER PRIMARY KEY \(rowid=\?\)|INDEX \w+ \([^)]*\bid=\?\))$/,
        );
      }
    },
  );

  it.each(filters)("seek no image by two id lists at once: %j", async (given) => {
    const filter = filterOf(given);
    statements.length = 0;
    await repo.total(filter, 3);
    await repo.count(filter);
    await repo.findPage(filter, undefined, 5, "facets");
    await repo.findPage(filter, undefined, 5, "walk");
    await repo.findOrderedPage(filter, "most_downloaded", undefined, 5, "facets");
    await repo.findIdsMatching(filter, 10);
    const planned = plans();
    expect(planned.length).toBeGreaterThan(0);
    for (const { statement, steps } of planned) {
      const seeks = steps.filter((d) => /id=\? AND rowid=\?/.test(d));
      expect(seeks, statement).toEqual([]);
    }
  });

  it("counts a filter's images on the app's read thread, not on its connection", async () => {
    // A count of a new filter reads up to 1,000 matches, more rows when they are sparse: on the
    // thread, the event loop serves other requests meanwhile (DatabaseHandle.longReads).
    const onThread = vi.spyOn(app.database.longReads, "selectFrom");
    try {
      const res = await app.server.inject({ url: "/api/v1/images?tag=dawn&color=green" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().stats.totalImages).toBe(2);
      expect(onThread).toHaveBeenCalled();
    } finally {
      onThread.mockRestore();
    }
  });

  it("finds a search's page with other conditions on the read thread, a search alone on its connection", async () => {
    const onThread = vi.spyOn(app.database.longReads, "selectFrom");
    try {
      const pageOnThread = async (query: string) => {
        // The first asks the total too (kept from then on); the second, another page size, only
        // its page.
        const first = await app.server.inject({ url: `/api/v1/images?${query}&limit=2` });
        expect(first.statusCode, first.body).toBe(200);
        onThread.mockClear();
        const page = await app.server.inject({ url: `/api/v1/images?${query}&limit=3` });
        expect(page.statusCode, page.body).toBe(200);
        return { onThread: onThread.mock.calls.length > 0, ids: page.json().images.length };
      };
      expect(await pageOnThread("q=forest&tag=dawn")).toEqual({ onThread: true, ids: 3 });
      expect(await pageOnThread("q=forest")).toEqual({ onThread: false, ids: 3 });
    } finally {
      onThread.mockRestore();
    }
  });
});
