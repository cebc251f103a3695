import { createHash } from "node:crypto";
import {
  type AdminSales,
  EDITION_SALES,
  MESSAGES,
  SANDBOX_CARDS,
  ZAdminSales,
  ZCertificate,
  ZLibrary,
  ZPurchaseOutcome,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callerOf,
  imageAs,
  mailsTo,
  payAsAccountIsDeleted,
  paySandbox,
  publishPiece,
  salesOfImage,
  sandboxSessionOf,
  type Who,
} from "../../../test/editions.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { PAYMENT_SESSION_GRACE_MS } from "../billing/payment-provider.js";

/**
 * Selling editions through the built-in sandbox, as buyers' browsers drive it (issue 19,
 * acceptance 1–4): holds under concurrency, numbering, refunds, lapsed holds and late payments,
 * certificates, and owners' downloads.
 */

const m = MESSAGES.editions;
const clock = new TestClock();
let app: TestApp;
let admin: Who;
let members = 0;
let original: Buffer;

beforeAll(async () => {
  app = await createTestApp({}, { clock, authLimits: { registrationsPerIp: 10_000 } });
  admin = await signIn(app, "ed_admin", "admin");
  original = await makePng(800, 1000);
}, 60_000);
afterAll(() => app.close());

const newMembers = async (n: number) => {
  const made: Who[] = [];
  for (let i = 0; i < n; i++) made.push(await signIn(app, `ed_m${++members}`));
  return made;
};

const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(app)(...args);
const piece = (edition: object) => publishPiece(app, admin, original, edition);
const purchase = (who: Who, imageId: number, licence = "standard") =>
  call("POST", `/api/v1/images/${imageId}/purchase`, who, { licence });
const sessionOf = sandboxSessionOf;
const pay = (who: Who, sessionId: string) => paySandbox(app, who, sessionId);
/** Delivers whatever the sandbox still holds (refunds' events go with the next delivery). */
const delivered = () => app.services.billing.sandbox?.flush();
const imageOf = (id: number, who?: Who) => imageAs(app, id, who);
const salesOf = (imageId: number) => salesOfImage(app, admin, imageId);

