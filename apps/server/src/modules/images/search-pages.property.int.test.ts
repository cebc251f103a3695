import type { Member } from "@sawdust/shared";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { refillSearchTerms } from "../../db/catalogue-derived.js";
import { NAMED_AFTER_RUNS } from "../../db/pg-named-statements.js";
import { AppError } from "../../lib/errors.js";
import { type ImageFilter, ImagesRepo } from "./images.repo.js";
import { toFts5Query, toTsQuery } from "./search-query.js";

/**
 * A search's pages, newest first, and its total are exactly the images the full-text condition
 * matches, through any mix of new images, edits of their words, hides, images leaving the ready
 * state and deletes. On PostgreSQL the pages walk
 * the words' rows (image_terms, migration 0018) kept by triggers, and a search's total is counted
 * from them (less the matches the visibility hides), so this also checks, after each
 * step, that those rows are the words of each image's search_vector; on SQLite they walk FTS5.
 * Words share prefixes (a prefix spelled out as several words, or as too many to lead), and some
 * are not ASCII (left to the index to fold).
 */
const RUNS = 5;
const WORDS = [
  "griffin",
  "griffins",
  "grim",
  "land",
  "landscape",
  "lantern",
  "lake",
  "lark",
  "café",
  "Éclair",
  "x1",
  "x12",
];
/** Prefixes of those words: each a search's last word. */
const PREFIXES = [
  "g",
  "gri",
  "griffin",
  "la",
  "lan",
  "land",
  "landscapes",
  "caf",
  "éc",
  "x1",
  "zz",
];

let app: TestApp;
let repo: ImagesRepo;
let admin: Member;

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  repo = new ImagesRepo(app.database.db, app.database.dialect);
  const signedIn = await signIn(app, "search-admin", "admin");
  admin = { kind: "member", userId: signedIn.userId, role: "admin", tier: "free" };
}, 60_000);
afterAll(() => app.close());

const words = fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }).map((w) => w.join(" "));
const pick = fc.nat();

