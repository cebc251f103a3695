/**
 * Moderation through HTTP on the real database (issue 15): members report an image once each
 * (30 identical reports at once store one), a report queues the image without hiding it, the
 * admin's queue lists flagged, unrated and reported images with their reasons, and each decision
 * does what it says (approve publishes, keep private hides, delete removes), one or many at a
 * time, audited. Admins alone read the queue and decide.
 */
import {
  MESSAGES,
  MODERATION_RULES,
  type ModerationItem,
  type ModerationQueue,
  REPORT_REASON_LABELS,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
let admin: { cookie: string; userId: number };
let alice: { cookie: string; userId: number };
let bob: { cookie: string; userId: number };
let members = 0;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "mod_admin", "admin");
  alice = await signIn(app, "mod_alice");
  bob = await signIn(app, "mod_bob");
});
afterAll(() => app.close());

const newMember = async () => {
  const username = `mod_member_${++members}`;
  return { username, ...(await signIn(app, username)) };
};

const report = (imageId: number, cookie: string, payload: object = { reason: "violence" }) =>
  app.server.inject({
    method: "POST",
    url: `/api/v1/images/${imageId}/reports`,
    headers: { cookie },
    payload,
  });

const queue = async (query = "", cookie = admin.cookie) =>
  app.server.inject({
    method: "GET",
    url: `/api/v1/admin/moderation${query}`,
    headers: { cookie },
  });

