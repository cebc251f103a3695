import {
  type Image,
  LIST_AI_ANALYSIS_FIELDS,
  type Member,
  type Principal,
  ZAdminImageListQuery,
  ZImageListQuery,
} from "@sawdust/shared";
import { type SqlBool, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, seedImage, signIn, subscribe, upload } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { backfillListAnalysis, backfillListKeys } from "../../db/catalogue-derived.js";
import { CompiledShapes } from "../../db/prepared-once.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import { MediaStore } from "../../media/media-store.js";
import { presentImage, SIGNED_URL_SECONDS } from "./images.presenter.js";
import { ImagesRepo } from "./images.repo.js";

/**
 * Issue 18: list pages read a list-sized projection (`list_analysis`, written with the analysis
 * and by migration 0016's backfill) instead of the whole stored analysis. Every list entry must
 * be byte for byte what the presenter made before from the whole analysis: the detail's fields,
 * with the analysis cut to LIST_AI_ANALYSIS_FIELDS by the old rule (below), for each kind of
 * viewer, over analyses of every shape stored.
 */

let app: TestApp;
let viewers: Array<[string, Principal]>;
const TAG = "projection-check";

/** Analyses as they are stored: with and without the fields a list keeps, odd ones included. */
const STORED_ANALYSES = [
  {
    title: "Analysed title",
    description: "Analysed description",
    colorScheme: { primary: "#112233", secondary: "#445566" },
    palette: [
      { hex: "112233", share: 0.6, name: "blue" },
      { hex: "445566", share: 0.4, name: "grey" },
    ],
    colorThemes: ["dark", "cool"],
    lightness: 0.31,
    chroma: 0.12,
    orientation: "landscape",
    aspectRatio: 1.5,
    dimensions: { width: 1500, height: 1000 },
    suggestedStyle: "ink",
    generation: {
      source: "a1111",
      prompt: "a castle",
      seed: 42,
      raw: { parameters: "x".repeat(4000) },
    },
    fieldSources: { title: "prompt" },
    contentRating: {
      model: "m",
      scores: { neutral: 1 },
      nsfw: 0,
      rating: "neutral",
      sensitive: false,
    },
  },
  // No title or description inside: the columns' values come last in the old output.
  { palette: [{ hex: "ffffff", share: 1, name: "white" }], orientation: "square", extra: [1, 2] },
  {
    moderation: { flagged: true, reason: "sensitive content", at: "2026-11-21T12:00:00Z" },
    lightness: 0,
  },
  // Keys in an unusual order, and values a list must keep as they are.
  {
    suggestedStyle: null,
    chroma: 0.5,
    title: "Late title",
    colorThemes: [],
    unicode: "é ✓ \u2028",
  },
  {},
  // A title and description that are not strings, and text JSON escapes.
  { title: 42, description: { nested: ["x"] }, palette: [] },
  { title: null, description: 'quote " backslash \\ tab \t line \n \u2028 🎨', chroma: 1e21 },
];
/** Stored texts that are not an analysis object: a list shows an empty analysis for each. */
const ODD_TEXTS = ["[]", "not json", "null", '"text"'];

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  const admin = await signIn(app, "projection-admin", "admin");
  const pro = await signIn(app, "projection-pro");
  await subscribe(app, pro.userId, "pro");
  const free = await signIn(app, "projection-free");
  const member = (userId: number, role: string, tier: string): Member => ({
    kind: "member",
    userId,
    role,
    tier,
  });
  viewers = [
    ["visitor", { kind: "visitor" }],
    ["free member", member(free.userId, "user", "free")],
    ["pro member", member(pro.userId, "user", "pro")],
    ["admin", member(admin.userId, "admin", "free")],
  ];

  const repo = new ImagesRepo(app.database.db, app.database.dialect);
  const texts = [...STORED_ANALYSES.map((a) => JSON.stringify(a)), ...ODD_TEXTS];
  for (const [i, text] of texts.entries()) {
    const id = await seedImage(app, {
      // Tags JSON writes as they are, and tags it escapes.
      tags:
        i % 4 === 3 ? [TAG, 'quote"d', "back\\slash", "emoji-🎨", "line\u2028"] : [TAG, `t-${i}`],
      title: i % 3 === 0 ? undefined : `Column title ${i}${i % 5 === 0 ? ' "quoted" é' : ""}`,
      description: i % 2 === 0 ? `Column description ${i}` : undefined,
      editionType: ["open_edition", "sawdust_gallery", "one_of_one", "limited_edition"][i % 4],
    });
    // Prices, sizes and counters as the list shows them (licence prices, upscaled sizes).
    await app.database.db
      .updateTable("images")
      .set({
        price_cents: i % 3 === 0 ? null : 1000 + i,
        price_standard_cents: i % 5 === 0 ? 777 : null,
        price_commercial_cents: i % 7 === 0 ? 9999 : null,
        max_editions: i % 4 === 3 ? 10 : null,
        width: 800 + 500 * i,
        height: 1200 + 300 * (i % 3),
        thumbhash: i % 2 === 0 ? null : `hash${i}==`,
        views: 3 * i,
        total_downloads: i,
        dl_hd: i,
      })
      .where("id", "=", id)
      .execute();
    if (i % 2 === 0) {
      // The app's way: an analysis or an admin's edit writes it through the repository.
      await repo.update(id, { ai_analysis: text }, {}, Date.now());
    } else {
      // Written behind the app's back (older rows): the migration's backfill fills the column.
      await app.database.db
        .updateTable("images")
        .set({ ai_analysis: text })
        .where("id", "=", id)
        .execute();
    }
  }
  await backfillListAnalysis(app.database.db);
  app.services.listCache.invalidate();
}, 60_000);
afterAll(() => app.close());

