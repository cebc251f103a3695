import { BILLING_RULES, MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, subscribe } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";

/**
 * The tier rule (design section 4) as the database applies it, and the member's calls around it.
 * Rows are written as the webhook handler writes them; the sandbox's own journey is in
 * billing/sandbox.int.test.ts.
 */

const DAY = 24 * 60 * 60 * 1000;
let app: TestApp;
const clock = new TestClock();
let members = 0;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const newMember = () => signIn(app, `tier_m${++members}`);

async function tierOf(cookie: string) {
  const res = await app.server.inject({ url: "/api/v1/auth/user", headers: { cookie } });
  return res.json().tier as string;
}

type Row = {
  status: string;
  expiry_date: number | null;
  cancel_at_period_end?: number;
  grace_until?: number | null;
  tier?: string;
};

async function insert(userId: number, row: Row) {
  const now = clock.now();
  await app.database.db
    .insertInto("subscriptions")
    .values({
      user_id: userId,
      tier: row.tier ?? "pro",
      status: row.status,
      billing_cycle: "monthly",
      created_at: now - 40 * DAY,
      expiry_date: row.expiry_date,
      cancel_at_period_end: row.cancel_at_period_end ?? 0,
      grace_until: row.grace_until ?? null,
      provider: "sandbox",
      provider_subscription_id: `sub_rule_${userId}`,
      price_cents: 1499,
    })
    .execute();
}

describe(`the tier rule on ${TEST_DB}`, () => {
  const now = () => clock.now();
  const cases: Array<[string, () => Row, string]> = [
    ["active, paid period running", () => ({ status: "active", expiry_date: now() + DAY }), "pro"],
    ["trialing", () => ({ status: "trialing", expiry_date: now() + DAY }), "pro"],
    [
      "active, period ended within the renewal leeway",
      () => ({ status: "active", expiry_date: now() - BILLING_RULES.renewalLeewayMs + 60_000 }),
      "pro",
    ],
    [
      "active, period ended beyond the renewal leeway (the renewal never came)",
      () => ({ status: "active", expiry_date: now() - BILLING_RULES.renewalLeewayMs - 60_000 }),
      "free",
    ],
    [
      "cancelling at period end, before it",
      () => ({ status: "active", expiry_date: now() + 60_000, cancel_at_period_end: 1 }),
      "pro",
    ],
    [
      "cancelling at period end, just after it (no leeway)",
      () => ({ status: "active", expiry_date: now() - 60_000, cancel_at_period_end: 1 }),
      "free",
    ],
    [
      "past_due within the grace",
      () => ({ status: "past_due", expiry_date: now() - DAY, grace_until: now() + DAY }),
      "pro",
    ],
    [
      "past_due after the grace",
      () => ({ status: "past_due", expiry_date: now() - 8 * DAY, grace_until: now() - 60_000 }),
      "free",
    ],
    ["past_due with no grace recorded", () => ({ status: "past_due", expiry_date: now() }), "free"],
    ["canceled", () => ({ status: "canceled", expiry_date: now() + DAY }), "free"],
    ["unpaid", () => ({ status: "unpaid", expiry_date: now() + DAY }), "free"],
    ["incomplete", () => ({ status: "incomplete", expiry_date: now() + DAY }), "free"],
    ["incomplete_expired", () => ({ status: "incomplete_expired", expiry_date: null }), "free"],
    ["paused", () => ({ status: "paused", expiry_date: now() + DAY }), "free"],
    [
      "active pro_plus",
      () => ({ status: "active", expiry_date: now() + DAY, tier: "pro_plus" }),
      "pro_plus",
    ],
  ];
  for (const [name, row, tier] of cases) {
    it(`${name} → ${tier}`, async () => {
      const member = await newMember();
      await insert(member.userId, row());
      expect(await tierOf(member.cookie)).toBe(tier);
      const current = await app.server.inject({
        url: "/api/v1/subscriptions/current",
        headers: { cookie: member.cookie },
      });
      expect(current.json()).toMatchObject({ tier, isPro: tier !== "free" });
      expect(current.json().subscription.status).toBe(row().status);
    });
  }

  it("keeps working for a subscription made by hand (no provider, no end)", async () => {
    const member = await newMember();
    await subscribe(app, member.userId);
    expect(await tierOf(member.cookie)).toBe("pro");
    const current = await app.server.inject({
      url: "/api/v1/subscriptions/current",
      headers: { cookie: member.cookie },
    });
    expect(current.json().subscription).toMatchObject({
      status: "active",
      expiryDate: null,
      provider: "sandbox",
      priceCents: 1499,
      cancelAtPeriodEnd: false,
    });
  });

  it("follows the clock: Pro ends when the grace does, with no event", async () => {
    const member = await newMember();
    await insert(member.userId, {
      status: "past_due",
      expiry_date: clock.now(),
      grace_until: clock.now() + DAY,
    });
    expect(await tierOf(member.cookie)).toBe("pro");
    clock.advance(DAY + 1);
    expect(await tierOf(member.cookie)).toBe("free");
  });

  it("shows the subscription carrying Pro over a newer one that does not", async () => {
    const member = await newMember();
    await insert(member.userId, { status: "active", expiry_date: clock.now() + DAY });
    await app.database.db
      .insertInto("subscriptions")
      .values({
        user_id: member.userId,
        tier: "pro",
        status: "incomplete_expired",
        billing_cycle: "yearly",
        created_at: clock.now(),
        expiry_date: null,
      })
      .execute();
    const current = await app.server.inject({
      url: "/api/v1/subscriptions/current",
      headers: { cookie: member.cookie },
    });
    expect(current.json()).toMatchObject({ tier: "pro", subscription: { status: "active" } });
    expect(await tierOf(member.cookie)).toBe("pro");
  });

  it("gives a member with two subscriptions carrying Pro the higher tier", async () => {
    const member = await newMember();
    await insert(member.userId, { status: "active", expiry_date: clock.now() + DAY });
    await app.database.db
      .insertInto("subscriptions")
      .values({
        user_id: member.userId,
        tier: "pro_plus",
        status: "trialing",
        billing_cycle: "monthly",
        created_at: clock.now() - DAY,
        expiry_date: clock.now() + DAY,
      })
      .execute();
    expect(await tierOf(member.cookie)).toBe("pro_plus");
    const current = await app.server.inject({
      url: "/api/v1/subscriptions/current",
      headers: { cookie: member.cookie },
    });
    expect(current.json()).toMatchObject({ tier: "pro_plus" });
  });
});

