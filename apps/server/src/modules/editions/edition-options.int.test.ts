import {
  DEFAULT_SITE_SETTINGS,
  MESSAGES,
  ZCertificate,
  ZCollectorPrivacy,
  ZImageListResponse,
  ZLibrary,
  ZSiteSettings,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callerOf,
  imageAs,
  paySandbox,
  publishPiece,
  sandboxSessionOf,
  type Who,
} from "../../../test/editions.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { linesOf, shownText } from "./pdf-text.test-support.js";

/**
 * Issue 19's remaining build items: a collector's opt-out from being named, the edition pages'
 * available / sold filter, and the licence prices' defaults from the site settings.
 */

const m = MESSAGES.editions;
const clock = new TestClock();
let app: TestApp;
let admin: Who;
let members = 0;
let original: Buffer;

beforeAll(async () => {
  app = await createTestApp({}, { clock, authLimits: { registrationsPerIp: 10_000 } });
  admin = await signIn(app, "eo_admin", "admin");
  original = await makePng(800, 1000);
}, 60_000);
afterAll(() => app.close());

const newMember = () => signIn(app, `eo_m${++members}`);
const usernameOf = async (userId: number) =>
  (
    await app.database.db
      .selectFrom("users")
      .select("username")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow()
  ).username;

const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(app)(...args);
const piece = (edition: object) => publishPiece(app, admin, original, edition);

/** Buys the piece through the sandbox: checkout, payment, the provider's events delivered. */
async function buy(who: Who, imageId: number, licence = "standard") {
  const res = await call("POST", `/api/v1/images/${imageId}/purchase`, who, { licence });
  expect(res.statusCode, res.body).toBe(200);
  const paid = await paySandbox(app, who, sandboxSessionOf(res.json().url as string));
  expect(paid.statusCode, paid.body).toBe(200);
  await app.services.billing.sandbox?.flush();
}

const imageOf = (id: number, who?: Who) => imageAs(app, id, who);

