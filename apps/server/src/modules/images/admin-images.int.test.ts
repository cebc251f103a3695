import { IMAGE_TEXT, MESSAGES, ZAdminImage, ZAdminImageList, ZAuditPage } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, readyImageRow, seedImage, signIn, upload } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { IMAGE_MESSAGES } from "./images.constants.js";
import { ImagesRepo } from "./images.repo.js";

let app: TestApp;
let admin: { cookie: string; userId: number };
let member: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "table_admin", "admin");
  member = await signIn(app, "table_member");
});
afterAll(() => app.close());

const db = () => app.database.db;

async function table(query: string, cookie = admin.cookie) {
  const res = await app.server.inject({
    method: "GET",
    url: `/api/v1/admin/images?${query}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminImageList.parse(res.json());
}
const idsOf = async (query: string) => (await table(query)).images.map((i) => i.id);

async function setColumns(id: number, set: Record<string, unknown>) {
  await db().updateTable("images").set(set).where("id", "=", id).execute();
  app.services.listCache.invalidate();
}

async function auditOf(subject: string) {
  return db()
    .selectFrom("audit_log")
    .selectAll()
    .where("subject", "=", subject)
    .orderBy("id")
    .execute();
}

describe(`who may use the admin image routes on ${TEST_DB}`, () => {
  const routes = [
    { method: "GET", url: "/api/v1/admin/images" },
    { method: "GET", url: "/api/v1/admin/images?analysis=bogus" },
    { method: "POST", url: "/api/v1/admin/images/batch" },
    {
      method: "POST",
      url: "/api/v1/admin/images/batch",
      payload: { selection: { filter: {} }, operation: { type: "delete" } },
    },
  ] as const;

  it("visitors hear 401 and members 403, before anything about the request's shape", async () => {
    for (const route of routes) {
      const asVisitor = await app.server.inject({ ...route });
      expect(asVisitor.statusCode, `${route.method} ${route.url}`).toBe(401);
      const asMember = await app.server.inject({ ...route, headers: { cookie: member.cookie } });
      expect(asMember.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asMember.json().message).toEqual(expect.any(String));
      expect(asMember.headers["cache-control"]).toBe("no-store");
    }
  });

  it("a member's attempt changes nothing", async () => {
    const id = await seedImage(app, { title: "Untouchable", isPublic: true });
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/admin/images/batch",
      headers: { cookie: member.cookie },
      payload: { selection: { ids: [id] }, operation: { type: "delete" } },
    });
    expect(res.statusCode).toBe(403);
    const row = await db()
      .selectFrom("images")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(row?.status).toBe("ready");
  });
});

describe(`the admin image table on ${TEST_DB}`, () => {
  const word = `zebrafinch${Date.now().toString(36)}`;
  let pub: number;
  let priv: number;
  let flagged: number;
  let failed: number;
  let limited: number;
  let processing: number;

  beforeAll(async () => {
    pub = await seedImage(app, {
      title: `${word} public`,
      tags: ["meadow"],
      editionType: "open_edition",
    });
    priv = await seedImage(app, {
      title: "Hidden one",
      description: `A ${word} in the dark`,
      isPublic: false,
      editionType: "one_of_one",
    });
    flagged = await seedImage(app, { title: "Flagged one", tags: [word], isPublic: false });
    await setColumns(flagged, {
      moderation: "flagged",
      moderation_reason: "rated sensitive (0.93)",
    });
    for (const id of [pub, priv, flagged]) await setColumns(id, { analysis_status: "done" });
    failed = await seedImage(app, { title: `Failed ${word}` });
    await setColumns(failed, { analysis_status: "failed" });
    limited = await seedImage(app, { title: `Limited ${word}`, editionType: "limited_edition" });
    await setColumns(limited, { analysis_status: "pending", moderation: "reported" });
    // An upload still being processed: not in the table.
    const row = await db()
      .insertInto("images")
      .values({ ...readyImageRow(Date.now()), status: "processing", title: `Processing ${word}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    processing = row.id;
  });

  it("lists every ready image newest first, private and flagged ones included, with why it waits", async () => {
    const page = await table(`q=${word}`);
    expect(page.images.map((i) => i.id)).toEqual([limited, failed, flagged, priv, pub]);
    expect(page.stats.totalImages).toBe(5);
    expect(page.images.map((i) => i.id)).not.toContain(processing);
    const f = page.images.find((i) => i.id === flagged);
    expect(f).toMatchObject({
      isPublic: false,
      moderation: "flagged",
      moderationReason: "rated sensitive (0.93)",
    });
    expect(page.images.find((i) => i.id === pub)?.moderation).toBeNull();
    // Admins see per-quality stats: the table is an admin's view.
    expect(page.images[0]?.downloadStats).toBeDefined();
  });

  it("filters by visibility as the spec's GET /api/v1/images does (all, public, private)", async () => {
    expect(await idsOf(`q=${word}&visibility=all`)).toEqual([limited, failed, flagged, priv, pub]);
    expect(await idsOf(`q=${word}&visibility=public`)).toEqual([limited, failed, pub]);
    expect(await idsOf(`q=${word}&visibility=private`)).toEqual([flagged, priv]);
  });

  it("searches titles, descriptions and tags with the catalogue's full-text search", async () => {
    // Title, description and tag hits; the last word is a prefix.
    expect(await idsOf(`q=${word.slice(0, 7)}`)).toEqual([limited, failed, flagged, priv, pub]);
    expect(await idsOf(`q=dark ${word}`)).toEqual([priv]);
    expect(await idsOf(`q=meadow`)).toContain(pub);
    // Query syntax is only words: quotes and operators match nothing special and break nothing.
    expect(await idsOf(`q=${encodeURIComponent(`"${word}" OR *`)}`)).toEqual([]);
  });

  it("filters by edition type, analysis status and moderation, together", async () => {
    expect(await idsOf(`q=${word}&editionType=one_of_one`)).toEqual([priv]);
    expect(await idsOf(`q=${word}&editionType=limited_edition`)).toEqual([limited]);
    expect(await idsOf(`q=${word}&analysis=failed`)).toEqual([failed]);
    expect(await idsOf(`q=${word}&analysis=pending`)).toEqual([limited]);
    expect(await idsOf(`q=${word}&flagged=true`)).toEqual([limited, flagged]);
    expect(await idsOf(`q=${word}&flagged=false`)).toEqual([failed, priv, pub]);
    expect(await idsOf(`q=${word}&flagged=true&visibility=private`)).toEqual([flagged]);
    expect(await idsOf(`q=${word}&analysis=done&visibility=public`)).toEqual([pub]);
  });

  it("lists one edition type of a visibility without a search, from that type's images", async () => {
    // Walked from the type's images when they are fewer than the visibility's (smallestWalk).
    for (const visibility of ["all", "public", "private"] as const) {
      const page = await table(`editionType=limited_edition&visibility=${visibility}&limit=100`);
      expect(page.images.every((image) => image.editionType === "limited_edition")).toBe(true);
      expect(page.images.every((image) => visibility !== "private" || !image.isPublic)).toBe(true);
      expect(page.images.every((image) => visibility !== "public" || image.isPublic)).toBe(true);
      expect(page.images.some((image) => image.id === limited)).toBe(visibility !== "private");
      expect(page.stats.totalImages).toBe(page.images.length);
    }
  });

  it("pages with a cursor and keeps the filter's total on every page", async () => {
    const first = await table(`q=${word}&limit=2`);
    expect(first.images.map((i) => i.id)).toEqual([limited, failed]);
    expect(first.stats.totalImages).toBe(5);
    const second = await table(`q=${word}&limit=2&cursor=${first.nextCursor}`);
    expect(second.images.map((i) => i.id)).toEqual([flagged, priv]);
    const third = await table(`q=${word}&limit=2&cursor=${second.nextCursor}`);
    expect(third.images.map((i) => i.id)).toEqual([pub]);
    expect(third.nextCursor).toBeNull();
  });

  it("refuses bad filters with a 400 that says what is wrong", async () => {
    for (const query of [
      "analysis=bogus",
      "visibility=hidden",
      "flagged=maybe",
      "editionType=rare",
      "limit=0",
      "cursor=garbage",
    ]) {
      const res = await app.server.inject({
        method: "GET",
        url: `/api/v1/admin/images?${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
    // A filter the table does not have is named, not dropped to list every image.
    for (const name of ["tag", "availability"]) {
      const res = await app.server.inject({
        method: "GET",
        url: `/api/v1/admin/images?${name}=x`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(
        `Unknown parameter ${name}: the admin image list takes visibility, q, editionType, analysis, flagged, limit and cursor`,
      );
    }
  });
});

describe(`single-image admin actions write audit entries on ${TEST_DB}`, () => {
  it("an upload records who uploaded which file, shown and filtered in the audit log", async () => {
    const res = await upload(
      app,
      admin.cookie,
      { name: "harbour-at-dawn.png", data: await makePng(900, 900) },
      { editionType: "open_edition", price: "1500" },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().uploaded[0].id as number;
    const log = await app.server.inject({
      method: "GET",
      url: `/api/v1/admin/audit?action=image.uploaded&actor=TABLE_ADMIN&subject=image:${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(ZAuditPage.parse(log.json()).entries).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(String),
        actor: { id: admin.userId, username: "table_admin" },
        action: "image.uploaded",
        subject: `image:${id}`,
        details: {
          fileName: "harbour-at-dawn.png",
          editionType: "open_edition",
          price: 1500,
          isPublic: false,
        },
      },
    ]);
  });

  it("a refused upload writes no entry", async () => {
    const uploads = async () =>
      (
        await db()
          .selectFrom("audit_log")
          .select("id")
          .where("action", "=", "image.uploaded")
          .execute()
      ).length;
    const before = await uploads();
    const res = await upload(app, admin.cookie, {
      name: "too-small.png",
      data: await makePng(200, 200),
    });
    expect(res.statusCode).toBe(400);
    expect(await uploads()).toBe(before);
  });

  it("PATCH records the edited fields before and after", async () => {
    const id = await seedImage(app, {
      title: "Before",
      tags: ["old"],
      editionType: "open_edition",
    });
    const res = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload: { aiAnalysis: { title: "After" }, tags: ["New Tag"], price: 1250 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await auditOf(`image:${id}`);
    expect(entry).toMatchObject({ actor_id: admin.userId, action: "image.updated" });
    expect(JSON.parse(entry?.details ?? "{}")).toEqual({
      before: { title: "Before", tags: ["old"], price: null },
      after: { title: "After", tags: ["new-tag"], price: 1250 },
    });
    // Saved again as it is (the form sends every field): nothing changed, no entry (round 59c).
    const again = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload: { aiAnalysis: { title: "After" }, tags: ["new-tag"], price: 1250 },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await auditOf(`image:${id}`)).toHaveLength(1);
  });

  it("visibility, analysis and delete each record what they changed", async () => {
    const id = await seedImage(app, { title: "Audited", isPublic: true });
    // Hidden twice: the second changes nothing and records nothing (round 63: an approval of a
    // public image recorded "is public: yes → yes").
    for (let i = 0; i < 2; i++) {
      const hide = await app.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${id}/visibility`,
        headers: { cookie: admin.cookie },
        payload: { isPublic: false },
      });
      expect(hide.statusCode).toBe(200);
      expect(hide.json()).toMatchObject({ isPublic: false });
    }
    const analyse = await app.server.inject({
      method: "POST",
      url: `/api/v1/images/${id}/analyze`,
      headers: { cookie: admin.cookie },
    });
    expect(analyse.statusCode).toBe(202);
    const remove = await app.server.inject({
      method: "DELETE",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(remove.statusCode).toBe(200);
    const entries = await auditOf(`image:${id}`);
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ["image.visibility_changed", admin.userId],
      ["image.analysis_requested", admin.userId],
      ["image.deleted", admin.userId],
    ]);
    expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({
      before: { isPublic: true },
      after: { isPublic: false },
    });
    expect(JSON.parse(entries[2]?.details ?? "{}")).toMatchObject({
      before: { title: "Audited", isPublic: false },
      after: null,
    });
  });

  it("an image deleted by several requests at once is deleted once: one 200, the rest 404", async () => {
    const id = await seedImage(app, { title: "Deleted twice", isPublic: true });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.server.inject({
          method: "DELETE",
          url: `/api/v1/images/${id}`,
          headers: { cookie: admin.cookie },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 404, 404, 404, 404, 404, 404, 404,
    ]);
    const refused = answers.find((a) => a.statusCode === 404);
    expect(refused?.json()).toMatchObject({ message: IMAGE_MESSAGES.notFound });
    expect((await auditOf(`image:${id}`)).map((e) => e.action)).toEqual(["image.deleted"]);
  });

  it("a refused edit writes no entry", async () => {
    const id = await seedImage(app, { title: "Refused" });
    const res = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload: { editionType: "limited_edition" },
    });
    expect(res.statusCode).toBe(400);
    expect(await auditOf(`image:${id}`)).toEqual([]);
  });

  it("bounds a title and a description, counting what is shown", async () => {
    const id = await seedImage(app, { title: "Bounded" });
    const edit = (aiAnalysis: object) =>
      app.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${id}`,
        headers: { cookie: admin.cookie },
        payload: { aiAnalysis },
      });
    const long = await edit({ title: "t".repeat(IMAGE_TEXT.titleMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(`A title must be at most ${IMAGE_TEXT.titleMax} characters`);
    const longer = await edit({ description: "d".repeat(IMAGE_TEXT.descriptionMax + 1) });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().message).toContain("A description must be at most");
    // Composed first: a title at the bound typed decomposed fits.
    const decomposed = await edit({ title: "e\u0301".repeat(IMAGE_TEXT.titleMax) });
    expect(decomposed.statusCode, decomposed.body).toBe(200);
    expect(await auditOf(`image:${id}`)).toHaveLength(1);
  });
});

describe(`PATCH /api/v1/images/{id}: edition and price rules on ${TEST_DB}`, () => {
  const patch = (id: number, payload: object) =>
    app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload,
    });
  const stored = (id: number) =>
    db()
      .selectFrom("images")
      .select(["edition_type", "price_cents", "max_editions"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("keeps a price for one_of_one and open_edition only", async () => {
    const id = await seedImage(app, { editionType: "open_edition" });
    expect((await patch(id, { price: 4999 })).json()).toMatchObject({ price: 4999 });
    expect((await patch(id, { editionType: "one_of_one", price: 120000 })).json()).toMatchObject({
      editionType: "one_of_one",
      price: 120000,
    });
    // Gallery pieces are free: a price sent with them is dropped and the stored one cleared.
    expect((await patch(id, { editionType: "sawdust_gallery", price: 500 })).json()).toMatchObject({
      editionType: "sawdust_gallery",
      price: null,
    });
  });

  it("makes a limited edition with a size of at least 1, never below the copies sold", async () => {
    const id = await seedImage(app, { editionType: "open_edition" });
    await patch(id, { price: 2000 });
    const missing = await patch(id, { editionType: "limited_edition" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/edition size/);
    expect((await patch(id, { editionType: "limited_edition", maxEditions: 0 })).statusCode).toBe(
      400,
    );

    const made = await patch(id, { editionType: "limited_edition", maxEditions: 25 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      editionType: "limited_edition",
      maxEditions: 25,
      price: null,
    });

    await setColumns(id, { sold_editions: 10 });
    const below = await patch(id, { maxEditions: 9 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(
      "The edition size cannot be below the 10 copies already sold",
    );
    expect(await stored(id)).toMatchObject({ max_editions: 25 });
    expect((await patch(id, { maxEditions: 10 })).json()).toMatchObject({ maxEditions: 10 });
    // Tags alone leave the edition as it is.
    expect((await patch(id, { tags: ["still-limited"] })).json()).toMatchObject({
      editionType: "limited_edition",
      maxEditions: 10,
    });
    // Another edition type has no size.
    expect((await patch(id, { editionType: "open_edition" })).json()).toMatchObject({
      editionType: "open_edition",
      maxEditions: null,
    });
  });
});

describe(`two admins editing one image: GET's ETag, PATCH's If-Match on ${TEST_DB}`, () => {
  const read = (id: number) =>
    app.server.inject({
      method: "GET",
      url: `/api/v1/admin/images/${id}`,
      headers: { cookie: admin.cookie },
    });
  const patch = (id: number, payload: object, ifMatch?: string) =>
    app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie, ...(ifMatch === undefined ? {} : { "if-match": ifMatch }) },
      payload,
    });
  const batch = (id: number, operation: object) =>
    app.server.inject({
      method: "POST",
      url: "/api/v1/admin/images/batch",
      headers: { cookie: admin.cookie },
      payload: { selection: { ids: [id] }, operation },
    });
  const stored = (id: number) =>
    db()
      .selectFrom("images")
      .select(["description", "tags"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const refusal = { message: MESSAGES.adminImages.changedElsewhere, code: "changed_elsewhere" };

  it("reads one image, private ones too, with its version; no such image is a 404", async () => {
    const id = await seedImage(app, { title: "Versioned", isPublic: false });
    const res = await read(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZAdminImage.parse(res.json())).toMatchObject({ id, isPublic: false });
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await read(id)).headers.etag).toBe(res.headers.etag);
    expect((await read(99_999_999)).statusCode).toBe(404);
  });

  it("a save from a page opened before another admin's save is refused (412), and writes nothing", async () => {
    const id = await seedImage(app, { title: "Shared", description: "as seeded" });
    const pageA = String((await read(id)).headers.etag);
    const pageB = String((await read(id)).headers.etag);
    const byA = await patch(id, { aiAnalysis: { description: "written by A" } }, pageA);
    expect(byA.statusCode, byA.body).toBe(200);
    expect(byA.headers.etag).toBe((await read(id)).headers.etag);
    expect(byA.headers.etag).not.toBe(pageA);
    const entries = (await auditOf(`image:${id}`)).length;

    const byB = await patch(id, { aiAnalysis: { description: "written by B" } }, pageB);
    expect(byB.statusCode, byB.body).toBe(412);
    expect(byB.json()).toMatchObject(refusal);
    expect((await stored(id)).description).toBe("written by A");
    expect(await auditOf(`image:${id}`)).toHaveLength(entries);
    // Read again, B's save goes; `*` or a list naming the version passes; no If-Match as before.
    const again = String((await read(id)).headers.etag);
    expect((await patch(id, { aiAnalysis: { description: "B" } }, again)).statusCode).toBe(200);
    const now = String((await read(id)).headers.etag);
    expect((await patch(id, { tags: ["x"] }, `"other", ${now}`)).statusCode).toBe(200);
    expect((await patch(id, { tags: ["y"] }, "*")).statusCode).toBe(200);
    expect((await patch(id, { tags: ["z"] })).statusCode).toBe(200);
    expect(JSON.parse((await stored(id)).tags)).toEqual(["z"]);
  });

  it("a batch's add_tags between the page's read and its save: 412, the batch's tag stays", async () => {
    const id = await seedImage(app, { tags: ["teal", "vertical", "bulk-lot"] });
    const page = String((await read(id)).headers.etag);
    const added = await batch(id, { type: "add_tags", tags: ["christmas-campaign"] });
    expect(added.json()).toMatchObject({ succeeded: 1 });
    const res = await patch(id, { tags: ["teal", "vertical", "bulk-lot", "red-series"] }, page);
    expect(res.statusCode, res.body).toBe(412);
    expect(res.json()).toMatchObject(refusal);
    expect(JSON.parse((await stored(id)).tags)).toEqual([
      "teal",
      "vertical",
      "bulk-lot",
      "christmas-campaign",
    ]);
  });

  it("a batch adding or removing tags that hold no letter or digit is refused, not reported done", async () => {
    const id = await seedImage(app, { tags: ["sun"] });
    for (const type of ["add_tags", "remove_tags"] as const) {
      const res = await batch(id, { type, tags: ["🌞", "!!"] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: MESSAGES.adminImages.noTagLeft,
        code: "no_tag_left",
      });
    }
    expect(JSON.parse((await stored(id)).tags)).toEqual(["sun"]);
  });

  it("every batch operation that changes an image gives it a new version", async () => {
    const id = await seedImage(app, { tags: ["one"], isPublic: true });
    const operations = [
      { type: "make_private" },
      { type: "make_public" },
      { type: "add_tags", tags: ["two"] },
      { type: "remove_tags", tags: ["one"] },
      { type: "set_edition", editionType: "open_edition", priceCents: 900 },
      { type: "set_edition", editionType: "open_edition", priceCents: 1200 },
      { type: "set_edition", editionType: "limited_edition", maxEditions: 5 },
    ];
    let version = String((await read(id)).headers.etag);
    for (const operation of operations) {
      expect((await batch(id, operation)).json(), operation.type).toMatchObject({ succeeded: 1 });
      const next = String((await read(id)).headers.etag);
      expect(next, JSON.stringify(operation)).not.toBe(version);
      expect((await patch(id, { style: "ink" }, version)).statusCode).toBe(412);
      version = next;
    }
  });

  it("of saves sent at once from the same version, exactly one is made", async () => {
    const id = await seedImage(app, { description: "as seeded" });
    const page = String((await read(id)).headers.etag);
    const saves = await Promise.all(
      ["first", "second", "third", "fourth"].map((text) =>
        patch(id, { aiAnalysis: { description: `written ${text}` } }, page),
      ),
    );
    const statuses = saves.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    const winner = saves.find((res) => res.statusCode === 200);
    expect((await stored(id)).description).toBe(winner?.json().aiAnalysis.description);
  });

  it("the write itself is conditional: a change made after the edit's read is never undone", async () => {
    // What another process does between this edit's read and its write (the in-process lock
    // does not reach it): the repository's update applies only to the image as it was read.
    const id = await seedImage(app, { tags: ["teal"] });
    const images = new ImagesRepo(db(), TEST_DB);
    const before = await images.findReadyById(id);
    if (!before) throw new Error("seeded image missing");
    expect((await batch(id, { type: "add_tags", tags: ["christmas-campaign"] })).statusCode).toBe(
      200,
    );
    const written = await images.update(
      id,
      { tags: JSON.stringify(["teal", "red-series"]) },
      { tag: ["teal", "red-series"] },
      Date.now(),
      undefined,
      before,
    );
    expect(written).toBe(false);
    expect(JSON.parse((await stored(id)).tags)).toEqual(["teal", "christmas-campaign"]);
    const latest = await images.findReadyById(id);
    if (!latest) throw new Error("seeded image missing");
    expect(await images.update(id, { style: "ink" }, {}, Date.now(), undefined, latest)).toBe(true);
  });
});