async function refundedAtSandbox(paymentId: string) {
  const row = await app.database.db
    .selectFrom("sandbox_checkouts")
    .select("refunded_at")
    .where("payment_intent_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  return row.refunded_at !== null;
}

describe(`selling editions on ${TEST_DB}`, () => {
  it("sells a 1/1 exactly once to 50 buyers at once; every other payment is refunded", async () => {
    const id = await piece({ editionType: "one_of_one", price: 12_000 });
    const buyers = await newMembers(50);

    // 50 checkouts at once: one holds the piece, the others hear that someone is at checkout.
    const first = await Promise.all(buyers.map((b) => purchase(b, id)));
    expect(first.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(first.filter((r) => r.statusCode === 409)).toHaveLength(49);
    for (const r of first.filter((r) => r.statusCode === 409)) {
      expect(r.json().code).toBe("reserved");
    }

    // The hold lapses (the checkout session outlives it by a grace, as Stripe's does) and the
    // other 49 try again at once: one of them gets a checkout, and two are payable together.
    const winner = first.findIndex((r) => r.statusCode === 200);
    const sessions = [{ who: buyers[winner] as Who, url: first[winner]?.json().url as string }];
    clock.advance(EDITION_SALES.reservationMs + PAYMENT_SESSION_GRACE_MS / 2);
    const others = buyers.filter((_, i) => i !== winner);
    const second = await Promise.all(others.map((b) => purchase(b, id)));
    expect(second.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const next = second.findIndex((r) => r.statusCode === 200);
    sessions.push({ who: others[next] as Who, url: second[next]?.json().url as string });

    // Both pay at once: exactly one sale, and the other payment is refunded.
    const paid = await Promise.all(sessions.map((s) => pay(s.who, sessionOf(s.url))));
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200]);
    await delivered();
    const sales = await salesOf(id);
    expect(sales.filter((s) => s.status === "sold")).toHaveLength(1);
    expect(sales.filter((s) => s.status === "declined")).toHaveLength(1);
    for (const declined of sales.filter((s) => s.status === "declined")) {
      expect(declined.number).toBeNull();
      expect(declined.refundedAt).not.toBeNull();
      expect(await refundedAtSandbox(declined.providerPaymentId)).toBe(true);
    }
    expect((await imageOf(id)).soldEditions).toBe(1);

    // Everyone else is told it sold (its owner is told it is theirs: the next test).
    const paying = new Set(sessions.map((s) => s.who));
    const late = await Promise.all(
      buyers
        .filter((b) => !paying.has(b))
        .slice(0, 10)
        .map((b) => purchase(b, id)),
    );
    for (const r of late) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: "sold_out", message: m.soldOneOfOne });
    }
    const detail = await imageOf(id);
    expect(detail.collectedBy).toMatch(/^@ed_m\d+$/);
  }, 120_000);

  it("tells a 1/1's owner buying it again that it is theirs, not that someone else collected it", async () => {
    // Found from outside: mallory, who owns #47, was told "collected by someone else".
    const id = await piece({ editionType: "one_of_one" });
    const [mallory, other] = (await newMembers(2)) as [Who, Who];
    const checkout = await purchase(mallory, id);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((await pay(mallory, sessionOf(checkout.json().url))).statusCode).toBe(200);
    await delivered();
    for (const licence of ["commercial", "standard"]) {
      const again = await purchase(mallory, id, licence);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: "already_owned",
        message: m.alreadyOwnedOneOfOne,
      });
    }
    expect((await purchase(other, id)).json()).toMatchObject({
      code: "sold_out",
      message: m.soldOneOfOne,
    });
    expect((await salesOf(id)).filter((s) => s.status === "sold")).toHaveLength(1);
  }, 60_000);

  it("numbers a limited edition of 5 bought by 20 at once 1 to 5; refunds of 3 and (30 times at once) 2 leave 3, and the next buyers take 2 and 3 again", async () => {
    const id = await piece({ editionType: "limited_edition", maxEditions: 5 });
    const buyers = await newMembers(20);
    const tries = await Promise.all(buyers.map((b) => purchase(b, id, "commercial")));
    const holders = buyers.filter((_, i) => tries[i]?.statusCode === 200);
    expect(holders).toHaveLength(5);
    expect(tries.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const paid = await Promise.all(
      holders.map((b) => pay(b, sessionOf(tries[buyers.indexOf(b)]?.json().url as string))),
    );
    expect(paid.every((r) => r.statusCode === 200)).toBe(true);

    const sold = (await salesOf(id)).filter((s) => s.status === "sold");
    expect(sold.map((s) => s.number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(sold.every((s) => s.licence === "commercial" && s.total === 5)).toBe(true);
    expect((await imageOf(id)).soldEditions).toBe(5);
    const soldOut = await purchase(buyers[19] as Who, id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ code: "sold_out", message: m.soldOut });

    // The admin refunds number 3: 4 sold, its certificate revoked.
    const third = sold.find((s) => s.number === 3);
    const refund = await call("POST", `/api/v1/admin/sales/${third?.id}/refund`, admin);
    expect(refund.statusCode, refund.body).toBe(200);
    await delivered();
    expect((await imageOf(id)).soldEditions).toBe(4);
    const cert = await call("GET", `/api/v1/certificates/${third?.certificateId}`);
    expect(cert.statusCode).toBe(410);
    const again = await call("POST", `/api/v1/admin/sales/${third?.id}/refund`, admin);
    expect(again.statusCode).toBe(409);
    const audit = await app.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "editions.sale_refunded")
      .where("subject", "=", `edition_sale:${third?.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    // Its buyer is told, once (round 58: the piece just left their library).
    const { user_id: thirdBuyerId } = await app.database.db
      .selectFrom("edition_sales")
      .select("user_id")
      .where("id", "=", third?.id as number)
      .executeTakeFirstOrThrow();
    const thirdBuyer = holders.find((b) => b.userId === Number(thirdBuyerId)) as Who;
    const told = (await mailsTo(app, thirdBuyer)).filter((mail) =>
      mail.subject.startsWith("Your purchase of"),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("(No. 3 of 5): the whole payment of $");
    expect(told[0]?.text).toContain("The edition is no longer yours");

    // Number 2 refunded by 30 admin requests at once: one refund, 29 told it is done, one entry.
    const second = sold.find((s) => s.number === 2);
    const refunds = await Promise.all(
      Array.from({ length: 30 }, () =>
        call("POST", `/api/v1/admin/sales/${second?.id}/refund`, admin),
      ),
    );
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(refunds.filter((r) => r.statusCode === 409)).toHaveLength(29);
    await delivered();
    const secondAudit = await app.database.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "editions.sale_refunded")
      .where("subject", "=", `edition_sale:${second?.id}`)
      .execute();
    expect(secondAudit).toHaveLength(1);
    expect((await imageOf(id)).soldEditions).toBe(3);

    const next = buyers.find((b) => !holders.includes(b)) as Who;
    const res = await purchase(next, id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await pay(next, sessionOf(res.json().url))).statusCode).toBe(200);
    const after = (await salesOf(id)).filter((s) => s.status === "sold");
    // The smallest number free goes to the next buyer: no copy reads "No. 6 of 5" (round 51).
    expect(after.map((s) => s.number).sort()).toEqual([1, 2, 4, 5]);
    expect((await imageOf(id)).soldEditions).toBe(4);
    const last = buyers.find((b) => !holders.includes(b) && b !== next) as Who;
    const lastTry = await purchase(last, id);
    expect((await pay(last, sessionOf(lastTry.json().url))).statusCode).toBe(200);
    const all = await salesOf(id);
    expect(
      all
        .filter((s) => s.status === "sold")
        .map((s) => s.number)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    // The refunded sales keep their numbers and their revoked certificates.
    expect(
      all
        .filter((s) => s.status === "refunded")
        .map((s) => s.number)
        .sort(),
    ).toEqual([2, 3]);
    const reissued = all.find((s) => s.status === "sold" && s.number === 3);
    const certificate = await call("GET", `/api/v1/certificates/${reissued?.certificateId}`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.json()).toMatchObject({ number: 3, total: 5 });
    expect((await call("GET", `/api/v1/certificates/${third?.certificateId}`)).statusCode).toBe(
      410,
    );

    // With No. 1 refunded, 4 stand, No. 5 among them: the edition cannot become 4 ("No. 5 of 4").
    const first = all.find((s) => s.status === "sold" && s.number === 1);
    expect((await call("POST", `/api/v1/admin/sales/${first?.id}/refund`, admin)).statusCode).toBe(
      200,
    );
    await delivered();
    const smaller = await call("PATCH", `/api/v1/images/${id}`, admin, { maxEditions: 4 });
    expect(smaller.statusCode, smaller.body).toBe(400);
    expect(smaller.json()).toMatchObject({
      code: "bad_edition_size",
      message: MESSAGES.adminImages.editionNumberSold(5),
    });
    expect(MESSAGES.adminImages.editionNumberSold(5)).toBe(
      "Edition No. 5 of this piece is sold: the edition cannot be smaller than 5",
    );
  }, 120_000);

  it("keeps a held edition for its buyer: the size shrinks under the editions sold and held by no edit, single or batch, however many at once (round 51)", async () => {
    const m = MESSAGES.adminImages;
    const id = await piece({ editionType: "limited_edition", maxEditions: 3 });
    const [ann, bob, cat] = (await newMembers(3)) as [Who, Who, Who];
    for (const who of [ann, bob]) {
      const bought = await purchase(who, id);
      expect((await pay(who, sessionOf(bought.json().url))).statusCode).toBe(200);
    }
    await delivered();
    const held = await purchase(cat, id);
    expect(held.statusCode, held.body).toBe(200);

    // While Cat pays for the third, 40 attempts at once to make the edition 2, or a 1/1.
    const shrink = (i: number) =>
      i % 4 === 0
        ? call("PATCH", `/api/v1/images/${id}`, admin, { editionType: "one_of_one" })
        : i % 2 === 0
          ? call("PATCH", `/api/v1/images/${id}`, admin, { maxEditions: 2 })
          : call("POST", "/api/v1/admin/images/batch", admin, {
              selection: { ids: [id] },
              operation: { type: "set_edition", editionType: "limited_edition", maxEditions: 2 },
            });
    const tries = await Promise.all(Array.from({ length: 40 }, (_, i) => shrink(i)));
    for (const [i, res] of tries.entries()) {
      if (i % 4 === 0) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ message: m.oneOfOneAlreadySold(2) });
      } else if (i % 2 === 0) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: "edition_held", message: m.editionHeld(2, 1) });
      } else {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().results).toEqual([{ id, ok: false, error: m.editionHeld(2, 1) }]);
      }
    }
    expect(m.editionHeld(2, 1)).toMatch(/^A buyer is paying .* cannot be smaller than 3 /);
    expect((await imageOf(id, admin)).maxEditions).toBe(3);

    // Cat's payment finds the edition held for her; then the size may be what was sold.
    expect((await pay(cat, sessionOf(held.json().url))).statusCode).toBe(200);
    await delivered();
    const sold = (await salesOf(id)).filter((s) => s.status === "sold");
    expect(sold.map((s) => s.number).sort()).toEqual([1, 2, 3]);
    const exact = await call("PATCH", `/api/v1/images/${id}`, admin, { maxEditions: 3 });
    expect(exact.statusCode, exact.body).toBe(200);

    // A hold that has run out holds nothing: an edition of 5 with one lapsed hold becomes 3.
    expect(
      (await call("PATCH", `/api/v1/images/${id}`, admin, { maxEditions: 5 })).statusCode,
    ).toBe(200);
    const [dan] = (await newMembers(1)) as [Who];
    expect((await purchase(dan, id)).statusCode).toBe(200);
    expect(
      (await call("PATCH", `/api/v1/images/${id}`, admin, { maxEditions: 3 })).statusCode,
    ).toBe(400);
    clock.advance(EDITION_SALES.reservationMs + 1);
    const after = await call("PATCH", `/api/v1/images/${id}`, admin, { maxEditions: 3 });
    expect(after.statusCode, after.body).toBe(200);

    // Nothing sold and two buyers paying: not a 1/1 either, which only one of them could have.
    const other = await piece({ editionType: "limited_edition", maxEditions: 3 });
    const [eve, fay] = (await newMembers(2)) as [Who, Who];
    for (const who of [eve, fay]) expect((await purchase(who, other)).statusCode).toBe(200);
    const single = await call("PATCH", `/api/v1/images/${other}`, admin, {
      editionType: "one_of_one",
    });
    expect(single.statusCode, single.body).toBe(400);
    expect(single.json()).toMatchObject({ code: "edition_held", message: m.editionHeld(0, 2) });
    expect(m.editionHeld(0, 2)).toMatch(/^2 buyers are paying for editions of this piece now: /);
    // Nor taken off sale while they pay, by a single edit or a batch.
    const offSale = await call("PATCH", `/api/v1/images/${other}`, admin, {
      editionType: "sawdust_gallery",
    });
    expect(offSale.statusCode, offSale.body).toBe(400);
    expect(offSale.json()).toMatchObject({
      code: "edition_held",
      message: m.editionHeldOffSale(2),
    });
    const offSaleBatch = await call("POST", "/api/v1/admin/images/batch", admin, {
      selection: { ids: [other] },
      operation: { type: "set_edition", editionType: "sawdust_gallery" },
    });
    expect(offSaleBatch.json().results).toEqual([
      { id: other, ok: false, error: m.editionHeldOffSale(2) },
    ]);
    expect((await imageOf(other, admin)).editionType).toBe("limited_edition");
    // An open edition has room for every buyer: that change is taken.
    const open = await call("PATCH", `/api/v1/images/${other}`, admin, {
      editionType: "open_edition",
      price: 2500,
    });
    expect(open.statusCode, open.body).toBe(200);
  }, 120_000);

  it.runIf(TEST_DB === "postgres")(
    "counts a hold placed while a batch waited for the piece's lock (round 52)",
    async () => {
      // A purchase holds the piece's row while it places its hold; a batch shrinking the edition
      // meanwhile waits for that lock, and must then see the hold (it counted holds in the
      // statement that waited, whose snapshot was older, and shrank the edition under it).
      const id = await piece({ editionType: "limited_edition", maxEditions: 5 });
      const [gus] = (await newMembers(1)) as [Who];
      let shrinking: Promise<{ json(): { results: unknown[] } }> | undefined;
      await app.database.db.transaction().execute(async (trx) => {
        await trx.selectFrom("images").select("id").where("id", "=", id).forUpdate().execute();
        shrinking = call("POST", "/api/v1/admin/images/batch", admin, {
          selection: { ids: [id] },
          operation: { type: "set_edition", editionType: "one_of_one" },
        });
        // The batch is waiting for the row by now (its own statements take milliseconds).
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const _ of [1, 2]) {
          await trx
            .insertInto("edition_reservations")
            .values({
              image_id: id,
              user_id: gus.userId,
              licence: "standard",
              price_cents: 2500,
              checkout_id: null,
              status: "active",
              created_at: clock.now(),
              expires_at: clock.now() + EDITION_SALES.reservationMs,
            })
            .execute();
        }
      });
      const answer = await shrinking;
      expect(answer?.json().results).toEqual([
        { id, ok: false, error: MESSAGES.adminImages.editionHeld(0, 2) },
      ]);
      expect((await imageOf(id, admin)).editionType).toBe("limited_edition");
    },
    30_000,
  );

  it("releases an abandoned checkout's hold after the bound and refunds a late payment", async () => {
    const id = await piece({ editionType: "one_of_one" });
    const [ann, bob] = (await newMembers(2)) as [Who, Who];
    const annCheckout = await purchase(ann, id);
    expect(annCheckout.statusCode).toBe(200);
    expect((await purchase(bob, id)).json().code).toBe("reserved");

    clock.advance(EDITION_SALES.reservationMs - 1000);
    expect((await purchase(bob, id)).statusCode).toBe(409);
    clock.advance(1001);
    const bobCheckout = await purchase(bob, id);
    expect(bobCheckout.statusCode, bobCheckout.body).toBe(200);
    const bobSession = sessionOf(bobCheckout.json().url);
    const outcome = (who: Who, session: string) =>
      call("GET", `/api/v1/library/purchases/${session}`, who);
    expect((await outcome(bob, bobSession)).json()).toMatchObject({
      status: "pending",
      imageId: id,
    });
    const bobPaid = await pay(bob, bobSession);
    expect(bobPaid.statusCode).toBe(200);
    // The page the buyer returns to names their checkout, and asks how it ended.
    expect(bobPaid.json().url).toMatch(
      new RegExp(`/library\\?purchase=success&checkout=${bobSession}$`),
    );
    expect((await outcome(bob, bobSession)).json()).toMatchObject({ status: "sold", number: 1 });
    // Nobody else's.
    expect((await outcome(ann, bobSession)).statusCode).toBe(404);
    expect((await outcome(ann, "cs_sbx_unknown")).statusCode).toBe(404);
    expect((await outcome(ann, "not an id")).statusCode).toBe(400);

    // Ann comes back within her session's grace and pays for a piece that sold meanwhile.
    const annSession = sessionOf(annCheckout.json().url);
    const late = await pay(ann, annSession);
    expect(late.statusCode).toBe(200);
    await delivered();
    // Round 54: her page said "your payment went through"; it is told the payment was refunded.
    expect((await outcome(ann, annSession)).json()).toMatchObject({
      status: "declined",
      number: null,
    });
    const sales = await salesOf(id);
    const annSale = sales.find((s) => s.buyer === `@ed_m${members - 1}`);
    expect(annSale).toMatchObject({ status: "declined", number: null });
    expect(annSale?.refundedAt).not.toBeNull();
    expect(await refundedAtSandbox(annSale?.providerPaymentId as string)).toBe(true);
    // Ann is told, by mail: no receipt, the refund and why (round 51: she heard nothing).
    const annMails = (await mailsTo(app, ann)).filter((mail) => mail.subject.startsWith("Your "));
    expect(annMails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your payment for “.*” is refunded — /),
    ]);
    expect(annMails[0]?.text).toContain("arrived after the last edition of it was taken");
    expect(sales.filter((s) => s.status === "sold")).toHaveLength(1);
    expect((await imageOf(id)).soldEditions).toBe(1);
    // Bob's sale refunded by an admin afterwards: his page says so, not that he paid too late
    // (round 56).
    const bobSale = sales.find((s) => s.status === "sold");
    const refunded = await call("POST", `/api/v1/admin/sales/${bobSale?.id}/refund`, admin, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await outcome(bob, bobSession)).json()).toMatchObject({
      status: "refunded",
      number: null,
    });
  }, 60_000);

  it("refunds a buyer whose piece was deleted while they paid, and tells them why (round 53)", async () => {
    const id = await piece({ editionType: "one_of_one" });
    const [hal] = (await newMembers(1)) as [Who];
    const checkout = await purchase(hal, id);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const deleted = await call("DELETE", `/api/v1/images/${id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await pay(hal, sessionOf(checkout.json().url))).statusCode).toBe(200);
    await delivered();
    const sale = (await salesOf(id))[0];
    expect(sale).toMatchObject({ status: "declined", number: null });
    expect(await refundedAtSandbox(sale?.providerPaymentId as string)).toBe(true);
    const mails = (await mailsTo(app, hal)).filter((mail) => mail.subject.startsWith("Your "));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your payment for an artwork is refunded — /),
    ]);
    expect(mails[0]?.text).toContain("arrived after the artwork was withdrawn from sale");
    // The page Hal returns to says so too, though the piece and its hold are gone.
    const outcome = await call(
      "GET",
      `/api/v1/library/purchases/${sessionOf(checkout.json().url)}`,
      hal,
    );
    expect(outcome.json()).toEqual({ status: "declined", imageId: id, title: null, number: null });
  }, 60_000);

  it("refunds a payment for a piece whose deletion is under way, and tells the buyer why", async () => {
    // By reading (session 59): a piece marked `deleting` (its files going, or the deleting process
    // killed before its last step) still sold, with no receipt since it is not ready.
    const id = await piece({ editionType: "limited_edition", maxEditions: 5 });
    const [ivy] = (await newMembers(1)) as [Who];
    const checkout = await purchase(ivy, id);
    expect(checkout.statusCode, checkout.body).toBe(200);
    await app.database.db
      .updateTable("images")
      .set({ status: "deleting", title: "Tidal Glass" })
      .where("id", "=", id)
      .execute();
    expect((await pay(ivy, sessionOf(checkout.json().url))).statusCode).toBe(200);
    await delivered();
    const sales = await app.database.db
      .selectFrom("edition_sales")
      .select(["status", "number", "refunded_at", "provider_payment_id", "title"])
      .where("image_id", "=", id)
      .execute();
    expect(sales).toEqual([expect.objectContaining({ status: "declined", number: null })]);
    expect(sales[0]?.refunded_at).not.toBeNull();
    expect(await refundedAtSandbox(sales[0]?.provider_payment_id as string)).toBe(true);
    const image = await app.database.db
      .selectFrom("images")
      .select(["sold_editions"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(image.sold_editions)).toBe(0);
    // Named, as its row is still there, and withdrawn (round 56: "an artwork").
    const mails = (await mailsTo(app, ivy)).filter((mail) => mail.subject.startsWith("Your "));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your payment for “Tidal Glass” is refunded — /),
    ]);
    expect(mails[0]?.text).toContain("arrived after the artwork was withdrawn from sale");
    // No new hold on it either.
    const [joe] = (await newMembers(1)) as [Who];
    expect((await purchase(joe, id)).statusCode).not.toBe(200);
  }, 60_000);

  it("refunds a payment that lands as its buyer's account is deleted, and sells the piece to no one (round 58)", async () => {
    const id = await piece({ editionType: "one_of_one" });
    const [kim, lou] = (await newMembers(2)) as [Who, Who];
    const checkout = await purchase(kim, id);
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payAsAccountIsDeleted(app, kim, sessionOf(checkout.json().url), clock.now());
    await delivered();
    const sales = await app.database.db
      .selectFrom("edition_sales")
      .select(["status", "number", "refunded_at", "provider_payment_id"])
      .where("image_id", "=", id)
      .execute();
    expect(sales).toEqual([expect.objectContaining({ status: "declined", number: null })]);
    expect(sales[0]?.refunded_at).not.toBeNull();
    expect(await refundedAtSandbox(sales[0]?.provider_payment_id as string)).toBe(true);
    expect((await imageOf(id)).soldEditions ?? 0).toBe(0);
    // The 1/1 is still for sale.
    expect((await purchase(lou, id)).statusCode).toBe(200);
  }, 60_000);

  it("pays a piece with the card given without putting it on file for the member's Pro renewals (round 58)", async () => {
    const [pia] = (await newMembers(1)) as [Who];
    const started = await call("POST", "/api/v1/subscriptions/create", pia, {
      billingCycle: "monthly",
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await pay(pia, sandboxSessionOf(started.json().url))).statusCode).toBe(200);
    const onFile = () =>
      app.database.db
        .selectFrom("sandbox_customers")
        .select(["card", "card_last4"])
        .where("user_id", "=", pia.userId)
        .executeTakeFirstOrThrow();
    const before = await onFile();
    expect(before.card_last4).toBe("4242");
    const id = await piece({ editionType: "open_edition", price: 1_500 });
    const checkout = await purchase(pia, id);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await call(
      "POST",
      `/api/v1/billing/sandbox/checkout/${sessionOf(checkout.json().url)}/pay`,
      pia,
      { cardNumber: SANDBOX_CARDS.failsAtRenewal.number, expiry: "12/34", cvc: "123" },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await delivered();
    expect((await salesOf(id))[0]).toMatchObject({ status: "sold" });
    // Renewals stay on the card chosen for them, as Stripe keeps a one-off card off file.
    expect(await onFile()).toEqual(before);
  }, 60_000);

  it("lets a deleted account's hold go at once: the next buyer of a 1/1 is not kept waiting (round 58)", async () => {
    const id = await piece({ editionType: "one_of_one" });
    const [max, ned] = (await newMembers(2)) as [Who, Who];
    expect((await purchase(max, id)).statusCode).toBe(200);
    const refused = await purchase(ned, id);
    expect(refused.statusCode, refused.body).toBe(409);
    const deleted = await call("DELETE", "/api/v1/account", max, {
      password: "correct horse battery",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const next = await purchase(ned, id);
    expect(next.statusCode, next.body).toBe(200);
  }, 60_000);

  it("closes a buyer's earlier checkout for the piece when they start another", async () => {
    // Found from outside: checkout A cancelled, B paid, then A's page paid too: a second charge,
    // refunded, under "your payment went through".
    const id = await piece({ editionType: "one_of_one" });
    const [ann] = (await newMembers(1)) as [Who];
    const first = await purchase(ann, id, "standard");
    expect(first.statusCode, first.body).toBe(200);
    const second = await purchase(ann, id, "commercial");
    expect(second.statusCode, second.body).toBe(200);
    const stale = await pay(ann, sessionOf(first.json().url));
    expect(stale.statusCode, stale.body).toBe(410);
    // Sent back to the piece, not to the plan page (round 51).
    expect(stale.json().message).toBe(MESSAGES.payments.editionCheckoutExpired);
    expect((await pay(ann, sessionOf(second.json().url))).statusCode).toBe(200);
    await delivered();
    const sales = await salesOf(id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ status: "sold", licence: "commercial" });
  }, 60_000);

  it("closes a checkout a newer one replaced while it was still being made; only the newer is paid", async () => {
    // Found from outside (round 62): ten checkouts at once on PostgreSQL, and eight of them were
    // paid and sold, each charged. The newer one let the hold go before the older had written
    // its checkout's id, so never closed it.
    const id = await piece({ editionType: "open_edition", price: 2200 });
    const [ann] = (await newMembers(1)) as [Who];
    const provider = app.services.billing.sandbox;
    if (!provider) throw new Error("the tests run on the sandbox");
    const make = provider.createPaymentCheckout.bind(provider);
    let letTheFirstGo = () => {};
    const firstWaits = new Promise<void>((resolve) => {
      letTheFirstGo = resolve;
    });
    let made = 0;
    provider.createPaymentCheckout = async (input) => {
      if (++made === 1) await firstWaits;
      return make(input);
    };
    try {
      const first = purchase(ann, id);
      // The first holds the piece and is making its checkout when the second click comes.
      await expect.poll(() => made).toBe(1);
      const second = await purchase(ann, id);
      expect(second.statusCode, second.body).toBe(200);
      letTheFirstGo();
      const replaced = await first;
      expect(replaced.statusCode, replaced.body).toBe(409);
      expect(replaced.json()).toMatchObject({
        message: m.checkoutReplaced,
        code: "checkout_replaced",
      });
      const open = await app.database.db
        .selectFrom("sandbox_checkouts")
        .select("id")
        .where("user_id", "=", ann.userId)
        .where("status", "=", "open")
        .execute();
      expect(open.map((row) => row.id)).toEqual([sessionOf(second.json().url)]);
    } finally {
      provider.createPaymentCheckout = make;
    }
    expect((await pay(ann, sessionOf((await purchase(ann, id)).json().url))).statusCode).toBe(200);
    await delivered();
    expect((await salesOf(id)).filter((sale) => sale.status === "sold")).toHaveLength(1);
  }, 60_000);

  it("sells one edition to one buyer's ten checkouts at once, however many are paid", async () => {
    const id = await piece({ editionType: "open_edition", price: 2200 });
    const [ann] = (await newMembers(1)) as [Who];
    const started = await Promise.all(Array.from({ length: 10 }, () => purchase(ann, id)));
    const sessions = started.flatMap((res) =>
      res.statusCode === 200 ? [sessionOf(res.json().url)] : [],
    );
    for (const res of started) expect([200, 409]).toContain(res.statusCode);
    const paid = [];
    for (const session of sessions) paid.push((await pay(ann, session)).statusCode);
    expect(paid.filter((status) => status === 200)).toHaveLength(1);
    await delivered();
    expect(await salesOf(id)).toHaveLength(1);
  }, 60_000);

  it("says a checkout ended unpaid once a newer one replaced it, or once its time is up, and never pending for ever", async () => {
    // Found from outside: a replaced checkout, refused at the provider (410), read "pending" for
    // 20 minutes and more, and its return page waited for ever.
    const id = await piece({ editionType: "limited_edition", maxEditions: 5 });
    const [ann, bob] = (await newMembers(2)) as [Who, Who];
    const outcome = async (who: Who, session: string) => {
      const res = await call("GET", `/api/v1/library/purchases/${session}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return ZPurchaseOutcome.parse(res.json());
    };
    const first = sessionOf((await purchase(ann, id)).json().url);
    const second = await purchase(ann, id);
    expect(second.statusCode, second.body).toBe(200);
    expect(await outcome(ann, first)).toMatchObject({
      status: "expired",
      imageId: id,
      number: null,
    });
    expect((await pay(ann, first)).statusCode).toBe(410);
    expect((await outcome(ann, first)).status).toBe("expired");
    expect((await outcome(ann, sessionOf(second.json().url))).status).toBe("pending");

    // Left unpaid, with no event: pending while it may still be paid, and its payment's event
    // come; then ended.
    const lapsing = sessionOf((await purchase(bob, id)).json().url);
    clock.advance(EDITION_SALES.reservationMs + PAYMENT_SESSION_GRACE_MS);
    expect((await outcome(bob, lapsing)).status).toBe("pending");
    clock.advance(5 * 60_000);
    expect((await outcome(bob, lapsing)).status).toBe("expired");
    expect((await pay(bob, lapsing)).statusCode).toBe(410);
    expect(await salesOf(id)).toEqual([]);
  }, 60_000);

  it("gives the buyer a certificate anyone can verify, and every size free of the quota", async () => {
    const id = await piece({ editionType: "open_edition", price: 3000 });
    const [buyer, other] = (await newMembers(2)) as [Who, Who];
    const res = await purchase(buyer, id, "commercial");
    expect((await pay(buyer, sessionOf(res.json().url))).statusCode).toBe(200);

    const library = ZLibrary.parse((await call("GET", "/api/v1/library", buyer)).json());
    expect(library.editions).toHaveLength(1);
    const owned = library.editions[0];
    expect(owned).toMatchObject({ imageId: id, number: 1, total: null, licence: "commercial" });
    // Commercial: the site's default, never under twice the Standard price (3000).
    expect(owned?.priceCents).toBe(EDITION_SALES.defaultPricesCents.commercial);

    const cert = await call("GET", `/api/v1/certificates/${owned?.certificateId}`);
    expect(cert.statusCode, cert.body).toBe(200);
    const certificate = ZCertificate.parse(cert.json());
    const stored = await app.services.storage.readBuffer(`private/images/${id}/original.png`);
    const sha = createHash("sha256").update(stored).digest("hex");
    expect(certificate.originalSha256).toBe(sha);
    expect(certificate.originalSha256).toBe(createHash("sha256").update(original).digest("hex"));
    expect(certificate.verifyUrl).toMatch(new RegExp(`/verify/${certificate.id}$`));
    const pdf = await call("GET", certificate.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // The buyer's receipt was queued with the sale: one mail job, naming the edition, licence,
    // price and the certificate's public address.
    const receipts = (await mailsTo(app, buyer)).filter((mail) =>
      mail.subject.startsWith("Your edition"),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("No. 1, under the Commercial licence, for $99.00");
    expect(receipts[0]?.text).toContain(certificate.verifyUrl);

    // A forged id (well formed, or not) is refused as not genuine.
    for (const forged of ["0123456789abcdef0123456789abcdef", "not-a-certificate"]) {
      const refused = await call("GET", `/api/v1/certificates/${forged}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(m.certificateNotFound);
    }

    // The owner, a free member, downloads Ultra; it names the licence and is not counted.
    const ultra = await call("GET", `/api/v1/images/${id}/download?size=ultra`, buyer);
    expect(ultra.statusCode).toBe(200);
    expect(ultra.headers.link).toMatch(/\/licence#commercial>; rel="license"/);
    expect(ultra.headers["content-disposition"]).toContain("commercial-licence");
    const usage = await call("GET", "/api/v1/usage", buyer);
    expect(usage.json().downloads.used).toBe(0);
    const denied = await call("GET", `/api/v1/images/${id}/download?size=ultra`, other);
    expect(denied.statusCode).toBe(403);
    expect((await imageOf(id, buyer)).ownedLicence).toBe("commercial");
  }, 60_000);

  it("keeps a bought piece its owner's to see and download while an admin has it hidden", async () => {
    const id = await piece({ editionType: "one_of_one", price: 4000 });
    const [buyer, other] = (await newMembers(2)) as [Who, Who];
    const bought = await purchase(buyer, id);
    expect((await pay(buyer, sessionOf(bought.json().url))).statusCode).toBe(200);
    const hidden = await call("PATCH", `/api/v1/images/${id}/visibility`, admin, {
      isPublic: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);

    const library = ZLibrary.parse((await call("GET", "/api/v1/library", buyer)).json());
    const owned = library.editions.find((e) => e.imageId === id);
    expect(owned?.urlSmall).toMatch(/^\/media\/images\//);
    const picture = await call("GET", owned?.urlSmall as string, buyer);
    expect(picture.statusCode).toBe(200);
    // Nobody keeps a hidden image's file on the way.
    expect(picture.headers["cache-control"]).toBe("private, no-store");
    const download = `/api/v1/images/${id}/download?size=ultra`;
    expect((await call("GET", download, buyer)).statusCode).toBe(200);
    // Its page too: the library and the certificate link to it.
    const detail = await call("GET", `/api/v1/images/${id}`, buyer);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ id, isPublic: false, ownedLicence: "standard" });
    for (const who of [other, undefined]) {
      expect((await call("GET", owned?.urlSmall as string, who)).statusCode).toBe(404);
      expect((await call("GET", download, who)).statusCode).toBe(404);
      expect((await call("GET", `/api/v1/images/${id}`, who)).statusCode).toBe(404);
    }

    // Deleted, it is gone for the owner too.
    const deleted = await app.server.inject({
      method: "DELETE",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await call("GET", download, buyer)).statusCode).toBe(404);
    expect((await call("GET", owned?.urlSmall as string, buyer)).statusCode).toBe(404);
    expect((await call("GET", `/api/v1/images/${id}`, buyer)).statusCode).toBe(404);
  }, 60_000);

  it("refuses visitors, the free gallery, and a redelivered payment changes nothing", async () => {
    const gallery = await piece({ editionType: "sawdust_gallery" });
    const [member] = (await newMembers(1)) as [Who];
    expect((await purchase(undefined as unknown as Who, gallery)).statusCode).toBe(401);
    const refused = await purchase(member, gallery);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "not_for_sale", message: m.notForSale });
    // A member who has not confirmed their email may not pay.
    const forSale = await piece({ editionType: "open_edition", price: 900 });
    await app.database.db
      .updateTable("users")
      .set({ email_verified_at: null })
      .where("id", "=", member.userId)
      .execute();
    const unconfirmed = await purchase(member, forSale);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toMatchObject({
      code: "email_unverified",
      message: MESSAGES.account.verifyFirst,
    });
    expect(
      (
        await call("POST", `/api/v1/images/${gallery}/purchase`, member, {
          licence: "resale",
        })
      ).statusCode,
    ).toBe(400);

    // Every event the sandbox sent, delivered again: no sale is recorded twice.
    const before = await app.database.db
      .selectFrom("edition_sales")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const events = await app.database.db
      .selectFrom("sandbox_events")
      .selectAll()
      .where("type", "in", ["checkout.session.completed", "charge.refunded"])
      .execute();
    await app.database.db.updateTable("sandbox_events").set({ delivered_at: null }).execute();
    await delivered();
    const after = await app.database.db
      .selectFrom("edition_sales")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(events.length).toBeGreaterThan(10);
    expect(Number(after.n)).toBe(Number(before.n));
  }, 60_000);
});