const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("seed" as const),
      title: words,
      description: words,
      isPublic: fc.boolean(),
      editionType: fc.constantFrom("sawdust_gallery", "open_edition"),
      tags: fc.subarray(["sea", "dune"]),
    }),
  },
  fc.record({ kind: fc.constant("retitle" as const), pick, title: words }),
  fc.record({ kind: fc.constant("visibility" as const), pick, isPublic: fc.boolean() }),
  fc.record({ kind: fc.constant("delete" as const), pick }),
  fc.record({ kind: fc.constant("unready" as const), pick }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const search = fc.record({
  words: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
  last: fc.constantFrom(...PREFIXES),
  visibility: fc.constantFrom("public" as const, "all" as const),
  /** An edition type beside the words: the total is then counted through the images. */
  editionTypes: fc.constantFrom<string[]>([], ["open_edition"]),
  /** Tags beside the words: a count with a facet, walked from the words or from the tag's rows. */
  tags: fc.constantFrom<string[]>([], [], ["sea"], ["sea", "dune"]),
  pageSize: fc.integer({ min: 1, max: 4 }),
  /** How far a page's total is counted (ImagesRepo.total; LIST_TOTALS in the app). */
  upTo: fc.integer({ min: 0, max: 4 }),
});
type Search = typeof search extends fc.Arbitrary<infer S> ? S : never;

async function ids(): Promise<number[]> {
  const rows = await app.database.db.selectFrom("images").select("id").orderBy("id").execute();
  return rows.map((r) => Number(r.id));
}

async function apply(s: Step): Promise<void> {
  const all = await ids();
  const chosen = (n: number) => all[n % Math.max(all.length, 1)];
  try {
    switch (s.kind) {
      case "seed":
        await seedImage(app, {
          title: s.title,
          description: s.description,
          isPublic: s.isPublic,
          editionType: s.editionType,
          tags: s.tags,
        });
        return;
      case "retitle": {
        const id = chosen(s.pick);
        if (id !== undefined)
          await app.services.edits.update(id, { aiAnalysis: { title: s.title } }, admin);
        return;
      }
      case "visibility": {
        const id = chosen(s.pick);
        if (id !== undefined) await app.services.edits.setVisibility(id, s.isPublic, admin);
        return;
      }
      case "delete": {
        const id = chosen(s.pick);
        if (id !== undefined) await app.services.edits.delete(id, admin);
        return;
      }
      case "unready": {
        // As an image being made again is: still in the index, never in a list or a total.
        const id = chosen(s.pick);
        if (id !== undefined) {
          await app.database.db
            .updateTable("images")
            .set({ status: "processing" })
            .where("id", "=", id)
            .execute();
        }
        return;
      }
    }
  } catch (error) {
    if (!(error instanceof AppError && error.status < 500)) throw error;
  }
}

/** The search's matches newest first, straight from the full-text condition. */
async function matchesOf(q: Search): Promise<number[]> {
  const terms = [...q.words, q.last];
  const visible = q.visibility === "public" ? sql`and is_public = 1` : sql``;
  const edition =
    q.editionTypes.length > 0 ? sql`and edition_type in (${sql.join(q.editionTypes)})` : sql``;
  const tagged =
    q.tags.length > 0
      ? sql`and id in (select image_id from image_facets where kind = 'tag' and value in (${sql.join(q.tags)}))`
      : sql``;
  const match =
    app.database.dialect === "postgres"
      ? sql`search_vector @@ to_tsquery('simple', ${toTsQuery(terms)})`
      : sql`id in (select rowid from images_fts where images_fts match ${toFts5Query(terms)})`;
  const { rows } = await sql<{ id: number | string }>`
    select id from images where status = 'ready' ${visible} ${edition} ${tagged} and ${match}
    order by id desc
  `.execute(app.database.db);
  return rows.map((r) => Number(r.id));
}

function filterOf(q: Search): ImageFilter {
  return {
    visibility: q.visibility,
    tags: q.tags,
    styles: [],
    colors: [],
    editionTypes: q.editionTypes,
    search: [...q.words, q.last],
  };
}

/** Every page of the search, walked as the list walks them. */
async function pagesOf(q: Search): Promise<number[]> {
  const filter = filterOf(q);
  const found: number[] = [];
  for (;;) {
    const after = found[found.length - 1];
    const page = await repo.findPage(filter, after, q.pageSize);
    found.push(...page.map((row) => Number(row.id)));
    if (page.length < q.pageSize) return found;
  }
}

/** PostgreSQL: the words kept for each image against its search_vector's. */
async function termRowsAgree(): Promise<void> {
  if (app.database.dialect !== "postgres") return;
  const { rows } = await sql<{ wrong: number | string }>`
    select count(*) as wrong from (
      (select term, image_id from image_terms
        except select unnest(tsvector_to_array(search_vector)), id from images)
      union all
      (select unnest(tsvector_to_array(search_vector)), id from images
        except select term, image_id from image_terms)
    ) as differing
  `.execute(app.database.db);
  expect(Number(rows[0]?.wrong)).toBe(0);
}

describe(`search pages against the full-text condition on ${TEST_DB}`, () => {
  it("pages and counts every search exactly as the condition matches, through random changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(step, fc.array(search, { minLength: 1, maxLength: 3 })), {
          minLength: 4,
          maxLength: 14,
        }),
        async (steps) => {
          for (const [s, searches] of steps) {
            await apply(s);
            await termRowsAgree();
            for (const q of searches) {
              const expected = await matchesOf(q);
              expect(await pagesOf(q), JSON.stringify(q)).toEqual(expected);
              expect(await repo.count(filterOf(q)), JSON.stringify(q)).toBe(expected.length);
              // Counted as far as upTo + 1 and no further: exact at or under it, else a bound.
              expect(await repo.total(filterOf(q), q.upTo), JSON.stringify(q)).toEqual(
                expected.length > q.upTo
                  ? { images: q.upTo, atLeast: true }
                  : { images: expected.length, atLeast: false },
              );
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 240_000);

  it.skipIf(TEST_DB !== "postgres")(
    "never keeps a plan that could read a search's every match (PostgreSQL)",
    async () => {
      await seedImage(app, { title: "griffin landscape", description: "lake", isPublic: true });
      const q: Search = {
        words: ["griffin"],
        last: "land",
        visibility: "public",
        editionTypes: [],
        tags: [],
        pageSize: 2,
        upTo: 1,
      };
      // One query at a time: the pool hands back the connection it was just given.
      for (let run = 0; run < NAMED_AFTER_RUNS + 5; run++) {
        await repo.findPage(filterOf(q), undefined, q.pageSize);
        await repo.count(filterOf(q));
        await repo.total(filterOf(q), q.upTo);
      }
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements
      `.execute(app.database.db);
      const statements = rows.map((r) => r.statement);
      // Named: the choice of the word to walk, and the page walking its rows (its full-text test
      // is one no index answers, so no plan can do otherwise), each an index walk whatever the
      // words. Never named: the total, whose plan follows how common the words are.
      expect(statements.some((s) => s.includes(") as capped"))).toBe(true);
      const pages = statements.filter((s) => s.includes('from "image_terms" as "t"'));
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) {
        expect(page).toMatch(/coalesce\(images\.search_vector @@/);
        expect(page).not.toMatch(/[^(]images\.search_vector @@/);
      }
      expect(statements.filter((s) => s.includes("not exists (select 1 from"))).toEqual([]);
    },
  );

  it.skipIf(TEST_DB !== "postgres")(
    "makes the words' rows again for images written with triggers off (PostgreSQL)",
    async () => {
      await seedImage(app, { title: "refilled griffin", description: "lake", isPublic: true });
      // As the benchmark's bulk load leaves it: images in, their words' rows not.
      await sql`truncate image_terms`.execute(app.database.db);
      await expect(termRowsAgree()).rejects.toThrow();
      await refillSearchTerms(app.database.db);
      await termRowsAgree();
      const q: Search = {
        words: [],
        last: "refilled",
        visibility: "public",
        editionTypes: [],
        tags: [],
        pageSize: 5,
        upTo: 5,
      };
      expect(await pagesOf(q)).toEqual(await matchesOf(q));
      expect(await pagesOf(q)).not.toEqual([]);
    },
  );
});
