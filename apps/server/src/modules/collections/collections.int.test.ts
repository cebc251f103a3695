import {
  COLLECTION_RULES,
  FREE_TIER,
  MESSAGES,
  ZCollection,
  ZCollectionDetail,
  ZCollectionList,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readyImageRow, seedImage, signIn, subscribe } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";

const m = MESSAGES.collections;

let app: TestApp;
let clock: TestClock;
type Member = { cookie: string; userId: number };
let admin: Member;
let ann: Member;
let bob: Member;
let memberCount = 0;

beforeAll(async () => {
  clock = new TestClock();
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "coll_admin", "admin");
  ann = await signIn(app, "coll_ann");
  bob = await signIn(app, "coll_bob");
});
afterAll(() => app.close());

/** A fresh free member (each limit test starts from none). */
async function newMember(role: "user" | "admin" = "user"): Promise<Member> {
  memberCount += 1;
  return signIn(app, `coll_m${memberCount}`, role);
}

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  who?: Member,
  payload?: unknown,
) =>
  app.server.inject({
    method,
    url: `/api/v1/collections${url}`,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function create(who: Member, body: Record<string, unknown> = { name: "Favourites" }) {
  const res = await call("POST", "", who, body);
  expect(res.statusCode, res.body).toBe(201);
  return ZCollection.parse(res.json());
}

async function detail(who: Member, id: number) {
  const res = await call("GET", `/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return ZCollectionDetail.parse(res.json());
}

async function listOf(who: Member) {
  const res = await call("GET", "", who);
  expect(res.statusCode, res.body).toBe(200);
  return ZCollectionList.parse(res.json());
}

async function add(who: Member, id: number, imageId: number | string) {
  return call("POST", `/${id}/images`, who, { imageId });
}

/** The image's "in collections" counter as the image detail shows it. */
async function collectionsCountOf(imageId: number) {
  const res = await app.server.inject({
    method: "GET",
    url: `/api/v1/images/${imageId}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().collectionsCount as number;
}

const setVisibility = (imageId: number, isPublic: boolean) =>
  app.server.inject({
    method: "PATCH",
    url: `/api/v1/images/${imageId}/visibility`,
    headers: { cookie: admin.cookie },
    payload: { isPublic },
  });

/** What the list and the detail say about a collection: they must agree. */
async function countAndCover(who: Member, id: number) {
  const fromList = (await listOf(who)).find((c) => c.id === id);
  const fromDetail = await detail(who, id);
  expect(fromList?.imageCount).toBe(fromDetail.imageCount);
  expect(fromList?.coverImage).toEqual(fromDetail.coverImage);
  expect(fromDetail.imageCount).toBe(fromDetail.images.length);
  expect(fromDetail.coverImage?.id ?? null).toBe(fromDetail.images[0]?.image.id ?? null);
  return {
    count: fromDetail.imageCount,
    cover: fromDetail.coverImage?.id ?? null,
    ids: fromDetail.images.map((e) => e.image.id),
  };
}

describe(`collections on ${TEST_DB}`, () => {
  it("refuses a visitor every call with 401, before looking at the request", async () => {
    const mine = await create(ann);
    const calls = [
      call("GET", ""),
      call("POST", "", undefined, { name: "x" }),
      call("POST", "", undefined, {}),
      call("GET", `/${mine.id}`),
      call("PATCH", `/${mine.id}`, undefined, { name: "x" }),
      call("DELETE", `/${mine.id}`),
      call("POST", `/${mine.id}/images`, undefined, { imageId: 1 }),
      call("DELETE", `/${mine.id}/images/1`),
      call("GET", "/abc"),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(MESSAGES.auth.notSignedIn);
    }
    expect((await detail(ann, mine.id)).name).toBe("Favourites");
  });

  it("creates, lists newest first, shows, changes and deletes the owner's collections", async () => {
    const owner = await newMember();
    // A field the call does not take is refused, naming it, and nothing is made.
    const typo = await call("POST", "", owner, { name: "Sunsets", ignored: "field" });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe('Unknown field "ignored": the request body cannot have it');
    expect(await listOf(owner)).toEqual([]);
    const first = await create(owner, {
      name: "  Sunsets  ",
      description: "  Warm light ",
    });
    expect(first).toMatchObject({
      name: "Sunsets",
      description: "Warm light",
      isPublic: true,
      imageCount: 0,
      coverImage: null,
      createdAt: new Date(clock.now()).toISOString(),
    });
    clock.advance(1000);
    const second = await create(owner, { name: "Forests", description: "   ", isPublic: false });
    expect(second).toMatchObject({ description: null, isPublic: false });
    expect((await listOf(owner)).map((c) => c.id)).toEqual([second.id, first.id]);
    expect(await detail(owner, first.id)).toEqual({ ...first, images: [] });

    clock.advance(1000);
    const renamed = await call("PATCH", `/${first.id}`, owner, { name: " Dusk " });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ZCollection.parse(renamed.json())).toEqual({
      ...first,
      name: "Dusk",
      updatedAt: new Date(clock.now()).toISOString(),
    });
    const cleared = await call("PATCH", `/${first.id}`, owner, {
      description: "",
      isPublic: false,
    });
    expect(cleared.json()).toMatchObject({ name: "Dusk", description: null, isPublic: false });
    const unchanged = await call("PATCH", `/${first.id}`, owner, {});
    expect(unchanged.json()).toMatchObject({ name: "Dusk", description: null, isPublic: false });

    const deleted = await call("DELETE", `/${first.id}`, owner);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await call("GET", `/${first.id}`, owner)).statusCode).toBe(404);
    expect((await listOf(owner)).map((c) => c.id)).toEqual([second.id]);
    expect(await app.services.collections.countOwnedBy(owner.userId)).toBe(1);
  });

  it("hides a collection from everyone but its owner, admins included: 404 for every call", async () => {
    const image = await seedImage(app);
    const mine = await create(ann, { name: "Ann's own" });
    expect((await add(ann, mine.id, image)).statusCode).toBe(201);
    for (const stranger of [bob, admin]) {
      const calls = [
        call("GET", `/${mine.id}`, stranger),
        call("PATCH", `/${mine.id}`, stranger, { name: "Mine now" }),
        call("DELETE", `/${mine.id}`, stranger),
        add(stranger, mine.id, image),
        call("DELETE", `/${mine.id}/images/${image}`, stranger),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ message: m.notFoundTitle, code: "collection_not_found" });
      }
      expect((await listOf(stranger)).map((c) => c.id)).not.toContain(mine.id);
    }
    // A collection that does not exist reads the same.
    expect((await call("GET", "/999999", ann)).json().message).toBe(m.notFoundTitle);
    // Nothing changed.
    expect(await detail(ann, mine.id)).toMatchObject({ name: "Ann's own", imageCount: 1 });
    expect(await collectionsCountOf(image)).toBe(1);
  });

  it("answers clear 400s for bad names, descriptions, ids and bodies", async () => {
    const mine = await create(ann, { name: "Valid" });
    const cases: Array<[Promise<{ statusCode: number; json(): { message: string } }>, string]> = [
      [call("POST", "", ann, {}), MESSAGES.validation.collectionNameRequired],
      [call("POST", "", ann, { name: "   " }), MESSAGES.validation.collectionNameRequired],
      // A value of another type is told the type to send, not that the name is missing.
      [call("POST", "", ann, { name: 42 }), MESSAGES.validation.notText("The name")],
      [call("PATCH", `/${mine.id}`, ann, { name: 42 }), MESSAGES.validation.notText("The name")],
      [call("POST", "", ann, { name: null }), MESSAGES.validation.collectionNameRequired],
      [
        call("POST", "", ann, { name: "x".repeat(COLLECTION_RULES.nameMax + 1) }),
        m.nameTooLong(COLLECTION_RULES.nameMax),
      ],
      [
        call("POST", "", ann, {
          name: "ok",
          description: "d".repeat(COLLECTION_RULES.descriptionMax + 1),
        }),
        m.descriptionTooLong(COLLECTION_RULES.descriptionMax),
      ],
      [call("POST", "", ann, { name: "ok", isPublic: "yes" }), "isPublic must be true or false"],
      [call("PATCH", `/${mine.id}`, ann, { name: "" }), MESSAGES.validation.collectionNameEmpty],
      [call("PATCH", `/${mine.id}`, ann, { name: "  " }), MESSAGES.validation.collectionNameEmpty],
      [
        call("PATCH", `/${mine.id}`, ann, { name: "y".repeat(COLLECTION_RULES.nameMax + 1) }),
        m.nameTooLong(COLLECTION_RULES.nameMax),
      ],
      [call("GET", "/abc", ann), "The collection id must be a number"],
      [call("DELETE", "/0", ann), "The collection id must be positive"],
      [call("PATCH", "/1.5", ann, { name: "x" }), "The collection id must be a whole number"],
      [call("DELETE", `/${mine.id}/images/abc`, ann), "The image id must be a number"],
      [add(ann, mine.id, "abc"), "imageId must be a number"],
      [call("POST", `/${mine.id}/images`, ann, {}), "imageId must be a number"],
      [add(ann, mine.id, -3), "imageId must be positive"],
    ];
    for (const [pending, message] of cases) {
      const res = await pending;
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A name at the limit is fine.
    await create(ann, { name: "n".repeat(COLLECTION_RULES.nameMax) });
    expect((await detail(ann, mine.id)).name).toBe("Valid");
  });

  it("reads a name and description typed decomposed as composed, and counts them so", async () => {
    const who = await newMember();
    // "é" as "e" and a combining accent: 51 of them are 102 code units, 51 characters.
    const created = await create(who, { name: "e\u0301".repeat(51), description: "Cafe\u0301" });
    expect(created).toMatchObject({ name: "é".repeat(51), description: "Café" });
    const full = "e\u0301".repeat(COLLECTION_RULES.nameMax);
    const renamed = await call("PATCH", `/${created.id}`, who, { name: full });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await detail(who, created.id)).name).toBe("é".repeat(COLLECTION_RULES.nameMax));
  });

  it(`keeps a free member to ${FREE_TIER.collections} collections; Pro members and admins have no limit`, async () => {
    const free = await newMember();
    for (let i = 0; i < FREE_TIER.collections; i++) await create(free, { name: `Free ${i}` });
    const refused = await call("POST", "", free, { name: "One too many" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: m.limitReached(FREE_TIER.collections),
      code: "collection_limit",
    });
    expect(await app.services.collections.countOwnedBy(free.userId)).toBe(FREE_TIER.collections);
    // Deleting one makes room again.
    const [newest] = await listOf(free);
    await call("DELETE", `/${newest?.id}`, free);
    await create(free, { name: "Room again" });

    const pro = await newMember();
    await subscribe(app, pro.userId, "pro");
    const proPlus = await newMember();
    await subscribe(app, proPlus.userId, "pro_plus");
    const boss = await newMember("admin");
    for (const member of [pro, proPlus, boss]) {
      for (let i = 0; i < FREE_TIER.collections + 2; i++) await create(member, { name: `#${i}` });
      expect((await listOf(member)).length).toBe(FREE_TIER.collections + 2);
    }
  });

  it("never lets simultaneous creates pass the free limit", async () => {
    const racer = await newMember();
    for (let i = 0; i < FREE_TIER.collections - 1; i++) await create(racer, { name: `Pre ${i}` });
    const atOnce = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call("POST", "", racer, { name: `Race ${i}` })),
    );
    expect(atOnce.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(atOnce.filter((r) => r.statusCode === 403)).toHaveLength(5);
    expect(await app.services.collections.countOwnedBy(racer.userId)).toBe(FREE_TIER.collections);

    const fresh = await newMember();
    const burst = await Promise.all(
      Array.from({ length: 9 }, (_, i) => call("POST", "", fresh, { name: `Burst ${i}` })),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(FREE_TIER.collections);
    expect(burst.filter((r) => r.statusCode === 403)).toHaveLength(9 - FREE_TIER.collections);
    expect(await app.services.collections.countOwnedBy(fresh.userId)).toBe(FREE_TIER.collections);
  });

  it("adds an image once however often it is added, counting it once", async () => {
    const image = await seedImage(app);
    const mine = await create(bob, { name: "Twice" });
    clock.advance(1000);
    const first = await add(bob, mine.id, image);
    expect(first.statusCode, first.body).toBe(201);
    expect(ZCollection.parse(first.json())).toMatchObject({
      imageCount: 1,
      coverImage: { id: image, urlSmall: expect.stringContaining(`/images/${image}/small-`) },
      updatedAt: new Date(clock.now()).toISOString(),
    });
    const again = await add(bob, mine.id, image);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ imageCount: 1 });
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => add(bob, mine.id, image)));
    expect(concurrent.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await collectionsCountOf(image)).toBe(1);
    const rows = await app.database.db
      .selectFrom("collection_images")
      .select("id")
      .where("collection_id", "=", mine.id)
      .execute();
    expect(rows).toHaveLength(1);

    // A second collection counts again.
    const other = await create(bob, { name: "Other" });
    expect((await add(bob, other.id, image)).statusCode).toBe(201);
    expect(await collectionsCountOf(image)).toBe(2);
  });

  it("refuses to add a missing, private or unfinished image (404)", async () => {
    const mine = await create(bob, { name: "Picky" });
    const hidden = await seedImage(app, { isPublic: false });
    const processing = await seedImage(app);
    await app.database.db
      .updateTable("images")
      .set({ status: "processing" })
      .where("id", "=", processing)
      .execute();
    for (const imageId of [999_999, hidden, processing]) {
      const res = await add(bob, mine.id, imageId);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: m.imageNotFound, code: "image_not_found" });
    }
    expect((await detail(bob, mine.id)).imageCount).toBe(0);
    expect(await collectionsCountOf(hidden)).toBe(0);
  });

  it("keeps counts and covers right through adds, removes, hiding and deleting images", async () => {
    const owner = await newMember();
    const mine = await create(owner, { name: "Moving parts" });
    const [a, b, c] = [await seedImage(app), await seedImage(app), await seedImage(app)];
    for (const id of [a, b, c]) {
      clock.advance(1000);
      expect((await add(owner, mine.id, id)).statusCode).toBe(201);
    }
    expect(await countAndCover(owner, mine.id)).toEqual({ count: 3, cover: c, ids: [c, b, a] });

    // Removing: the newest goes, the cover falls back; removing again is no error.
    const removed = await call("DELETE", `/${mine.id}/images/${c}`, owner);
    expect(removed.statusCode).toBe(200);
    expect(ZCollection.parse(removed.json())).toMatchObject({
      imageCount: 2,
      coverImage: { id: b },
    });
    expect(await collectionsCountOf(c)).toBe(0);
    const again = await call("DELETE", `/${mine.id}/images/${c}`, owner);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ imageCount: 2 });
    expect(await collectionsCountOf(c)).toBe(0);
    expect(await countAndCover(owner, mine.id)).toEqual({ count: 2, cover: b, ids: [b, a] });

    // Hidden by an admin: gone from the member's view (not counted), back when shown again.
    expect((await setVisibility(b, false)).statusCode).toBe(200);
    expect(await countAndCover(owner, mine.id)).toEqual({ count: 1, cover: a, ids: [a] });
    // Adding it again while hidden is refused, and the entry stays.
    expect((await add(owner, mine.id, b)).statusCode).toBe(404);
    expect((await setVisibility(b, true)).statusCode).toBe(200);
    expect(await countAndCover(owner, mine.id)).toEqual({ count: 2, cover: b, ids: [b, a] });
    expect(await collectionsCountOf(b)).toBe(1);

    // An image being deleted is hidden at once; once deleted, its entries are gone.
    const del = await app.server.inject({
      method: "DELETE",
      url: `/api/v1/images/${b}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await countAndCover(owner, mine.id)).toEqual({ count: 1, cover: a, ids: [a] });
    const left = await app.database.db
      .selectFrom("collection_images")
      .select("image_id")
      .where("image_id", "=", b)
      .execute();
    expect(left).toEqual([]);
    // Re-adding a removed image makes it the newest again.
    clock.advance(1000);
    expect((await add(owner, mine.id, c)).statusCode).toBe(201);
    expect(await countAndCover(owner, mine.id)).toEqual({ count: 2, cover: c, ids: [c, a] });
  });

  it("takes a deleted collection's images off their collections counts", async () => {
    const owner = await newMember();
    const [x, y] = [await seedImage(app), await seedImage(app)];
    const one = await create(owner, { name: "One" });
    const two = await create(owner, { name: "Two" });
    for (const id of [x, y]) await add(owner, one.id, id);
    await add(owner, two.id, x);
    expect([await collectionsCountOf(x), await collectionsCountOf(y)]).toEqual([2, 1]);
    expect((await call("DELETE", `/${one.id}`, owner)).statusCode).toBe(200);
    expect([await collectionsCountOf(x), await collectionsCountOf(y)]).toEqual([1, 0]);
    const entries = await app.database.db
      .selectFrom("collection_images")
      .select("id")
      .where("collection_id", "=", one.id)
      .execute();
    expect(entries).toEqual([]);
    expect((await detail(owner, two.id)).imageCount).toBe(1);
  });

  it("shows each entry as the image list does, with pro sizes only for Pro members and admins", async () => {
    const image = await seedImage(app, { title: "Shown" });
    const list = await app.server.inject({ method: "GET", url: "/api/v1/images?limit=100" });
    const listed = list.json().images.find((i: { id: number }) => i.id === image);

    const free = await newMember();
    const freeOne = await create(free, { name: "Free" });
    await add(free, freeOne.id, image);
    const [freeEntry] = (await detail(free, freeOne.id)).images;
    // Listed before it was added: only the counter has moved since.
    expect(freeEntry?.image).toEqual({ ...listed, collectionsCount: 1 });
    expect(freeEntry?.image.urlXLarge).toBeUndefined();

    const pro = await newMember();
    await subscribe(app, pro.userId);
    const proOne = await create(pro, { name: "Pro" });
    await add(pro, proOne.id, image);
    const [proEntry] = (await detail(pro, proOne.id)).images;
    expect(proEntry?.image.urlXLarge).toContain(`/media/`);
    expect(proEntry?.image.downloadStats).toBeUndefined();
  });

  it("shows an admin's own collection with the private images they added", async () => {
    const hidden = await seedImage(app, { isPublic: false });
    const boss = await newMember("admin");
    const mine = await create(boss, { name: "Admin's" });
    expect((await add(boss, mine.id, hidden)).statusCode).toBe(201);
    expect(await countAndCover(boss, mine.id)).toEqual({ count: 1, cover: hidden, ids: [hidden] });
  });

  it(`holds at most ${COLLECTION_RULES.imagesMax} images in one collection`, async () => {
    const owner = await newMember();
    const mine = await create(owner, { name: "Full" });
    const db = app.database.db;
    const now = clock.now();
    const ids = await db
      .insertInto("images")
      .values(Array.from({ length: COLLECTION_RULES.imagesMax }, () => readyImageRow(now)))
      .returning("id")
      .execute();
    await db
      .insertInto("collection_images")
      .values(ids.map((r) => ({ collection_id: mine.id, image_id: r.id, added_at: now })))
      .execute();
    const extra = await seedImage(app);
    const res = await add(owner, mine.id, extra);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: m.full(COLLECTION_RULES.imagesMax),
      code: "collection_full",
    });
    // One already there is still no error.
    expect((await add(owner, mine.id, ids[0]?.id as number)).statusCode).toBe(200);
    expect((await detail(owner, mine.id)).imageCount).toBe(COLLECTION_RULES.imagesMax);
  });
});
