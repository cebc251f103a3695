import { MESSAGES, ZAdminSubscriptionList, ZSubscriberList } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { monthOf } from "../downloads/usage-period.js";

/** The admin lists: who may read them, the figures over every subscription, search and paging. */

const DAY = 24 * 60 * 60 * 1000;
let app: TestApp;
const clock = new TestClock();
type Who = { cookie: string; userId: number };
let admin: Who;
let member: Who;

/** The subscriptions this file makes, as the webhook handler would have stored them. */
const SEEDED = [
  { name: "monthly_a", cycle: "monthly", price: 1499, status: "active" },
  { name: "monthly_b", cycle: "monthly", price: 1499, status: "active" },
  // An older price, still billed at what the member signed up for.
  { name: "monthly_old", cycle: "monthly", price: 1299, status: "active" },
  { name: "yearly_a", cycle: "yearly", price: 11988, status: "active" },
  { name: "yearly_promo", cycle: "yearly", price: 9900, status: "active" },
  // Pro during its grace, but paying nothing now.
  { name: "pastdue", cycle: "monthly", price: 1499, status: "past_due" },
  { name: "gone", cycle: "monthly", price: 1499, status: "canceled" },
] as const;
const ids = new Map<string, Who>();

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "adm_boss", "admin");
  member = await signIn(app, "adm_nosy");
  const now = clock.now();
  let n = 0;
  for (const seed of SEEDED) {
    const who = await signIn(app, `adm_${seed.name}`);
    ids.set(seed.name, who);
    n += 1;
    await app.database.db
      .insertInto("subscriptions")
      .values({
        user_id: who.userId,
        tier: "pro",
        status: seed.status,
        billing_cycle: seed.cycle,
        created_at: now - (100 - n) * DAY,
        expiry_date: seed.status === "past_due" ? now - DAY : now + 20 * DAY,
        grace_until: seed.status === "past_due" ? now + 6 * DAY : null,
        provider: "sandbox",
        provider_subscription_id: `sub_adm_${seed.name}`,
        provider_customer_id: `cus_adm_${seed.name}`,
        price_cents: seed.price,
        current_period_start: now - 10 * DAY,
        updated_at: now,
      })
      .execute();
  }
  // Downloads this month and last: only this month's count.
  const thisMonth = monthOf(now);
  const lastMonth = monthOf(now - 40 * DAY);
  const counted = ids.get("monthly_a") as Who;
  await app.database.db
    .insertInto("usage_monthly")
    .values([
      { user_id: counted.userId, month: thisMonth, downloads: 7, bytes: 1000 },
      { user_id: counted.userId, month: lastMonth, downloads: 3, bytes: 1000 },
    ])
    .execute();
});
afterAll(() => app.close());

const get = (url: string, who?: Who) =>
  app.server.inject({ url, headers: who ? { cookie: who.cookie } : {} });