/** What the presenter made of a list entry before the projection: the whole analysis, cut. */
function oldListAnalysis(aiAnalysis: string, title: string | null, description: string | null) {
  const stored = parseStoredObject(aiAnalysis);
  const picked: Record<string, unknown> = {};
  for (const key of LIST_AI_ANALYSIS_FIELDS)
    if (stored[key] !== undefined) picked[key] = stored[key];
  return { ...picked, title, description };
}

/** Signed URLs carry an expiry in seconds: the same for both readings, whenever they were made. */
function comparable(image: Image): string {
  const {
    collectedBy: _c,
    collectedPrivately: _p,
    ownedLicence: _o,
    ...rest
  } = image as Image & {
    collectedPrivately?: unknown;
  };
  return JSON.stringify(rest, (key, value) =>
    (key === "urlXLarge" || key === "urlUltra") && typeof value === "string"
      ? value.replace(/exp=\d+&sig=[^&]+/, "exp=*&sig=*")
      : value,
  );
}

/** Signed URLs' expiry and signature, masked (two readings a moment apart may differ in them). */
const masked = (text: string) => text.replace(/exp=\d+&sig=[A-Za-z0-9_-]+/g, "exp=*&sig=*");

/** The page as the presenter's objects, stringified: what the list sent before it wrote text. */
async function presentedPage(viewer: Principal, query: ReturnType<typeof ZImageListQuery.parse>) {
  const text = await app.services.catalogue.listJson(query, viewer);
  const sent = JSON.parse(text) as { images: Image[]; nextCursor: string | null; stats: unknown };
  const repo = new ImagesRepo(app.database.db, app.database.dialect);
  // Its signatures are masked: any key does.
  const media = new MediaStore(app.services.storage, "comparison");
  const licenceDefaults = (await app.services.siteSettings.current()).licencePrices;
  const images: Image[] = [];
  for (const { id } of sent.images) {
    const row = await repo.findReadyById(id);
    if (!row) throw new Error(`no row ${id}`);
    images.push(
      presentImage(row, await repo.findRenditions([id]), viewer, media, Date.now(), {
        compact: true,
        licenceDefaults,
      }),
    );
  }
  return {
    text,
    presented: JSON.stringify({ images, nextCursor: sent.nextCursor, stats: sent.stats }),
  };
}

