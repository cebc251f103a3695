import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readyImageRow } from "../../../test/images.js";
import { createTestDatabase, TEST_DB } from "../../../test/test-app.js";
import { DownloadsRepo } from "../../modules/downloads/downloads.repo.js";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../database.js";
import { migrationsFor } from "./index.js";

/** A database brought up to one migration, as the release before it left it. */
async function databaseAt(handle: DatabaseHandle, last: string): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(handle.dialect) },
  });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
}

/** A member's row as the schema of the release being upgraded holds it. */
function insertMember(handle: DatabaseHandle, name: string, now: number) {
  return handle.db
    .insertInto("users")
    .values({
      username: name,
      username_key: name,
      email: `${name}@example.com`,
      password_hash: "x",
      role: "user",
      display_name: null,
      bio: null,
      website: null,
      social_links: "{}",
      artist_statement: null,
      specialties: "[]",
      created_at: now,
      updated_at: now,
      suspended_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** An empty database of its own (not migrated), and how to remove it. */
async function newDatabase(): Promise<{ handle: DatabaseHandle; cleanUp: () => Promise<void> }> {
  const { env, drop } = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), "sawdust-upgrade-"));
  const handle = openDatabase({
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, preparedStatements: true }
      : { kind: "sqlite", file: join(dir, "sawdust.db") },
  });
  const cleanUp = async () => {
    await handle.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { handle, cleanUp };
}

describe(`upgrading a database on ${TEST_DB}`, () => {
  let handle: DatabaseHandle;
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, cleanUp } = await newDatabase());
  });
  afterAll(() => cleanUp());

  it("keeps sign-in windows still open as attempts (0033), so a lockout survives the upgrade", async () => {
    await databaseAt(handle, "2026-11-29-0032-search-without-accents");
    const now = Date.now();
    await handle.db
      .insertInto("rate_limits")
      .values([
        { key: "login:user:locked", count: 5, window_ends_at: now + 10 * 60_000 },
        { key: "login:ip:10.0.0.1", count: 3, window_ends_at: now + 60_000 },
        { key: "login:user:long-ago", count: 5, window_ends_at: now - 60_000 },
        { key: "preview:ip:10.0.0.2", count: 40, window_ends_at: now + 60_000 },
      ])
      .execute();
    expect(await migrateToLatest(handle)).toContain("2026-11-29-0033-rate-limit-attempts");
    const attempts = await handle.db
      .selectFrom("rate_limit_attempts")
      .select((eb) => ["key", eb.fn.countAll<number>().as("count")])
      .groupBy("key")
      .orderBy("key")
      .execute();
    expect(attempts.map((row) => [row.key, Number(row.count)])).toEqual([
      ["login:ip:10.0.0.1", 3],
      ["login:user:locked", 5],
    ]);
  });

  it("says a database a newer build migrated is newer, not corrupted", async () => {
    await migrateToLatest(handle);
    await handle.db
      .insertInto("kysely_migration" as never)
      .values({
        name: "2099-01-01-0999-from-the-future",
        timestamp: new Date().toISOString(),
      } as never)
      .execute();
    await expect(migrateToLatest(handle)).rejects.toThrow(
      /upgraded by a newer Sawdust \(it has migration 2099-01-01-0999-from-the-future/,
    );
  });
});

