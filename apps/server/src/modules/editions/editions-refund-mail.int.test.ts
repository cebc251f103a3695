import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callerOf,
  mailsTo,
  paySandbox,
  publishPiece,
  salesOfImage,
  sandboxSessionOf,
  type Who,
} from "../../../test/editions.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { postWebhook, sandboxWebhookSecret } from "../../../test/webhooks.js";

/**
 * What a buyer is told when their edition is taken back: a dispute lost at their bank
 * is not the gallery's refund, and a refund says how much it gave back when a dispute took part.
 */

const clock = new TestClock();
let app: TestApp;
let admin: Who;
let members = 0;
let original: Buffer;

beforeAll(async () => {
  app = await createTestApp({}, { clock, authLimits: { registrationsPerIp: 10_000 } });
  admin = await signIn(app, "rm_admin", "admin");
  original = await makePng(800, 1000);
}, 60_000);
afterAll(() => app.close());

const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(app)(...args);

/** A buyer's standing sale of a new piece of this edition, at this price: its id and payment. */
async function soldPiece(edition: object, priceCents: number) {
  const imageId = await publishPiece(app, admin, original, edition);
  const priced = await call("PUT", `/api/v1/admin/images/${imageId}/licence-prices`, admin, {
    standard: priceCents,
    commercial: null,
  });
  expect(priced.statusCode, priced.body).toBe(200);
  const buyer = await signIn(app, `rm_m${++members}`);
  const started = await call("POST", `/api/v1/images/${imageId}/purchase`, buyer, {
    licence: "standard",
  });
  expect(started.statusCode, started.body).toBe(200);
  const paid = await paySandbox(app, buyer, sandboxSessionOf(started.json().url));
  expect(paid.statusCode, paid.body).toBe(200);
  await app.services.billing.sandbox?.flush();
  const [sale] = await salesOfImage(app, admin, imageId);
  expect(sale).toMatchObject({ status: "sold", priceCents });
  const { provider_payment_id: paymentId } = await app.database.db
    .selectFrom("edition_sales")
    .select("provider_payment_id")
    .where("id", "=", sale?.id as number)
    .executeTakeFirstOrThrow();
  return { buyer, imageId, saleId: sale?.id as number, title: sale?.title as string, paymentId };
}

/**
 * Delivers an event of the payment provider's, signed with the sandbox's webhook secret, as
 * Stripe sends them: a refund or a dispute from its dashboard, which the sandbox never sends.
 */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor(clock.now() / 1000),
    data: { object },
  });
  const res = await postWebhook(app, payload, await sandboxWebhookSecret(app), clock.now());
  expect(res.statusCode, res.body).toBe(200);
}

const disputeLost = (paymentId: string, amount: number) =>
  deliver("charge.dispute.closed", {
    id: `dp_${randomBytes(6).toString("hex")}`,
    object: "dispute",
    payment_intent: paymentId,
    status: "lost",
    amount,
  });

const refunded = (paymentId: string, amount: number, amountRefunded: number) =>
  deliver("charge.refunded", {
    id: `ch_${randomBytes(6).toString("hex")}`,
    object: "charge",
    payment_intent: paymentId,
    amount,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= amount,
  });

/** The mails telling the buyer the sale is taken back (not their receipt). */
const takenBackMails = async (buyer: Who) =>
  (await mailsTo(app, buyer)).filter((mail) => /^Your purchase of “.*” is /.test(mail.subject));

describe(`the buyer's mail when an edition is taken back, on ${TEST_DB}`, () => {
  it("says a lost dispute took the payment back through the buyer's bank, not that the gallery refunded it", async () => {
    const open = await soldPiece({ editionType: "open_edition" }, 2400);
    await disputeLost(open.paymentId, 2400);
    expect((await salesOfImage(app, admin, open.imageId))[0]?.status).toBe("refunded");
    const told = await takenBackMails(open.buyer);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/^Your purchase of “.*” is cancelled — /);
    expect(told[0]?.text).toContain(
      `Your bank took back your payment of $24.00 for “${open.title}” (No. 1) through a dispute the gallery lost, so the purchase is cancelled.`,
    );
    expect(told[0]?.text).toContain("The edition is no longer yours");
    expect(told[0]?.text).not.toMatch(/gallery refunded|going back to your card/);
  });

  it("says how much a refund gave back when a lost dispute took the rest first", async () => {
    const limited = await soldPiece({ editionType: "limited_edition", maxEditions: 5 }, 2500);
    // A dispute lost over $10 leaves the sale standing, and says nothing yet.
    await disputeLost(limited.paymentId, 1000);
    expect((await salesOfImage(app, admin, limited.imageId))[0]?.status).toBe("sold");
    expect(await takenBackMails(limited.buyer)).toHaveLength(0);
    // $15 refunded: the whole payment is back, the sale revoked.
    await refunded(limited.paymentId, 2500, 1500);
    expect((await salesOfImage(app, admin, limited.imageId))[0]?.status).toBe("refunded");
    const told = await takenBackMails(limited.buyer);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/^Your purchase of “.*” is refunded — /);
    expect(told[0]?.text).toContain(
      `The gallery refunded your purchase of “${limited.title}” (No. 1 of 5): $15.00 of your payment of $25.00 is going back to your card (your bank already returned the other $10.00 to you, through a dispute).`,
    );
    expect(told[0]?.text).not.toContain("whole payment");
  });

  it("says a lost dispute took back what a part refunded earlier left", async () => {
    const limited = await soldPiece({ editionType: "limited_edition", maxEditions: 5 }, 2500);
    await refunded(limited.paymentId, 2500, 1500);
    expect(await takenBackMails(limited.buyer)).toHaveLength(0);
    await disputeLost(limited.paymentId, 1000);
    const told = await takenBackMails(limited.buyer);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/^Your purchase of “.*” is cancelled — /);
    expect(told[0]?.text).toContain(
      `The gallery refunded $15.00 of your payment of $25.00 for “${limited.title}” (No. 1 of 5), and your bank took back the other $10.00 through a dispute the gallery lost: the whole payment is back with you, so the purchase is cancelled.`,
    );
    expect(told[0]?.text).not.toContain("going back to your card");
  });

  it("keeps an admin's refund saying the whole payment goes back, and only the rest after a lost dispute", async () => {
    const whole = await soldPiece({ editionType: "open_edition" }, 2400);
    const refund = await call("POST", `/api/v1/admin/sales/${whole.saleId}/refund`, admin);
    expect(refund.statusCode, refund.body).toBe(200);
    await app.services.billing.sandbox?.flush();
    const told = await takenBackMails(whole.buyer);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(
      `The gallery refunded your purchase of “${whole.title}” (No. 1): the whole payment of $24.00 is going back to your card. Your bank shows it within a few days.`,
    );

    const rest = await soldPiece({ editionType: "open_edition" }, 2500);
    await disputeLost(rest.paymentId, 1000);
    const refundRest = await call("POST", `/api/v1/admin/sales/${rest.saleId}/refund`, admin);
    expect(refundRest.statusCode, refundRest.body).toBe(200);
    await app.services.billing.sandbox?.flush();
    const toldRest = await takenBackMails(rest.buyer);
    expect(toldRest).toHaveLength(1);
    expect(toldRest[0]?.text).toContain(
      `: $15.00 of your payment of $25.00 is going back to your card (your bank already returned the other $10.00 to you, through a dispute).`,
    );
  });
});
