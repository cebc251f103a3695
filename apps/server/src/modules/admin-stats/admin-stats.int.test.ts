import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AdminDashboard,
  type Analytics,
  type AnalyticsRange,
  type BillingCycle,
  DOWNLOAD_SIZE_NAMES,
  type DownloadSize,
  EDITION_SALES,
  MESSAGES,
  PRO_PRICES_CENTS,
  SANDBOX_CARDS,
  type SystemCheck,
  ZAdminDashboard,
  ZAnalytics,
} from "@sawdust/shared";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeVisionServer } from "../../../test/fake-vision-server.js";
import { calmRater, makePng, payForPro, signIn, uploadPublished } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { postWebhook, sandboxWebhookSecret } from "../../../test/webhooks.js";
import { createWorker } from "../../background.js";
import { PAYMENT_SESSION_GRACE_MS } from "../billing/payment-provider.js";

/**
 * Acceptance 3 of issue 15: after a scripted mix of registrations, uploads, views, downloads of
 * every quality, subscriptions and edition sales with refunds (issue 19) (through the sandbox
 * provider, over about six weeks of a test
 * clock), every figure of the admin dashboard and of the analytics, in every range, equals what
 * this test works out from its own script — never from the database. And the system status list
 * tells the truth: the database, the media storage (a local folder and an S3 bucket, working and
 * not), the job queue, the workers' heartbeats, the content rater and the vision model.
 */

const DAY = 24 * 60 * 60 * 1000;
const quiet = { warn() {}, error() {}, info() {}, debug() {} } as never;
const clock = new TestClock(); // 2026-11-21 12:00 UTC
let app: TestApp;

type Who = { username: string; cookie: string; userId: number };

// ——— The script's own record of what it did ———

const signups: number[] = [];
/** Counted views: one per viewer, image and UTC day (the rule the site promises). */
const views = new Map<string, { at: number; imageId: number }>();
const downloads: Array<{ at: number; size: DownloadSize; bytes: number; imageId: number }> = [];
const newSubscriptions: number[] = [];
const cancellations: number[] = [];
const payments: Array<{ at: number; cents: number }> = [];
/** The tags this test gave each image. */
const tagsOf = new Map<number, string[]>();
type SoldType = "one_of_one" | "limited_edition" | "open_edition";
/** Edition money: + a sale's price on the day it sold, − its price on the day it was refunded. */
const editionMoney: Array<{ at: number; type: SoldType; cents: number }> = [];
/** The pieces for sale this test uploaded (beside `images`, the gallery's three). */
const forSale: number[] = [];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function register(username: string, role: "user" | "admin" = "user"): Promise<Who> {
  const who = await signIn(app, username, role);
  signups.push(clock.now());
  return { username, ...who };
}

/** Signs in again (sessions end after 30 days, or 14 idle). */
async function login(who: Who): Promise<Who> {
  const res = await app.server.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { username: who.username, password: "correct horse battery" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === "sawdust_session");
  return { ...who, cookie: `sawdust_session=${cookie?.value}` };
}

