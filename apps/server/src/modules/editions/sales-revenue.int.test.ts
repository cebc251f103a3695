import { type AdminSales, MESSAGES, ZAdminSales } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callerOf,
  paySandbox,
  publishPiece,
  salesOfImage,
  sandboxSessionOf,
  type Who,
} from "../../../test/editions.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";

/**
 * The admin's sales figures after refunds, on a database of their own so that every sale is this
 * file's: a type whose only sale was refunded still has its card (0 kept, its refund counted), and
 * a revoked certificate names its day as the site writes dates.
 */

const m = MESSAGES.editions;
// Late on Nov 30 (UTC): a day written in another zone, or as ISO, would read otherwise.
const clock = new TestClock(Date.UTC(2026, 10, 30, 23, 30, 0));
let app: TestApp;
let admin: Who;
let buyer: Who;
let original: Buffer;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "rev_admin", "admin");
  buyer = await signIn(app, "rev_buyer");
  original = await makePng(800, 1000);
}, 60_000);
afterAll(() => app.close());

const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(app)(...args);

async function figures(): Promise<AdminSales> {
  const res = await call("GET", "/api/v1/admin/sales?limit=1", admin);
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminSales.parse(res.json());
}

/** One sale of a new piece of this edition: the sale as the admin's list has it. */
async function sellOne(edition: object) {
  const id = await publishPiece(app, admin, original, edition);
  const started = await call("POST", `/api/v1/images/${id}/purchase`, buyer, {
    licence: "standard",
  });
  expect(started.statusCode, started.body).toBe(200);
  const paid = await paySandbox(app, buyer, sandboxSessionOf(started.json().url as string));
  expect(paid.statusCode, paid.body).toBe(200);
  const [sale] = await salesOfImage(app, admin, id);
  expect(sale?.status).toBe("sold");
  return sale as NonNullable<typeof sale>;
}

async function refund(saleId: number) {
  const res = await call("POST", `/api/v1/admin/sales/${saleId}/refund`, admin);
  expect(res.statusCode, res.body).toBe(200);
  await app.services.billing.sandbox?.flush();
}

describe(`the sales figures after refunds on ${TEST_DB}`, () => {
  it("keeps a type whose only sale was refunded, at 0 kept with its refund counted", async () => {
    const open = await sellOne({ editionType: "open_edition", price: 2_500 });
    expect(await figures()).toMatchObject({
      revenueByEditionType: { open_edition: open.priceCents },
      refundedByEditionType: { open_edition: 0 },
      revenueCents: open.priceCents,
      refundedCents: 0,
    });

    await refund(open.id);
    const afterOpen = await figures();
    expect(afterOpen.revenueByEditionType).toEqual({ open_edition: 0 });
    expect(afterOpen.refundedByEditionType).toEqual({ open_edition: open.priceCents });
    expect(afterOpen.revenueCents).toBe(0);
    expect(afterOpen.refundedCents).toBe(open.priceCents);

    // A limited edition and a 1/1 refunded behave the same; a sale that stands is kept.
    const limited = await sellOne({ editionType: "limited_edition", maxEditions: 5 });
    const oneOfOne = await sellOne({ editionType: "one_of_one", price: 40_000 });
    const kept = await sellOne({ editionType: "open_edition", price: 1_200 });
    await refund(limited.id);
    await refund(oneOfOne.id);
    const after = await figures();
    expect(after.revenueByEditionType).toEqual({
      open_edition: kept.priceCents,
      limited_edition: 0,
      one_of_one: 0,
    });
    expect(after.refundedByEditionType).toEqual({
      open_edition: open.priceCents,
      limited_edition: limited.priceCents,
      one_of_one: oneOfOne.priceCents,
    });
    expect(after.revenueCents).toBe(kept.priceCents);
    expect(after.refundedCents).toBe(open.priceCents + limited.priceCents + oneOfOne.priceCents);
  }, 60_000);

  it("says a revoked certificate's day as every other date: 'Nov 30, 2026'", async () => {
    const sale = await sellOne({ editionType: "open_edition", price: 900 });
    await refund(sale.id);
    const res = await call("GET", `/api/v1/certificates/${sale.certificateId}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      message: m.certificateRevoked("Nov 30, 2026"),
      code: "certificate_revoked",
    });
    expect(res.json().message).not.toContain("2026-11-30");
    const pdf = await call("GET", `/api/v1/certificates/${sale.certificateId}/pdf`);
    expect(pdf.statusCode).toBe(410);
    expect(pdf.json().message).toBe(m.certificateRevoked("Nov 30, 2026"));
  }, 60_000);
});