async function listOf(query: string, who?: Who) {
  const res = await call("GET", `/api/v1/images?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return ZImageListResponse.parse(res.json());
}

/** Every page of a list, walked with its cursor `limit` at a time: ids in order, and the total. */
async function walk(query: string, limit: number) {
  const ids: number[] = [];
  let cursor: string | null = "0";
  let total = -1;
  while (cursor !== null) {
    const page = await listOf(`${query}&limit=${limit}&cursor=${cursor}`);
    ids.push(...page.images.map((i) => i.id));
    total = page.stats.totalImages;
    cursor = page.nextCursor;
  }
  return { ids, total };
}

const privacy = (who: Who | undefined, collectsPrivately?: unknown) =>
  collectsPrivately === undefined
    ? call("GET", "/api/v1/account/collecting", who)
    : call("PUT", "/api/v1/account/collecting", who, { collectsPrivately });

async function saveSettings(change: object) {
  const current = ZSiteSettings.parse((await call("GET", "/api/v1/site")).json());
  return call("PUT", "/api/v1/admin/settings", admin, { ...current, ...change });
}

describe(`edition options on ${TEST_DB}`, () => {
  it("names a 1/1's collector unless they opt out: detail, edition page and certificate", async () => {
    const id = await piece({ editionType: "one_of_one", price: 5000 });
    const collector = await newMember();
    await app.database.db
      .updateTable("users")
      .set({ display_name: "Ada Collector" })
      .where("id", "=", collector.userId)
      .execute();
    await buy(collector, id);
    // The display name, and the username beside it: a display name alone could pass for anyone.
    const named = `Ada Collector (@${await usernameOf(collector.userId)})`;

    // Named by default, on the image's page and on the edition page's entry.
    expect(ZCollectorPrivacy.parse((await privacy(collector)).json())).toEqual({
      collectsPrivately: false,
    });
    expect(await imageOf(id)).toMatchObject({
      collectedBy: named,
      collectedPrivately: false,
    });
    const entry = async () =>
      (await listOf("editionType=one_of_one&visibility=public")).images.find((i) => i.id === id);
    expect(await entry()).toMatchObject({ collectedBy: named });
    const library = ZLibrary.parse((await call("GET", "/api/v1/library", collector)).json());
    const certificateId = library.editions[0]?.certificateId as string;
    const certificate = async (who?: Who) =>
      ZCertificate.parse((await call("GET", `/api/v1/certificates/${certificateId}`, who)).json());
    expect((await certificate()).buyer).toBe(named);

    // Opted out: nobody else sees the name, anywhere; the buyer and admins still do.
    const saved = await privacy(collector, true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ collectsPrivately: true });
    expect(ZCollectorPrivacy.parse((await privacy(collector)).json()).collectsPrivately).toBe(true);
    const detail = await imageOf(id);
    expect(detail.collectedBy).toBeNull();
    expect(detail.collectedPrivately).toBe(true);
    expect(await entry()).toMatchObject({ collectedBy: null, collectedPrivately: true });
    expect((await certificate()).buyer).toBe(m.privateCollector);
    expect((await certificate(await newMember())).buyer).toBe(m.privateCollector);
    expect((await certificate(collector)).buyer).toBe(named);
    expect((await certificate(admin)).buyer).toBe(named);
    const pdf = await call("GET", `/api/v1/certificates/${certificateId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    // What it says depends on who asks: no shared cache may keep one answer for all.
    expect(pdf.headers["cache-control"]).toBe("private, no-cache");
    const page = await call("GET", `/api/v1/certificates/${certificateId}`);
    expect(page.headers["cache-control"]).toBe("private, no-cache");

    // And back.
    expect((await privacy(collector, false)).statusCode).toBe(200);
    expect((await imageOf(id)).collectedBy).toBe(named);
    expect(await entry()).toMatchObject({ collectedBy: named });
    expect((await certificate()).buyer).toBe(named);

    // Once the account is deleted, no one is named: not on the certificate, not to the admin.
    await app.database.db
      .updateTable("users")
      .set({ deleted_at: Date.now(), display_name: null })
      .where("id", "=", collector.userId)
      .execute();
    expect((await certificate()).buyer).toBe(m.formerMember);
    expect((await certificate(admin)).buyer).toBe(m.formerMember);
    const { username } = await app.database.db
      .selectFrom("users")
      .select("username")
      .where("id", "=", collector.userId)
      .executeTakeFirstOrThrow();
    const sales = JSON.stringify((await call("GET", "/api/v1/admin/sales", admin)).json());
    expect(sales).toContain(`"imageId":${id}`);
    expect(sales).not.toContain(`@${username}`);
    await app.database.db
      .updateTable("users")
      .set({ deleted_at: null, display_name: "Ada Collector" })
      .where("id", "=", collector.userId)
      .execute();

    // Members only, and a boolean only.
    expect((await privacy(undefined)).statusCode).toBe(401);
    expect((await privacy(undefined, true)).statusCode).toBe(401);
    const bad = await privacy(collector, "yes");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("collectsPrivately must be true or false");
  }, 60_000);

  it("filters the edition pages by available or sold in SQL, across pages and totals", async () => {
    const [ann, bob] = [await newMember(), await newMember()];
    const oneFree = await piece({ editionType: "one_of_one", price: 4000 });
    const oneSold = await piece({ editionType: "one_of_one", price: 4000 });
    const limitedOut = await piece({ editionType: "limited_edition", maxEditions: 1 });
    const limitedOpen = await piece({ editionType: "limited_edition", maxEditions: 3 });
    const open = await piece({ editionType: "open_edition", price: 900 });
    const gallery = await piece({ editionType: "sawdust_gallery" });
    await buy(ann, oneSold);
    await buy(ann, limitedOut);
    await buy(bob, limitedOpen);
    await buy(bob, open);

    // The first test's 1/1 (sold) is in this database too.
    const all = (await listOf("visibility=public&limit=100")).images.map((i) => i.id);
    const earlier = all.filter((id) => id < oneFree);
    expect(earlier).toHaveLength(1);
    const ones = "editionType=one_of_one&visibility=public";
    const editions = "editionType=open_edition,limited_edition&visibility=public";
    const sorted = (ids: number[]) => [...ids].sort((a, b) => b - a);

    for (const [query, expected] of [
      [`${ones}&availability=available`, [oneFree]],
      [`${ones}&availability=sold`, sorted([oneSold, ...earlier])],
      [`${ones}&availability=all`, sorted([oneFree, oneSold, ...earlier])],
      [ones, sorted([oneFree, oneSold, ...earlier])],
      [`${editions}&availability=available`, sorted([limitedOpen, open])],
      [`${editions}&availability=sold`, [limitedOut]],
      [`visibility=public&availability=available`, sorted([oneFree, limitedOpen, open])],
      [`visibility=public&availability=sold`, sorted([oneSold, limitedOut, ...earlier])],
    ] as Array<[string, number[]]>) {
      // One at a time with the cursor, and all at once: the same images, and the same total.
      const walked = await walk(query, 1);
      expect({ query, ids: walked.ids }).toEqual({ query, ids: expected });
      expect({ query, total: walked.total }).toEqual({ query, total: expected.length });
      const page = await listOf(`${query}&limit=50`);
      expect(page.images.map((i) => i.id)).toEqual(expected);
      expect(page.images.map((i) => i.id)).not.toContain(gallery);
    }

    // Every set of edition types with each availability, against the pieces' own states. A set
    // that no piece of that state can belong to (sold open editions, gallery pieces for sale) is
    // answered without a query (matchesNothing in images.repo.ts): the same answer.
    const states: Array<[number, string, "available" | "sold" | "neither"]> = [
      [oneFree, "one_of_one", "available"],
      [oneSold, "one_of_one", "sold"],
      ...earlier.map((id): [number, string, "sold"] => [id, "one_of_one", "sold"]),
      [limitedOut, "limited_edition", "sold"],
      [limitedOpen, "limited_edition", "available"],
      [open, "open_edition", "available"],
      [gallery, "sawdust_gallery", "neither"],
    ];
    const types = ["one_of_one", "limited_edition", "open_edition", "sawdust_gallery"];
    for (let set = 1; set < 1 << types.length; set++) {
      const chosen = types.filter((_, i) => set & (1 << i));
      for (const availability of ["available", "sold"] as const) {
        const query = `visibility=public&editionType=${chosen.join(",")}&availability=${availability}`;
        const expected = states
          .filter(([, type, state]) => chosen.includes(type) && state === availability)
          .map(([id]) => id);
        const page = await listOf(`${query}&limit=50`);
        expect({ query, ids: page.images.map((i) => i.id) }).toEqual({
          query,
          ids: sorted(expected),
        });
        expect({ query, total: page.stats.totalImages }).toEqual({ query, total: expected.length });
      }
    }

    // The totals are cached per filter, and a sale changes them at once.
    const before = await listOf(`${editions}&availability=available`);
    expect(before.stats.totalImages).toBe(2);
    for (let i = 0; i < 2; i++) await buy(await newMember(), limitedOpen);
    expect((await listOf(`${editions}&availability=available`)).stats.totalImages).toBe(1);
    expect((await listOf(`${editions}&availability=sold`)).stats.totalImages).toBe(2);
    expect((await listOf(editions)).stats.totalImages).toBe(3);

    const refused = await call("GET", `/api/v1/images?${ones}&availability=gone`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("availability must be one of: all, available, sold");
  }, 120_000);

  it("prices licences from the site settings unless the piece has its own; charges that price", async () => {
    const id = await piece({ editionType: "open_edition" });
    const defaults = DEFAULT_SITE_SETTINGS.licencePrices;
    expect((await imageOf(id)).licencePrices).toEqual({
      standard: defaults.standardCents,
      commercial: defaults.commercialCents,
    });

    const saved = await saveSettings({
      licencePrices: { standardCents: 4200, commercialCents: 15_000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = await app.database.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "settings.updated")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details as string)).toMatchObject({
      before: { "licencePrices.standardCents": 2500, "licencePrices.commercialCents": 9900 },
      after: { "licencePrices.standardCents": 4200, "licencePrices.commercialCents": 15_000 },
    });

    // Shown everywhere the piece is listed, and on its page.
    const prices = { standard: 4200, commercial: 15_000 };
    expect((await imageOf(id)).licencePrices).toEqual(prices);
    const listed = (await listOf("editionType=open_edition&visibility=public")).images;
    expect(listed.find((i) => i.id === id)?.licencePrices).toEqual(prices);

    // A buyer who saw the old price is told, not charged another amount; the server's price is
    // what the checkout charges, whatever the client says.
    const buyer = await newMember();
    const stale = await call("POST", `/api/v1/images/${id}/purchase`, buyer, {
      licence: "standard",
      expectedCents: 2500,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "price_changed",
      message: m.priceChanged("$42.00"),
    });
    await buy(buyer, id);
    const bought = ZLibrary.parse((await call("GET", "/api/v1/library", buyer)).json());
    expect(bought.editions[0]?.priceCents).toBe(4200);
    const checkout = await app.database.db
      .selectFrom("sandbox_checkouts")
      .select("price_cents")
      .where("user_id", "=", buyer.userId)
      .executeTakeFirstOrThrow();
    expect(checkout.price_cents).toBe(4200);
    const confirmed = await call("POST", `/api/v1/images/${id}/purchase`, buyer, {
      licence: "commercial",
      expectedCents: 15_000,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The piece's own prices still win over the settings; cleared, the settings apply again.
    const own = await call("PUT", `/api/v1/admin/images/${id}/licence-prices`, admin, {
      standard: 1234,
      commercial: null,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await imageOf(id)).licencePrices).toEqual({ standard: 1234, commercial: 15_000 });
    // Admins see which prices are the piece's own (the edit page's fields); others do not.
    expect((await imageOf(id, admin)).ownLicencePrices).toEqual({
      standard: 1234,
      commercial: null,
    });
    expect((await imageOf(id)).ownLicencePrices).toBeUndefined();
    await saveSettings({ licencePrices: { standardCents: 1000, commercialCents: 1500 } });
    // Commercial is never under twice the Standard price.
    expect((await imageOf(id)).licencePrices).toEqual({ standard: 1234, commercial: 2468 });
    await call("PUT", `/api/v1/admin/images/${id}/licence-prices`, admin, {
      standard: null,
      commercial: null,
    });
    expect((await imageOf(id)).licencePrices).toEqual({ standard: 1000, commercial: 2000 });
    // A piece with a price of its own (the upload's) keeps it as the Standard price.
    const priced = await piece({ editionType: "one_of_one", price: 7700 });
    expect((await imageOf(priced)).licencePrices).toEqual({ standard: 7700, commercial: 15_400 });
  }, 60_000);

  it("a collector's new display name, or their account deleted, reaches the piece's pages at once", async () => {
    const id = await piece({ editionType: "one_of_one", price: 5000 });
    const collector = await newMember();
    await buy(collector, id);
    const username = await usernameOf(collector.userId);
    const entry = async () =>
      (await listOf("editionType=one_of_one&visibility=public")).images.find((i) => i.id === id);
    expect(await entry()).toMatchObject({ collectedBy: `@${username}` });
    const heard: number[] = [];
    app.services.events.on((event) => {
      if (event.type === "image.updated") heard.push(event.imageId);
    });
    const renamed = await call("PATCH", "/api/v1/profile", collector, {
      displayName: "Ada Renamed",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(heard).toContain(id);
    // The kept list page and the rendered pages hear it: no wait for their time to run out.
    expect(await entry()).toMatchObject({ collectedBy: `Ada Renamed (@${username})` });
    heard.length = 0;
    const deleted = await app.server.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: { cookie: collector.cookie },
      payload: { password: "correct horse battery" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(heard).toContain(id);
    expect((await entry())?.collectedBy ?? null).toBeNull();
  });

  it("names a hidden piece on its certificate only to the buyer and admins", async () => {
    const id = await piece({ editionType: "one_of_one", price: 5000 });
    await app.database.db
      .updateTable("images")
      .set({ title: "Secret Garden" })
      .where("id", "=", id)
      .execute();
    const collector = await newMember();
    await buy(collector, id);
    const library = ZLibrary.parse((await call("GET", "/api/v1/library", collector)).json());
    const certificateId = library.editions.find((e) => e.imageId === id)?.certificateId as string;
    const titleFor = async (who?: Who) =>
      ZCertificate.parse((await call("GET", `/api/v1/certificates/${certificateId}`, who)).json())
        .title;
    expect(await titleFor()).toBe("Secret Garden");

    const hidden = await call("PATCH", `/api/v1/images/${id}/visibility`, admin, {
      isPublic: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    // Every other address of the piece refuses a visitor; the certificate still verifies, unnamed.
    expect((await call("GET", `/api/v1/images/${id}`)).statusCode).toBe(404);
    expect(await titleFor()).toBe(`Artwork ${id}`);
    expect(await titleFor(await newMember())).toBe(`Artwork ${id}`);
    const pdfText = async (who?: Who) => {
      const pdf = await call("GET", `/api/v1/certificates/${certificateId}/pdf`, who);
      expect(pdf.statusCode).toBe(200);
      return linesOf(await shownText(pdf.rawPayload))
        .map((line) => line.text)
        .join("\n");
    };
    expect(await pdfText()).not.toContain("Secret Garden");
    expect(await pdfText()).toContain(`Artwork ${id}`);
    expect(await pdfText(collector)).toContain("Secret Garden");
    expect(await titleFor(collector)).toBe("Secret Garden");
    expect(await titleFor(admin)).toBe("Secret Garden");

    await call("PATCH", `/api/v1/images/${id}/visibility`, admin, { isPublic: true });
    expect(await titleFor()).toBe("Secret Garden");
  });

  it("keeps what a sale sold when the piece is deleted: its title and edition size (round 27)", async () => {
    const id = await piece({ editionType: "limited_edition", maxEditions: 3, price: 4000 });
    await app.database.db
      .updateTable("images")
      .set({ title: "Green Forest" })
      .where("id", "=", id)
      .execute();
    const collector = await newMember();
    await buy(collector, id);
    const library = ZLibrary.parse((await call("GET", "/api/v1/library", collector)).json());
    const certificateId = library.editions.find((e) => e.imageId === id)?.certificateId as string;
    const certificate = async (who?: Who) =>
      ZCertificate.parse((await call("GET", `/api/v1/certificates/${certificateId}`, who)).json());
    const salesFound = async (q: string) =>
      (await call("GET", `/api/v1/admin/sales?q=${encodeURIComponent(q)}`, admin)).json().sales as {
        imageId: number;
        title: string | null;
        total: number | null;
      }[];
    const before = (await salesFound("Green Forest")).find((sale) => sale.imageId === id);
    expect(before).toMatchObject({ title: "Green Forest", total: 3 });

    expect((await call("DELETE", `/api/v1/images/${id}`, admin)).statusCode).toBe(200);
    // The admin's list, its search, the buyer's and the admin's certificate: as sold.
    expect((await salesFound("Green Forest")).find((sale) => sale.imageId === id)).toMatchObject({
      title: "Green Forest",
      total: 3,
    });
    expect(await certificate(collector)).toMatchObject({ title: "Green Forest", total: 3 });
    expect(await certificate(admin)).toMatchObject({ title: "Green Forest", total: 3 });
    // Anyone else holding the link: still genuine, the piece unnamed (it is gone).
    expect(await certificate()).toMatchObject({ title: `Artwork ${id}`, total: 3 });
  });
});
