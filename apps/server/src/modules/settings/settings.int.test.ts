import {
  DEFAULT_SITE_SETTINGS,
  MESSAGES,
  type SiteSettings,
  ZSiteSettings,
  ZUsage,
} from "@sawdust/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makePng, signIn, upload, uploadPublished } from "../../../test/images.js";
import {
  createTestApp,
  newAccount,
  TEST_DB,
  type TestApp,
  TestClock,
} from "../../../test/test-app.js";
import { type App, buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { SITE_SETTINGS_CACHE_MS } from "./settings.service.js";

const clock = new TestClock(Date.UTC(2026, 10, 21, 12));
let app: TestApp;
let admin: { cookie: string; userId: number };
let member: { cookie: string; userId: number };
let imageId: number;

const defaults = (): SiteSettings => ({
  ...DEFAULT_SITE_SETTINGS,
  freeTier: { ...DEFAULT_SITE_SETTINGS.freeTier },
  licencePrices: { ...DEFAULT_SITE_SETTINGS.licencePrices },
});

beforeAll(async () => {
  app = await createTestApp({ REGISTRATIONS_PER_IP_HOUR: "1000" }, { clock });
  admin = await signIn(app, "settings_admin", "admin");
  member = await signIn(app, "settings_member");
  const res = await uploadPublished(app, admin.cookie, {
    name: "dunes.png",
    data: await makePng(800, 1000),
  });
  imageId = res.json().uploaded[0].id;
}, 60_000);
afterAll(() => app.close());

const save = (settings: object, cookie = admin.cookie, target: { server: App["server"] } = app) =>
  target.server.inject({
    method: "PUT",
    url: "/api/v1/admin/settings",
    headers: { cookie },
    payload: settings,
  });
const site = async (target: { server: App["server"] } = app) =>
  ZSiteSettings.parse((await target.server.inject({ method: "GET", url: "/api/v1/site" })).json());
const register = () =>
  app.server.inject({ method: "POST", url: "/api/v1/auth/register", payload: newAccount() });
const download = (cookie: string) =>
  app.server.inject({
    method: "GET",
    url: `/api/v1/images/${imageId}/download?size=basic`,
    headers: { cookie },
  });
const withFreeTier = (freeTier: Partial<SiteSettings["freeTier"]>): SiteSettings => ({
  ...defaults(),
  freeTier: { ...defaults().freeTier, ...freeTier },
});

// Each test starts from the defaults.
beforeEach(async () => {
  expect((await save(defaults())).statusCode).toBe(200);
});

describe(`the site settings routes on ${TEST_DB}`, () => {
  it("answers the settings to anyone, and the defaults before any save", async () => {
    await app.database.db.deleteFrom("settings").where("key", "=", "site_settings").execute();
    // Deleted behind the service's back: its copy must go, as another process's save would make it.
    await app.services.events.emit({ type: "settings.changed" });
    expect(await site()).toEqual(defaults());
    expect((await site()).siteName).toBe("Sawdust");
  });

  it("refuses the admin routes to everyone but admins", async () => {
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", defaults()],
    ] as const) {
      const visitor = await app.server.inject({ method, url: "/api/v1/admin/settings", payload });
      expect(visitor.statusCode).toBe(401);
      const asMember = await app.server.inject({
        method,
        url: "/api/v1/admin/settings",
        headers: { cookie: member.cookie },
        payload,
      });
      expect(asMember.statusCode).toBe(403);
    }
    // Not even a bad body tells a member more.
    expect((await save({ siteName: "" }, member.cookie)).statusCode).toBe(403);
  });

  it("refuses settings out of bounds with a message that says which and why", async () => {
    const cases: Array<[object, string]> = [
      [{ ...defaults(), siteName: "   " }, MESSAGES.siteSettings.siteNameRequired],
      [{ ...defaults(), siteName: "x".repeat(61) }, "Site name must be at most 60 characters"],
      [{ ...defaults(), siteName: "Two\nlines" }, MESSAGES.siteSettings.siteNameControl],
      [
        withFreeTier({ monthlyDownloads: -1 }),
        "Downloads a month must be a whole number from 0 to 100,000",
      ],
      [
        withFreeTier({ monthlyDownloads: 2.5 }),
        "Downloads a month must be a whole number from 0 to 100,000",
      ],
      [withFreeTier({ collections: 1001 }), "Collections must be a whole number from 0 to 1,000"],
      [
        withFreeTier({ monthlyBandwidthBytes: 11 * 1024 ** 4 }),
        "Bandwidth a month must be from 0 bytes to 10 TB",
      ],
      [
        { ...defaults(), defaultEditionType: "limited_edition" },
        "Default edition type must be one of: sawdust_gallery, one_of_one, open_edition",
      ],
      [{ ...defaults(), defaultEditionType: undefined }, "Default edition type is required"],
      [{ ...defaults(), registrationOpen: "yes" }, "registrationOpen must be true or false"],
      [
        { ...defaults(), licencePrices: { standardCents: 49, commercialCents: 9900 } },
        "Standard licence price must be from $0.50 to $100,000.00",
      ],
      [
        { ...defaults(), licencePrices: { standardCents: 2500, commercialCents: 12.5 } },
        "Commercial licence price must be from $0.50 to $100,000.00",
      ],
      [
        { ...defaults(), licencePrices: { standardCents: 5000, commercialCents: 4999 } },
        MESSAGES.siteSettings.commercialBelowStandard,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().message).toBe(message);
    }
    const partial = await save({ siteName: "Only a name" });
    expect(partial.statusCode).toBe(400);
    expect(await site()).toEqual(defaults());
  });

  it("saves, trims the name and answers the settings as saved", async () => {
    const wanted = { ...withFreeTier({ collections: 7 }), siteName: "  Timber Hall  " };
    const res = await save(wanted);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...wanted, siteName: "Timber Hall" });
    expect(await site()).toEqual({ ...wanted, siteName: "Timber Hall" });
    const forAdmin = await app.server.inject({
      method: "GET",
      url: "/api/v1/admin/settings",
      headers: { cookie: admin.cookie },
    });
    expect(forAdmin.json()).toEqual(await site());
  });

  it("writes an audit entry with what changed, before and after, on every save", async () => {
    const before = await app.database.db
      .selectFrom("audit_log")
      .select("id")
      .orderBy("id", "desc")
      .executeTakeFirst();
    await save({ ...withFreeTier({ monthlyDownloads: 3 }), siteName: "Knot & Grain" });
    await save({ ...withFreeTier({ monthlyDownloads: 3 }), siteName: "Knot & Grain" });
    const entries = await app.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", ">", before?.id ?? 0)
      .orderBy("id")
      .execute();
    expect(entries.map((e) => [e.action, e.subject, e.actor_id])).toEqual([
      ["settings.updated", "settings:site", admin.userId],
      ["settings.updated", "settings:site", admin.userId],
    ]);
    expect(JSON.parse(entries[0]?.details ?? "")).toEqual({
      before: { siteName: "Sawdust", "freeTier.monthlyDownloads": 10 },
      after: { siteName: "Knot & Grain", "freeTier.monthlyDownloads": 3 },
    });
    // A save that changes nothing says so.
    expect(JSON.parse(entries[1]?.details ?? "")).toEqual({ before: {}, after: {} });
  });
});

