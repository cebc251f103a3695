import http from "node:http";
import https from "node:https";
import { BILLING_RULES, type CurrentSubscription, MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import {
  type FakeStripeServer,
  startFakeStripe,
  stripeModeEnv,
} from "../../../test/fake-stripe-server.js";
import { makePng, signIn, uploadPublished } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import type { StripeSettings } from "./stripe-provider.js";

/**
 * Stripe mode end to end (issue 14, acceptance 4): the app configured with STRIPE_* and the real
 * `stripe` SDK, its API calls sent by the SDK's `host`/`port`/`protocol` options to a loopback
 * server speaking Stripe's protocol, and webhook events signed with the SDK's own
 * `webhooks.generateTestHeaderString`. The outcomes are the sandbox's; nothing leaves the machine.
 */

const settings: StripeSettings = {
  secretKey: "sk_test_sawdust_stripe_mode_0123456789",
  webhookSecret: "whsec_sawdust_stripe_mode",
  priceMonthly: "price_pro_monthly",
  priceYearly: "price_pro_yearly",
};
const PUBLIC_URL = "http://127.0.0.1:3000";
const HOUR = 3600 * 1000;
/** A price of another product the same Stripe account sells: on neither Pro price. */
const NEWSLETTER = {
  id: "price_newsletter",
  unitAmount: 100,
  interval: "year",
  product: "prod_newsletter",
} as const;

/** Pro's prices before the site's prices changed: of the Pro product, on neither variable now. */
const FORMER_MONTHLY = {
  id: "price_pro_monthly_2025",
  unitAmount: 999,
  interval: "month",
} as const;
const FORMER_YEARLY = { id: "price_pro_yearly_2025", unitAmount: 9900, interval: "year" } as const;

let fake: FakeStripeServer;
let app: TestApp;
let imageId: number;
let admin: Member;
let httpRequest: MockInstance<typeof http.request>;
let httpsRequest: MockInstance<typeof https.request>;

beforeAll(async () => {
  // Every connection the SDK opens goes through one of these (as nock's interception relies on).
  httpRequest = vi.spyOn(http, "request");
  httpsRequest = vi.spyOn(https, "request");
  fake = await startFakeStripe(settings);
  app = await createTestApp(
    {
      ...stripeModeEnv(settings),
      PUBLIC_URL,
      REGISTRATIONS_PER_IP_HOUR: "1000",
    },
    { stripeTransport: fake.transport },
  );
  fake.addPrice(NEWSLETTER);
  fake.addPrice(FORMER_MONTHLY);
  fake.addPrice(FORMER_YEARLY);
  admin = await signIn(app, "sm_admin", "admin");
  const upload = await uploadPublished(app, admin.cookie, {
    name: "lighthouse.png",
    data: await makePng(800, 1000),
  });
  imageId = upload.json().uploaded[0].id;
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
  await fake?.stop();
});

type Member = { cookie: string; userId: number };

const post = (url: string, cookie: string, payload?: object) =>
  app.server.inject({ method: "POST", url, headers: { cookie }, ...(payload && { payload }) });

async function current(member: Member): Promise<CurrentSubscription> {
  const res = await app.server.inject({
    method: "GET",
    url: "/api/v1/subscriptions/current",
    headers: { cookie: member.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function hdDownload(member: Member): Promise<number> {
  const res = await app.server.inject({
    method: "GET",
    url: `/api/v1/images/${imageId}/download?size=hd`,
    headers: { cookie: member.cookie },
  });
  return res.statusCode;
}

/** Starts a checkout through the API; answers the fake's checkout session id. */
async function startCheckout(member: Member, billingCycle: "monthly" | "yearly") {
  const res = await post("/api/v1/subscriptions/create", member.cookie, { billingCycle });
  expect(res.statusCode).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${fake.transport.port}/c/pay/cs_test_`));
  return url.slice(url.lastIndexOf("/") + 1);
}

/** The member pays on Stripe's page and Stripe tells the app: answers the subscription id. */
async function subscribe(member: Member, billingCycle: "monthly" | "yearly" = "monthly") {
  const sessionId = await startCheckout(member, billingCycle);
  const subscriptionId = fake.completeCheckout(sessionId);
  const res = await fake.deliver(app.server, fake.checkoutCompletedEvent(sessionId));
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ received: true });
  return subscriptionId;
}

/** The subscription's billing period at the fake, from its item (where this API version has it). */
function periodAtStripe(subscriptionId: string) {
  const { items } = fake.subscription(subscriptionId) as {
    items: { data: Array<{ current_period_start: number; current_period_end: number }> };
  };
  const [item] = items.data;
  if (!item) throw new Error("a subscription without items");
  return { start: item.current_period_start * 1000, end: item.current_period_end * 1000 };
}

const iso = (ms: number) => new Date(ms).toISOString();

async function countEvents(eventId: string): Promise<number> {
  const row = await app.database.db
    .selectFrom("billing_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", "=", eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The admin subscription page's figures: subscribers, active Pro and Monthly Revenue. */
async function adminStats() {
  const res = await app.server.inject({
    method: "GET",
    url: "/api/v1/admin/subscriptions",
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stats as {
    totalSubscribers: number;
    activePro: number;
    monthlyRevenueCents: number;
  };
}

function paymentsOf(userId: number) {
  return app.database.db
    .selectFrom("payments")
    .select("provider_invoice_id")
    .where("user_id", "=", userId)
    .execute();
}

async function countSubscriptions(userId: number): Promise<number> {
  const row = await app.database.db
    .selectFrom("subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`Stripe mode through the SDK on ${TEST_DB}`, () => {
  it("opens Checkout for the member's Stripe customer, made once and kept", async () => {
    const member = await signIn(app, "sm_twice");
    const before = fake.requests.length;

    const first = await startCheckout(member, "monthly");
    const second = await startCheckout(member, "yearly");

    // The second checkout closes the first, still open: both could otherwise be paid and billed.
    // (It asks first whether the customer made by the first has a subscription at Stripe.)
    expect(fake.calls().slice(before)).toEqual([
      "POST /v1/customers",
      "POST /v1/checkout/sessions",
      "GET /v1/checkout/sessions",
      "GET /v1/subscriptions",
      "POST /v1/checkout/sessions",
      "GET /v1/checkout/sessions",
      `POST /v1/checkout/sessions/${first}/expire`,
    ]);
    expect(fake.checkoutSession(first)).toMatchObject({
      status: "expired",
      url: expect.any(String),
    });
    expect(fake.checkoutSession(second)).toMatchObject({ status: "open" });
    const [customerCall, firstCall, , , secondCall] = fake.requests.slice(before);
    expect(customerCall?.body).toEqual({
      email: "sm_twice@example.com",
      name: "sm_twice",
      metadata: { userId: String(member.userId) },
    });
    const customerId = [...fake.customers.values()].find(
      (c) => (c.metadata as { userId?: string }).userId === String(member.userId),
    )?.id;
    expect(fake.checkoutSession(first)).toMatchObject({
      customer: customerId,
      mode: "subscription",
      client_reference_id: String(member.userId),
      success_url: `${PUBLIC_URL}/subscriptions?checkout=success`,
      cancel_url: `${PUBLIC_URL}/subscriptions?checkout=cancelled`,
    });
    expect(fake.checkoutSession(second)).toMatchObject({ customer: customerId });
    expect(firstCall?.body.line_items).toEqual([{ price: "price_pro_monthly", quantity: "1" }]);
    expect(secondCall?.body.line_items).toEqual([{ price: "price_pro_yearly", quantity: "1" }]);
    expect(secondCall?.body.subscription_data).toEqual({
      metadata: { userId: String(member.userId) },
    });

    // Nothing is paid until Stripe says so.
    expect(await current(member)).toEqual({
      tier: "free",
      isPro: false,
      subscription: null,
      provider: "stripe",
    });
  });

  it("leaves one checkout open of five started at the same instant, and one subscription paid", async () => {
    const member = await signIn(app, "sm_five_tabs");
    const started = await Promise.all(
      Array.from({ length: 5 }, () =>
        post("/api/v1/subscriptions/create", member.cookie, { billingCycle: "monthly" }),
      ),
    );
    const ids = started.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json() as { url: string };
      return url.slice(url.lastIndexOf("/") + 1);
    });
    const open = ids.filter((id) => fake.checkoutSession(id).status === "open");
    expect(open).toHaveLength(1);
    for (const id of ids) {
      if (fake.checkoutSession(id).status !== "open") continue;
      fake.completeCheckout(id);
      expect((await fake.deliver(app.server, fake.checkoutCompletedEvent(id))).statusCode).toBe(
        200,
      );
    }
    const live = await app.database.db
      .selectFrom("subscriptions")
      .select("status")
      .where("user_id", "=", member.userId)
      .execute();
    expect(live).toEqual([{ status: "active" }]);
  });

  it("closes a deleted account's open checkouts, and cancels a subscription paid for it meanwhile", async () => {
    const member = await signIn(app, "sm_deleted");
    const pro = await startCheckout(member, "monthly");
    const piece = await post(`/api/v1/images/${imageId}/purchase`, member.cookie, {
      licence: "standard",
    });
    const pieceSession =
      piece.statusCode === 200 ? (piece.json().url as string).split("/").pop() : null;
    const deleted = await app.server.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: { cookie: member.cookie },
      payload: { password: "correct horse battery" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(fake.checkoutSession(pro).status).toBe("expired");
    if (pieceSession) expect(fake.checkoutSession(pieceSession).status).toBe("expired");

    // A checkout paid at the instant of deletion: its subscription ends at once.
    const late = await signIn(app, "sm_deleted_late");
    const lateSession = await startCheckout(late, "monthly");
    await app.database.db
      .updateTable("users")
      .set({ deleted_at: Date.now() })
      .where("id", "=", late.userId)
      .execute();
    const subscriptionId = fake.completeCheckout(lateSession);
    const res = await fake.deliver(app.server, fake.checkoutCompletedEvent(lateSession));
    expect(res.statusCode).toBe(200);
    expect(fake.subscription(subscriptionId).status).toBe("canceled");
    const rows = await app.database.db
      .selectFrom("subscriptions")
      .select("status")
      .where("user_id", "=", late.userId)
      .execute();
    expect(rows.every((r) => r.status === "canceled")).toBe(true);
  });

  it("makes the member Pro when the signed checkout.session.completed lands", async () => {
    const member = await signIn(app, "sm_monthly");
    expect(await hdDownload(member)).toBe(403);

    const subscriptionId = await subscribe(member, "monthly");

    const period = periodAtStripe(subscriptionId);
    expect(fake.calls().at(-1)).toBe(`GET /v1/subscriptions/${subscriptionId}`);
    expect(await current(member)).toMatchObject({
      tier: "pro",
      isPro: true,
      provider: "stripe",
      subscription: {
        tier: "pro",
        status: "active",
        billingCycle: "monthly",
        priceCents: 1499,
        expiryDate: iso(period.end),
        cancelAtPeriodEnd: false,
        graceUntil: null,
        provider: "stripe",
      },
    });
    expect(await hdDownload(member)).toBe(200);

    // A second checkout would bill twice.
    const again = await post("/api/v1/subscriptions/create", member.cookie, {
      billingCycle: "yearly",
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a second checkout while Stripe holds a subscription whose webhook has not arrived", async () => {
    const member = await signIn(app, "sm_unseen");
    const first = await startCheckout(member, "monthly");
    // Paid on Stripe's page; its checkout.session.completed is still on its way.
    const subscriptionId = fake.completeCheckout(first);
    const customerId = fake.checkoutSession(first).customer;

    for (const status of ["active", "trialing", "past_due", "unpaid", "incomplete"]) {
      fake.updateSubscription(subscriptionId, { status });
      const before = fake.requests.length;
      const again = await post("/api/v1/subscriptions/create", member.cookie, {
        billingCycle: "yearly",
      });
      expect(again.statusCode, status).toBe(409);
      // Not "active Pro": the member may be Free here (unpaid, incomplete); it says what it is.
      expect(again.json()).toEqual({
        message: MESSAGES.payments.subscriptionOpen,
        code: "subscription_open",
      });
      // Stripe was asked about every subscription of the customer, and no checkout was opened.
      expect(fake.requests.slice(before)).toMatchObject([
        {
          method: "GET",
          path: "/v1/subscriptions",
          query: { customer: customerId, status: "all" },
        },
      ]);
    }

    // Ended at Stripe (cancelled, or never paid): the member may subscribe again.
    fake.updateSubscription(subscriptionId, { status: "incomplete_expired" });
    await startCheckout(member, "yearly");
    fake.cancelSubscription(subscriptionId);
    await startCheckout(member, "monthly");
  });

  it("bills yearly at the yearly price, paid up to the item's period end a year out", async () => {
    const member = await signIn(app, "sm_yearly");
    const subscriptionId = await subscribe(member, "yearly");

    const period = periodAtStripe(subscriptionId);
    const { subscription } = await current(member);
    expect(subscription).toMatchObject({
      billingCycle: "yearly",
      priceCents: 11988,
      expiryDate: iso(period.end),
    });
    const daysOut = (period.end - Date.now()) / (24 * HOUR);
    expect(daysOut).toBeGreaterThan(364);
    expect(daysOut).toBeLessThanOrEqual(366);
  });

  it("opens Stripe's Customer Portal for Manage Billing", async () => {
    const member = await signIn(app, "sm_portal");
    expect((await post("/api/v1/subscriptions/portal", member.cookie)).statusCode).toBe(404);
    await subscribe(member);

    const res = await post("/api/v1/subscriptions/portal", member.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${fake.transport.port}/p/session/bps_`),
    );
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/billing_portal/sessions",
      body: { return_url: `${PUBLIC_URL}/subscriptions` },
    });
  });

  it("keeps Pro after a cancel at period end, until Stripe deletes the subscription", async () => {
    const member = await signIn(app, "sm_cancel");
    const subscriptionId = await subscribe(member);
    const period = periodAtStripe(subscriptionId);

    // Cancelled in the portal: Stripe updates the subscription and says so.
    fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    const updated = await fake.deliver(
      app.server,
      fake.subscriptionEvent("customer.subscription.updated", subscriptionId),
    );
    expect(updated.statusCode).toBe(200);
    expect(await current(member)).toMatchObject({
      isPro: true,
      subscription: { status: "active", cancelAtPeriodEnd: true, expiryDate: iso(period.end) },
    });
    expect(await hdDownload(member)).toBe(200);

    // The period ends: Stripe cancels it and sends customer.subscription.deleted.
    fake.cancelSubscription(subscriptionId);
    const deleted = await fake.deliver(
      app.server,
      fake.subscriptionEvent("customer.subscription.deleted", subscriptionId),
    );
    expect(deleted.statusCode).toBe(200);
    expect(await current(member)).toMatchObject({
      tier: "free",
      isPro: false,
      subscription: { status: "canceled" },
    });
    expect(await hdDownload(member)).toBe(403);
  });

  it("keeps Pro through the grace period after a failed renewal (invoice.payment_failed)", async () => {
    const member = await signIn(app, "sm_past_due");
    const subscriptionId = await subscribe(member);

    // The renewal an hour ago was declined: Stripe starts the new period, unpaid, past_due.
    const renewedAt = Date.now() - HOUR;
    fake.updateSubscription(subscriptionId, {
      status: "past_due",
      currentPeriodStart: new Date(renewedAt),
      currentPeriodEnd: new Date(renewedAt + 30 * 24 * HOUR),
    });
    const event = fake.invoiceEvent("invoice.payment_failed", subscriptionId);
    expect(event).toMatchObject({
      data: { object: { parent: { subscription_details: { subscription: subscriptionId } } } },
    });
    const res = await fake.deliver(app.server, event);

    expect(res.statusCode).toBe(200);
    const renewed = periodAtStripe(subscriptionId).start;
    expect(await current(member)).toMatchObject({
      tier: "pro",
      isPro: true,
      subscription: {
        status: "past_due",
        graceUntil: iso(renewed + BILLING_RULES.gracePeriodMs),
      },
    });
    expect(await hdDownload(member)).toBe(200);
  });

  it("refuses a bad or stale signature with 400 and changes nothing", async () => {
    const member = await signIn(app, "sm_forged");
    const subscriptionId = await subscribe(member);
    fake.updateSubscription(subscriptionId, { status: "canceled" });
    const event = fake.subscriptionEvent("customer.subscription.deleted", subscriptionId);
    const stripeCallsBefore = fake.requests.length;

    const forged = await fake.deliver(app.server, event, { secret: "whsec_someone_else" });
    const stale = await fake.deliver(app.server, event, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const unsigned = await fake.deliver(app.server, event, { signature: "" });

    for (const res of [forged, stale, unsigned]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(fake.requests.length).toBe(stripeCallsBefore);
    expect(await countEvents(String(event.id))).toBe(0);
    expect(await current(member)).toMatchObject({
      isPro: true,
      subscription: { status: "active" },
    });
  });

  it("applies a redelivered event once, and one of 20 concurrent deliveries", async () => {
    const member = await signIn(app, "sm_replay");
    const subscriptionId = await subscribe(member);

    fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    const event = fake.subscriptionEvent("customer.subscription.updated", subscriptionId);
    const first = await fake.deliver(app.server, event);
    const replay = await fake.deliver(app.server, event);
    expect(first.json()).toEqual({ received: true });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await countEvents(String(event.id))).toBe(1);

    fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false });
    const burst = fake.subscriptionEvent("customer.subscription.updated", subscriptionId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fake.deliver(app.server, burst)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.json().duplicate)).toHaveLength(1);
    expect(await countEvents(String(burst.id))).toBe(1);
    expect(await countSubscriptions(member.userId)).toBe(1);
    expect(await current(member)).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
  });

  it("ends in Stripe's state when deleted arrives before the update that preceded it", async () => {
    const member = await signIn(app, "sm_out_of_order");
    const subscriptionId = await subscribe(member);

    fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    const updated = fake.subscriptionEvent("customer.subscription.updated", subscriptionId);
    fake.cancelSubscription(subscriptionId);
    const deleted = fake.subscriptionEvent("customer.subscription.deleted", subscriptionId);

    expect((await fake.deliver(app.server, deleted)).statusCode).toBe(200);
    expect((await fake.deliver(app.server, updated)).statusCode).toBe(200);

    // The late update's snapshot says active; Stripe says canceled, and Stripe wins.
    expect((updated.data as { object: { status: string } }).object.status).toBe("active");
    expect(await current(member)).toMatchObject({
      tier: "free",
      isPro: false,
      subscription: { status: "canceled" },
    });
    expect(await countSubscriptions(member.userId)).toBe(1);
  });

  it("grants nothing for the member's customer's subscription to another product, and counts none of it", async () => {
    const member = await signIn(app, "sm_newsletter");
    // Sawdust makes the member's customer (metadata.userId) for a checkout left unpaid.
    const customerId = String(
      fake.checkoutSession(await startCheckout(member, "monthly")).customer,
    );
    const before = await adminStats();
    // At Stripe the customer also takes the account's newsletter: active, no metadata.
    const other = fake.createSubscription(customerId, NEWSLETTER.id);

    for (const event of [
      fake.subscriptionEvent("customer.subscription.created", other),
      fake.invoiceEvent("invoice.paid", other),
    ]) {
      const res = await fake.deliver(app.server, event);
      // Acknowledged, so Stripe stops sending it, and recorded once.
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, ignored: true });
      expect(await countEvents(String(event.id))).toBe(1);
    }

    expect(await current(member)).toMatchObject({ tier: "free", isPro: false, subscription: null });
    expect(await hdDownload(member)).toBe(403);
    expect(await countSubscriptions(member.userId)).toBe(0);
    // Its invoice is no Pro payment: none recorded, no receipt.
    expect(await paymentsOf(member.userId)).toEqual([]);
    expect(await adminStats()).toEqual(before);
    // Nor does it stand in the way of Pro: a checkout opens, and paying it makes the member Pro.
    const sessionId = await startCheckout(member, "yearly");
    fake.completeCheckout(sessionId);
    const paid = await fake.deliver(app.server, fake.checkoutCompletedEvent(sessionId));
    expect(paid.json()).toEqual({ received: true });
    expect(await current(member)).toMatchObject({
      tier: "pro",
      subscription: { billingCycle: "yearly", priceCents: 11988 },
    });
  });

  it("takes Pro away when Stripe moves a Pro subscription onto another product's price", async () => {
    const member = await signIn(app, "sm_moved");
    const subscriptionId = await subscribe(member, "monthly");
    expect(await current(member)).toMatchObject({ isPro: true });
    const before = await adminStats();

    fake.updateSubscription(subscriptionId, { priceId: NEWSLETTER.id });
    const moved = fake.subscriptionEvent("customer.subscription.updated", subscriptionId);
    const res = await fake.deliver(app.server, moved);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: true });
    // The stored row is gone: no tier, no revenue, no subscriber.
    expect(await current(member)).toMatchObject({ tier: "free", isPro: false, subscription: null });
    expect(await countSubscriptions(member.userId)).toBe(0);
    expect(await adminStats()).toEqual({
      totalSubscribers: before.totalSubscribers - 1,
      activePro: before.activePro - 1,
      monthlyRevenueCents: before.monthlyRevenueCents - 1499,
    });
    expect((await fake.deliver(app.server, moved)).json()).toEqual({
      received: true,
      duplicate: true,
    });

    // Moved back onto a Pro price, it is Pro again.
    fake.updateSubscription(subscriptionId, { priceId: settings.priceYearly });
    const back = await fake.deliver(
      app.server,
      fake.subscriptionEvent("customer.subscription.updated", subscriptionId),
    );
    expect(back.json()).toEqual({ received: true });
    expect(await current(member)).toMatchObject({
      tier: "pro",
      subscription: { billingCycle: "yearly", priceCents: 11988 },
    });
  });

  it("keeps Pro for subscribers on a price the site's prices replaced, at what they pay", async () => {
    const member = await signIn(app, "sm_former");
    const subscriptionId = await subscribe(member, "monthly");
    const before = await adminStats();

    // Subscribed before the prices changed: the item is on the Pro product's old monthly price.
    fake.updateSubscription(subscriptionId, { priceId: FORMER_MONTHLY.id });
    const renewed = await fake.deliver(
      app.server,
      fake.subscriptionEvent("customer.subscription.updated", subscriptionId),
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toEqual({ received: true });
    expect(await current(member)).toMatchObject({
      tier: "pro",
      isPro: true,
      subscription: { billingCycle: "monthly", priceCents: 999 },
    });
    expect(await adminStats()).toEqual({
      ...before,
      monthlyRevenueCents: before.monthlyRevenueCents - 1499 + 999,
    });
    // At Stripe and not yet heard of, such a subscription still holds a member's place.
    const unseen = await signIn(app, "sm_former_unseen");
    const paid = fake.completeCheckout(await startCheckout(unseen, "monthly"));
    fake.updateSubscription(paid, { priceId: FORMER_MONTHLY.id });
    const again = await post("/api/v1/subscriptions/create", unseen.cookie, {
      billingCycle: "yearly",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("subscription_open");

    // The old yearly price reads as yearly.
    fake.updateSubscription(subscriptionId, { priceId: FORMER_YEARLY.id });
    await fake.deliver(
      app.server,
      fake.subscriptionEvent("customer.subscription.updated", subscriptionId),
    );
    expect(await current(member)).toMatchObject({
      tier: "pro",
      subscription: { billingCycle: "yearly", priceCents: 9900 },
    });
    // The Pro product was asked of Stripe once, from the monthly price.
    expect(
      fake.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/prices/")),
    ).toMatchObject([{ path: `/v1/prices/${settings.priceMonthly}` }]);
  });

  it("acknowledges events it does not act on", async () => {
    const res = await fake.deliver(
      app.server,
      fake.event("customer.updated", { id: "cus_someone", object: "customer" }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: true });
  });

  it("sent every Stripe call to the loopback server and nothing off the machine", () => {
    expect(fake.requests.length).toBeGreaterThan(20);
    expect(httpsRequest).not.toHaveBeenCalled();
    const targets = new Set(
      httpRequest.mock.calls.map(([options]) => {
        const { host, port } = options as http.RequestOptions;
        return `${host}:${port}`;
      }),
    );
    expect([...targets]).toEqual([`127.0.0.1:${fake.transport.port}`]);
    // Each request the SDK opened reached the fake, with the secret key and this API version.
    expect(httpRequest.mock.calls.length).toBe(fake.requests.length);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${settings.secretKey}`);
      expect(request.headers["stripe-version"]).toBe("2026-10-28.endive");
      // Checkouts started at the same instant may each expire the same older one: the second
      // finds it expired already (Stripe's 400), which the provider takes as done.
      const raced = request.path.endsWith("/expire") && request.status === 400;
      expect(raced || request.status === 200, `${request.method} ${request.path}`).toBe(true);
    }
  });
});