describe(`list pages written as text on ${TEST_DB}`, () => {
  it("are byte for byte the presenter's objects stringified, for every kind of viewer", async () => {
    for (const [name, viewer] of viewers) {
      for (const limit of [50, 3]) {
        const query = ZImageListQuery.parse({
          tag: TAG,
          limit,
          ...(name === "admin" ? { visibility: "all" } : {}),
        });
        const { text, presented } = await presentedPage(viewer, query);
        expect(JSON.parse(text).images.length, name).toBe(
          Math.min(limit, STORED_ANALYSES.length + ODD_TEXTS.length),
        );
        expect(masked(text), `${name}, limit ${limit}`).toBe(masked(presented));
      }
    }
  });

  it("sign each pro-size URL for at least the documented time, and only for Pro and admins", async () => {
    const pro = viewers.find(([name]) => name === "pro member")?.[1] as Principal;
    const before = Math.floor(Date.now() / 1000);
    const page = JSON.parse(
      await app.services.catalogue.listJson(ZImageListQuery.parse({ tag: TAG }), pro),
    ) as { images: Image[] };
    for (const image of page.images) {
      for (const [size, url] of [
        ["xlarge", image.urlXLarge],
        ["ultra", image.urlUltra],
      ] as const) {
        const match = /^\/media\/signed\/(\d+)\/(\w+)\?exp=(\d+)&sig=([\w-]+)$/.exec(url ?? "");
        expect(match, url).not.toBeNull();
        const [, id, name, exp, sig] = match as RegExpExecArray;
        expect([Number(id), name]).toEqual([image.id, size]);
        expect(Number(exp)).toBeGreaterThanOrEqual(before + SIGNED_URL_SECONDS);
        const { renditions } = app.services;
        // Works now (and, by its expiry, until at least 15 minutes from now); another's does not.
        renditions.verifySignature(image.id, size, Number(exp), sig as string);
        expect(() =>
          renditions.verifySignature(image.id + 1, size, Number(exp), sig as string),
        ).toThrow();
        expect(() =>
          renditions.verifySignature(image.id, size, Number(exp) + 60, sig as string),
        ).toThrow();
      }
    }
    for (const [name, viewer] of viewers.filter(([n]) => n === "visitor" || n === "free member")) {
      const text = await app.services.catalogue.listJson(
        ZImageListQuery.parse({ tag: TAG }),
        viewer,
      );
      expect(text, name).not.toContain("urlXLarge");
      expect(text, name).not.toContain("/media/signed/");
    }
  });

  it("show a change on the next page, whoever made it: the app or a write to the database", async () => {
    const id = await seedImage(app, { tags: ["mutations-check"], title: "Before" });
    const query = ZImageListQuery.parse({ tag: "mutations-check" });
    const pro = viewers.find(([name]) => name === "pro member")?.[1] as Principal;
    const admin = viewers.find(([name]) => name === "admin")?.[1] as Principal;
    const entry = async (viewer: Principal) => {
      const page = JSON.parse(await app.services.catalogue.listJson(query, viewer));
      return page.images.find((i: Image) => i.id === id) as Image;
    };
    const same = async (viewer: Principal) => {
      const { text, presented } = await presentedPage(viewer, query);
      expect(masked(text)).toBe(masked(presented));
    };
    // Through the app (an admin's edit).
    await app.services.edits.update(id, { aiAnalysis: { title: 'After "edit"' } }, admin as Member);
    expect((await entry(pro)).aiAnalysis.title).toBe('After "edit"');
    // Straight in the database, as another process or a person would: counters, a sale, prices.
    await app.database.db
      .updateTable("images")
      .set({
        views: 41,
        total_downloads: 7,
        dl_ultra: 5,
        edition_type: "limited_edition",
        max_editions: 3,
        sold_editions: 2,
        price_cents: 4200,
        tags: JSON.stringify(["mutations-check", "added"]),
      })
      .where("id", "=", id)
      .execute();
    for (const viewer of [pro, admin]) {
      const seen = await entry(viewer);
      expect([seen.views, seen.totalDownloads, seen.soldEditions, seen.price, seen.tags]).toEqual([
        41,
        7,
        2,
        4200,
        ["mutations-check", "added"],
      ]);
      const defaults = (await app.services.siteSettings.current()).licencePrices;
      expect(seen.licencePrices).toEqual({
        standard: 4200,
        commercial: Math.max(defaults.commercialCents, 8400),
      });
      await same(viewer);
    }
    expect((await entry(admin)).downloadStats?.ultra).toBe(5);
    // A display rendition's key, kept on the image row with the renditions (0017), read with it.
    await app.database.db
      .updateTable("images")
      .set({ key_small: `public/images/${id}/small-1111111111111111.webp` })
      .where("id", "=", id)
      .execute();
    await app.database.db
      .updateTable("renditions")
      .set({ storage_key: `public/images/${id}/small-1111111111111111.webp` })
      .where("image_id", "=", id)
      .where("size", "=", "small")
      .execute();
    expect((await entry(pro)).urlSmall).toBe(`/media/images/${id}/small-1111111111111111.webp`);
    await same(pro);
  });
});