describe(`the admin's sales list on ${TEST_DB}`, () => {
  const list = async (query: string) => {
    const res = await call("GET", `/api/v1/admin/sales?${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return ZAdminSales.parse(res.json());
  };
  const buy = async (who: Who, id: number) => {
    const started = await purchase(who, id);
    expect(started.statusCode, started.body).toBe(200);
    expect((await pay(who, sessionOf(started.json().url as string))).statusCode).toBe(200);
  };

  it("pages through every sale, searches piece and buyer, and counts revenue by the type each sold as", async () => {
    const word = `Ledger${Date.now().toString(36)}`;
    const id = await piece({ editionType: "open_edition", price: 2_500 });
    await call("PATCH", `/api/v1/images/${id}`, admin, { aiAnalysis: { title: `${word} dunes` } });
    const names = [1, 2, 3].map((i) => `ledger_b${i}`);
    const buyers: Who[] = [];
    for (const name of names) buyers.push(await signIn(app, name));
    for (const who of buyers) await buy(who, id);
    const before = await list("limit=1");

    // Every sale once, a page of one at a time, newest first, the total on every page.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminSales = await list(`limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.total).toBe(before.total);
      seen.push(...page.sales.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(before.total);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    // Searched by the piece's title and by the buyer's username; filtered by status.
    const byTitle = await list(`q=${word.toLowerCase()}`);
    expect(byTitle.total).toBe(3);
    expect(byTitle.sales.every((s) => s.imageId === id)).toBe(true);
    const byBuyer = await list("q=LEDGER_B2");
    expect(byBuyer.sales.map((s) => s.buyer)).toEqual(["@ledger_b2"]);
    expect((await list(`q=${word}&status=refunded`)).total).toBe(0);
    // Any script, any case, composed or not: as the title is shown.
    await call("PATCH", `/api/v1/images/${id}`, admin, {
      aiAnalysis: { title: `${word} Élan ΣΟΦΟΣ` },
    });
    for (const q of [`${word} élan`, `${word.toUpperCase()} ÉLAN`, "e\u0301lan σοφος", "ΣΟΦΟΣ"]) {
      expect((await list(`q=${encodeURIComponent(q)}`)).total, q).toBe(3);
    }
    expect((await list("q=100%25_")).total).toBe(0);

    // Three copies sold: the piece does not become a 1/1; as a limited edition of 5 it may.
    const oneOfOne = await call("PATCH", `/api/v1/images/${id}`, admin, {
      editionType: "one_of_one",
      price: 50_000,
    });
    expect(oneOfOne.statusCode).toBe(400);
    expect(oneOfOne.json()).toEqual({
      message: MESSAGES.adminImages.oneOfOneAlreadySold(3),
      code: "bad_edition_type",
    });
    const limited = await call("PATCH", `/api/v1/images/${id}`, admin, {
      editionType: "limited_edition",
      maxEditions: 5,
    });
    expect(limited.statusCode, limited.body).toBe(200);
    // The sales stay what they were: open edition copies, counted as open edition revenue.
    const after = await list(`q=${word}`);
    expect(after.sales.map((s) => [s.editionType, s.total])).toEqual([
      ["open_edition", null],
      ["open_edition", null],
      ["open_edition", null],
    ]);
    expect(after.revenueByEditionType.open_edition).toBe(before.revenueByEditionType.open_edition);
    expect(after.revenueByEditionType.limited_edition).toBe(
      before.revenueByEditionType.limited_edition,
    );
  }, 60_000);

  it("refuses to refund a sale paid through a provider the site no longer uses", async () => {
    const id = await piece({ editionType: "open_edition", price: 1_500 });
    const [who] = await newMembers(1);
    await buy(who as Who, id);
    const [sale] = await salesOf(id);
    // As if the site had moved from another provider to this one since the sale.
    await app.database.db
      .updateTable("edition_sales")
      .set({ provider: "stripe" })
      .where("id", "=", sale?.id as number)
      .execute();
    const refund = await call("POST", `/api/v1/admin/sales/${sale?.id}/refund`, admin);
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json()).toEqual({
      message: MESSAGES.payments.otherProvider("stripe"),
      code: "other_provider",
    });
    expect((await salesOf(id))[0]?.status).toBe("sold");
  });

  it("refuses a cursor it did not give and a limit out of bounds", async () => {
    for (const query of ["cursor=nonsense", "limit=0", "limit=101", "page=2"]) {
      const res = await call("GET", `/api/v1/admin/sales?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call("GET", "/api/v1/admin/sales?cursor=nonsense", admin)).json()).toEqual({
      message: MESSAGES.badCursor,
      code: "bad_cursor",
    });
    // Refused by its schema (longer than any cursor given), the same answer.
    expect(
      (await call("GET", `/api/v1/admin/sales?cursor=${"x".repeat(300)}`, admin)).json(),
    ).toMatchObject({ code: "bad_cursor" });
  });
});