describe(`the member's calls on ${TEST_DB}`, () => {
  it("asks a visitor to sign in", async () => {
    const calls: Array<["GET" | "POST", string, object?]> = [
      ["GET", "/api/v1/subscriptions/current"],
      ["POST", "/api/v1/subscriptions/create", { billingCycle: "monthly" }],
      ["POST", "/api/v1/subscriptions/create", { billingCycle: "weekly" }],
      ["POST", "/api/v1/subscriptions/portal"],
    ];
    for (const [method, url, payload] of calls) {
      const res = await app.server.inject({ method, url, ...(payload ? { payload } : {}) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
      expect(res.json().message).toBe(MESSAGES.auth.notSignedIn);
    }
  });

  it("says what is wrong with a bad cycle", async () => {
    const member = await newMember();
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/subscriptions/create",
      headers: { cookie: member.cookie },
      payload: { billingCycle: "weekly" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("billingCycle must be monthly or yearly");
  });

  it("refuses a second checkout while a subscription carries Pro, and allows one after it ends", async () => {
    const member = await newMember();
    await insert(member.userId, { status: "active", expiry_date: clock.now() + DAY });
    const create = () =>
      app.server.inject({
        method: "POST",
        url: "/api/v1/subscriptions/create",
        headers: { cookie: member.cookie },
        payload: { billingCycle: "yearly" },
      });
    const refused = await create();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.payments.alreadySubscribed);

    await app.database.db
      .updateTable("subscriptions")
      .set({ status: "canceled" })
      .where("user_id", "=", member.userId)
      .execute();
    const allowed = await create();
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().url).toMatch(/\/billing\/sandbox\/checkout\/cs_sbx_\w+$/);
  });
});