const queued = async (query = ""): Promise<ModerationQueue> => {
  const res = await queue(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const decide = (imageIds: number[], decision: string, cookie = admin.cookie) =>
  app.server.inject({
    method: "POST",
    url: "/api/v1/admin/moderation/decisions",
    headers: { cookie },
    payload: { imageIds, decision },
  });

/** An image held for moderation as the analysis holds one (private, with the rater's reason). */
async function seedHeld(moderation: "flagged" | "unrated", title: string): Promise<number> {
  const id = await seedImage(app, { title, isPublic: false });
  await app.database.db
    .updateTable("images")
    .set({
      moderation,
      moderation_reason:
        moderation === "flagged"
          ? "sensitive content"
          : "not rated: the content rater could not run",
    })
    .where("id", "=", id)
    .execute();
  return id;
}

const imageRow = (id: number) =>
  app.database.db
    .selectFrom("images")
    .select(["is_public", "moderation", "moderation_reason", "publish_when_rated"])
    .where("id", "=", id)
    .executeTakeFirst();

const reportsOf = (imageId: number) =>
  app.database.db
    .selectFrom("image_reports")
    .selectAll()
    .where("image_id", "=", imageId)
    .orderBy("id")
    .execute();

/** Whether a visitor sees the image: its detail and the public gallery list. */
async function visitorSees(id: number): Promise<{ detail: number; listed: boolean }> {
  const detail = await app.server.inject({ method: "GET", url: `/api/v1/images/${id}` });
  const list = await app.server.inject({ method: "GET", url: "/api/v1/images?limit=100" });
  const ids = (list.json().images as Array<{ id: number }>).map((image) => image.id);
  return { detail: detail.statusCode, listed: ids.includes(id) };
}

const itemOf = (page: ModerationQueue, id: number): ModerationItem | undefined =>
  page.items.find((item) => item.imageId === id);

describe(`reporting an image on ${TEST_DB}`, () => {
  it("lets a signed-in member report a public image once, queues it and leaves it public", async () => {
    const id = await seedImage(app, { title: "Harbour" });
    const visitor = await report(id, "");
    expect(visitor.statusCode).toBe(401);

    const res = await report(id, alice.cookie, { reason: "copyright", note: "  My own photo.  " });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imageId: id, reason: "copyright", note: "My own photo." });

    const again = await report(id, alice.cookie, { reason: "spam" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.moderation.alreadyReported);

    expect(await imageRow(id)).toMatchObject({
      is_public: 1,
      moderation: "reported",
      moderation_reason: `Reported: ${REPORT_REASON_LABELS.copyright}`,
    });
    expect(await visitorSees(id)).toEqual({ detail: 200, listed: true });
    expect(await reportsOf(id)).toHaveLength(1);
  });

  it("stores exactly one report of 30 identical ones sent at once", async () => {
    const id = await seedImage(app, { title: "Crowded" });
    const carol = await newMember();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => report(id, carol.cookie, { reason: "spam" })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await reportsOf(id)).toHaveLength(1);
  });

  it("checks the reason and the note, and the image: none, or one the member cannot see, is a 404", async () => {
    const id = await seedImage(app, { title: "Checks" });
    const hidden = await seedImage(app, { title: "Hidden", isPublic: false });
    const bad: Array<[object, string]> = [
      [{}, MESSAGES.moderation.reasonRequired],
      [{ reason: "boring" }, MESSAGES.moderation.reasonRequired],
      [
        { reason: "other", note: "n".repeat(MODERATION_RULES.noteMax + 1) },
        MESSAGES.moderation.noteTooLong(MODERATION_RULES.noteMax),
      ],
      [{ reason: "other", note: 42 }, MESSAGES.validation.notText("The note")],
    ];
    for (const [body, message] of bad) {
      const res = await report(id, bob.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const longest = await report(id, bob.cookie, {
      reason: "other",
      note: "n".repeat(MODERATION_RULES.noteMax),
    });
    expect(longest.statusCode).toBe(201);
    expect((await report(hidden, bob.cookie)).statusCode).toBe(404);
    expect((await report(999_999, bob.cookie)).statusCode).toBe(404);
    expect(await reportsOf(hidden)).toHaveLength(0);
    expect((await imageRow(hidden))?.moderation).toBeNull();
  });

  it("keeps an image's rater verdict when members report it too", async () => {
    const id = await seedHeld("flagged", "Flagged and public");
    // Published from image management while still flagged: members see it and may report it.
    await app.database.db
      .updateTable("images")
      .set({ is_public: 1 })
      .where("id", "=", id)
      .execute();
    expect((await report(id, alice.cookie, { reason: "sexual_content" })).statusCode).toBe(201);
    expect(await imageRow(id)).toMatchObject({ moderation: "flagged" });
    const item = itemOf(await queued("?kind=flagged&limit=100"), id);
    expect(item?.reports).toMatchObject({
      open: 1,
      reasons: [{ reason: "sexual_content", count: 1 }],
    });
  });
});

describe(`publishing from image management on ${TEST_DB}`, () => {
  it("approves a flagged or unrated image an admin makes public, one by one or in a batch", async () => {
    const single = await seedHeld("flagged", "Published by hand");
    const batched = [
      await seedHeld("unrated", "Batch one"),
      await seedHeld("flagged", "Batch two"),
    ];
    const stays = await seedHeld("flagged", "Hidden in the same batch");

    const shown = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${single}/visibility`,
      headers: { cookie: admin.cookie },
      payload: { isPublic: true },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const batch = (ids: number[], type: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/v1/admin/images/batch",
        headers: { cookie: admin.cookie },
        payload: { selection: { ids }, operation: { type } },
      });
    expect((await batch(batched, "make_public")).statusCode).toBe(200);
    expect((await batch([stays], "make_private")).statusCode).toBe(200);

    for (const id of [single, ...batched]) {
      expect(await imageRow(id)).toMatchObject({ is_public: 1, moderation: null });
      expect(itemOf(await queued("?limit=100"), id)).toBeUndefined();
    }
    // Kept private, it still waits for a decision.
    expect(await imageRow(stays)).toMatchObject({ is_public: 0, moderation: "flagged" });
    expect(itemOf(await queued("?limit=100"), stays)).toBeDefined();
  });
});

describe(`the moderation queue on ${TEST_DB}`, () => {
  it("is for admins only: a visitor hears 401 and a member 403", async () => {
    expect((await queue("", "")).statusCode).toBe(401);
    expect((await queue("", alice.cookie)).statusCode).toBe(403);
    expect((await decide([1], "approve", "")).statusCode).toBe(401);
    const asMember = await decide([1], "approve", alice.cookie);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe(MESSAGES.auth.adminOnly);
    // Refused before the body is read: a bad body is still a 401 for a visitor.
    expect((await decide([], "nonsense", "")).statusCode).toBe(401);
  });

  it("lists flagged, unrated and reported images with their reasons, reports, previews and visibility", async () => {
    const flagged = await seedHeld("flagged", "Red flag");
    const unrated = await seedHeld("unrated", "No rating");
    const reported = await seedImage(app, { title: "Reported twice" });
    const plain = await seedImage(app, { title: "Nothing wrong" });
    await report(reported, alice.cookie, { reason: "violence", note: "Too much blood." });
    await report(reported, bob.cookie, { reason: "violence" });
    const dave = await newMember();
    await report(reported, dave.cookie, { reason: "hateful", note: "Mocks a group." });

    const page = await queued("?limit=100");
    expect(itemOf(page, plain)).toBeUndefined();
    expect(itemOf(page, flagged)).toMatchObject({
      title: "Red flag",
      moderation: "flagged",
      moderationReason: "sensitive content",
      isPublic: false,
      reports: { open: 0, reasons: [], notes: [] },
    });
    expect(itemOf(page, unrated)).toMatchObject({ moderation: "unrated", isPublic: false });
    const item = itemOf(page, reported);
    expect(item).toMatchObject({
      moderation: "reported",
      isPublic: true,
      reports: {
        open: 3,
        reasons: [
          { reason: "violence", count: 2 },
          { reason: "hateful", count: 1 },
        ],
      },
    });
    expect(item?.reports.notes.map((n) => [n.reporter, n.note]).sort()).toEqual(
      [
        [dave.username, "Mocks a group."],
        ["mod_alice", "Too much blood."],
      ].sort(),
    );
    // The admin's session may load a private image's preview.
    const preview = itemOf(page, flagged)?.urlSmall ?? "";
    expect(preview).toMatch(new RegExp(`^/media/images/${flagged}/small-`));

    // Newest first; each kind on its own; the sizes count every waiting image.
    const ids = page.items.map((i) => i.imageId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const onlyUnrated = await queued("?kind=unrated&limit=100");
    expect(onlyUnrated.items.every((i) => i.moderation === "unrated")).toBe(true);
    expect(itemOf(onlyUnrated, unrated)).toBeDefined();
    const counts = page.counts;
    expect(counts.all).toBe(counts.flagged + counts.unrated + counts.reported);
    expect(counts.all).toBe(page.items.length);

    // Paging: two at a time, every entry once.
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const next: ModerationQueue = await queued(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(next.items.length).toBeLessThanOrEqual(2);
      seen.push(...next.items.map((i) => i.imageId));
      cursor = next.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(ids);
    expect((await queue("?kind=everything")).statusCode).toBe(400);
    // A cursor it never gave: the same refusal as every other list's.
    for (const cursor of ["bogus", "-3", "1.5"]) {
      const bad = await queue(`?cursor=${cursor}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: MESSAGES.badCursor, code: "bad_cursor" });
    }
  });
});

