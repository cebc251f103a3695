import { type AdminImageOperation, type Member, ZImageListQuery } from "@sawdust/shared";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { recountFacets, recountStorage } from "../../db/catalogue-derived.js";
import { AppError } from "../../lib/errors.js";
import { EditionsRepo } from "../editions/editions.repo.js";
import { type ImageFilter, ImagesRepo } from "./images.repo.js";

/**
 * Issue 18, acceptance 3: the kept counts (facet_counts) stay equal to a real COUNT through a
 * random mix of what changes them: uploads made ready and analysed, seeded images, admins'
 * edits and tag changes, hides and shows, moderation decisions, batch operations, editions sold
 * and refunded (the sold-out count, migration 0025) and deletes. The bytes stored
 * (storage_totals, kept by triggers, migration 0026) are checked the same way.
 * Every kept count is compared with the catalogue counted afresh after each step.
 */
const RUNS = 6;
const TAGS = ["sea", "dune", "gold", "night-sky", "fern"];
const STYLES = ["ink", "oil"];
const COLORS = ["blue", "red", "green"];
const EDITIONS = ["sawdust_gallery", "open_edition", "one_of_one", "limited_edition"] as const;

let app: TestApp;
let repo: ImagesRepo;
let editions: EditionsRepo;
/** The payments that sold an edition, for refunds to pick from. */
const payments: string[] = [];
let admin: Member;
let reporters: Member[];

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  repo = new ImagesRepo(app.database.db, app.database.dialect);
  editions = new EditionsRepo(app.database.db, app.database.dialect);
  const signedIn = await signIn(app, "counter-admin", "admin");
  admin = { kind: "member", userId: signedIn.userId, role: "admin", tier: "free" };
  reporters = [];
  for (const name of ["reporter-a", "reporter-b"]) {
    reporters.push({
      kind: "member",
      userId: (await signIn(app, name)).userId,
      role: "user",
      tier: "free",
    });
  }
}, 60_000);
afterAll(() => app.close());

const subset = <T>(values: readonly T[]) => fc.subarray([...values]);
const pick = fc.nat();

