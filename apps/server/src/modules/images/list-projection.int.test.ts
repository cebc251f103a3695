import {
  type Image,
  LIST_AI_ANALYSIS_FIELDS,
  type Member,
  type Principal,
  ZAdminImageListQuery,
  ZImageListQuery,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn, subscribe } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { backfillListAnalysis } from "../../db/catalogue-derived.js";
import { parseStoredObject } from "../../lib/stored-json.js";
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
      tags: [TAG],
      title: i % 3 === 0 ? undefined : `Column title ${i}`,
      description: i % 2 === 0 ? `Column description ${i}` : undefined,
      editionType: i % 2 === 0 ? "open_edition" : "sawdust_gallery",
    });
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
      ZAdminImageListQuery.parse({ tag: TAG, limit: 50 }),
      admin,
    );
    for (const entry of table.images) {
      const { moderation: _m, moderationReason: _r, ...image } = entry;
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
