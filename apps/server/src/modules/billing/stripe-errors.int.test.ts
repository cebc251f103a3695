import { MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callerOf, publishPiece, type Who } from "../../../test/editions.js";
import {
  type FakeStripeServer,
  startFakeStripe,
  stripeModeEnv,
} from "../../../test/fake-stripe-server.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { StripeProvider, type StripeSettings } from "./stripe-provider.js";

/**
 * What Stripe refuses or fails, as members, admins and Stripe's webhook deliveries see it: an API
 * key rotated away (401), a rate limit (429), a request Stripe finds invalid (400). None of
 * Stripe's statuses or words reach a member; each is a 502 with Sawdust's message, logged at
 * error level with Stripe's message and request id, and a webhook whose work it broke answers
 * 5xx, so Stripe delivers it again.
 */

const settings: StripeSettings = {
  secretKey: "sk_test_sawdust_stripe_errors_0123456789",
  webhookSecret: "whsec_sawdust_stripe_errors",
  priceMonthly: "price_pro_monthly",
  priceYearly: "price_pro_yearly",
};
const PUBLIC_URL = "http://127.0.0.1:3000";
const INVALID_KEY = {
  type: "invalid_request_error",
  message: "Invalid API Key provided: sk_test_****_r9b",
};

let fake: FakeStripeServer;
let app: TestApp;
let admin: Who;
const log = { error: vi.fn<(object: object, message: string) => void>() };

beforeAll(async () => {
  fake = await startFakeStripe(settings);
  app = await createTestApp(
    { ...stripeModeEnv(settings), PUBLIC_URL, REGISTRATIONS_PER_IP_HOUR: "1000" },
    { provider: new StripeProvider(settings, PUBLIC_URL, fake.transport, log) },
  );
  admin = await signIn(app, "se_admin", "admin");
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fake?.stop();
});

beforeEach(() => {
  log.error.mockClear();
});

const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(app)(...args);

/** The one error logged, which must name Stripe's words and the failed request's id. */
function expectLoggedFailure(status: number, message: string) {
  const failed = fake.requests.filter((r) => r.status === status).at(-1);
  expect(failed).toBeDefined();
  expect(log.error).toHaveBeenCalledTimes(1);
  expect(log.error.mock.calls[0]?.[0]).toMatchObject({
    stripe: { status, message, requestId: failed?.requestId },
  });
}

function expectProviderFailure(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(502);
  expect(res.json()).toEqual({
    message: MESSAGES.payments.providerUnavailable,
    code: "payment_provider_error",
  });
  expect(res.body).not.toContain("API Key");
  expect(res.body).not.toContain("sk_test");
}

describe(`Stripe's refusals and failures on ${TEST_DB}`, () => {
  it("answers a member 502 with Sawdust's words when Stripe refuses the API key, and logs Stripe's", async () => {
    const member = await signIn(app, "se_member");
    fake.failNext(1, 401, INVALID_KEY);

    const res = await call("POST", "/api/v1/subscriptions/create", member, {
      billingCycle: "monthly",
    });

    expectProviderFailure(res);
    expectLoggedFailure(401, INVALID_KEY.message);
    // Once Stripe takes the key again, the member's checkout opens.
    const again = await call("POST", "/api/v1/subscriptions/create", member, {
      billingCycle: "monthly",
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("answers a webhook whose re-read Stripe rate-limited 502, so Stripe delivers it again", async () => {
    const member = await signIn(app, "se_webhook");
    const started = await call("POST", "/api/v1/subscriptions/create", member, {
      billingCycle: "monthly",
    });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = (started.json().url as string).split("/").pop() as string;
    fake.completeCheckout(sessionId);
    const event = fake.checkoutCompletedEvent(sessionId);
    fake.failNext(1, 429, { type: "invalid_request_error", message: "Too many requests" });

    const refused = await fake.deliver(app.server, event);

    expect(refused.statusCode).toBe(502);
    expectLoggedFailure(429, "Too many requests");
    const recorded = await app.database.db
      .selectFrom("billing_events")
      .select("id")
      .where("id", "=", String(event.id))
      .execute();
    expect(recorded).toEqual([]);
    // Stripe's next delivery of the same event is applied.
    const redelivered = await fake.deliver(app.server, event);
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    const current = await call("GET", "/api/v1/subscriptions/current", member);
    expect(current.json()).toMatchObject({ isPro: true });
  });

  it("answers a purchase Stripe refuses as invalid 502, and lets its hold go", async () => {
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "one_of_one",
      price: 4_000,
    });
    const buyer = await signIn(app, "se_buyer");
    fake.failNext(1, 400, {
      type: "invalid_request_error",
      message: "Invalid currency: usd is not enabled on this account",
      code: "parameter_invalid_string",
    });

    const res = await call("POST", `/api/v1/images/${id}/purchase`, buyer, {
      licence: "standard",
    });

    expectProviderFailure(res);
    expectLoggedFailure(400, "Invalid currency: usd is not enabled on this account");
    const again = await call("POST", `/api/v1/images/${id}/purchase`, buyer, {
      licence: "standard",
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("still takes a payment refunded already as refunded, logging nothing", async () => {
    const provider = new StripeProvider(settings, PUBLIC_URL, fake.transport, log);
    const customerId = await provider.createCustomer({
      userId: 990,
      email: "se_refunded@example.com",
      username: "se_refunded",
      idempotencyKey: "sawdust-customer-se-refunded",
    });
    const session = await provider.createPaymentCheckout({
      customerId,
      userId: 990,
      amountCents: 2_500,
      productName: "A piece",
      metadata: { kind: "edition" },
      successUrl: "/library",
      cancelUrl: "/",
      expiresInMs: 30 * 60 * 1000,
    });
    const paid = fake.completeCheckout(session.id);
    fake.refundInDashboard(paid);

    await expect(provider.refund(paid, `sawdust-edition-refund-${paid}`)).resolves.toBeUndefined();

    expect(fake.requests.at(-1)).toMatchObject({ path: "/v1/refunds", status: 400 });
    expect(log.error).not.toHaveBeenCalled();
  });
});
