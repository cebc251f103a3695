import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { startJanitor } from "../../background.js";
import { VISITOR_VIEWS } from "./views.service.js";

const DAY = 24 * 60 * 60 * 1000;
const quietLog = { warn() {}, error() {}, debug() {}, info() {} } as never;

let app: TestApp;
let clock: TestClock;
let admin: { cookie: string; userId: number };
let ann: { cookie: string; userId: number };
let bob: { cookie: string; userId: number };

beforeAll(async () => {
  clock = new TestClock();
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "view_admin", "admin");
  ann = await signIn(app, "view_ann");
  bob = await signIn(app, "view_bob");
});
afterAll(() => app.close());

const visitor = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };

/** One view, as the detail dialog sends it: a member by cookie, else a visitor by address. */
const view = (
  id: number | string,
  who: { cookie?: string; ip?: string; userAgent?: string } = visitor,
) =>
  app.server.inject({
    method: "POST",
    url: `/api/v1/images/${id}/views`,
    remoteAddress: who.ip ?? "198.51.100.1",
    headers: {
      "user-agent": who.userAgent ?? "test-agent",
      ...(who.cookie ? { cookie: who.cookie } : {}),
    },
  });
const viewsOf = async (id: number, who?: Parameters<typeof view>[1]) => {
  const res = await view(id, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().views as number;
};

describe(`views on ${TEST_DB}`, () => {
  it("counts a viewer once a day: visitors by address and browser, members by account", async () => {
    const id = await seedImage(app);
    expect(await viewsOf(id, visitor)).toBe(1);
    expect(await viewsOf(id, visitor)).toBe(1);
    // Another browser at the same address is another visitor.
    expect(await viewsOf(id, { ...visitor, userAgent: "curl/8.0" })).toBe(2);
    expect(await viewsOf(id, { cookie: ann.cookie })).toBe(3);
    expect(await viewsOf(id, { cookie: ann.cookie })).toBe(3);
    // Signed in from the visitor's own address and browser: the member is someone else.
    expect(await viewsOf(id, { ...visitor, cookie: bob.cookie })).toBe(4);
    // The same member from elsewhere is still the same member.
    expect(await viewsOf(id, { cookie: bob.cookie, ip: "192.0.2.99" })).toBe(4);

    const detail = await app.server.inject({ method: "GET", url: `/api/v1/images/${id}` });
    expect(detail.json().views).toBe(4);
  });

  it("counts a visitor once whatever port a proxy wrote with the address (round 26)", async () => {
    const id = await seedImage(app);
    const agent = "Mozilla/5.0 (Macintosh) Safari/19.0";
    expect(await viewsOf(id, { ip: "203.0.113.70:1111", userAgent: agent })).toBe(1);
    expect(await viewsOf(id, { ip: "203.0.113.70:2222", userAgent: agent })).toBe(1);
    expect(await viewsOf(id, { ip: "203.0.113.70", userAgent: agent })).toBe(1);
    expect(await viewsOf(id, { ip: "[2001:db8:5::9]:1", userAgent: agent })).toBe(2);
    expect(await viewsOf(id, { ip: "[2001:db8:5::9]:2", userAgent: agent })).toBe(2);
  });

  it("counts the same viewers again on the next UTC day", async () => {
    const id = await seedImage(app);
    expect(await viewsOf(id, visitor)).toBe(1);
    expect(await viewsOf(id, { cookie: ann.cookie })).toBe(2);
    clock.advance(DAY);
    expect(await viewsOf(id, visitor)).toBe(3);
    expect(await viewsOf(id, { cookie: ann.cookie })).toBe(4);
    expect(await viewsOf(id, visitor)).toBe(4);
  });

  it("counts twenty simultaneous requests of one viewer once", async () => {
    const id = await seedImage(app);
    const member = await Promise.all(
      Array.from({ length: 20 }, () => view(id, { cookie: ann.cookie })),
    );
    expect(member.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const guest = await Promise.all(Array.from({ length: 20 }, () => view(id, visitor)));
    expect(guest.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const detail = await app.server.inject({ method: "GET", url: `/api/v1/images/${id}` });
    expect(detail.json().views).toBe(2);
    expect(Math.max(...guest.map((r) => r.json().views))).toBe(2);
  });

  it("counts at most 1,000 visitors' views an hour from one address, however many browsers it claims", async () => {
    const id = await seedImage(app);
    const flood = (from: number, count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          view(id, { ip: "2001:db8:77::1", userAgent: `Browser/${from + i}` }),
        ),
      );
    for (let sent = 0; sent < VISITOR_VIEWS.perAddress + 50; sent += 50) {
      const answers = await flood(sent, 50);
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    }
    // Other addresses of the same /64 are the same client: not counted either.
    expect(await viewsOf(id, { ip: "2001:db8:77::2", userAgent: "Another/1" })).toBe(
      VISITOR_VIEWS.perAddress,
    );
    // Another address still counts, and the next hour counts again.
    expect(await viewsOf(id, { ip: "198.51.100.77", userAgent: "Firefox" })).toBe(
      VISITOR_VIEWS.perAddress + 1,
    );
    clock.advance(VISITOR_VIEWS.windowMs);
    expect(await viewsOf(id, { ip: "2001:db8:77::3", userAgent: "Later/1" })).toBe(
      VISITOR_VIEWS.perAddress + 2,
    );
  });

  it("keeps no IP address: a visitor is a hash", async () => {
    const id = await seedImage(app);
    await view(id, visitor);
    const rows = await app.database.db
      .selectFrom("image_views")
      .select("viewer_key")
      .where("image_id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.viewer_key).toMatch(/^v:[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain("203.0.113");
  });

  it("answers 404 for a missing or private image (admins may view a private one), 400 for a bad id", async () => {
    const hidden = await seedImage(app, { isPublic: false });
    expect((await view(hidden, visitor)).statusCode).toBe(404);
    expect((await view(hidden, { cookie: ann.cookie })).statusCode).toBe(404);
    expect((await view(999_999, visitor)).statusCode).toBe(404);
    expect(await viewsOf(hidden, { cookie: admin.cookie })).toBe(1);
    expect((await view("abc", visitor)).statusCode).toBe(400);
    expect((await view(0, visitor)).statusCode).toBe(400);
  });

  it("accepts the call with an empty JSON body too", async () => {
    const id = await seedImage(app);
    const res = await app.server.inject({
      method: "POST",
      url: `/api/v1/images/${id}/views`,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ views: 1 });
  });

  it("lets the janitor forget past days' records and salts, keeping today's and yesterday's", async () => {
    const id = await seedImage(app);
    await view(id, visitor); // day 0
    clock.advance(DAY);
    await view(id, visitor); // day 1
    clock.advance(DAY);
    await view(id, visitor); // day 2
    const db = app.database.db;
    const days = async () =>
      (await db.selectFrom("image_views").select("day").where("image_id", "=", id).execute())
        .map((r) => r.day)
        .sort();
    const salts = async () =>
      (await db.selectFrom("settings").select("key").where("key", "like", "view-salt:%").execute())
        .length;
    expect(await days()).toHaveLength(3);
    const saltsBefore = await salts();

    const janitor = startJanitor(app.services, app.dataDir, 60_000, quietLog);
    await janitor.firstSweep;
    janitor.stop();

    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const yesterday = new Date(clock.now() - DAY).toISOString().slice(0, 10);
    expect(await days()).toEqual([yesterday, today]);
    expect(await salts()).toBeLessThan(saltsBefore);
    expect(await salts()).toBeGreaterThanOrEqual(1);
    // The count itself stays.
    const detail = await app.server.inject({ method: "GET", url: `/api/v1/images/${id}` });
    expect(detail.json().views).toBe(3);
    // And today's viewer is still counted once.
    expect(await viewsOf(id, visitor)).toBe(3);
  });

  it("removes an image's view records with the image", async () => {
    const id = await seedImage(app);
    await view(id, visitor);
    await app.database.db.deleteFrom("images").where("id", "=", id).execute();
    const left = await app.database.db
      .selectFrom("image_views")
      .select("day")
      .where("image_id", "=", id)
      .execute();
    expect(left).toEqual([]);
  });

  it("keeps view_days what image_view_days add up to, through parallel views and any write", async () => {
    const kept = async () =>
      (
        await app.database.db
          .selectFrom("view_days")
          .select(["day", "views"])
          .orderBy("day")
          .execute()
      ).map((r) => ({ day: r.day, views: Number(r.views) }));
    const counted = async () =>
      (
        await app.database.db
          .selectFrom("image_view_days")
          .select((eb) => ["day", eb.fn.sum("views").as("views")])
          .groupBy("day")
          .orderBy("day")
          .execute()
      ).map((r) => ({ day: r.day, views: Number(r.views) }));
    // A new day: 40 viewers at once over two images, each image's first view of the day among them.
    clock.advance(3 * DAY);
    const [one, two] = [await seedImage(app), await seedImage(app)];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        view(i % 2 === 0 ? one : two, { ip: `198.51.100.${i + 1}`, userAgent: "parallel" }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    expect((await kept()).find((r) => r.day === today)?.views).toBe(40);
    expect(await kept()).toEqual(await counted());
    // Writes the app never makes (a row moved to another day, another removed) keep them too,
    // and a day that comes to nothing has no row.
    await app.database.db
      .updateTable("image_view_days")
      .set({ day: "2026-01-02", views: 5 })
      .where("day", "=", today)
      .where("image_id", "=", one)
      .execute();
    expect((await kept()).find((r) => r.day === today)?.views).toBe(20);
    await app.database.db.deleteFrom("image_view_days").where("day", "=", today).execute();
    expect((await kept()).some((r) => r.day === today)).toBe(false);
    expect(await kept()).toEqual(await counted());
  });
});