const step = fc.oneof(
  fc.record({
    kind: fc.constant("seed" as const),
    tags: subset(TAGS),
    styles: subset(STYLES),
    colors: subset(COLORS),
    edition: fc.constantFrom(...EDITIONS),
    isPublic: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("upload" as const),
    edition: fc.constantFrom(...EDITIONS),
    waits: fc.boolean(),
    publish: fc.boolean(),
    tags: subset(TAGS),
    styles: subset(STYLES),
    colors: subset(COLORS),
  }),
  fc.record({
    kind: fc.constant("edit" as const),
    pick,
    tags: fc.option(subset(TAGS), { nil: undefined }),
    style: fc.option(fc.constantFrom("ink", "oil", "ink, oil"), { nil: undefined }),
    edition: fc.option(fc.constantFrom(...EDITIONS), { nil: undefined }),
    maxEditions: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant("sell" as const), pick }),
  fc.record({ kind: fc.constant("seed-sold" as const), isPublic: fc.boolean() }),
  fc.record({ kind: fc.constant("refund" as const), pick }),
  fc.record({ kind: fc.constant("visibility" as const), pick, isPublic: fc.boolean() }),
  fc.record({
    kind: fc.constant("moderate" as const),
    pick,
    reporter: fc.nat(1),
    decision: fc.constantFrom("approve" as const, "keep_private" as const, "delete" as const),
  }),
  fc.record({
    kind: fc.constant("batch" as const),
    picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
    operation: fc.oneof(
      fc.constant<AdminImageOperation>({ type: "make_public" }),
      fc.constant<AdminImageOperation>({ type: "make_private" }),
      fc.constant<AdminImageOperation>({ type: "delete" }),
      fc
        .constantFrom("sawdust_gallery" as const, "open_edition" as const)
        .map((editionType): AdminImageOperation => ({ type: "set_edition", editionType })),
      subset(TAGS)
        .filter((tags) => tags.length > 0)
        .map((tags): AdminImageOperation => ({ type: "add_tags", tags })),
      subset(TAGS)
        .filter((tags) => tags.length > 0)
        .map((tags): AdminImageOperation => ({ type: "remove_tags", tags })),
    ),
  }),
  fc.record({ kind: fc.constant("delete" as const), pick }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Random steps after a 1/1 seeded and sold (a sold-out piece in every run). */
const stepsWithASale = (minLength: number, maxLength: number) =>
  fc
    .tuple(fc.boolean(), fc.array(step, { minLength, maxLength }))
    .map(([isPublic, steps]): Step[] => [{ kind: "seed-sold", isPublic }, ...steps]);

async function readyIds(): Promise<number[]> {
  const rows = await app.database.db
    .selectFrom("images")
    .select("id")
    .where("status", "=", "ready")
    .orderBy("id")
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Runs one step; a refusal the rules give (a 4xx, e.g. a second report) changes nothing. */
async function apply(s: Step): Promise<void> {
  const ids = await readyIds();
  const chosen = (n: number) => ids[n % Math.max(ids.length, 1)];
  try {
    switch (s.kind) {
      case "seed":
        await seedImage(app, {
          tags: s.tags,
          styles: s.styles,
          colors: s.colors,
          editionType: s.edition,
          isPublic: s.isPublic,
        });
        return;
      case "upload": {
        // The repository's own steps, as ingest and the analysis job take them (without pixels).
        const now = Date.now();
        const id = await repo.insertProcessing({
          uploaderId: admin.userId,
          editionType: s.edition,
          priceCents: null,
          isPublic: false,
          publishWhenRated: s.waits,
          width: 100,
          height: 100,
          originalFormat: "png",
          originalBytes: 1,
          originalName: null,
          processingExpiresAt: now + 60_000,
          now,
        });
        await repo.completeUpload(
          id,
          [
            {
              size: "small",
              storageKey: `public/images/${id}/small-0000000000000000.webp`,
              width: 10,
              height: 10,
              bytes: 1,
              upscaled: false,
            },
          ],
          "thumb",
          { kind: "count-check", payload: {}, maxAttempts: 1 },
          now,
        );
        if (s.waits) await repo.settleWaiting(id, s.publish, now);
        await repo.update(
          id,
          {
            tags: JSON.stringify(s.tags),
            style: s.styles.join(", ") || null,
            analysis_status: "done",
          },
          { tag: s.tags, style: s.styles, color: s.colors },
          now,
        );
        return;
      }
      case "edit": {
        const id = chosen(s.pick);
        if (id === undefined) return;
        await app.services.edits.update(
          id,
          {
            ...(s.tags ? { tags: s.tags } : {}),
            ...(s.style ? { style: s.style } : {}),
            ...(s.edition ? { editionType: s.edition } : {}),
            ...(s.maxEditions ? { maxEditions: s.maxEditions } : {}),
          },
          admin,
        );
        return;
      }
      case "visibility": {
        const id = chosen(s.pick);
        if (id !== undefined) await app.services.edits.setVisibility(id, s.isPublic, admin);
        return;
      }
      case "moderate": {
        const id = chosen(s.pick);
        if (id === undefined) return;
        const reporter = reporters[s.reporter] as Member;
        await app.services.moderation
          .report(id, { reason: "violence" }, reporter)
          .catch(ignoreRefusal);
        await app.services.moderation.decide([id], s.decision, admin);
        return;
      }
      case "batch": {
        const picked = [...new Set(s.picks.map(chosen))].filter((id) => id !== undefined);
        if (picked.length > 0)
          await app.services.adminImages.batch({ ids: picked }, s.operation, admin);
        return;
      }
      case "delete": {
        const id = chosen(s.pick);
        if (id !== undefined) await app.services.edits.delete(id, admin);
        return;
      }
      case "sell": {
        const id = chosen(s.pick);
        if (id !== undefined) await sell(id);
        return;
      }
      case "seed-sold": {
        // A 1/1 seeded and sold at once: every run has a sold-out piece to keep count of.
        await sell(await seedImage(app, { editionType: "one_of_one", isPublic: s.isPublic }));
        return;
      }
      case "refund": {
        const paymentId = payments[s.pick % Math.max(payments.length, 1)];
        if (paymentId !== undefined) await editions.refund({ paymentId, now: Date.now() });
        return;
      }
    }
  } catch (error) {
    ignoreRefusal(error);
  }
}

/** A confirmed payment for the piece, as the webhook records it: sells when an edition is left. */
async function sell(imageId: number): Promise<void> {
  const paymentId = `pay-${payments.length}-${Date.now()}-${Math.random()}`;
  const outcome = await editions.recordPayment({
    event: { id: `evt-${paymentId}`, type: "payment", receivedAt: Date.now() },
    imageId,
    userId: admin.userId,
    reservationId: null,
    checkoutId: null,
    licence: "standard",
    priceCents: 100,
    provider: "test",
    paymentId,
    now: Date.now(),
    originalSha256: "0".repeat(64),
    certificateId: `cert-${paymentId}`,
  });
  if (outcome.kind === "sold") payments.push(paymentId);
}

function ignoreRefusal(error: unknown): void {
  if (error instanceof AppError && error.status < 500) return;
  throw error;
}

/** Every count the table should hold, counted afresh from the images and their facets. */
async function countedAfresh(): Promise<string[]> {
  const { rows } = await sql<{
    kind: string;
    value: string;
    edition_type: string;
    is_public: number;
    n: number | string;
  }>`
    select 'all' as kind, '' as value, edition_type, is_public, count(*) as n
    from images where status = 'ready' group by edition_type, is_public
    union all
    select f.kind, f.value, i.edition_type, i.is_public, count(*) as n
    from image_facets f join images i on i.id = f.image_id
    where i.status = 'ready' group by f.kind, f.value, i.edition_type, i.is_public
    union all
    select 'sold' as kind, '' as value, edition_type, is_public, count(*) as n
    from images where status = 'ready'
      and ((edition_type = 'one_of_one' and sold_editions >= 1)
        or (edition_type = 'limited_edition' and sold_editions >= coalesce(max_editions, 0)))
    group by edition_type, is_public
  `.execute(app.database.db);
  return rows
    .map((r) => `${r.kind}/${r.value}/${r.edition_type}/${Number(r.is_public)}=${Number(r.n)}`)
    .sort();
}

/** The bytes stored as kept by triggers (storage_totals, migration 0026) and as added up afresh. */
async function storage(): Promise<{ kept: number[]; summed: number[] }> {
  const row = await app.database.db
    .selectFrom("storage_totals")
    .selectAll()
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{
    originals: number | string | null;
    renditions: number | string | null;
  }>`
    select (select sum(original_bytes) from images) as originals,
           (select sum(bytes) from renditions) as renditions
  `.execute(app.database.db);
  return {
    kept: [Number(row.original_bytes), Number(row.rendition_bytes)],
    summed: [Number(rows[0]?.originals ?? 0), Number(rows[0]?.renditions ?? 0)],
  };
}

async function kept(): Promise<string[]> {
  const rows = await app.database.db
    .selectFrom("facet_counts")
    .selectAll()
    .where("count", "!=", 0)
    .execute();
  return rows
    .map((r) => `${r.kind}/${r.value}/${r.edition_type}/${Number(r.is_public)}=${Number(r.count)}`)
    .sort();
}

/** A visitor's tag page total, as the list answers it, against a real count. */
async function expectListTotal(tag: string): Promise<void> {
  const query = ZImageListQuery.parse({ tag, limit: 1 });
  const page = await app.services.catalogue.list(query, { kind: "visitor" });
  const row = await app.database.db
    .selectFrom("images")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "ready")
    .where("is_public", "=", 1)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("image_facets")
        .select("image_id")
        .where("kind", "=", "tag")
        .where("value", "=", tag),
    )
    .executeTakeFirstOrThrow();
  // The kept counts answer it: exact whatever its size, never a bound.
  expect(page.stats).toEqual({ totalImages: Number(row.n), totalIsLowerBound: false });
}

/**
 * Combined filters (two tags, a tag and a colour) are counted, not kept: their total for a page,
 * counted up to `upTo`, against a real count (ImagesRepo.total).
 */
async function expectCountedTotals(upTo: number): Promise<void> {
  const [first, second] = TAGS;
  const filters = [
    { tags: [first, second], colors: [] },
    { tags: [first], colors: COLORS.slice(0, 2) },
  ] as Array<{ tags: string[]; colors: string[] }>;
  for (const { tags, colors } of filters) {
    const filter: ImageFilter = {
      visibility: "public",
      tags,
      styles: [],
      colors,
      editionTypes: [],
      search: [],
    };
    const having = (kind: string, values: string[]) =>
      values.length === 0
        ? sql``
        : sql`and id in (select image_id from image_facets where kind = ${kind} and value in (${sql.join(values)}))`;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from images where status = 'ready' and is_public = 1
      ${having("tag", tags)} ${having("color", colors)}
    `.execute(app.database.db);
    const real = Number(rows[0]?.n);
    expect(await repo.keptCount(filter)).toBeUndefined();
    expect(await repo.total(filter, upTo), JSON.stringify({ filter, upTo })).toEqual(
      real > upTo ? { images: upTo, atLeast: true } : { images: real, atLeast: false },
    );
  }
}

/** The sold-out pieces' total (kept, kind 'sold'), whole and of one edition type, against a real count. */
async function expectSoldTotals(): Promise<void> {
  for (const editionTypes of [[], ["one_of_one"], ["limited_edition", "open_edition"]]) {
    const filter: ImageFilter = {
      visibility: "public",
      tags: [],
      styles: [],
      colors: [],
      editionTypes,
      availability: "sold",
      search: [],
    };
    const of =
      editionTypes.length === 0 ? sql`` : sql`and edition_type in (${sql.join(editionTypes)})`;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from images where status = 'ready' and is_public = 1 ${of}
        and ((edition_type = 'one_of_one' and sold_editions >= 1)
          or (edition_type = 'limited_edition' and sold_editions >= coalesce(max_editions, 0)))
    `.execute(app.database.db);
    // Exact from the kept counts, however many: a bound of 0 would count otherwise.
    expect(await repo.total(filter, 0), JSON.stringify(editionTypes)).toEqual({
      images: Number(rows[0]?.n),
      atLeast: false,
    });
  }
}

describe(`the kept facet counts on ${TEST_DB}`, () => {
  it("equal a real count after every step of random uploads, edits, hides, shows, moderation, batches, sales, refunds and deletes", async () => {
    // The widest kept table any step left: a run may well end with everything deleted.
    let widest = 0;
    let soldOut = 0;
    await fc.assert(
      fc.asyncProperty(stepsWithASale(5, 14), async (steps) => {
        for (const s of steps) {
          await apply(s);
          const rows = await kept();
          expect(rows).toEqual(await countedAfresh());
          const bytes = await storage();
          expect(bytes.kept).toEqual(bytes.summed);
          widest = Math.max(widest, rows.length);
          soldOut += rows.filter((row) => row.startsWith("sold/")).length;
        }
        await expectListTotal(TAGS[steps.length % TAGS.length] as string);
        await expectCountedTotals(steps.length % 4);
        await expectSoldTotals();
      }),
      { numRuns: RUNS },
    );
    // The runs built a catalogue worth checking: images of several kinds were counted, and some
    // pieces sold out.
    expect(widest).toBeGreaterThan(3);
    expect(soldOut).toBeGreaterThan(0);
  }, 120_000);

  it("stay equal when changes run at once (on PostgreSQL, in concurrent transactions)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 8 }), async (steps) => {
        await Promise.all(steps.map(apply));
        expect(await kept()).toEqual(await countedAfresh());
        const bytes = await storage();
        expect(bytes.kept).toEqual(bytes.summed);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("keep the bytes stored when an image's row goes, its renditions with it (the cascade)", async () => {
    const id = await seedImage(app, { tags: ["sea"] });
    const before = await storage();
    const own = await app.database.db
      .selectFrom("renditions")
      .select((eb) => eb.fn.sum<number | string>("bytes").as("n"))
      .where("image_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(own.n)).toBeGreaterThan(0);
    await repo.deleteById(id);
    const after = await storage();
    expect(after.kept).toEqual(after.summed);
    expect((before.kept[1] ?? 0) - (after.kept[1] ?? 0)).toBe(Number(own.n));
  });

  it("are what recountFacets (the migration's backfill) rebuilds from scratch", async () => {
    const before = await kept();
    await recountFacets(app.database.db);
    expect(await kept()).toEqual(before);
    expect(before).toEqual(await countedAfresh());
    // The bytes stored, kept by triggers, are what recountStorage adds up.
    const bytes = await storage();
    expect(bytes.kept[1]).toBeGreaterThan(0);
    await recountStorage(app.database.db);
    expect((await storage()).kept).toEqual(bytes.kept);
  });
});
