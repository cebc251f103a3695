import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeStripeServer } from "../../../test/fake-stripe-server.js";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { type App, buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import type { StripeSettings, StripeTransport } from "../billing/stripe-provider.js";
import { BILLING_INSTALL_ID_SETTING } from "./subscriptions.service.js";

/**
 * A member's customer at the payment provider is made once, however many checkouts start at the
 * same moment (a double click, two tabs): 20 parallel `POST /api/v1/subscriptions/create` make
 * one `createCustomer` call, and leave one checkout open. On PostgreSQL they are split between two API processes on one
 * database, as a load balancer would split them.
 */

const PARALLEL = 20;
const PUBLIC_URL = "http://127.0.0.1:3000";
const settings: StripeSettings = {
  secretKey: "sk_test_sawdust_customer_once_0123456789",
  webhookSecret: "whsec_sawdust_customer_once",
  priceMonthly: "price_pro_monthly",
  priceYearly: "price_pro_yearly",
};

/** One app, or on PostgreSQL two on its database (a second API process). */
async function processes(
  env: Record<string, string>,
  stripeTransport?: StripeTransport,
): Promise<{ first: TestApp; all: App[]; close(): Promise<void> }> {
  const first = await createTestApp(env, { stripeTransport });
  const all: App[] = [first];
  if (TEST_DB === "postgres") {
    all.push(await buildApp(loadConfig(first.env), { webDist: first.webDist, stripeTransport }));
  }
  return {
    first,
    all,
    async close() {
      for (const app of all.slice(1)) await app.server.close();
      await first.close();
    },
  };
}

/** `PARALLEL` checkouts for the member at once, spread over the processes. */
function checkoutsAtOnce(apps: App[], cookie: string) {
  return Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      (apps[i % apps.length] as App).server.inject({
        method: "POST",
        url: "/api/v1/subscriptions/create",
        headers: { cookie },
        payload: { billingCycle: i % 2 === 0 ? "monthly" : "yearly" },
      }),
    ),
  );
}

async function keptCustomers(app: TestApp, userId: number) {
  return app.database.db
    .selectFrom("billing_customers")
    .select(["provider", "customer_id"])
    .where("user_id", "=", userId)
    .execute();
}