describe(`upgrading stored text to 0034 on ${TEST_DB}`, () => {
  let handle: DatabaseHandle;
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, cleanUp } = await newDatabase());
  });
  afterAll(() => cleanUp());

  it("slugifies stored tags and styles again, cleans titles, and files Greek's final sigma as σ", async () => {
    await databaseAt(handle, "2026-11-29-0033-rate-limit-attempts");
    const db = handle.db;
    const oldTags = ["i\u0307zmir", "izmir", "\ufe0fpride", "sea"];
    const image = await db
      .insertInto("images")
      .values({
        ...readyImageRow(Date.now()),
        title: "\u202eCafe\u0301 noir",
        description: "λογος ΘΕΟΣ",
        tags: JSON.stringify(oldTags),
        style: "i\u0307znik tiles, watercolor",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const plain = await db
      .insertInto("images")
      .values({ ...readyImageRow(Date.now()), title: "Plain", tags: JSON.stringify(["sea"]) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("image_facets")
      .values([
        ...oldTags.map((value) => ({ image_id: image.id, kind: "tag", value })),
        { image_id: image.id, kind: "style", value: "i\u0307znik tiles" },
        { image_id: image.id, kind: "style", value: "watercolor" },
        { image_id: plain.id, kind: "tag", value: "sea" },
      ])
      .execute();

    expect(await migrateToLatest(handle)).toContain("2026-11-29-0034-international-text");

    const rows = await db
      .selectFrom("images")
      .select(["id", "title", "description", "tags", "style"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
      {
        id: Number(image.id),
        title: "Café noir",
        description: "λογος ΘΕΟΣ",
        tags: JSON.stringify(["izmir", "pride", "sea"]),
        style: "iznik tiles, watercolor",
      },
      {
        id: Number(plain.id),
        title: "Plain",
        description: null,
        tags: JSON.stringify(["sea"]),
        style: null,
      },
    ]);
    const facets = await db
      .selectFrom("image_facets")
      .select(["image_id", "kind", "value"])
      .where("kind", "in", ["tag", "style"])
      .orderBy("image_id")
      .orderBy("kind")
      .orderBy("value")
      .execute();
    expect(facets.map((f) => [Number(f.image_id), f.kind, f.value])).toEqual([
      [Number(image.id), "style", "iznik tiles"],
      [Number(image.id), "style", "watercolor"],
      [Number(image.id), "tag", "izmir"],
      [Number(image.id), "tag", "pride"],
      [Number(image.id), "tag", "sea"],
      [Number(plain.id), "tag", "sea"],
    ]);
    const counts = await db
      .selectFrom("facet_counts")
      .select(["kind", "value", (eb) => eb.fn.sum<number>("count").as("n")])
      .where("kind", "in", ["tag", "style"])
      .groupBy(["kind", "value"])
      .orderBy("kind")
      .orderBy("value")
      .execute();
    expect(counts.map((c) => [c.kind, c.value, Number(c.n)])).toEqual([
      ["style", "iznik tiles", 1],
      ["style", "watercolor", 1],
      ["tag", "izmir", 1],
      ["tag", "pride", 1],
      ["tag", "sea", 2],
    ]);

    if (handle.dialect === "postgres") {
      const { rows: terms } = await sql<{ term: string }>`
        select term from image_terms where image_id = ${image.id} order by term
      `.execute(db);
      expect(terms.map((t) => t.term)).toEqual(
        expect.arrayContaining(["cafe", "izmir", "pride", "θεοσ", "λογοσ"]),
      );
      expect(terms.map((t) => t.term)).not.toContain("λογος");
      const { rows: found } = await sql<{ id: number }>`
        select id from images where search_vector @@ to_tsquery('simple', 'λογοσ & θεοσ')
      `.execute(db);
      expect(found.map((f) => Number(f.id))).toEqual([Number(image.id)]);
    } else {
      const { rows: found } = await sql<{ rowid: number }>`
        select rowid from images_fts where images_fts match '"izmir" AND "cafe" AND "λογος"'
      `.execute(db);
      expect(found.map((f) => Number(f.rowid))).toEqual([Number(image.id)]);
    }
  });

  it("queues the tile renditions of the images already stored (0036), once, and none on an empty site", async () => {
    const empty = await newDatabase();
    const stored = await newDatabase();
    try {
      await databaseAt(empty.handle, "2026-11-29-0035-early-refunds");
      await databaseAt(stored.handle, "2026-11-29-0035-early-refunds");
      const image = await stored.handle.db
        .insertInto("images")
        .values(readyImageRow(Date.now()))
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const { handle: db } of [empty, stored]) {
        expect(await migrateToLatest(db)).toContain("2026-11-30-0036-thumb-rendition");
      }
      const jobsOf = (db: DatabaseHandle) =>
        db.db.selectFrom("jobs").select(["kind", "payload", "status", "image_id"]).execute();
      expect(await jobsOf(empty.handle)).toEqual([]);
      expect(await jobsOf(stored.handle)).toEqual([
        { kind: "make-thumbs", payload: '{"beforeId":null}', status: "pending", image_id: null },
      ]);
      const row = await stored.handle.db
        .selectFrom("images")
        .select("key_thumb")
        .where("id", "=", image.id)
        .executeTakeFirstOrThrow();
      expect(row.key_thumb).toBeNull();
    } finally {
      await empty.cleanUp();
      await stored.cleanUp();
    }
  });
});

describe(`upgrading monthly usage to 0040 on ${TEST_DB}`, () => {
  it("gives each edition sale the checkout of its hold (0043), so its buyer's page is not left pending", async () => {
    // Round 56: a sale made before the upgrade answered "pending" for good.
    const { handle, cleanUp } = await newDatabase();
    try {
      await databaseAt(handle, "2026-12-01-0042-edition-numbers-reissued");
      const now = Date.now();
      const image = await handle.db
        .insertInto("images")
        .values({ ...readyImageRow(now), edition_type: "one_of_one", price_cents: 2_000 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const user = await insertMember(handle, "collector", now);
      const hold = await handle.db
        .insertInto("edition_reservations")
        .values({
          image_id: image.id,
          user_id: user.id,
          licence: "standard",
          price_cents: 2_000,
          checkout_id: "cs_before_upgrade",
          status: "completed",
          created_at: now,
          expires_at: now + 60_000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const sale = (reservation: number | null, payment: string) => ({
        image_id: image.id,
        user_id: user.id,
        reservation_id: reservation,
        licence: "standard",
        number: reservation === null ? null : 1,
        price_cents: 2_000,
        provider: "sandbox",
        provider_payment_id: payment,
        status: reservation === null ? "declined" : "sold",
        created_at: now,
        refunded_at: null,
      });
      await handle.db
        .insertInto("edition_sales")
        .values([sale(hold.id, "pi_held"), sale(null, "pi_unheld")])
        .execute();
      expect(await migrateToLatest(handle)).toContain("2026-12-01-0043-sale-checkout");
      const rows = await handle.db
        .selectFrom("edition_sales")
        .select(["provider_payment_id", "checkout_id"])
        .orderBy("provider_payment_id")
        .execute();
      expect(rows).toEqual([
        { provider_payment_id: "pi_held", checkout_id: "cs_before_upgrade" },
        { provider_payment_id: "pi_unheld", checkout_id: null },
      ]);
    } finally {
      await cleanUp();
    }
  });

  it("keeps a month counted before it counting in full against the free limits", async () => {
    const { handle, cleanUp } = await newDatabase();
    try {
      await databaseAt(handle, "2026-11-30-0039-job-outages");
      const now = Date.now();
      const user = await insertMember(handle, "counted", now);
      await handle.db
        .insertInto("usage_monthly")
        .values({ user_id: user.id, month: "2026-11", downloads: 10, bytes: 12_345 })
        .execute();
      expect(await migrateToLatest(handle)).toContain("2026-11-30-0040-unlimited-downloads");
      expect(await new DownloadsRepo(handle.db).usage(user.id, "2026-11")).toEqual({
        downloads: 10,
        bytes: 12_345,
        whileFree: { downloads: 10, bytes: 12_345 },
      });
    } finally {
      await cleanUp();
    }
  });
});

/** A stored analysis (JSON text) with this palette. */
function painted(palette: Array<{ hex: string; share: number; name: string }>): string {
  return JSON.stringify({
    colorScheme: Object.fromEntries(palette.map((s, i) => [`c${i}`, `#${s.hex}`])),
    palette,
    lightness: 40,
  });
}

/** A ready image with this stored analysis and these colour facets; its id. */
async function insertPainted(handle: DatabaseHandle, json: string, colours: string[]) {
  const { id } = await handle.db
    .insertInto("images")
    .values({ ...readyImageRow(Date.now()), ai_analysis: json, list_analysis: json })
    .returning("id")
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto("image_facets")
    .values(colours.map((value) => ({ image_id: id, kind: "color", value })))
    .execute();
  return Number(id);
}

const names = (json: string) =>
  (JSON.parse(json).palette as Array<{ name: string }>).map((s) => s.name);

async function colourFacets(handle: DatabaseHandle) {
  const facets = await handle.db
    .selectFrom("image_facets")
    .select(["image_id", "value"])
    .where("kind", "=", "color")
    .orderBy("image_id")
    .orderBy("value")
    .execute();
  return facets.map((f) => [Number(f.image_id), f.value]);
}

async function colourCounts(handle: DatabaseHandle) {
  const counts = await handle.db
    .selectFrom("facet_counts")
    .select(["value", (eb) => eb.fn.sum<number>("count").as("n")])
    .where("kind", "=", "color")
    .groupBy("value")
    .orderBy("value")
    .execute();
  return counts.map((c) => [c.value, Number(c.n)]);
}

describe(`upgrading colour names to 0044 on ${TEST_DB}`, () => {
  it("names a grey swatch gray, black or white again, with its image's colour facets and the kept counts", async () => {
    // A slate grey (#374146) was "purple": the purple filter found it, the black one did not.
    const { handle, cleanUp } = await newDatabase();
    try {
      await databaseAt(handle, "2026-12-01-0043-sale-checkout");
      const slate = painted([
        { hex: "374146", share: 0.6, name: "purple" },
        { hex: "dc1e28", share: 0.3, name: "red" },
        { hex: "aaafa5", share: 0.1, name: "beige" },
      ]);
      const red = painted([{ hex: "dc1e28", share: 1, name: "red" }]);
      const greyId = await insertPainted(handle, slate, ["purple", "red", "beige"]);
      const redId = await insertPainted(handle, red, ["red"]);

      expect(await migrateToLatest(handle)).toContain("2026-12-01-0044-neutral-colour-names");

      const rows = await handle.db
        .selectFrom("images")
        .select(["id", "ai_analysis", "list_analysis"])
        .orderBy("id")
        .execute();
      expect(
        rows.map((row) => [Number(row.id), names(row.ai_analysis), names(row.list_analysis)]),
      ).toEqual([
        [greyId, ["black", "red", "gray"], ["black", "red", "gray"]],
        [redId, ["red"], ["red"]],
      ]);
      expect(JSON.parse(rows[0]?.ai_analysis ?? "{}")).toMatchObject({
        lightness: 40,
        colorScheme: { c0: "#374146" },
      });
      expect(rows[1]?.ai_analysis).toBe(red);
      expect(await colourFacets(handle)).toEqual([
        [greyId, "black"],
        [greyId, "gray"],
        [greyId, "red"],
        [redId, "red"],
      ]);
      expect(await colourCounts(handle)).toEqual([
        ["black", 1],
        ["gray", 1],
        ["red", 2],
      ]);
    } finally {
      await cleanUp();
    }
  });
});

describe(`upgrading colour names to 0045 on ${TEST_DB}`, () => {
  it("names a saturated blue swatch blue again, with its image's colour facets and the kept counts", async () => {
    // Medium blue (#0000cd) was "purple": the blue filter did not find it.
    const { handle, cleanUp } = await newDatabase();
    try {
      await databaseAt(handle, "2026-12-01-0044-neutral-colour-names");
      const blue = painted([
        { hex: "0000cd", share: 0.7, name: "purple" },
        { hex: "8a2be2", share: 0.3, name: "purple" },
      ]);
      const id = await insertPainted(handle, blue, ["purple"]);

      expect(await migrateToLatest(handle)).toContain("2026-12-02-0045-saturated-blue-names");

      const row = await handle.db
        .selectFrom("images")
        .select(["ai_analysis", "list_analysis"])
        .executeTakeFirstOrThrow();
      expect([names(row.ai_analysis), names(row.list_analysis)]).toEqual([
        ["blue", "purple"],
        ["blue", "purple"],
      ]);
      expect(await colourFacets(handle)).toEqual([
        [id, "blue"],
        [id, "purple"],
      ]);
      expect(await colourCounts(handle)).toEqual([
        ["blue", 1],
        ["purple", 1],
      ]);
    } finally {
      await cleanUp();
    }
  });
});

describe(`a failed upgrade on ${TEST_DB}`, () => {
  it("leaves the database as it was, so the next start upgrades it", async () => {
    // On SQLite each migration ran without a transaction: 0026 stayed applied, 0027 half, and
    // every later start failed ("table download_days already exists", round 59).
    const { handle, cleanUp } = await newDatabase();
    try {
      await databaseAt(handle, "2026-11-28-0025-sold-out-counts");
      const applied = () =>
        handle.db
          .selectFrom("kysely_migration" as never)
          .select(sql<string>`name`.as("name"))
          .execute()
          .then((rows) => rows.map((row) => row.name));
      const before = await applied();
      // 0027 creates this table: the upgrade fails there, after 0026 ran.
      await sql`create table download_days (stand_in integer)`.execute(handle.db);
      await expect(migrateToLatest(handle)).rejects.toThrow(/download_days/);
      expect(await applied()).toEqual(before);
      // 0026's table went with it.
      await expect(sql`select * from storage_totals`.execute(handle.db)).rejects.toThrow();

      await sql`drop table download_days`.execute(handle.db);
      expect(await migrateToLatest(handle)).toContain("2026-11-28-0026-storage-totals");
    } finally {
      await cleanUp();
    }
  });
});
