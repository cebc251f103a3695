import { EDITION_SALES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOf, mailsTo, publishPiece, salesOfImage, type Who } from "../../../test/editions.js";
import {
  type FakeStripeServer,
  startFakeStripe,
  stripeModeEnv,
} from "../../../test/fake-stripe-server.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import type { StripeSettings } from "../billing/stripe-provider.js";

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
      stripeTransport: fake.transport,
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
    const beforeGoodwill = await moneyOf();
    const goodwill = fake.chargeRefundedEvent(paid, 100);
    expect((await fake.deliver(app.server, goodwill)).statusCode).toBe(200);
    expect((await salesOf(id)).find((s) => s.status === "sold")?.providerPaymentId).toBe(paid);
    expect(await soldOf(id)).toBe(1);
    // Its dollar is money given back, in every figure (round 58: still counted as kept).
    expect(await moneyOf()).toEqual({
      revenueCents: beforeGoodwill.revenueCents - 100,
      refundedCents: beforeGoodwill.refundedCents + 100,
      analyticsCents: beforeGoodwill.analyticsCents - 100,
    });

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

  it("records a payment whose full refund arrived first as refunded: never sold, hold let go, no number", async () => {
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "one_of_one",
      price: 9_000,
    });
    const [buyer, next] = [await signIn(app, "es_early_refund"), await signIn(app, "es_next")];
    const before = await moneyOf();
    const mailsBefore = await receiptsTo(buyer);

    // The buyer pays and the payment is refunded from the dashboard at once; Stripe delivers the
    // refund before the checkout's completion (it keeps no order between events).
    const { sessionId } = await checkout(buyer, id, "standard");
    const paid = fake.completeCheckout(sessionId);
    fake.refundInDashboard(paid);
    const refunded = await fake.deliver(app.server, fake.chargeRefundedEvent(paid));
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await earlyRefunds(paid)).toBe(1);
    const completed = await fake.deliver(app.server, fake.checkoutCompletedEvent(sessionId));
    expect(completed.statusCode, completed.body).toBe(200);

    // Recorded, as refunded: no number taken, no certificate, nothing owned, nothing sold.
    const sales = await salesOf(id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      status: "refunded",
      number: null,
      certificateId: null,
      providerPaymentId: paid,
      refundedAt: expect.any(String),
    });
    expect(await soldOf(id)).toBe(0);
    expect(await earlyRefunds(paid)).toBe(0);
    const library = await call("GET", "/api/v1/library", buyer);
    expect(JSON.stringify(library.json())).not.toContain(`"imageId":${id}`);
    expect(await receiptsTo(buyer)).toBe(mailsBefore);
    // Out of revenue, among the refunds, and net nothing in the analytics.
    const after = await moneyOf();
    expect(after.revenueCents).toBe(before.revenueCents);
    expect(after.refundedCents).toBe(before.refundedCents + 9_000);
    expect(after.analyticsCents).toBe(before.analyticsCents);
    // No Stripe refund was asked for: the money went back already.
    expect(fake.refunds.map((r) => r.paymentIntent)).not.toContain(paid);

    // The buyer's hold was let go: another member buys the 1/1 at once, as its first edition.
    const second = await checkout(next, id, "standard");
    const nextPaid = fake.completeCheckout(second.sessionId);
    expect(
      (await fake.deliver(app.server, fake.checkoutCompletedEvent(second.sessionId))).statusCode,
    ).toBe(200);
    expect((await salesOf(id)).find((s) => s.providerPaymentId === nextPaid)).toMatchObject({
      status: "sold",
      number: 1,
    });
    expect(await soldOf(id)).toBe(1);
  });

  it("records refunded each payment whose refund and completion arrive at the same instant", async () => {
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "open_edition",
    });
    const payments: string[] = [];
    const deliveries: Array<Promise<{ statusCode: number }>> = [];
    for (let i = 0; i < 6; i++) {
      const buyer = await signIn(app, `es_together_${i}`);
      const { sessionId } = await checkout(buyer, id, "standard");
      const paid = fake.completeCheckout(sessionId);
      fake.refundInDashboard(paid);
      payments.push(paid);
      const events = [fake.chargeRefundedEvent(paid), fake.checkoutCompletedEvent(sessionId)];
      if (i % 2 === 1) events.reverse();
      deliveries.push(...events.map((event) => fake.deliver(app.server, event)));
    }
    const answers = await Promise.all(deliveries);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));

    // Whichever was applied first, each payment ends refunded (numbered if its completion won),
    // none sold, and no refund is left kept.
    const sales = await salesOf(id);
    expect(sales.map((s) => [s.providerPaymentId, s.status]).sort()).toEqual(
      payments.map((p) => [p, "refunded"]).sort(),
    );
    expect(await soldOf(id)).toBe(0);
    for (const paid of payments) expect(await earlyRefunds(paid)).toBe(0);
  });

  it("lets go of a refund kept for a payment that never came, after 30 days", async () => {
    const now = app.services.clock.now();
    const day = 24 * 3600 * 1000;
    await app.database.db
      .insertInto("early_refunds")
      .values([
        {
          provider_payment_id: "pi_never",
          event_id: "evt_old",
          event_type: "charge.refunded",
          received_at: now - 31 * day,
          amount_cents: null,
        },
        {
          provider_payment_id: "pi_soon",
          event_id: "evt_new",
          event_type: "charge.refunded",
          received_at: now - 29 * day,
          amount_cents: null,
        },
      ])
      .execute();
    await app.services.editions.pruneEarlyRefunds();
    const kept = await app.database.db
      .selectFrom("early_refunds")
      .select("provider_payment_id")
      .where("provider_payment_id", "in", ["pi_never", "pi_soon"])
      .execute();
    expect(kept).toEqual([{ provider_payment_id: "pi_soon" }]);
  });

  it("keeps a sale whose dispute was lost over part of its amount, before or after the sale", async () => {
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "limited_edition",
      maxEditions: 10,
    });
    /** A lost dispute over 100 cents of the payment, not all of it. */
    const partlyLost = (paymentIntent: string) => {
      const event = fake.disputeClosedEvent(paymentIntent, "lost");
      (event.data as { object: { amount: number } }).object.amount = 100;
      return event;
    };
    const after = await signIn(app, "es_partly_after");
    const first = await checkout(after, id, "standard");
    const firstPaid = fake.completeCheckout(first.sessionId);
    await fake.deliver(app.server, fake.checkoutCompletedEvent(first.sessionId));
    expect((await fake.deliver(app.server, partlyLost(firstPaid))).statusCode).toBe(200);
    const before = await signIn(app, "es_partly_before");
    const second = await checkout(before, id, "standard");
    const secondPaid = fake.completeCheckout(second.sessionId);
    expect((await fake.deliver(app.server, partlyLost(secondPaid))).statusCode).toBe(200);
    await fake.deliver(app.server, fake.checkoutCompletedEvent(second.sessionId));
    const sales = await salesOf(id);
    for (const paid of [firstPaid, secondPaid]) {
      expect(sales.find((s) => s.providerPaymentId === paid)).toMatchObject({ status: "sold" });
    }
    expect(await soldOf(id)).toBe(2);

    // A part lost early, then the whole refunded, then the sale: the whole went back.
    const third = await signIn(app, "es_partly_then_whole");
    const thirdCheckout = await checkout(third, id, "standard");
    const thirdPaid = fake.completeCheckout(thirdCheckout.sessionId);
    expect((await fake.deliver(app.server, partlyLost(thirdPaid))).statusCode).toBe(200);
    fake.refundInDashboard(thirdPaid);
    expect((await fake.deliver(app.server, fake.chargeRefundedEvent(thirdPaid))).statusCode).toBe(
      200,
    );
    await fake.deliver(app.server, fake.checkoutCompletedEvent(thirdCheckout.sessionId));
    expect((await salesOf(id)).find((s) => s.providerPaymentId === thirdPaid)).toMatchObject({
      status: "refunded",
      number: null,
    });
    expect(await soldOf(id)).toBe(2);
  });

  it("revokes a sale once parts refunded and a dispute lost add up to the whole payment", async () => {
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "limited_edition",
      maxEditions: 10,
    });
    const buyer = await signIn(app, "es_parts");
    const { sessionId } = await checkout(buyer, id, "standard");
    const paid = fake.completeCheckout(sessionId);
    await fake.deliver(app.server, fake.checkoutCompletedEvent(sessionId));
    const sale = () => salesOf(id).then((sales) => sales.find((s) => s.providerPaymentId === paid));
    const price = (await sale())?.priceCents ?? 0;
    expect(price).toBeGreaterThan(300);

    // Two goodwill refunds from the dashboard (Stripe reports the running total): the sale stays.
    for (const total of [100, 300]) {
      expect(
        (await fake.deliver(app.server, fake.chargeRefundedEvent(paid, total))).statusCode,
      ).toBe(200);
    }
    expect(await sale()).toMatchObject({ status: "sold" });
    expect(await soldOf(id)).toBe(1);

    // The buyer disputes the rest, and the seller loses: nothing of the payment is left.
    const lost = fake.disputeClosedEvent(paid, "lost");
    (lost.data as { object: { amount: number } }).object.amount = price - 300;
    expect((await fake.deliver(app.server, lost)).statusCode).toBe(200);
    expect(await sale()).toMatchObject({ status: "refunded" });
    expect(await soldOf(id)).toBe(0);
    const library = await call("GET", "/api/v1/library", buyer);
    expect(JSON.stringify(library.json())).not.toContain(`"imageId":${id}`);
  });

  it("revokes a sale whose dispute was lost, once, and keeps a lost dispute that comes first", async () => {
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "limited_edition",
      maxEditions: 10,
    });
    const buyer = await signIn(app, "es_disputed");
    const { sessionId } = await checkout(buyer, id, "standard");
    const paid = fake.completeCheckout(sessionId);
    expect(
      (await fake.deliver(app.server, fake.checkoutCompletedEvent(sessionId))).statusCode,
    ).toBe(200);
    const sold = (await salesOf(id))[0];
    expect(sold).toMatchObject({ status: "sold", number: 1 });
    const before = await moneyOf();

    // A dispute opened, won, or closed as a warning changes nothing.
    for (const event of [
      fake.event("charge.dispute.created", {
        id: "dp_open",
        object: "dispute",
        payment_intent: paid,
      }),
      fake.disputeClosedEvent(paid, "won"),
      fake.disputeClosedEvent(paid, "warning_closed"),
    ]) {
      const res = await fake.deliver(app.server, event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, ignored: true });
    }
    expect((await salesOf(id))[0]?.status).toBe("sold");
    expect(await soldOf(id)).toBe(1);

    // Lost: the bank gave the buyer their money back, so the sale goes as a refund's does.
    const lost = fake.disputeClosedEvent(paid, "lost");
    const res = await fake.deliver(app.server, lost);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await salesOf(id))[0]).toMatchObject({ status: "refunded", number: 1 });
    expect(await soldOf(id)).toBe(0);
    const certificate = await call("GET", `/api/v1/certificates/${sold?.certificateId}`);
    expect(certificate.statusCode).toBe(410);
    const after = await moneyOf();
    const price = sold?.priceCents ?? 0;
    expect(price).toBeGreaterThan(0);
    expect(after.revenueCents).toBe(before.revenueCents - price);
    expect(after.refundedCents).toBe(before.refundedCents + price);
    // Once per event, and once per sale.
    expect((await fake.deliver(app.server, lost)).statusCode).toBe(200);
    expect((await fake.deliver(app.server, fake.disputeClosedEvent(paid, "lost"))).statusCode).toBe(
      200,
    );
    expect(await moneyOf()).toEqual(after);
    expect(fake.refunds.map((r) => r.paymentIntent)).not.toContain(paid);
    // The buyer is told, once, and the log says who took the sale back (round 60b: neither).
    const mails = await app.database.db
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "mail.send")
      .execute();
    // It says the bank took the payment back, not that the gallery refunded it.
    const refundMails = mails.filter(
      (job) => job.payload.includes("es_disputed@example.com") && /is cancelled/.test(job.payload),
    );
    expect(refundMails).toHaveLength(1);
    const entries = await app.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "editions.sale_refunded")
      .where("subject", "=", `edition_sale:${sold?.id}`)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBeNull();
    expect(entries[0]?.details).toContain("dispute lost");

    // A lost dispute delivered before its payment's completion is kept as a refund is.
    const late = await signIn(app, "es_disputed_early");
    const early = await checkout(late, id, "commercial");
    const earlyPaid = fake.completeCheckout(early.sessionId);
    expect(
      (await fake.deliver(app.server, fake.disputeClosedEvent(earlyPaid, "lost"))).statusCode,
    ).toBe(200);
    expect(
      (await fake.deliver(app.server, fake.checkoutCompletedEvent(early.sessionId))).statusCode,
    ).toBe(200);
    expect((await salesOf(id)).find((s) => s.providerPaymentId === earlyPaid)).toMatchObject({
      status: "refunded",
      number: null,
    });
    expect(await soldOf(id)).toBe(0);
  });
});

/** Revenue and refunds in the admin's sales, and the edition revenue the analytics add up. */
async function moneyOf() {
  const sales = await call("GET", "/api/v1/admin/sales?limit=1", admin);
  expect(sales.statusCode, sales.body).toBe(200);
  const analytics = await call("GET", "/api/v1/admin/analytics?range=7d", admin);
  expect(analytics.statusCode, analytics.body).toBe(200);
  const buckets = analytics.json().buckets as Array<{ editionRevenueCents: { total: number } }>;
  return {
    revenueCents: sales.json().revenueCents as number,
    refundedCents: sales.json().refundedCents as number,
    analyticsCents: buckets.reduce((sum, b) => sum + b.editionRevenueCents.total, 0),
  };
}

/** The edition receipts queued for the member. */
async function receiptsTo(who: Who): Promise<number> {
  const mails = await mailsTo(app, who);
  return mails.filter((mail) => mail.subject.startsWith("Your edition")).length;
}

/** How many refunds are kept for this payment, not recorded yet. */
async function earlyRefunds(paymentId: string): Promise<number> {
  const rows = await app.database.db
    .selectFrom("early_refunds")
    .select("provider_payment_id")
    .where("provider_payment_id", "=", paymentId)
    .execute();
  return rows.length;
}