describe(`with Stripe, on ${TEST_DB}`, () => {
  let fake: FakeStripeServer;
  let site: Awaited<ReturnType<typeof processes>>;

  beforeAll(async () => {
    fake = await new FakeStripeServer({
      secretKey: settings.secretKey,
      webhookSecret: settings.webhookSecret,
      prices: [
        { id: settings.priceMonthly, unitAmount: 1499, interval: "month" },
        { id: settings.priceYearly, unitAmount: 11988, interval: "year" },
      ],
    }).start();
    site = await processes(
      {
        STRIPE_SECRET_KEY: settings.secretKey,
        STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
        STRIPE_PRICE_MONTHLY: settings.priceMonthly,
        STRIPE_PRICE_YEARLY: settings.priceYearly,
        PUBLIC_URL,
      },
      fake.transport,
    );
  }, 60_000);
  afterAll(async () => {
    await site?.close();
    await fake?.stop();
  });

  it(`makes one Stripe customer for ${PARALLEL} parallel checkouts of one member`, async () => {
    const member = await signIn(site.first, "once_stripe");
    const before = fake.requests.length;

    const answers = await checkoutsAtOnce(site.all, member.cookie);

    expect(answers.map((a) => a.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const calls = fake.calls().slice(before);
    expect(calls.filter((c) => c === "POST /v1/customers")).toHaveLength(1);
    expect(calls.filter((c) => c === "POST /v1/checkout/sessions")).toHaveLength(PARALLEL);
    const customers = [...fake.customers.values()].filter(
      (c) => (c.metadata as { userId?: string }).userId === String(member.userId),
    );
    expect(customers).toHaveLength(1);
    const customerId = customers[0]?.id;
    // Every checkout is for that customer, and it is the one kept.
    const sessions = fake.requests
      .slice(before)
      .filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")
      .map((r) => r.body.customer);
    expect(new Set(sessions)).toEqual(new Set([customerId]));
    expect(await keptCustomers(site.first, member.userId)).toEqual([
      { provider: "stripe", customer_id: customerId },
    ]);
    // One of them is left open to be paid: the others were expired.
    expect(fake.openCheckoutSessions(customerId as string)).toHaveLength(1);
  });

  it("names the call with this database's install id and the member, so a repeat after a lost answer gets the same customer", async () => {
    const member = await signIn(site.first, "once_lost");
    const before = fake.requests.length;
    const first = await site.first.server.inject({
      method: "POST",
      url: "/api/v1/subscriptions/create",
      headers: { cookie: member.cookie },
      payload: { billingCycle: "monthly" },
    });
    expect(first.statusCode).toBe(200);
    const installId = await site.first.services.settings.get(BILLING_INSTALL_ID_SETTING);
    expect(installId).toMatch(/^[0-9a-f]{32}$/);
    const [call] = fake.requests.slice(before).filter((r) => r.path === "/v1/customers");
    const key = call?.headers["idempotency-key"];
    expect(key).toMatch(
      new RegExp(`^sawdust-customer-${installId}-${member.userId}-[0-9a-f]{16}$`),
    );
    const [kept] = await keptCustomers(site.first, member.userId);

    // As if the process had died after Stripe made the customer and before Sawdust kept it.
    await site.first.database.db
      .deleteFrom("billing_customers")
      .where("user_id", "=", member.userId)
      .execute();
    const customersBefore = fake.customers.size;
    const again = await site.first.server.inject({
      method: "POST",
      url: "/api/v1/subscriptions/create",
      headers: { cookie: member.cookie },
      payload: { billingCycle: "monthly" },
    });
    expect(again.statusCode).toBe(200);
    const repeat = fake.requests.filter((r) => r.path === "/v1/customers").at(-1);
    expect(repeat?.headers["idempotency-key"]).toBe(key);
    expect(fake.customers.size).toBe(customersBefore);
    expect(await keptCustomers(site.first, member.userId)).toEqual([kept]);
  });
});

describe(`with the sandbox, on ${TEST_DB}`, () => {
  let site: Awaited<ReturnType<typeof processes>>;

  beforeAll(async () => {
    site = await processes({});
  }, 60_000);
  afterAll(() => site?.close());

  it(`calls the provider's createCustomer once for ${PARALLEL} parallel checkouts of one member`, async () => {
    const member = await signIn(site.first, "once_sandbox");
    const calls = site.all.map((app) => vi.spyOn(app.services.billing.provider, "createCustomer"));

    const answers = await checkoutsAtOnce(site.all, member.cookie);

    expect(answers.map((a) => a.statusCode)).toEqual(Array(PARALLEL).fill(200));
    expect(calls.reduce((n, spy) => n + spy.mock.calls.length, 0)).toBe(1);
    const made = await site.first.database.db
      .selectFrom("sandbox_customers")
      .select("id")
      .where("user_id", "=", member.userId)
      .execute();
    expect(made).toHaveLength(1);
    expect(await keptCustomers(site.first, member.userId)).toEqual([
      { provider: "sandbox", customer_id: made[0]?.id },
    ]);
    const checkouts = await site.first.database.db
      .selectFrom("sandbox_checkouts")
      .select(["customer_id", "status"])
      .where("user_id", "=", member.userId)
      .execute();
    expect(checkouts).toHaveLength(PARALLEL);
    expect(new Set(checkouts.map((c) => c.customer_id))).toEqual(new Set([made[0]?.id]));
    // One of them is left open to be paid, the others expired; and of a burst for a customer
    // already made, whose checkouts start together (round 58: 3 of 20 were left open).
    expect(checkouts.filter((c) => c.status === "open")).toHaveLength(1);
    const again = await checkoutsAtOnce(site.all, member.cookie);
    expect(again.map((a) => a.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const open = await site.first.database.db
      .selectFrom("sandbox_checkouts")
      .select("id")
      .where("user_id", "=", member.userId)
      .where("status", "=", "open")
      .execute();
    expect(open).toHaveLength(1);
  });
});