/** A view as the image detail sends it: a member by cookie, a visitor by address and browser. */
async function view(imageId: number, viewer: Who | { visitor: string }) {
  const headers =
    "cookie" in viewer ? { cookie: viewer.cookie } : { "user-agent": `browser ${viewer.visitor}` };
  const res = await app.server.inject({
    method: "POST",
    url: `/api/v1/images/${imageId}/views`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const viewerKey = "cookie" in viewer ? `u:${viewer.userId}` : `v:${viewer.visitor}`;
  const key = `${viewerKey}|${imageId}|${isoDay(clock.now())}`;
  if (!views.has(key)) views.set(key, { at: clock.now(), imageId });
}

async function download(imageId: number, size: DownloadSize, who?: Who) {
  const res = await app.server.inject({
    url: `/api/v1/images/${imageId}/download?size=${size}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  expect(res.statusCode, `${size}: ${res.body.slice(0, 200)}`).toBe(200);
  downloads.push({ at: clock.now(), size, bytes: res.rawPayload.length, imageId });
}

async function subscribe(who: Who, cycle: BillingCycle) {
  await payForPro(app, who.cookie, cycle);
  newSubscriptions.push(clock.now());
  // The provider stamps events in whole seconds; the clock here stays on whole seconds.
  payments.push({ at: clock.now(), cents: PRO_PRICES_CENTS[cycle] });
}

/** The member's subscription id at the provider (the sandbox's own record). */
async function providerSubscriptionOf(who: Who): Promise<string> {
  const row = await app.database.db
    .selectFrom("sandbox_subscriptions")
    .select("provider_id")
    .where("user_id", "=", who.userId)
    .executeTakeFirstOrThrow();
  return row.provider_id;
}

/** Delivers a copy of a sandbox event already delivered, as a new event of `type` (signed). */
async function redeliver(eventType: string, asType: string, objectId: string) {
  const rows = await app.database.db
    .selectFrom("sandbox_events")
    .select("payload")
    .where("type", "=", eventType)
    .execute();
  const original = rows
    .map((row) => JSON.parse(row.payload))
    .find((event) => event.data.object.id === objectId);
  expect(original).toBeDefined();
  const payload = JSON.stringify({
    ...original,
    id: `evt_again_${Math.random().toString(36).slice(2)}`,
    type: asType,
  });
  const res = await postWebhook(app, payload, await sandboxWebhookSecret(app), clock.now());
  expect(res.statusCode, res.body).toBe(200);
}

/** A published piece for sale, as the admin sets it on the edit page. */
async function pieceForSale(edition: object): Promise<number> {
  const res = await uploadPublished(app, admin.cookie, {
    name: "piece.png",
    data: await makePng(800, 1000, { seed: 10 + forSale.length }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().uploaded[0].id as number;
  const patched = await app.server.inject({
    method: "PATCH",
    url: `/api/v1/images/${id}`,
    headers: { cookie: admin.cookie },
    payload: edition,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  forSale.push(id);
  return id;
}

/** A checkout for an edition: the sandbox session's id. */
async function editionCheckout(who: Who, imageId: number, licence = "standard") {
  const res = await app.server.inject({
    method: "POST",
    url: `/api/v1/images/${imageId}/purchase`,
    headers: { cookie: who.cookie },
    payload: { licence },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().url as string).split("/").at(-1) as string;
}

async function payEdition(who: Who, sessionId: string) {
  const paid = await app.server.inject({
    method: "POST",
    url: `/api/v1/billing/sandbox/checkout/${sessionId}/pay`,
    headers: { cookie: who.cookie },
    payload: { cardNumber: SANDBOX_CARDS.pays.number, expiry: "12/34", cvc: "123" },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await app.services.billing.sandbox?.flush();
}

/** Buys an edition at the price this script expects the site to charge. */
async function buyEdition(
  who: Who,
  imageId: number,
  type: SoldType,
  cents: number,
  licence = "standard",
) {
  await payEdition(who, await editionCheckout(who, imageId, licence));
  editionMoney.push({ at: clock.now(), type, cents });
}

/** The admin refunds the member's sale of the piece. */
async function refundEdition(who: Who, imageId: number, type: SoldType, cents: number) {
  const list = await app.server.inject({
    url: "/api/v1/admin/sales?status=sold",
    headers: { cookie: admin.cookie },
  });
  const sale = (list.json().sales as Array<{ id: number; imageId: number; buyer: string }>).find(
    (s) => s.imageId === imageId && s.buyer === `@${who.username}`,
  );
  expect(sale).toBeDefined();
  const res = await app.server.inject({
    method: "POST",
    url: `/api/v1/admin/sales/${sale?.id}/refund`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  await app.services.billing.sandbox?.flush();
  editionMoney.push({ at: clock.now(), type, cents: -cents });
}

async function dashboardOf(target: TestApp, admin: Who): Promise<AdminDashboard> {
  const res = await target.server.inject({
    url: "/api/v1/admin/dashboard",
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return ZAdminDashboard.parse(res.json());
}

async function analyticsOf(admin: Who, range: AnalyticsRange): Promise<Analytics> {
  const res = await app.server.inject({
    url: `/api/v1/admin/analytics?range=${range}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZAnalytics.parse(res.json());
}

const statusOf = (dashboard: AdminDashboard, id: SystemCheck["id"]) =>
  dashboard.status.find((check) => check.id === id) as SystemCheck;

/** Polls until `check` holds (a worker runs on real timers): at most 20 s. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ——— What the analytics should say, worked out from the record ———

/** The bucket keys of a range, oldest first, counted back from today (UTC). */
function keysOf(range: AnalyticsRange, now: number): string[] {
  if (range === "12m") {
    const d = new Date(now);
    return Array.from({ length: 12 }, (_, i) =>
      new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
    );
  }
  const days = range === "7d" ? 7 : 30;
  return Array.from({ length: days }, (_, i) => isoDay(now - (days - 1 - i) * DAY));
}

function editionRevenueOf(money: typeof editionMoney) {
  const of = (type: SoldType) =>
    money.filter((e) => e.type === type).reduce((sum, e) => sum + e.cents, 0);
  return {
    one_of_one: of("one_of_one"),
    limited_edition: of("limited_edition"),
    open_edition: of("open_edition"),
    total: money.reduce((sum, e) => sum + e.cents, 0),
  };
}

function expectedAnalytics(range: AnalyticsRange, now: number) {
  const keys = keysOf(range, now);
  const keyOf = (at: number) => (range === "12m" ? isoDay(at).slice(0, 7) : isoDay(at));
  const inRange = (at: number) => keys.includes(keyOf(at));
  const count = (times: number[], key: string) => times.filter((t) => keyOf(t) === key).length;
  const buckets = keys.map((key) => {
    const here = downloads.filter((d) => keyOf(d.at) === key);
    return {
      key,
      views: [...views.values()].filter((v) => keyOf(v.at) === key).length,
      downloads: {
        ...Object.fromEntries(
          DOWNLOAD_SIZE_NAMES.map((size) => [size, here.filter((d) => d.size === size).length]),
        ),
        total: here.length,
      },
      bandwidthBytes: here.reduce((sum, d) => sum + d.bytes, 0),
      signups: count(signups, key),
      newSubscriptions: count(newSubscriptions, key),
      cancelledSubscriptions: count(cancellations, key),
      revenueCents: payments
        .filter((p) => keyOf(p.at) === key)
        .reduce((sum, p) => sum + p.cents, 0),
      editionRevenueCents: editionRevenueOf(editionMoney.filter((e) => keyOf(e.at) === key)),
    };
  });

  const viewsOf = new Map<number, number>();
  for (const v of views.values()) {
    if (inRange(v.at)) viewsOf.set(v.imageId, (viewsOf.get(v.imageId) ?? 0) + 1);
  }
  const downloadsOf = new Map<number, number>();
  for (const d of downloads) {
    if (inRange(d.at)) downloadsOf.set(d.imageId, (downloadsOf.get(d.imageId) ?? 0) + 1);
  }
  const top = (by: Map<number, number>) =>
    [...by.entries()]
      .sort(([a, x], [b, y]) => y - x || a - b)
      .map(([id]) => ({ id, views: viewsOf.get(id) ?? 0, downloads: downloadsOf.get(id) ?? 0 }));
  const active = new Set([...viewsOf.keys(), ...downloadsOf.keys()]);
  const tags = new Map<string, { views: number; downloads: number; images: number }>();
  for (const id of active) {
    for (const tag of tagsOf.get(id) ?? []) {
      const t = tags.get(tag) ?? { views: 0, downloads: 0, images: 0 };
      t.views += viewsOf.get(id) ?? 0;
      t.downloads += downloadsOf.get(id) ?? 0;
      t.images += 1;
      tags.set(tag, t);
    }
  }
  const topTags = [...tags.entries()]
    .map(([tag, t]) => ({ tag, ...t }))
    .sort((a, b) => b.views - a.views || b.downloads - a.downloads || (a.tag < b.tag ? -1 : 1));
  return { buckets, topByViews: top(viewsOf), topByDownloads: top(downloadsOf), topTags };
}

// ——— The script ———

let admin: Who;
let freeMember: Who;
const images: number[] = [];
let statusEarly: AdminDashboard;
let statusWithWorker: AdminDashboard;
let statusAfterStop: AdminDashboard;
let statusSilentWorker: AdminDashboard;

beforeAll(async () => {
  app = await createTestApp({ REGISTRATIONS_PER_IP_HOUR: "1000" }, { clock, rater: calmRater });

  // Day 0, 21 November: the admin uploads three images; members arrive, look and download.
  admin = await register("fig_admin", "admin");
  const files = [
    { name: "harbour.png", data: await makePng(800, 1000, { seed: 1 }), tags: ["ocean", "blue"] },
    // Tall, so its pro sizes stay small to make (ultra fits 9000 px high).
    { name: "spire.png", data: await makePng(800, 6000, { seed: 2 }), tags: ["forest", "blue"] },
    { name: "market.png", data: await makePng(900, 900, { seed: 3 }), tags: ["city"] },
  ];
  for (const file of files) {
    const res = await uploadPublished(app, admin.cookie, file);
    expect(res.statusCode).toBe(201);
    const id = res.json().uploaded[0].id as number;
    const tagged = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload: { tags: file.tags },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    images.push(id);
    tagsOf.set(id, file.tags);
  }
  const [harbour, spire, market] = images as [number, number, number];

  // The status before any worker ran: three analyses and the admin's confirmation mail wait,
  // nobody takes them.
  statusEarly = await dashboardOf(app, admin);

  // A worker starts, analyses the three (loading the content rater), and stops cleanly.
  const worker = createWorker(app.services, quiet, { heartbeatMs: 50 });
  worker.start(1);
  statusWithWorker = await until(
    () => dashboardOf(app, admin),
    (d) =>
      d.workers.some((w) => w.alive) &&
      d.queue.waiting === 0 &&
      d.queue.running === 0 &&
      statusOf(d, "rater").level === "ok",
  );
  await worker.stop();
  statusAfterStop = await dashboardOf(app, admin);

  // A worker that stops beating without a clean stop (killed): dead once 30 s pass.
  const silent = createWorker(app.services, quiet, { heartbeatMs: 60 * 60 * 1000 });
  silent.start(1);
  await until(
    () => dashboardOf(app, admin),
    (d) => d.workers.some((w) => w.alive),
  );
  clock.advance(31_000);
  statusSilentWorker = await dashboardOf(app, admin);
  await silent.stop();
  clock.advance(29_000); // back on a whole minute

  // Edition sales (issue 19): a 1/1, a limited edition of 3 and an open edition; two collectors.
  const oneOfOne = await pieceForSale({ editionType: "one_of_one", price: 12_000 });
  const lateOneOfOne = await pieceForSale({ editionType: "one_of_one", price: 5_000 });
  // A limited edition has no price of its own: it sells at the site's default licence prices.
  const limited = await pieceForSale({ editionType: "limited_edition", maxEditions: 3 });
  const standard = EDITION_SALES.defaultPricesCents.standard;
  const open = await pieceForSale({ editionType: "open_edition", price: 900 });
  let collector = await register("fig_collector");
  let collector2 = await register("fig_collector2");
  await buyEdition(collector, oneOfOne, "one_of_one", 12_000);

  freeMember = await register("fig_free");
  await view(harbour, freeMember);
  await view(spire, freeMember);
  await view(harbour, freeMember); // the same viewer, image and day: not counted again
  await view(harbour, { visitor: "v1" });
  await view(harbour, { visitor: "v1" });
  await view(market, { visitor: "v2" });
  await download(harbour, "preview"); // a visitor
  await download(harbour, "basic", freeMember);
  await download(spire, "preview", freeMember);
  // A free member may not download HD: refused, not counted.
  const refused = await app.server.inject({
    url: `/api/v1/images/${spire}/download?size=hd`,
    headers: { cookie: freeMember.cookie },
  });
  expect(refused.statusCode).toBe(403);

  let pro = await register("fig_pro");
  await subscribe(pro, "monthly");

  // Day 10, 1 December: the Pro member downloads every size; another member subscribes yearly.
  clock.advance(10 * DAY);
  for (const size of DOWNLOAD_SIZE_NAMES) await download(spire, size, pro);
  await view(spire, pro);
  await view(market, pro);
  const yearly = await register("fig_yearly");
  await subscribe(yearly, "yearly");
  const member2 = await register("fig_member2");
  await view(market, member2);
  collector = await login(collector);
  collector2 = await login(collector2);
  await buyEdition(collector, limited, "limited_edition", standard);
  await buyEdition(collector2, limited, "limited_edition", standard);
  // Commercial: the site's default, never under twice the Standard price.
  await buyEdition(
    collector2,
    open,
    "open_edition",
    EDITION_SALES.defaultPricesCents.commercial,
    "commercial",
  );
  // A payment that arrives after its hold lapsed and the 1/1 sold: declined, refunded, never
  // counted. The sale that won counts.
  const lapsed = await editionCheckout(collector2, lateOneOfOne);
  clock.advance(EDITION_SALES.reservationMs + PAYMENT_SESSION_GRACE_MS / 2);
  await buyEdition(collector, lateOneOfOne, "one_of_one", 5_000);
  await payEdition(collector2, lapsed);
  clock.advance(PAYMENT_SESSION_GRACE_MS / 2); // back on a whole minute

  // Day 30, 21 December: the admin downloads every size; the monthly Pro subscription ends.
  clock.advance(20 * DAY);
  admin = await login(admin);
  for (const size of DOWNLOAD_SIZE_NAMES) await download(spire, size, admin);
  await download(market, "hd", admin);
  await download(harbour, "hd", await login(yearly));
  await view(market, await login(member2));
  await view(market, { visitor: "v2" });
  await app.services.billing.provider.cancelNow(await providerSubscriptionOf(pro));
  cancellations.push(clock.now());
  pro = await login(pro);
  const third = await register("fig_third");
  await subscribe(third, "monthly");
  // Stripe sends invoice.payment_succeeded beside invoice.paid: one payment, not two.
  const thirdSubscription = await providerSubscriptionOf(third);
  const invoice = await app.database.db
    .selectFrom("sandbox_invoices")
    .select("id")
    .where("subscription_id", "=", thirdSubscription)
    .executeTakeFirstOrThrow();
  await redeliver("invoice.paid", "invoice.payment_succeeded", invoice.id);
  // A refund 20 days after the sale: taken away on the day of the refund.
  await refundEdition(collector2, limited, "limited_edition", standard);

  // Day 45, 5 January 2027: more views and downloads; a late copy of the cancellation arrives.
  clock.advance(15 * DAY);
  const late = await register("fig_late");
  await view(harbour, late);
  await view(harbour, late);
  await view(harbour, { visitor: "v1" }); // another day: counted again
  await view(spire, { visitor: "v3" });
  await download(market, "basic", late);
  await download(market, "preview");
  freeMember = await login(freeMember);
  await download(spire, "basic", freeMember);
  await redeliver(
    "customer.subscription.deleted",
    "customer.subscription.deleted",
    await providerSubscriptionOf(pro),
  );
  admin = await login(admin);
  collector = await login(collector);
  await buyEdition(collector, open, "open_edition", 900);
  // The first 1/1, sold 45 days ago, refunded today: the week's one-of-one figure is negative.
  await refundEdition(collector, oneOfOne, "one_of_one", 12_000);
  clock.advance(3 * 60 * 60 * 1000); // 15:00, the same day
}, 180_000);
afterAll(() => app?.close());

describe(`the admin dashboard's figures on ${TEST_DB}`, () => {
  it("counts users, images, downloads by quality and the bytes the media storage holds", async () => {
    const dashboard = await dashboardOf(app, admin);
    // The media storage's own files, as the storage lists and sizes them.
    const files = await app.services.storage.list("");
    let stored = 0;
    for (const key of files) stored += (await app.services.storage.size(key)) ?? 0;

    expect(dashboard.totals.users).toBe(signups.length);
    expect(dashboard.totals.images).toBe(images.length + forSale.length);
    expect(dashboard.totals.downloads).toBe(downloads.length);
    expect(dashboard.totals.storageBytes).toBe(stored);
    expect(dashboard.totals.originalsBytes + dashboard.totals.renditionsBytes).toBe(stored);
    expect(dashboard.downloadsByQuality).toEqual(
      Object.fromEntries(
        DOWNLOAD_SIZE_NAMES.map((size) => [size, downloads.filter((d) => d.size === size).length]),
      ),
    );
    // Each quality was downloaded, by the free member, the Pro member and the admin.
    for (const size of DOWNLOAD_SIZE_NAMES)
      expect(dashboard.downloadsByQuality[size]).toBeGreaterThan(0);
  });

  it("is for admins only", async () => {
    expect((await app.server.inject({ url: "/api/v1/admin/dashboard" })).statusCode).toBe(401);
    const member = await app.server.inject({
      url: "/api/v1/admin/dashboard",
      headers: { cookie: freeMember.cookie },
    });
    expect(member.statusCode).toBe(403);
    for (const url of ["/api/v1/admin/analytics?range=nonsense", "/api/v1/admin/analytics.csv"]) {
      expect((await app.server.inject({ url })).statusCode).toBe(401);
      const res = await app.server.inject({ url, headers: { cookie: freeMember.cookie } });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe(`the analytics on ${TEST_DB}`, () => {
  for (const range of ["7d", "30d", "12m"] as const) {
    it(`gives every series of ${range} as the script made it`, async () => {
      const analytics = await analyticsOf(admin, range);
      const expected = expectedAnalytics(range, clock.now());
      expect(analytics.unit).toBe(range === "12m" ? "month" : "day");
      expect(analytics.buckets.map(({ start: _start, ...bucket }) => bucket)).toEqual(
        expected.buckets,
      );
      const sum = (field: "views" | "signups" | "revenueCents") =>
        expected.buckets.reduce((total, b) => total + b[field], 0);
      expect(analytics.totals.views).toBe(sum("views"));
      expect(analytics.totals.signups).toBe(sum("signups"));
      expect(analytics.totals.revenueCents).toBe(sum("revenueCents"));
      expect(analytics.totals.editionRevenueCents).toEqual(
        editionRevenueOf(
          editionMoney.filter((e) =>
            expected.buckets.some(
              (b) => b.key === (range === "12m" ? isoDay(e.at).slice(0, 7) : isoDay(e.at)),
            ),
          ),
        ),
      );

      const brief = (list: Analytics["topImages"]["byViews"]) =>
        list.map(({ id, views, downloads }) => ({ id, views, downloads }));
      expect(brief(analytics.topImages.byViews)).toEqual(expected.topByViews);
      expect(brief(analytics.topImages.byDownloads)).toEqual(expected.topByDownloads);
      for (const image of analytics.topImages.byViews) {
        expect(image.thumbnailUrl).toMatch(new RegExp(`^/media/images/${image.id}/small-`));
      }
      expect(analytics.topTags).toEqual(expected.topTags);
    });
  }

  it("covers each range in full: a week ends today, a year of months ends this month", async () => {
    const week = await analyticsOf(admin, "7d");
    expect(week.buckets.map((b) => b.key)).toEqual(keysOf("7d", clock.now()));
    expect(week.buckets.at(-1)?.key).toBe("2027-01-05");
    const year = await analyticsOf(admin, "12m");
    expect(year.buckets[0]?.key).toBe("2026-02");
    expect(year.buckets.at(-1)?.key).toBe("2027-01");
    // The script left something in each range to count.
    expect(week.totals).toMatchObject({ views: 3, signups: 1, newSubscriptions: 0 });
    expect(week.totals.downloads.total).toBe(3);
    const month = await analyticsOf(admin, "30d");
    expect(month.totals).toMatchObject({
      cancelledSubscriptions: 1,
      newSubscriptions: 1,
      revenueCents: PRO_PRICES_CENTS.monthly,
    });
    // Where the script put things: all three months of it, and nothing before.
    expect(year.buckets.filter((b) => b.signups > 0).map((b) => b.key)).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
    ]);
  });

  it("adds views up to what the images' view counters gained", async () => {
    const year = await analyticsOf(admin, "12m");
    let counters = 0;
    for (const id of images) {
      const res = await app.server.inject({
        url: `/api/v1/images/${id}`,
        headers: { cookie: admin.cookie },
      });
      counters += res.json().views as number;
    }
    expect(year.totals.views).toBe(counters);
    expect(counters).toBe(views.size);
  });

  it("records each paid invoice once and each cancellation on the day it happened", async () => {
    const year = await analyticsOf(admin, "12m");
    expect(year.totals.revenueCents).toBe(PRO_PRICES_CENTS.monthly * 2 + PRO_PRICES_CENTS.yearly);
    expect(year.totals.newSubscriptions).toBe(3);
    expect(year.totals.cancelledSubscriptions).toBe(1);
    expect(year.buckets.find((b) => b.key === "2026-12")?.cancelledSubscriptions).toBe(1);
  });

  it("splits edition revenue by type, net of refunds, and never counts a declined payment", async () => {
    const year = await analyticsOf(admin, "12m");
    // 1/1s: 12,000 + 5,000 sold, the 12,000 refunded; limited: two at the default Standard
    // price, one refunded; open: a Commercial edition (the default) and one at the piece's 900.
    const { standard, commercial } = EDITION_SALES.defaultPricesCents;
    expect(year.totals.editionRevenueCents).toEqual({
      one_of_one: 5_000,
      limited_edition: standard,
      open_edition: commercial + 900,
      total: 5_000 + standard + commercial + 900,
    });
    // The week holds today's sale and today's refund of a sale made 45 days ago.
    const week = await analyticsOf(admin, "7d");
    expect(week.totals.editionRevenueCents).toEqual({
      one_of_one: -12_000,
      limited_edition: 0,
      open_edition: 900,
      total: -11_100,
    });
    expect(week.buckets.at(-1)?.editionRevenueCents.total).toBe(-11_100);
    // The declined payment was made and refunded: in the sales table, not in the figures.
    const sales = await app.server.inject({
      url: "/api/v1/admin/sales?status=declined",
      headers: { cookie: admin.cookie },
    });
    expect(sales.json().sales).toHaveLength(1);
    expect(sales.json().sales[0]).toMatchObject({ buyer: "@fig_collector2", priceCents: 5_000 });
    // Subscriptions' revenue is its own series: edition sales are not in it.
    expect(year.totals.revenueCents).toBe(PRO_PRICES_CENTS.monthly * 2 + PRO_PRICES_CENTS.yearly);
  });

  it("exports each series as CSV with a header row and ISO dates", async () => {
    const expected = expectedAnalytics("30d", clock.now());
    const csv = async (series: string) => {
      const res = await app.server.inject({
        url: `/api/v1/admin/analytics.csv?range=30d&series=${series}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/csv/);
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="sawdust-${series}-30d-2027-01-05.csv"`,
      );
      return res.body.trimEnd().split("\r\n");
    };
    const viewsCsv = await csv("views");
    expect(viewsCsv[0]).toBe("date,views");
    expect(viewsCsv.slice(1)).toEqual(expected.buckets.map((b) => `${b.key},${b.views}`));
    const downloadsCsv = await csv("downloads");
    expect(downloadsCsv[0]).toBe("date,preview,basic,hd,xlarge,ultra,total");
    expect(downloadsCsv.slice(1)).toEqual(
      expected.buckets.map(
        (b) =>
          `${b.key},${DOWNLOAD_SIZE_NAMES.map((s) => (b.downloads as Record<string, number>)[s]).join(",")},${b.downloads.total}`,
      ),
    );
    expect((await csv("bandwidth")).slice(1)).toEqual(
      expected.buckets.map((b) => `${b.key},${b.bandwidthBytes}`),
    );
    expect((await csv("signups"))[0]).toBe("date,signups");
    expect((await csv("subscriptions")).slice(1)).toEqual(
      expected.buckets.map((b) => `${b.key},${b.newSubscriptions},${b.cancelledSubscriptions}`),
    );
    const revenue = await csv("revenue");
    expect(revenue[0]).toBe("date,revenue_cents,revenue_usd");
    expect(revenue.slice(1)).toEqual(
      expected.buckets.map(
        (b) => `${b.key},${b.revenueCents},${(b.revenueCents / 100).toFixed(2)}`,
      ),
    );
    const editionsCsv = await csv("editions");
    expect(editionsCsv[0]).toBe(
      "date,one_of_one_cents,limited_edition_cents,open_edition_cents,total_cents,total_usd",
    );
    expect(editionsCsv.slice(1)).toEqual(
      expected.buckets.map((b) => {
        const r = b.editionRevenueCents;
        return `${b.key},${r.one_of_one},${r.limited_edition},${r.open_edition},${r.total},${(r.total / 100).toFixed(2)}`;
      }),
    );
    expect(
      editionsCsv.some((line) => line.includes(`,-${EDITION_SALES.defaultPricesCents.standard},`)),
    ).toBe(true);
    // Months start on their first day.
    const months = await app.server.inject({
      url: "/api/v1/admin/analytics.csv?range=12m&series=views",
      headers: { cookie: admin.cookie },
    });
    expect(months.body.split("\r\n").at(-2)).toMatch(/^2027-01-01,\d+$/);
  });

  it("refuses an unknown range or series with 400", async () => {
    for (const url of [
      "/api/v1/admin/analytics?range=1y",
      "/api/v1/admin/analytics.csv?range=7d&series=everything",
      "/api/v1/admin/analytics.csv?range=7d",
    ]) {
      const res = await app.server.inject({ url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe(`the system status on ${TEST_DB}`, () => {
  it("says the database and the media folder answer", async () => {
    const dashboard = await dashboardOf(app, admin);
    expect(statusOf(dashboard, "database")).toMatchObject({ level: "ok", summary: "Reachable" });
    expect(statusOf(dashboard, "storage")).toMatchObject({ level: "ok", summary: "Reachable" });
    expect(statusOf(dashboard, "storage").detail).toContain(join(app.dataDir, "media"));
    expect(dashboard.status.map((check) => check.id)).toEqual([
      "database",
      "storage",
      "queue",
      "workers",
      "rater",
      "vision",
    ]);
  });

  it("says jobs wait with no worker to take them, and nobody reports the rater", () => {
    expect(statusEarly.queue).toMatchObject({ waiting: 4, running: 0, oldestWaitingSeconds: 0 });
    expect(statusOf(statusEarly, "queue")).toMatchObject({
      level: "down",
      summary: "4 jobs waiting, no worker",
      detail: expect.stringContaining("no worker is running to take them;"),
    });
    expect(MESSAGES.adminStats.status.queue.stalled(1, "0 seconds").detail).toContain(
      "1 job waiting and no worker is running to take it;",
    );
    expect(statusOf(statusEarly, "workers")).toMatchObject({
      level: "down",
      summary: "None running",
    });
    expect(statusOf(statusEarly, "rater")).toMatchObject({ level: "warning", summary: "Unknown" });
    expect(statusEarly.workers).toEqual([]);
  });

  it("sees a running worker, its rater loaded, the queue drained; and not once it stopped", () => {
    expect(statusWithWorker.workers).toHaveLength(1);
    expect(statusWithWorker.workers[0]).toMatchObject({
      alive: true,
      pid: process.pid,
      concurrency: 1,
      rater: "loaded",
      visionConfigured: false,
    });
    expect(statusOf(statusWithWorker, "workers")).toMatchObject({
      level: "ok",
      summary: "1 worker running",
    });
    expect(statusOf(statusWithWorker, "rater")).toMatchObject({ level: "ok", summary: "Loaded" });
    expect(statusOf(statusWithWorker, "queue")).toMatchObject({ level: "ok" });

    expect(statusAfterStop.workers).toEqual([]);
    expect(statusOf(statusAfterStop, "workers").level).toBe("down");
    expect(statusOf(statusAfterStop, "queue")).toMatchObject({
      level: "ok",
      summary: "Nothing waiting",
    });
  });

  it("takes a worker silent for 30 s for dead", () => {
    expect(statusSilentWorker.workers).toHaveLength(1);
    expect(statusSilentWorker.workers[0]?.alive).toBe(false);
    const workers = statusOf(statusSilentWorker, "workers");
    expect(workers.level).toBe("down");
    expect(workers.detail).toContain("Stopped reporting without a clean stop");
  });

  it("says no vision model is configured without AI_BASE_URL", async () => {
    const dashboard = await dashboardOf(app, admin);
    expect(statusOf(dashboard, "vision")).toMatchObject({
      level: "warning",
      summary: "Not configured",
    });
  });

  it("says the media folder is missing once it is removed", async () => {
    await rm(join(app.dataDir, "media"), { recursive: true, force: true });
    const dashboard = await dashboardOf(app, admin);
    expect(statusOf(dashboard, "storage")).toMatchObject({
      level: "down",
      summary: "Folder missing",
    });
  });
});

describe(`the system status with an S3 bucket and a vision model, on ${TEST_DB}`, () => {
  const clock2 = new TestClock();
  const vision = new FakeVisionServer();
  let s3: S3rver;
  let s3Running = false;
  let s3Dir: string;
  let other: TestApp;
  let otherAdmin: Who;

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), "sawdust-s3rver-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "figures", configs: [] }],
    });
    const { port } = await s3.run();
    s3Running = true;
    other = await createTestApp(
      {
        S3_BUCKET: "figures",
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        AI_BASE_URL: await vision.start(),
        AI_MODEL: "test-vision",
      },
      { clock: clock2 },
    );
    const who = await signIn(other, "fig_s3_admin", "admin");
    otherAdmin = { username: "fig_s3_admin", ...who };
  });
  afterAll(async () => {
    await other?.close();
    await vision.stop();
    if (s3Running) await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  it("writes, reads and removes a file in the bucket, then says it is down when it is", async () => {
    const up = statusOf(await dashboardOf(other, otherAdmin), "storage");
    expect(up).toMatchObject({ level: "ok", summary: "Reachable" });
    expect(up.detail).toContain('the S3 bucket "figures"');
    // The check leaves nothing behind.
    expect(await other.services.storage.list("private/health")).toEqual([]);

    await s3.close();
    s3Running = false;
    const down = statusOf(await dashboardOf(other, otherAdmin), "storage");
    expect(down).toMatchObject({ level: "down", summary: "Not reachable" });
    expect(down.detail).toContain('the S3 bucket "figures"');
  });

  it("asks the vision model for real, at most once in 30 s, and says when it fails", async () => {
    clock2.advance(31_000); // past the answer the storage test's dashboard got
    const before = vision.requests.length;
    const answering = statusOf(await dashboardOf(other, otherAdmin), "vision");
    expect(answering).toMatchObject({ level: "ok", summary: "Answering" });
    expect(answering.detail).toContain("test-vision at 127.0.0.1:");
    expect(vision.requests.length).toBe(before + 1);
    expect(vision.requests.at(-1)?.body).toMatchObject({ model: "test-vision", max_tokens: 1 });

    vision.mode = "500";
    clock2.advance(10_000);
    // Within 30 s the last answer stands, and the model is not asked again.
    expect(statusOf(await dashboardOf(other, otherAdmin), "vision").level).toBe("ok");
    expect(vision.requests.length).toBe(before + 1);

    clock2.advance(21_000);
    const failing = statusOf(await dashboardOf(other, otherAdmin), "vision");
    expect(failing).toMatchObject({ level: "down", summary: "Not answering" });
    expect(failing.detail).toContain("HTTP 500");
    vision.mode = "good";
  });

  it("warns of jobs that failed for good, with the latest one's error, and counts them in /metrics", async () => {
    const now = clock.now();
    const failedJob = (kind: string, error: string, at: number) => ({
      kind,
      payload: "{}",
      image_id: null,
      status: "failed",
      attempts: 8,
      max_attempts: 8,
      run_at: at,
      created_at: at,
      updated_at: at,
      last_error: error,
    });
    const ids = await app.database.db
      .insertInto("jobs")
      .values([
        failedJob("mail.send", "Connection refused", now - 3 * 60 * 60 * 1000),
        failedJob(
          "mail.send",
          "Invalid login: 535 Authentication failed\n    at SMTPConnection._formatError",
          now - 5 * 60 * 1000,
        ),
      ])
      .returning("id")
      .execute();
    try {
      const dashboard = await dashboardOf(app, admin);
      expect(dashboard.queue.failed).toBe(2);
      const queue = statusOf(dashboard, "queue");
      // After what the queue is doing (here: jobs wait for a worker this app does not run).
      expect(queue.summary).toMatch(/(^|; )2 jobs failed$/);
      expect(queue.level).not.toBe("ok");
      expect(queue.detail).toContain(
        "The latest (mail.send, 5 minutes ago): Invalid login: 535 Authentication failed.",
      );
      expect(queue.detail).not.toContain("SMTPConnection");
      const metrics = await app.server.inject({ url: "/metrics" });
      expect(metrics.body).toMatch(/^sawdust_jobs_failed\{kind="mail\.send"\} 2$/m);
    } finally {
      await app.database.db
        .deleteFrom("jobs")
        .where(
          "id",
          "in",
          ids.map((row) => row.id),
        )
        .execute();
    }
    const after = await dashboardOf(app, admin);
    expect(after.queue.failed).toBe(0);
    expect(statusOf(after, "queue").summary).not.toContain("failed");
    expect(statusOf(after, "queue").detail).not.toContain("failed for good");
  });

  it("says an unreachable bucket is down within the check's deadline", async () => {
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const nowhere = await createTestApp({
      S3_BUCKET: "figures",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    try {
      const who = await signIn(nowhere, "fig_nowhere_admin", "admin");
      const storage = statusOf(
        await dashboardOf(nowhere, { username: "fig_nowhere_admin", ...who }),
        "storage",
      );
      expect(storage).toMatchObject({ level: "down", summary: "Not reachable" });
    } finally {
      await nowhere.close();
    }
  });
});
