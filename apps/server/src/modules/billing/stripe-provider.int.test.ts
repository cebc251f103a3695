import http from "node:http";
import https from "node:https";
import { MESSAGES } from "@sawdust/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeStripeServer } from "../../../test/fake-stripe-server.js";
import { InvalidWebhookSignature } from "./payment-provider.js";
import { StripeProvider, type StripeSettings } from "./stripe-provider.js";

/**
 * StripeProvider with the real `stripe` SDK, its API calls sent (by the SDK's own `host`, `port`
 * and `protocol` options) to a loopback server that speaks Stripe's protocol.
 */

const settings: StripeSettings = {
  secretKey: "sk_test_sawdust_provider_0123456789",
  webhookSecret: "whsec_sawdust_provider_test",
  priceMonthly: "price_pro_monthly",
  priceYearly: "price_pro_yearly",
};
const PUBLIC_URL = "https://art.example.com";
const DAY = 24 * 3600 * 1000;

let fake: FakeStripeServer;
let provider: StripeProvider;
/** Where the provider reports what Stripe refused or failed. */
const log = { error: vi.fn<(object: object, message: string) => void>() };

beforeAll(async () => {
  fake = await new FakeStripeServer({
    secretKey: settings.secretKey,
    webhookSecret: settings.webhookSecret,
    prices: [
      { id: settings.priceMonthly, unitAmount: 1499, interval: "month" },
      { id: settings.priceYearly, unitAmount: 11988, interval: "year" },
      { id: "price_prints_yearly", unitAmount: 9900, interval: "year", product: "prod_prints" },
      // Pro's yearly price before the site's changed: the Pro product's, on neither variable.
      { id: "price_pro_yearly_2025", unitAmount: 9900, interval: "year" },
      // The Pro product in another currency: not added up with dollars, so not Pro.
      { id: "price_pro_monthly_eur", unitAmount: 1299, interval: "month", currency: "eur" },
      // By the week: neither shown nor counted as a month's price, so not Pro.
      { id: "price_pro_weekly", unitAmount: 500, interval: "week" },
    ],
  }).start();
  provider = new StripeProvider(settings, PUBLIC_URL, fake.transport, log);
});

afterAll(() => fake.stop());

afterEach(() => {
  vi.restoreAllMocks();
  log.error.mockClear();
});

/** Sawdust's answer to what Stripe refused: a 502 in its own words (Stripe's are logged). */
const PROVIDER_FAILURE = {
  status: 502,
  code: "payment_provider_error",
  message: MESSAGES.payments.providerUnavailable,
};

async function customerFor(userId: number) {
  return provider.createCustomer({
    userId,
    email: `member${userId}@example.com`,
    username: `member${userId}`,
    idempotencyKey: `sawdust-customer-test-${userId}`,
  });
}

