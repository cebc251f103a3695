import { MESSAGES, ZAdminImageBatchResult } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, readyImageRow, seedImage, signIn, upload } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
let admin: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "batch_admin", "admin");
});
afterAll(() => app.close());

const db = () => app.database.db;
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 9)}`;

function batch(payload: object, cookie = admin.cookie) {
  return app.server.inject({
    method: "POST",
    url: "/api/v1/admin/images/batch",
    headers: { cookie },
    payload,
  });
}
async function batchOk(payload: object) {
  const res = await batch(payload);
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminImageBatchResult.parse(res.json());
}

/** What a visitor's gallery lists for a tag (through the list cache, as visitors get it). */
async function publicIdsTagged(tag: string): Promise<number[]> {
  const res = await app.server.inject({ method: "GET", url: `/api/v1/images?tag=${tag}` });
  return (res.json().images as Array<{ id: number }>).map((i) => i.id).sort((a, b) => a - b);
}

async function rowsOf(ids: number[]) {
  return db()
    .selectFrom("images")
    .select([
      "id",
      "status",
      "is_public",
      "publish_when_rated",
      "tags",
      "edition_type",
      "price_cents",
      "max_editions",
      "analysis_status",
      "ai_analysis",
    ])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
}

/** Each image's tag facet rows are exactly its stored tags. */
async function expectFacetsMatchTags(ids: number[]) {
  for (const row of await rowsOf(ids)) {
    const facets = await db()
      .selectFrom("image_facets")
      .select("value")
      .where("image_id", "=", row.id)
      .where("kind", "=", "tag")
      .execute();
    expect(facets.map((f) => f.value).sort(), `image ${row.id}`).toEqual(
      (JSON.parse(row.tags) as string[]).slice().sort(),
    );
  }
}

async function batchAudits(action: string) {
  return (
    await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .orderBy("id")
      .execute()
  ).map((row) => ({ ...row, details: JSON.parse(row.details) }));
}

describe(`batch visibility on ${TEST_DB}`, () => {
  it("hides and shows the selected images at once for every visitor, with one audit entry a batch", async () => {
    const tag = unique("hideme");
    const ids = [
      await seedImage(app, { tags: [tag] }),
      await seedImage(app, { tags: [tag] }),
      await seedImage(app, { tags: [tag] }),
    ];
    const other = await seedImage(app, { tags: [tag] });
    await db()
      .updateTable("images")
      .set({ publish_when_rated: 1 })
      .where("id", "=", ids[0] as number)
      .execute();
    // A visitor's page is cached: the batch must drop it.
    expect(await publicIdsTagged(tag)).toEqual([...ids, other]);

    const hidden = await batchOk({ selection: { ids }, operation: { type: "make_private" } });
    expect(hidden).toEqual({
      operation: "make_private",
      total: 3,
      succeeded: 3,
      failed: 0,
      results: ids.map((id) => ({ id, ok: true })),
    });
    expect(await publicIdsTagged(tag)).toEqual([other]);
    expect((await rowsOf(ids)).map((r) => [r.is_public, r.publish_when_rated])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const [entry] = (await batchAudits("image.batch_make_private")).slice(-1);
    expect(entry).toMatchObject({
      actor_id: admin.userId,
      subject: expect.stringMatching(/^image_batch:/),
    });
    expect(entry?.details).toMatchObject({
      operation: { type: "make_private" },
      ids,
      skipped: [],
      before: Object.fromEntries(ids.map((id) => [id, { isPublic: true }])),
    });

    await batchOk({ selection: { ids }, operation: { type: "make_public" } });
    expect(await publicIdsTagged(tag)).toEqual([...ids, other]);
  });

  it("reports an id that names no image (or one still processing) and changes the rest", async () => {
    const a = await seedImage(app, {});
    const b = await seedImage(app, {});
    const processing = (
      await db()
        .insertInto("images")
        .values({ ...readyImageRow(Date.now()), status: "processing" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const result = await batchOk({
      selection: { ids: [b, 999_999, a, processing, a] },
      operation: { type: "make_private" },
    });
    expect(result).toEqual({
      operation: "make_private",
      total: 4,
      succeeded: 2,
      failed: 2,
      results: [
        { id: a, ok: true },
        { id: b, ok: true },
        { id: processing, ok: false, error: "Image not found" },
        { id: 999_999, ok: false, error: "Image not found" },
      ].sort((x, y) => x.id - y.id),
    });
    expect((await rowsOf([a, b, processing])).map((r) => r.is_public)).toEqual([0, 0, 1]);
  });

  it("changes nothing and writes no entry when no selected image exists", async () => {
    const before = (await batchAudits("image.batch_delete")).length;
    const result = await batchOk({ selection: { ids: [999_998] }, operation: { type: "delete" } });
    expect(result).toMatchObject({ total: 1, succeeded: 0, failed: 1 });
    expect((await batchAudits("image.batch_delete")).length).toBe(before);
  });
});

describe(`batch delete on ${TEST_DB}`, () => {
  it("removes the rows, their renditions, facets and jobs, and then their files", async () => {
    const uploaded: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(app, admin.cookie, {
        name: `doomed-${i}.png`,
        data: await makePng(800, 800, { seed: i + 2 }),
      });
      expect(res.statusCode, res.body).toBe(201);
      uploaded.push(res.json().uploaded[0].id);
    }
    const [x, y, z] = uploaded as [number, number, number];
    await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${x}`,
      headers: { cookie: admin.cookie },
      payload: { tags: ["doomed"] },
    });
    const filesOf = async (id: number) =>
      (await app.services.storage.list("")).filter((key) => key.split("/")[2] === String(id));
    expect((await filesOf(x)).length).toBeGreaterThan(0);

    const result = await batchOk({ selection: { ids: [x, y] }, operation: { type: "delete" } });
    expect(result).toMatchObject({ succeeded: 2, failed: 0 });
    expect((await rowsOf([x, y, z])).map((r) => r.id)).toEqual([z]);
    for (const table of ["renditions", "image_facets", "jobs"] as const) {
      const left = await db()
        .selectFrom(table)
        .select("image_id")
        .where("image_id", "in", [x, y])
        .execute();
      expect(left, table).toEqual([]);
    }
    expect(await filesOf(x)).toEqual([]);
    expect(await filesOf(y)).toEqual([]);
    expect((await filesOf(z)).length).toBeGreaterThan(0);
    const [entry] = (await batchAudits("image.batch_delete")).slice(-1);
    expect(entry?.details.ids).toEqual([x, y]);
    // Gone for admins too.
    const detail = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/${x}`,
      headers: { cookie: admin.cookie },
    });
    expect(detail.statusCode).toBe(404);
  });
});

describe(`batch re-analysis on ${TEST_DB}`, () => {
  it("queues one analysis job an image, in the batch's transaction", async () => {
    const ids = [await seedImage(app, {}), await seedImage(app, {})];
    await db()
      .updateTable("images")
      .set({ analysis_status: "done" })
      .where("id", "in", ids)
      .execute();
    const result = await batchOk({ selection: { ids }, operation: { type: "reanalyse" } });
    expect(result.succeeded).toBe(2);
    expect((await rowsOf(ids)).map((r) => r.analysis_status)).toEqual(["pending", "pending"]);
    const jobs = await db()
      .selectFrom("jobs")
      .select(["image_id", "kind", "status", "payload"])
      .where("image_id", "in", ids)
      .orderBy("image_id")
      .execute();
    expect(jobs.map((j) => [j.image_id, j.kind, j.status])).toEqual(
      ids.map((id) => [id, "analyze-image", "pending"]),
    );
    expect(JSON.parse(jobs[0]?.payload ?? "{}")).toMatchObject({
      imageId: ids[0],
      requestId: expect.any(String),
    });
  });
});

describe(`batch edition type and price on ${TEST_DB}`, () => {
  it("applies the spec's price rules and never sets a limited edition below its sales", async () => {
    const ids = [
      await seedImage(app, { editionType: "open_edition" }),
      await seedImage(app, { editionType: "one_of_one" }),
      await seedImage(app, { editionType: "sawdust_gallery" }),
    ];
    const sold = await seedImage(app, { editionType: "open_edition" });
    await db()
      .updateTable("images")
      .set({ sold_editions: 5, price_cents: 900 })
      .where("id", "=", sold)
      .execute();
    const all = [...ids, sold];

    const limited = await batchOk({
      selection: { ids: all },
      operation: {
        type: "set_edition",
        editionType: "limited_edition",
        maxEditions: 3,
        priceCents: 700,
      },
    });
    expect(limited).toMatchObject({ succeeded: 3, failed: 1 });
    expect(limited.results.find((r) => r.id === sold)).toEqual({
      id: sold,
      ok: false,
      error: "The edition size cannot be below the 5 copies already sold",
    });
    expect((await rowsOf(all)).map((r) => [r.edition_type, r.max_editions, r.price_cents])).toEqual(
      [
        ["limited_edition", 3, null],
        ["limited_edition", 3, null],
        ["limited_edition", 3, null],
        ["open_edition", null, 900],
      ],
    );

    await batchOk({
      selection: { ids: all },
      operation: { type: "set_edition", editionType: "open_edition", priceCents: 1500 },
    });
    expect((await rowsOf(all)).map((r) => [r.edition_type, r.max_editions, r.price_cents])).toEqual(
      all.map(() => ["open_edition", null, 1500]),
    );
    // Absent keeps each image's price; a piece with copies sold does not become a 1/1.
    const first = ids[0] as number;
    const oneOfOne = await batchOk({
      selection: { ids: [first, sold] },
      operation: { type: "set_edition", editionType: "one_of_one" },
    });
    expect(oneOfOne.results.find((r) => r.id === sold)).toEqual({
      id: sold,
      ok: false,
      error: MESSAGES.adminImages.oneOfOneAlreadySold(5),
    });
    expect((await rowsOf([first, sold])).map((r) => [r.edition_type, r.price_cents])).toEqual([
      ["one_of_one", 1500],
      ["open_edition", 1500],
    ]);
    // sawdust_gallery clears the price whatever was sent.
    await batchOk({
      selection: { ids: all },
      operation: { type: "set_edition", editionType: "sawdust_gallery", priceCents: 99 },
    });
    expect((await rowsOf(all)).map((r) => r.price_cents)).toEqual([null, null, null, null]);

    // Becoming a limited edition needs a size: every image is refused, nothing is written.
    const before = (await batchAudits("image.batch_set_edition")).length;
    const refused = await batchOk({
      selection: { ids: all },
      operation: { type: "set_edition", editionType: "limited_edition" },
    });
    expect(refused).toMatchObject({ succeeded: 0, failed: 4 });
    expect(refused.results[0]?.error).toMatch(/edition size/);
    expect((await batchAudits("image.batch_set_edition")).length).toBe(before);
  });
});

describe(`batch tags on ${TEST_DB}`, () => {
  it("adds and removes tags through the slug and facet path single edits use", async () => {
    const tag = unique("coast");
    const ids = [
      await seedImage(app, { tags: [tag, "dune"] }),
      await seedImage(app, { tags: [tag] }),
    ];
    const seaShore = unique("sea shore ").replace(" ", " ");
    const seaSlug = seaShore.trim().replace(/\s+/g, "-");
    const added = await batchOk({
      selection: { ids },
      operation: { type: "add_tags", tags: [` ${seaShore} `, "#Gold!", "dune"] },
    });
    expect(added.succeeded).toBe(2);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => JSON.parse(r.tags))).toEqual([
      [tag, "dune", seaSlug, "gold"],
      [tag, seaSlug, "gold", "dune"],
    ]);
    expect(JSON.parse(rows[0]?.ai_analysis ?? "{}").fieldSources).toMatchObject({ tags: "admin" });
    await expectFacetsMatchTags(ids);
    expect(await publicIdsTagged(seaSlug)).toEqual(ids);

    await batchOk({
      selection: { ids },
      operation: { type: "remove_tags", tags: ["GOLD", "dune"] },
    });
    expect((await rowsOf(ids)).map((r) => JSON.parse(r.tags))).toEqual([
      [tag, seaSlug],
      [tag, seaSlug],
    ]);
    await expectFacetsMatchTags(ids);
    expect(await publicIdsTagged("gold")).not.toContain(ids[0]);
  });

  it("refuses, image by image, a tag list past 50", async () => {
    const full = await seedImage(app, { tags: Array.from({ length: 49 }, (_, i) => `t${i}`) });
    const light = await seedImage(app, { tags: [] });
    const result = await batchOk({
      selection: { ids: [full, light] },
      operation: { type: "add_tags", tags: ["one-more", "and-another"] },
    });
    expect(result.results).toEqual([
      { id: full, ok: false, error: "An image carries at most 50 tags" },
      { id: light, ok: true },
    ]);
    expect(JSON.parse((await rowsOf([full]))[0]?.tags ?? "[]")).toHaveLength(49);
    await expectFacetsMatchTags([full, light]);
  });

  it("loses no tag when 30 batches change the same images at once", async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => seedImage(app, { tags: ["base"] })),
    );
    const tags = Array.from({ length: 30 }, (_, i) => `parallel-${i}`);
    const answers = await Promise.all(
      tags.map((t) => batch({ selection: { ids }, operation: { type: "add_tags", tags: [t] } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(tags.map(() => 200));
    for (const row of await rowsOf(ids)) {
      expect((JSON.parse(row.tags) as string[]).sort()).toEqual(["base", ...tags].sort());
    }
    await expectFacetsMatchTags(ids);
  });
});

describe(`batch selection by filter on ${TEST_DB}`, () => {
  it("changes exactly the images the table's filter matches", async () => {
    const word = unique("heron");
    const match = await seedImage(app, { title: `${word} one`, editionType: "one_of_one" });
    const privateMatch = await seedImage(app, { title: `${word} two`, isPublic: false });
    const miss = await seedImage(app, { title: "Unrelated", editionType: "one_of_one" });
    const result = await batchOk({
      selection: { filter: { q: word, visibility: "public" } },
      operation: { type: "add_tags", tags: ["filtered"] },
    });
    expect(result.results).toEqual([{ id: match, ok: true }]);
    const untouched = await rowsOf([privateMatch, miss]);
    expect(untouched.map((r) => JSON.parse(r.tags))).toEqual([[], []]);

    const flagged = await batchOk({
      selection: { filter: { q: word, flagged: false, editionType: "sawdust_gallery" } },
      operation: { type: "make_public" },
    });
    expect(flagged.results).toEqual([{ id: privateMatch, ok: true }]);
  });

  it("refuses a filter that matches more than 1000 images, and changes none of them", async () => {
    const word = unique("multitude");
    const now = Date.now();
    const rows = Array.from({ length: 1001 }, () => ({
      ...readyImageRow(now),
      title: `${word} piece`,
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await db()
        .insertInto("images")
        .values(rows.slice(i, i + 250))
        .execute();
    }
    const res = await batch({
      selection: { filter: { q: word } },
      operation: { type: "make_private" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        "The filter matches 1,001 images; a batch takes at most 1,000. Narrow the filter and try again.",
      code: "batch_too_large",
    });
    const stillPublic = await db()
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("title", "=", `${word} piece`)
      .where("is_public", "=", 1)
      .executeTakeFirstOrThrow();
    expect(Number(stillPublic.n)).toBe(1001);
  });

  it("refuses malformed bodies with a 400 that says what is wrong", async () => {
    const id = await seedImage(app, {});
    const bodies = [
      {},
      { selection: { ids: [] }, operation: { type: "delete" } },
      {
        selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
        operation: { type: "delete" },
      },
      { selection: { ids: [id], filter: {} }, operation: { type: "delete" } },
      { selection: { ids: [-1] }, operation: { type: "delete" } },
      { selection: { ids: [id] }, operation: { type: "explode" } },
      { selection: { ids: [id] }, operation: { type: "add_tags", tags: [] } },
      { selection: { ids: [id] }, operation: { type: "add_tags", tags: ["x".repeat(65)] } },
      { selection: { ids: [id] }, operation: { type: "set_edition", editionType: "rare" } },
      {
        selection: { ids: [id] },
        operation: { type: "set_edition", editionType: "open_edition", priceCents: -1 },
      },
      {
        selection: { ids: [id] },
        operation: { type: "set_edition", editionType: "limited_edition", maxEditions: 0 },
      },
      { selection: { filter: { analysis: "bogus" } }, operation: { type: "delete" } },
    ];
    for (const body of bodies) {
      const res = await batch(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await rowsOf([id]))[0]?.status).toBe("ready");
  });
});
