import { EDITION_SALES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOf, publishPiece, salesOfImage, type Who } from "../../../test/editions.js";
import {
  type FakeStripeServer,
  startFakeStripe,
  stripeModeEnv,
} from "../../../test/fake-stripe-server.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { StripeProvider, type StripeSettings } from "../billing/stripe-provider.js";

/**
 * Selling editions in Stripe mode (issue 19): the same purchase, webhook and refund code the
 * sandbox drives, here through the real `stripe` SDK to a loopback server speaking Stripe's
 * protocol — Checkout in payment mode with the server's own price, `checkout.session.completed`
 * and `charge.refunded` signed with the SDK's helper, refunds as `POST /v1/refunds`.
 */

const settings: StripeSettings = {
  secretKey: "sk_test_sawdust_editions_0123456789",
  webhookSecret: "whsec_sawdust_editions",
  priceMonthly: "price_pro_monthly",
  priceYearly: "price_pro_yearly",
};
const PUBLIC_URL = "http://127.0.0.1:3000";

const clock = new TestClock();
let fake: FakeStripeServer;
let app: TestApp;
let admin: Who;

beforeAll(async () => {
  fake = await startFakeStripe(settings);
  app = await createTestApp(
    {
      ...stripeModeEnv(settings),
      PUBLIC_URL,
    },
    {
      clock,
      provider: new StripeProvider(settings, PUBLIC_URL, fake.transport),
      authLimits: { registrationsPerIp: 1000 },
    },
  );
  admin = await signIn(app, "es_admin", "admin");
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fake?.stop();
});

const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(app)(...args);

/** Starts a checkout: answers the fake's session id and the checkout request the SDK sent. */
async function checkout(who: Who, imageId: number, licence: "standard" | "commercial") {
  const res = await call("POST", `/api/v1/images/${imageId}/purchase`, who, { licence });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().url as string;
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${fake.transport.port}/c/pay/cs_test_`));
  const sent = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
  return { sessionId: url.slice(url.lastIndexOf("/") + 1), sent: sent?.body ?? {} };
}

const salesOf = (imageId: number) => salesOfImage(app, admin, imageId);

const soldOf = async (imageId: number) =>
  (await call("GET", `/api/v1/images/${imageId}`)).json().soldEditions as number;

describe(`editions through Stripe Checkout on ${TEST_DB}`, () => {
  it("sells a 1/1 once at the server's price, refunds a late payment, and an admin's refund revokes the sale", async () => {
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "one_of_one",
      price: 12_000,
    });
    const [late, buyer] = [await signIn(app, "es_late"), await signIn(app, "es_buyer")];

    // The first buyer's checkout: payment mode, one line priced by the server, the sale's keys
    // in the metadata of the session and of its payment intent.
    const first = await checkout(late, id, "commercial");
    const line = (first.sent.line_items as unknown[])[0] as {
      quantity: string;
      price_data: { currency: string; unit_amount: string; product_data: { name: string } };
    };
    expect(first.sent.mode).toBe("payment");
    expect(line.quantity).toBe("1");
    expect(line.price_data.currency).toBe("usd");
    const amount = Number(line.price_data.unit_amount);
    expect(amount).toBeGreaterThan(0);
    expect(first.sent.metadata).toMatchObject({ kind: expect.any(String), imageId: String(id) });
    expect((first.sent.payment_intent_data as { metadata: object }).metadata).toEqual(
      first.sent.metadata,
    );

    // Their hold lapses unpaid; another member buys the piece and pays.
    clock.advance(EDITION_SALES.reservationMs + 1000);
    const second = await checkout(buyer, id, "commercial");
    const paid = fake.completeCheckout(second.sessionId);
    const completed = fake.checkoutCompletedEvent(second.sessionId);
    expect((await fake.deliver(app.server, completed)).statusCode).toBe(200);
    // Stripe delivers an event at least once: a redelivery sells nothing more.
    expect((await fake.deliver(app.server, completed)).statusCode).toBe(200);
    let sales = await salesOf(id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      status: "sold",
      number: 1,
      licence: "commercial",
      priceCents: amount,
      provider: "stripe",
      providerPaymentId: paid,
    });
    expect(await soldOf(id)).toBe(1);
    const refused = await call("POST", `/api/v1/images/${id}/purchase`, late, {
      licence: "standard",
    });
    expect(refused.statusCode).toBe(409);

    // The first buyer pays late on the page Stripe kept open: never a second owner, and their
    // money goes back through Stripe's refunds API.
    const latePayment = fake.completeCheckout(first.sessionId);
    const lateEvent = fake.checkoutCompletedEvent(first.sessionId);
    expect((await fake.deliver(app.server, lateEvent)).statusCode).toBe(200);
    expect(fake.refunds.map((r) => r.paymentIntent)).toEqual([latePayment]);
    sales = await salesOf(id);
    expect(sales.filter((s) => s.status === "sold")).toHaveLength(1);
    expect(await soldOf(id)).toBe(1);
    const library = await call("GET", "/api/v1/library", late);
    expect(JSON.stringify(library.json())).not.toContain(`"imageId":${id}`);

    // A partial refund made in Stripe's dashboard (a goodwill dollar) is not a refund of the
    // sale: the buyer keeps the piece and its certificate.
    const goodwill = fake.chargeRefundedEvent(paid, 100);
    expect((await fake.deliver(app.server, goodwill)).statusCode).toBe(200);
    expect((await salesOf(id)).find((s) => s.status === "sold")?.providerPaymentId).toBe(paid);
    expect(await soldOf(id)).toBe(1);

    // The admin refunds the sale: Stripe is asked once, the sale is revoked at once, and
    // Stripe's `charge.refunded` that follows changes nothing more.
    const sale = sales.find((s) => s.status === "sold");
    const refund = await call("POST", `/api/v1/admin/sales/${sale?.id}/refund`, admin);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(fake.refunds.map((r) => r.paymentIntent)).toEqual([latePayment, paid]);
    expect((await fake.deliver(app.server, fake.chargeRefundedEvent(paid))).statusCode).toBe(200);
    sales = await salesOf(id);
    expect(sales.find((s) => s.id === sale?.id)?.status).toBe("refunded");
    expect(await soldOf(id)).toBe(0);
    const again = await call("POST", `/api/v1/admin/sales/${sale?.id}/refund`, admin);
    expect(again.statusCode).toBe(409);
    expect(fake.refunds).toHaveLength(2);
  });
});