describe("StripeProvider against a loopback Stripe", () => {
  it("creates the customer with the member's email, name and id, speaking Stripe's protocol", async () => {
    const before = fake.requests.length;
    const id = await customerFor(7);

    expect(id).toMatch(/^cus_/);
    const [request] = fake.requests.slice(before);
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/customers",
      status: 200,
      body: { email: "member7@example.com", name: "member7", metadata: { userId: "7" } },
    });
    expect(request?.headers.authorization).toBe(`Bearer ${settings.secretKey}`);
    expect(request?.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.headers["stripe-version"]).toBe("2026-10-28.endive");
    expect(request?.headers["idempotency-key"]).toBe("sawdust-customer-test-7");
    expect(fake.customers.get(id)).toMatchObject({ email: "member7@example.com" });
  });

  it("opens Checkout in subscription mode for the customer, the cycle's price and the member", async () => {
    const customerId = await customerFor(8);
    const before = fake.requests.length;
    const checkout = await provider.createCheckout({
      customerId,
      userId: 8,
      billingCycle: "yearly",
      successUrl: "/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://art.example.com/subscriptions?checkout=cancelled",
    });

    expect(checkout.id).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`http://127.0.0.1:${fake.transport.port}/c/pay/${checkout.id}`);
    // Then the customer's open checkouts are looked at (only this one: nothing to close).
    expect(fake.calls().slice(before)).toEqual([
      "POST /v1/checkout/sessions",
      "GET /v1/checkout/sessions",
    ]);
    expect(fake.requests.at(-2)).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      status: 200,
      body: {
        mode: "subscription",
        customer: customerId,
        line_items: [{ price: "price_pro_yearly", quantity: "1" }],
        // A path becomes an address on PUBLIC_URL; Stripe's placeholder is left as it is.
        success_url:
          "https://art.example.com/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "https://art.example.com/subscriptions?checkout=cancelled",
        client_reference_id: "8",
        metadata: { userId: "8", startedAt: expect.stringMatching(/^\d{13}$/) },
        subscription_data: { metadata: { userId: "8" } },
      },
    });

    await provider.createCheckout({
      customerId,
      userId: 8,
      billingCycle: "monthly",
      successUrl: `${PUBLIC_URL}/subscriptions`,
      cancelUrl: `${PUBLIC_URL}/subscriptions`,
    });
    const created = fake.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/checkout/sessions",
    );
    expect(created.at(-1)?.body.line_items).toEqual([
      { price: "price_pro_monthly", quantity: "1" },
    ]);
    // The newer one stays open; the one before it is expired.
    expect(fake.calls().slice(-2)).toEqual([
      "GET /v1/checkout/sessions",
      `POST /v1/checkout/sessions/${checkout.id}/expire`,
    ]);
  });

  it("answers Stripe's refusal (a customer Stripe does not know) as its own 502, logging Stripe's", async () => {
    await expect(
      provider.createCheckout({
        customerId: "cus_nobody",
        userId: 9,
        billingCycle: "monthly",
        successUrl: `${PUBLIC_URL}/subscriptions`,
        cancelUrl: `${PUBLIC_URL}/subscriptions`,
      }),
    ).rejects.toMatchObject(PROVIDER_FAILURE);
    const refused = fake.requests.at(-1);
    expect(refused?.status).toBe(400);
    expect(log.error).toHaveBeenCalledWith(
      {
        call: "checkout.sessions.create",
        stripe: {
          message: "No such customer: 'cus_nobody'",
          requestId: refused?.requestId,
          status: 400,
          type: "StripeInvalidRequestError",
          code: "resource_missing",
        },
      },
      "a call to Stripe failed",
    );
  });

  it("reads a subscription back: status, cycle, price and the period from its item", async () => {
    const customerId = await customerFor(10);
    const { id: sessionId } = await provider.createCheckout({
      customerId,
      userId: 10,
      billingCycle: "yearly",
      successUrl: `${PUBLIC_URL}/subscriptions`,
      cancelUrl: `${PUBLIC_URL}/subscriptions`,
    });
    const subscriptionId = fake.completeCheckout(sessionId);
    const stripeSide = fake.subscription(subscriptionId) as {
      created: number;
      items: { data: Array<{ current_period_start: number; current_period_end: number }> };
    };
    const [item] = stripeSide.items.data;

    const subscription = await provider.retrieveSubscription(subscriptionId);

    expect(fake.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v1/subscriptions/${subscriptionId}`,
      query: { expand: ["items.data.price"] },
    });
    expect(subscription).toEqual({
      id: subscriptionId,
      customerId,
      userId: 10,
      status: "active",
      billingCycle: "yearly",
      priceCents: 11988,
      currentPeriodStart: (item?.current_period_start ?? 0) * 1000,
      currentPeriodEnd: (item?.current_period_end ?? 0) * 1000,
      cancelAtPeriodEnd: false,
      createdAt: stripeSide.created * 1000,
      endedAt: null,
    });
    // (The period read back, equal to the item's above.)
    const periodDays = ((item?.current_period_end ?? 0) * 1000 - Date.now()) / DAY;
    expect(periodDays).toBeGreaterThan(364);
    expect(periodDays).toBeLessThanOrEqual(366);

    // What Stripe changes on its own shows on the next read.
    const end = new Date(Date.UTC(2031, 0, 1));
    fake.updateSubscription(subscriptionId, {
      status: "past_due",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: end,
    });
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({
      status: "past_due",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: end.getTime(),
    });

    // On a price of the Pro product the two variables no longer name (subscribed before the
    // prices changed), it is Pro at what it bills.
    fake.updateSubscription(subscriptionId, { priceId: "price_pro_yearly_2025" });
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({
      billingCycle: "yearly",
      priceCents: 9900,
    });

    fake.updateSubscription(subscriptionId, { priceId: "price_pro_monthly_eur" });
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({ notPro: true });
    fake.updateSubscription(subscriptionId, { priceId: "price_pro_weekly" });
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({ notPro: true });

    // On another product's price, it is not a subscription to Pro, whatever it bills: nothing
    // of its price or period is read.
    fake.updateSubscription(subscriptionId, { priceId: "price_prints_yearly" });
    expect(await provider.retrieveSubscription(subscriptionId)).toEqual({
      id: subscriptionId,
      customerId,
      notPro: true,
    });
    fake.updateSubscription(subscriptionId, { priceId: settings.priceYearly });

    // A status this code does not know grants nothing.
    fake.updateSubscription(subscriptionId, { status: "on_hold_for_review" });
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({
      status: "incomplete",
    });
  });

  it("answers null for a subscription Stripe does not know, and throws on other failures", async () => {
    expect(await provider.retrieveSubscription("sub_unknown")).toBeNull();
    expect(fake.requests.at(-1)?.status).toBe(404);

    const wrongKey = new StripeProvider(
      { ...settings, secretKey: "sk_test_wrong_key_000000" },
      PUBLIC_URL,
      fake.transport,
      log,
    );
    await expect(wrongKey.retrieveSubscription("sub_unknown")).rejects.toMatchObject(
      PROVIDER_FAILURE,
    );
  });

  it("opens the Customer Portal for the customer, coming back to PUBLIC_URL", async () => {
    const customerId = await customerFor(11);
    const portal = await provider.createPortal({ customerId, returnUrl: "/subscriptions" });

    expect(portal.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${fake.transport.port}/p/`));
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/billing_portal/sessions",
      status: 200,
      body: { customer: customerId, return_url: "https://art.example.com/subscriptions" },
    });
  });

  it("cancels a subscription at once, and treats one Stripe no longer has as cancelled", async () => {
    const customerId = await customerFor(12);
    const { id } = await provider.createCheckout({
      customerId,
      userId: 12,
      billingCycle: "monthly",
      successUrl: `${PUBLIC_URL}/subscriptions`,
      cancelUrl: `${PUBLIC_URL}/subscriptions`,
    });
    const subscriptionId = fake.completeCheckout(id);

    await provider.cancelNow(subscriptionId);

    expect(fake.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/v1/subscriptions/${subscriptionId}`,
    });
    expect(fake.subscription(subscriptionId)).toMatchObject({ status: "canceled" });
    expect(await provider.retrieveSubscription(subscriptionId)).toMatchObject({
      status: "canceled",
    });

    fake.forgetSubscription(subscriptionId);
    await expect(provider.cancelNow(subscriptionId)).resolves.toBeUndefined();
  });

  it("retries a Stripe blip with the same idempotency key, making one customer", async () => {
    const customersBefore = fake.customers.size;
    const before = fake.requests.length;
    fake.failNext(1, 500);

    await customerFor(13);

    const attempts = fake.requests.slice(before);
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts[0]?.headers["idempotency-key"]).toBe(attempts[1]?.headers["idempotency-key"]);
    expect(fake.customers.size).toBe(customersBefore + 1);
  });

  it("answers the customer the first call made when a call repeats its idempotency key", async () => {
    const customersBefore = fake.customers.size;
    const first = await customerFor(14);
    // As after a crash that lost the first answer: the same call again.
    const again = await customerFor(14);
    expect(again).toBe(first);
    expect(fake.customers.size).toBe(customersBefore + 1);
  });

  it("made every one of its requests to the loopback server and none elsewhere", async () => {
    // The SDK opens its connections through these two modules (nock-style tools hook them too).
    const httpRequest = vi.spyOn(http, "request");
    const httpsRequest = vi.spyOn(https, "request");
    const before = fake.requests.length;

    await customerFor(14);
    await provider.retrieveSubscription("sub_unknown");

    const targets = httpRequest.mock.calls.map(([options]) => {
      const { host, port } = options as http.RequestOptions;
      return `${host}:${port}`;
    });
    expect(targets).toEqual([
      `127.0.0.1:${fake.transport.port}`,
      `127.0.0.1:${fake.transport.port}`,
    ]);
    expect(httpsRequest).not.toHaveBeenCalled();
    expect(fake.requests.length - before).toBe(targets.length);
  });
});

describe("StripeProvider.verifyWebhook", () => {
  const event = () =>
    fake.event("customer.subscription.updated", { id: "sub_123", object: "subscription" });

  it("accepts an event signed with the webhook secret and parses it", () => {
    const sent = event();
    const { payload, signature } = fake.sign(sent);

    expect(provider.verifyWebhook(Buffer.from(payload), signature)).toEqual({
      id: sent.id,
      type: "customer.subscription.updated",
      created: sent.created,
      data: { object: { id: "sub_123", object: "subscription" } },
    });
  });

  it("accepts a delivery 299 s old and refuses one 301 s old (Stripe's 300 s tolerance)", () => {
    const now = Math.floor(Date.now() / 1000);
    const fresh = fake.sign(event(), { timestamp: now - 299 });
    expect(() => provider.verifyWebhook(Buffer.from(fresh.payload), fresh.signature)).not.toThrow();

    const stale = fake.sign(event(), { timestamp: now - 301 });
    expect(() => provider.verifyWebhook(Buffer.from(stale.payload), stale.signature)).toThrow(
      InvalidWebhookSignature,
    );
  });

  it("refuses a missing signature, another secret, a changed body and a foreign header", () => {
    const sent = event();
    const { payload, signature } = fake.sign(sent);
    const forged = fake.sign(sent, { secret: "whsec_someone_else" });
    const refuses = (body: string, header: string | undefined) =>
      expect(() => provider.verifyWebhook(Buffer.from(body), header)).toThrow(
        InvalidWebhookSignature,
      );

    refuses(payload, undefined);
    refuses(payload, "");
    refuses(forged.payload, forged.signature);
    refuses(payload.replace("sub_123", "sub_999"), signature);
    refuses(payload, "sha256=0123abcd");
  });
});