describe(`list entries from the list-sized analysis on ${TEST_DB}`, () => {
  it("are byte for byte the entries the whole analysis gave, for every kind of viewer", async () => {
    const rows = await app.database.db
      .selectFrom("images")
      .select(["id", "ai_analysis", "title", "description"])
      .where("status", "=", "ready")
      .execute();
    const stored = new Map(rows.map((r) => [Number(r.id), r]));
    for (const [name, viewer] of viewers) {
      const page = await app.services.catalogue.list(
        ZImageListQuery.parse({
          tag: TAG,
          limit: 50,
          ...(name === "admin" ? { visibility: "all" } : {}),
        }),
        viewer,
      );
      expect(page.images.length, name).toBe(STORED_ANALYSES.length + ODD_TEXTS.length);
      for (const entry of page.images) {
        const row = stored.get(entry.id);
        if (!row) throw new Error(`no row ${entry.id}`);
        const detail = await app.services.catalogue.get(entry.id, viewer);
        const expected = {
          ...detail,
          aiAnalysis: oldListAnalysis(row.ai_analysis, row.title, row.description),
        };
        expect(comparable(entry), `${name}, image ${entry.id}`).toBe(comparable(expected));
        // The detail still shows the whole analysis (a Pro perk's generation details aside).
        expect(detail.aiAnalysis).toEqual(
          expect.objectContaining({
            ...oldListAnalysis(row.ai_analysis, row.title, row.description),
          }),
        );
      }
    }
  });

  it("keeps the admin table's entries the same too", async () => {
    const admin = viewers.find(([name]) => name === "admin")?.[1] as Member;
    const table = await app.services.adminImages.list(
      ZAdminImageListQuery.parse({ limit: 50 }),
      admin,
    );
    // The table has no tag filter: the images of other tests' tags are left out here.
    const tagged = table.images.filter((entry) => entry.tags.includes(TAG));
    expect(tagged.length).toBe(STORED_ANALYSES.length + ODD_TEXTS.length);
    for (const entry of tagged) {
      const { moderation: _m, moderationReason: _r, analysisError: _e, ...image } = entry;
      const [listed] = (
        await app.services.catalogue.list(
          ZImageListQuery.parse({ tag: TAG, limit: 50, visibility: "all" }),
          admin,
        )
      ).images.filter((i) => i.id === entry.id);
      expect(listed).toBeDefined();
      expect(comparable(image as Image)).toBe(comparable(listed as Image));
    }
  });
});