async function list(query = "") {
  const res = await get(`/api/v1/admin/subscriptions${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminSubscriptionList.parse(res.json());
}

async function subscribers(query = "") {
  const res = await get(`/api/v1/admin/subscribers${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return ZSubscriberList.parse(res.json());
}

describe(`who reads the admin lists, on ${TEST_DB}`, () => {
  for (const url of ["/api/v1/admin/subscriptions", "/api/v1/admin/subscribers"]) {
    it(`${url}: visitors 401, members 403, admins 200`, async () => {
      const visitor = await get(url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(MESSAGES.auth.notSignedIn);
      const nosy = await get(url, member);
      expect(nosy.statusCode).toBe(403);
      expect(nosy.json().message).toBe(MESSAGES.auth.adminOnly);
      // Refused before the query is even read.
      expect((await get(`${url}?limit=oops`, member)).statusCode).toBe(403);
      expect((await get(url, admin)).statusCode).toBe(200);
    });
  }
});

describe(`the subscription list on ${TEST_DB}`, () => {
  it("counts Monthly Revenue from the active subscriptions' real prices, a yearly one as a twelfth", async () => {
    const { stats } = await list("?limit=2");
    const monthly = 1499 + 1499 + 1299;
    const yearly = 11988 + 9900;
    expect(stats).toEqual({
      totalSubscribers: SEEDED.length,
      // The five active ones and the one in its grace.
      activePro: 6,
      monthlyRevenueCents: Math.round(monthly + yearly / 12),
    });
    expect(stats.monthlyRevenueCents).toBe(6121);
  });

  it("lists every subscription newest first, page by page", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.subscriptions.length).toBeLessThanOrEqual(3);
      seen.push(...page.subscriptions.map((s) => s.user.username));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...SEEDED].reverse().map((s) => `adm_${s.name}`));
    const first = (await list("?limit=1")).subscriptions[0];
    expect(first).toMatchObject({
      status: "canceled",
      billingCycle: "monthly",
      priceCents: 1499,
      provider: "sandbox",
      user: { username: "adm_gone", email: "adm_gone@example.com" },
    });
  });

  it("finds by username or email, case-insensitively, wildcards taken literally", async () => {
    expect((await list("?q=YEARLY")).subscriptions.map((s) => s.user.username)).toEqual([
      "adm_yearly_promo",
      "adm_yearly_a",
    ]);
    expect((await list("?q=adm_pastdue%40example")).subscriptions).toHaveLength(1);
    expect((await list("?q=%25")).subscriptions).toEqual([]);
    expect((await list("?q=_")).subscriptions).toHaveLength(SEEDED.length);
    expect((await list("?q=adm_m_nth")).subscriptions).toEqual([]);
    // The figures stay those of every subscription.
    expect((await list("?q=yearly")).stats.activePro).toBe(6);
  });

  it("filters by status", async () => {
    const pastDue = await list("?status=past_due");
    expect(pastDue.subscriptions.map((s) => s.user.username)).toEqual(["adm_pastdue"]);
    expect(pastDue.subscriptions[0]?.graceUntil).not.toBeNull();
  });

  it("refuses a cursor it did not give out", async () => {
    const res = await get("/api/v1/admin/subscriptions?cursor=bogus", admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.badCursor);
  });
});

describe(`the subscriber list on ${TEST_DB}`, () => {
  it("lists every member with their plan and this month's downloads", async () => {
    const all = await subscribers("?limit=100");
    expect(all.total).toBe(SEEDED.length + 2);
    expect(all.nextCursor).toBeNull();
    const byName = new Map(all.subscribers.map((s) => [s.username, s]));
    expect(byName.get("adm_monthly_a")).toMatchObject({
      role: "user",
      tier: "pro",
      monthlyDownloads: 7,
      subscription: { status: "active", billingCycle: "monthly" },
    });
    expect(byName.get("adm_nosy")).toMatchObject({
      tier: "free",
      subscription: null,
      monthlyDownloads: 0,
    });
    expect(byName.get("adm_boss")).toMatchObject({ role: "admin", tier: "free" });
    expect(byName.get("adm_gone")).toMatchObject({
      tier: "free",
      subscription: { status: "canceled" },
    });
    expect(byName.get("adm_pastdue")).toMatchObject({
      tier: "pro",
      subscription: { status: "past_due" },
    });
  });

  it("pages and searches", async () => {
    const first = await subscribers("?limit=4");
    expect(first.subscribers).toHaveLength(4);
    expect(first.nextCursor).not.toBeNull();
    const second = await subscribers(`?limit=4&cursor=${first.nextCursor}`);
    const seen = [...first.subscribers, ...second.subscribers].map((s) => s.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    const found = await subscribers("?q=MONTHLY");
    expect(found.total).toBe(3);
    expect(found.subscribers.map((s) => s.username).sort()).toEqual([
      "adm_monthly_a",
      "adm_monthly_b",
      "adm_monthly_old",
    ]);
    expect((await subscribers("?q=nobody-at-all")).subscribers).toEqual([]);
  });

  it("leaves out an account its member deleted, from the rows and the count", async () => {
    const leaving = await signIn(app, "adm_leaving");
    const before = await subscribers("?limit=100");
    expect(before.subscribers.map((s) => s.id)).toContain(leaving.userId);
    const deleted = await app.server.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: { cookie: leaving.cookie },
      payload: { password: "correct horse battery" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await subscribers("?limit=100");
    expect(after.subscribers.map((s) => s.id)).not.toContain(leaving.userId);
    expect(after.total).toBe(before.total - 1);
    expect(after.total).toBe(after.subscribers.length);
    expect((await subscribers("?q=deleted")).subscribers).toEqual([]);
  });
});