describe(`a save made from an older version of the settings on ${TEST_DB}`, () => {
  const read = () =>
    app.server.inject({
      method: "GET",
      url: "/api/v1/admin/settings",
      headers: { cookie: admin.cookie },
    });
  const saveIfMatch = (settings: object, ifMatch: string) =>
    app.server.inject({
      method: "PUT",
      url: "/api/v1/admin/settings",
      headers: { cookie: admin.cookie, "if-match": ifMatch },
      payload: settings,
    });
  const auditCount = async () =>
    Number(
      (
        await app.database.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("subject", "=", "settings:site")
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("is refused with 412 and changes nothing when another save came in between", async () => {
    const opened = await read();
    const version = String(opened.headers.etag);
    expect(version).toMatch(/^"[\w-]{22}"$/);
    // Another admin closes registration after this form was opened.
    const other = await save({ ...(opened.json() as SiteSettings), registrationOpen: false });
    expect(other.headers.etag).not.toBe(version);
    const audited = await auditCount();

    const stale = await saveIfMatch(
      { ...(opened.json() as SiteSettings), siteName: "Stale Page" },
      version,
    );
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toEqual({
      message: MESSAGES.siteSettings.changedElsewhere,
      code: "changed_elsewhere",
    });
    expect(await site()).toMatchObject({
      registrationOpen: false,
      siteName: opened.json().siteName,
    });
    expect(await auditCount()).toBe(audited);
  });

  it("saves when its version is the stored one, and answers the new version as GET does", async () => {
    const opened = await read();
    const res = await saveIfMatch(
      { ...(opened.json() as SiteSettings), siteName: "Fresh Page" },
      String(opened.headers.etag),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe((await read()).headers.etag);
    // `*` and a list naming the stored version pass too; no If-Match replaces as before.
    expect((await saveIfMatch(res.json(), "*")).statusCode).toBe(200);
    expect((await saveIfMatch(res.json(), `"other", ${res.headers.etag}`)).statusCode).toBe(200);
    expect((await save({ ...res.json(), siteName: "Sawdust" })).statusCode).toBe(200);
  });

  it("lets exactly one of 20 parallel saves from one version through", async () => {
    const opened = await read();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        saveIfMatch(
          { ...(opened.json() as SiteSettings), siteName: `Racer ${i}` },
          String(opened.headers.etag),
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)?.json().siteName;
    expect((await site()).siteName).toBe(winner);
    await save({ ...(opened.json() as SiteSettings) });
  });
});

describe(`settings apply at once on ${TEST_DB}`, () => {
  it("free downloads lowered to 2: the third download is refused with the new figure", async () => {
    const reader = await signIn(app, "settings_reader");
    expect((await save(withFreeTier({ monthlyDownloads: 2 }))).statusCode).toBe(200);
    expect((await download(reader.cookie)).statusCode).toBe(200);
    expect((await download(reader.cookie)).statusCode).toBe(200);
    const third = await download(reader.cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toContain("free limit: 2 downloads or");
    // Raised again: the same member may go on at once.
    expect((await save(withFreeTier({ monthlyDownloads: 3 }))).statusCode).toBe(200);
    expect((await download(reader.cookie)).statusCode).toBe(200);

    const usage = ZUsage.parse(
      (
        await app.server.inject({
          method: "GET",
          url: "/api/v1/usage",
          headers: { cookie: reader.cookie },
        })
      ).json(),
    );
    expect(usage.downloads).toEqual({ used: 3, limit: 3 });
  });

  it("bandwidth lowered below one file: the download is refused; the usage shows the limit", async () => {
    const reader = await signIn(app, "settings_bytes");
    await save(withFreeTier({ monthlyBandwidthBytes: 1024 }));
    const res = await download(reader.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain("downloads or 1 KB, whichever comes first");
    const usage = await app.server.inject({
      method: "GET",
      url: "/api/v1/usage",
      headers: { cookie: reader.cookie },
    });
    expect(usage.json().bandwidthBytes).toEqual({ used: 0, limit: 1024 });
  });

  it("registration closed: sign-up answers 403 with the message; sign-in still works", async () => {
    await save({ ...defaults(), registrationOpen: false });
    const refused = await register();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: MESSAGES.siteSettings.registrationClosed,
      code: "registration_closed",
    });
    expect((await site()).registrationOpen).toBe(false);
    const login = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { username: "settings_member", password: "correct horse battery" },
    });
    expect(login.statusCode).toBe(200);
    await save(defaults());
    expect((await register()).statusCode).toBe(201);
  });

  it("a renamed site's name is kept from new members, as Sawdust's own is", async () => {
    const as = (username: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: newAccount({ username }),
      });
    expect((await save({ ...defaults(), siteName: "Pixel Forge" })).statusCode).toBe(200);
    for (const username of ["pixelforge", "Pixel_Forge", "p1xelforge_team"]) {
      const refused = await as(username);
      expect(refused.statusCode, username).toBe(400);
      expect(refused.json()).toEqual({
        message: MESSAGES.validation.usernameReserved,
        code: "validation_failed",
      });
    }
    expect((await as("pixel_lover")).statusCode).toBe(201);
    // Back to the default name: the old one is a member's to take again.
    await save(defaults());
    expect((await as("pixelforge")).statusCode).toBe(201);
  });

  it("collections limit lowered to 1: the second collection is refused with the new figure", async () => {
    const keeper = await signIn(app, "settings_keeper");
    await save(withFreeTier({ collections: 1 }));
    const create = (name: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/v1/collections",
        headers: { cookie: keeper.cookie },
        payload: { name, isPublic: true },
      });
    expect((await create("First")).statusCode).toBe(201);
    const second = await create("Second");
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe(MESSAGES.collections.limitReached(1));
    await save(withFreeTier({ collections: 2 }));
    expect((await create("Second")).statusCode).toBe(201);
  });

  it("the default edition type is what an upload without one gets", async () => {
    await save({ ...defaults(), defaultEditionType: "sawdust_gallery" });
    const res = await upload(app, admin.cookie, {
      name: "plain.png",
      data: await makePng(800, 800),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().uploaded[0].editionType).toBe("sawdust_gallery");
    // One that names its type keeps it.
    const named = await upload(
      app,
      admin.cookie,
      { name: "named.png", data: await makePng(800, 800) },
      { editionType: "one_of_one" },
    );
    expect(named.json().uploaded[0].editionType).toBe("one_of_one");
  }, 60_000);
});

describe(`settings saved in one process apply in another on ${TEST_DB}`, () => {
  it(TEST_DB === "postgres"
    ? "B drops its copy at once when A saves (LISTEN/NOTIFY)"
    : `B applies A's save within ${SITE_SETTINGS_CACHE_MS} ms (SQLite has no channel)`, async () => {
    const b = await buildApp(loadConfig(app.env), { webDist: app.webDist, clock });
    try {
      // B keeps a copy with registration open.
      expect((await site(b)).registrationOpen).toBe(true);
      expect((await save({ ...defaults(), registrationOpen: false })).statusCode).toBe(200);

      const registerOnB = () =>
        b.server.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: newAccount(),
        });
      if (TEST_DB === "postgres") {
        const deadline = Date.now() + 1000;
        while ((await site(b)).registrationOpen && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } else {
        clock.advance(SITE_SETTINGS_CACHE_MS + 1);
      }
      expect((await site(b)).registrationOpen).toBe(false);
      expect((await registerOnB()).statusCode).toBe(403);
    } finally {
      await b.server.close();
    }
  }, 30_000);
});