describe(`statements compiled once per shape on ${TEST_DB}`, () => {
  it("run each call with its own values, and refuse a shape that keeps a value in its text", async () => {
    const shapes = new CompiledShapes();
    const db = app.database.db;
    const titles = async (tag: string) =>
      (
        await shapes.run<{ title: string | null }>(db, "by-tag", [tag, "tag"], (slot) =>
          db
            .selectFrom("images")
            .select("title")
            .where("id", "in", (eb) =>
              eb
                .selectFrom("image_facets")
                .select("image_id")
                .where("value", "=", slot(0))
                .where("kind", "=", slot(1)),
            )
            .orderBy("id"),
        )
      ).map((r) => r.title);
    const first = await titles(TAG);
    expect(first.length).toBe(STORED_ANALYSES.length + ODD_TEXTS.length);
    expect(await titles("mutations-check")).toEqual(['After "edit"']);
    expect(await titles(TAG)).toEqual(first);
    expect(shapes.size).toBe(1);
    // A value written into the statement's text instead of a slot: refused, never run.
    await expect(
      shapes.run(db, "baked", [TAG], () =>
        db
          .selectFrom("images")
          .select("id")
          .where(sql<SqlBool>`title = ${sql.lit(TAG)}`),
      ),
    ).rejects.toThrow(/does not take its 1 values/);
  });
});

describe(`the display renditions' keys kept on the image row on ${TEST_DB}`, () => {
  it("are the renditions' own after an upload, and migration 0017's backfill rebuilds them", async () => {
    const admin = await signIn(app, "keys-admin", "admin");
    const uploaded = await upload(app, admin.cookie, {
      name: "keys.png",
      data: await makePng(800, 800),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().uploaded[0].id as number;
    const db = app.database.db;
    const keysOf = (imageId: number) =>
      db
        .selectFrom("images")
        .select(["key_small", "key_medium", "key_large"])
        .where("id", "=", imageId)
        .executeTakeFirstOrThrow();
    const stored = await db
      .selectFrom("renditions")
      .select(["size", "storage_key"])
      .where("image_id", "=", id)
      .execute();
    const keyOf = (size: string) => stored.find((r) => r.size === size)?.storage_key;
    const expected = {
      key_small: keyOf("small"),
      key_medium: keyOf("medium"),
      key_large: keyOf("large"),
    };
    for (const key of Object.values(expected)) expect(key).toMatch(/^public\/images\//);
    expect(await keysOf(id)).toEqual(expected);

    const everyImage = await db.selectFrom("images").select("id").execute();
    const before = await Promise.all(everyImage.map((row) => keysOf(row.id)));
    await db
      .updateTable("images")
      .set({ key_small: null, key_medium: null, key_large: null })
      .execute();
    await backfillListKeys(db);
    expect(await Promise.all(everyImage.map((row) => keysOf(row.id)))).toEqual(before);
    expect(await keysOf(id)).toEqual(expected);

    // A display size made again (its row gone): the row's key follows the stored rendition.
    await db
      .deleteFrom("renditions")
      .where("image_id", "=", id)
      .where("size", "=", "small")
      .execute();
    const repo = new ImagesRepo(db, app.database.dialect);
    const remade = { width: 10, height: 10, bytes: 1, upscaled: false };
    await repo.insertRendition(
      id,
      { size: "small", storageKey: "public/images/remade.webp", ...remade },
      Date.now(),
    );
    expect((await keysOf(id)).key_small).toBe("public/images/remade.webp");
    // A concurrent twin is ignored, and the key stays the stored one's; a private size leaves it.
    await repo.insertRendition(
      id,
      { size: "small", storageKey: "public/images/twin.webp", ...remade },
      Date.now(),
    );
    await repo.insertRendition(
      id,
      { size: "xlarge", storageKey: "private/images/x.webp", ...remade },
      Date.now(),
    );
    expect(await keysOf(id)).toEqual({ ...expected, key_small: "public/images/remade.webp" });
  });
});