describe(`moderation decisions on ${TEST_DB}`, () => {
  it("approve publishes a flagged image, takes it out of the queue, resolves its reports and audits it", async () => {
    const id = await seedHeld("flagged", "Approve me");
    expect(await visitorSees(id)).toEqual({ detail: 404, listed: false });
    const res = await decide([id], "approve");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ results: [{ imageId: id, outcome: "approved" }] });
    expect(await imageRow(id)).toMatchObject({
      is_public: 1,
      moderation: null,
      moderation_reason: null,
      publish_when_rated: 0,
    });
    expect(await visitorSees(id)).toEqual({ detail: 200, listed: true });
    expect(itemOf(await queued("?limit=100"), id)).toBeUndefined();
    const [entry] = await app.services.audit.recent(1, { subject: `image:${id}` });
    expect(entry).toMatchObject({
      actorId: admin.userId,
      action: "moderation.approved",
      details: {
        before: { isPublic: false, moderation: "flagged", moderationReason: "sensitive content" },
        after: { isPublic: true, moderation: null },
        reportsResolved: 0,
      },
    });
  });

  it("approve resolves a reported image's reports; a member cannot report it again, another member can", async () => {
    const id = await seedImage(app, { title: "Reported, fine" });
    await report(id, alice.cookie, { reason: "spam" });
    expect((await decide([id], "approve")).json().results[0].outcome).toBe("approved");
    const reports = await reportsOf(id);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ resolution: "approved", resolved_by: admin.userId });
    expect(reports[0]?.resolved_at).not.toBeNull();
    expect((await report(id, alice.cookie)).statusCode).toBe(409);
    expect((await imageRow(id))?.moderation).toBeNull();
    expect((await report(id, bob.cookie, { reason: "violence" })).statusCode).toBe(201);
    expect(itemOf(await queued("?kind=reported&limit=100"), id)?.reports.open).toBe(1);
  });

  it("keep private hides a reported image, takes it out of the queue and resolves its reports", async () => {
    const id = await seedImage(app, { title: "Keep private" });
    await report(id, alice.cookie, { reason: "hateful" });
    await report(id, bob.cookie, { reason: "hateful" });
    expect(await visitorSees(id)).toEqual({ detail: 200, listed: true });
    const res = await decide([id], "keep_private");
    expect(res.json()).toEqual({ results: [{ imageId: id, outcome: "kept_private" }] });
    expect(await imageRow(id)).toMatchObject({ is_public: 0, moderation: null });
    expect(await visitorSees(id)).toEqual({ detail: 404, listed: false });
    expect(itemOf(await queued("?limit=100"), id)).toBeUndefined();
    expect((await reportsOf(id)).map((r) => r.resolution)).toEqual([
      "kept_private",
      "kept_private",
    ]);
    const [entry] = await app.services.audit.recent(1, { subject: `image:${id}` });
    expect(entry).toMatchObject({
      action: "moderation.kept_private",
      details: { before: { isPublic: true }, after: { isPublic: false }, reportsResolved: 2 },
    });
    // Still there for admins, private.
    const asAdmin = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.json()).toMatchObject({ id, isPublic: false });
  });

  it("takes one of two admins' decisions about an image made at once: the other is skipped", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await seedImage(app, { title: `Contested ${i}` });
      await report(id, alice.cookie, { reason: "spam" });
      ids.push(id);
    }
    const answers = await Promise.all(
      ids.flatMap((id) => [decide([id], "approve"), decide([id], "keep_private")]),
    );
    const outcomes = answers.map((res) => res.json().results[0].outcome as string);
    for (const [i, id] of ids.entries()) {
      const pair = [outcomes[2 * i], outcomes[2 * i + 1]];
      expect(
        pair.filter((o) => o === "skipped"),
        `image ${id}: ${pair}`,
      ).toHaveLength(1);
      const won = pair.find((o) => o !== "skipped");
      // What the image is and what its report says agree, and one decision is in the log.
      expect((await imageRow(id))?.is_public).toBe(won === "approved" ? 1 : 0);
      expect((await reportsOf(id)).map((r) => r.resolution)).toEqual([won]);
      const entries = await app.services.audit.recent(10, { subject: `image:${id}` });
      expect(entries.filter((e) => e.action.startsWith("moderation."))).toHaveLength(1);
    }
  });

  it("delete removes the image and its reports, and audits it", async () => {
    const id = await seedImage(app, { title: "Delete me" });
    await report(id, alice.cookie, { reason: "violence" });
    const res = await decide([id], "delete");
    expect(res.json()).toEqual({ results: [{ imageId: id, outcome: "deleted" }] });
    const asAdmin = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(404);
    expect(await imageRow(id)).toBeUndefined();
    expect(await reportsOf(id)).toHaveLength(0);
    const [entry] = await app.services.audit.recent(1, { subject: `image:${id}` });
    expect(entry).toMatchObject({
      action: "moderation.deleted",
      details: {
        before: { moderation: "reported", openReports: 1, title: "Delete me" },
        after: null,
      },
    });
  });

  it("decides many at once, reporting each image; images not in the queue are skipped as they are", async () => {
    const held = [await seedHeld("unrated", "Bulk 1"), await seedHeld("flagged", "Bulk 2")];
    const reported = await seedImage(app, { title: "Bulk 3" });
    await report(reported, alice.cookie);
    const notQueued = await seedImage(app, { title: "Not queued", isPublic: false });
    const res = await decide([...held, reported, notQueued, 987_654, held[0] ?? 0], "keep_private");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { imageId: held[0], outcome: "kept_private" },
      { imageId: held[1], outcome: "kept_private" },
      { imageId: reported, outcome: "kept_private" },
      { imageId: notQueued, outcome: "skipped", message: expect.any(String) },
      { imageId: 987_654, outcome: "skipped", message: expect.any(String) },
    ]);
    for (const id of [...held, reported]) {
      expect(await imageRow(id)).toMatchObject({ is_public: 0, moderation: null });
    }
    const page = await queued("?limit=100");
    for (const id of [...held, reported]) expect(itemOf(page, id)).toBeUndefined();
    // Deciding again finds nothing to do.
    expect(
      (await decide(held, "approve")).json().results.map((r: { outcome: string }) => r.outcome),
    ).toEqual(["skipped", "skipped"]);
    expect((await imageRow(held[0] ?? 0))?.is_public).toBe(0);
  });

  it("refuses a decision without images, with too many, or of an unknown kind", async () => {
    const bad: Array<[object, string]> = [
      [{ imageIds: [], decision: "approve" }, MESSAGES.moderation.imageIdsRequired],
      [
        {
          imageIds: Array.from({ length: MODERATION_RULES.decisionMax + 1 }, (_, i) => i + 1),
          decision: "approve",
        },
        MESSAGES.moderation.imageIdsTooMany(MODERATION_RULES.decisionMax),
      ],
      [{ imageIds: [1], decision: "publish" }, MESSAGES.moderation.decisionInvalid],
    ];
    for (const [payload, message] of bad) {
      const res = await app.server.inject({
        method: "POST",
        url: "/api/v1/admin/moderation/decisions",
        headers: { cookie: admin.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});
