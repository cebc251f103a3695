import {
  BILLING_RULES,
  type BillingCycle,
  MESSAGES,
  PRO_PRICES_CENTS,
  SANDBOX_CARDS,
  ZCurrentSubscription,
  ZSandboxCheckout,
  ZSandboxPortal,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo, payAsAccountIsDeleted } from "../../../test/editions.js";
import { makePng, signIn, uploadPublished } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { until } from "../../../test/until.js";
import { periodEndOf } from "./billing-periods.js";

/**
 * The built-in sandbox end to end through the API, as the web app's pages drive it: create a
 * checkout, pay it with a test card, Manage Billing, and the sandbox clock for renewals.
 */

const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = "http://127.0.0.1:3000";
const m = MESSAGES.payments;

let app: TestApp;
const clock = new TestClock();
type Who = { cookie: string; userId: number };
let admin: Who;
let imageId: number;
let members = 0;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "sbx_admin", "admin");
  const res = await uploadPublished(app, admin.cookie, {
    name: "harbour.png",
    data: await makePng(800, 1000),
  });
  imageId = res.json().uploaded[0].id;
}, 60_000);
afterAll(() => app.close());

const newMember = () => signIn(app, `sbx_m${++members}`);

function call(method: "GET" | "POST", url: string, who?: Who, payload?: object) {
  return app.server.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function current(who: Who) {
  const res = await call("GET", "/api/v1/subscriptions/current", who);
  expect(res.statusCode, res.body).toBe(200);
  return ZCurrentSubscription.parse(res.json());
}

/** Starts a checkout and returns its session id (from the URL the web app opens). */
async function startCheckout(who: Who, billingCycle: BillingCycle) {
  const res = await call("POST", "/api/v1/subscriptions/create", who, { billingCycle });
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  const match = url.match(/^http:\/\/127\.0\.0\.1:3000\/billing\/sandbox\/checkout\/(cs_sbx_\w+)$/);
  expect(match, url).not.toBeNull();
  return match?.[1] as string;
}

const card = (kind: keyof typeof SANDBOX_CARDS) => ({
  cardNumber: SANDBOX_CARDS[kind].number,
  expiry: "12/34",
  cvc: "123",
});

function pay(who: Who, sessionId: string, kind: keyof typeof SANDBOX_CARDS) {
  return call("POST", `/api/v1/billing/sandbox/checkout/${sessionId}/pay`, who, card(kind));
}

async function subscribeWith(
  who: Who,
  billingCycle: BillingCycle,
  kind: keyof typeof SANDBOX_CARDS,
) {
  const res = await pay(who, await startCheckout(who, billingCycle), kind);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function openPortal(who: Who) {
  const res = await call("POST", "/api/v1/subscriptions/portal", who);
  expect(res.statusCode, res.body).toBe(200);
  const match = (res.json().url as string).match(/\/billing\/sandbox\/portal\/(bps_sbx_\w+)$/);
  expect(match).not.toBeNull();
  return match?.[1] as string;
}

async function portalAction(who: Who, sessionId: string, action: object) {
  const res = await call("POST", `/api/v1/billing/sandbox/portal/${sessionId}`, who, action);
  expect(res.statusCode, res.body).toBe(200);
  return ZSandboxPortal.parse(res.json());
}

async function advance(days: number) {
  const res = await call("POST", "/api/v1/billing/sandbox/clock", admin, { days });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const sandboxNow = () =>
  (app.services.billing.sandbox as NonNullable<typeof app.services.billing.sandbox>).now();

/** The Pro receipts queued for the member, oldest first. */
async function proReceiptsTo(who: Who) {
  const mails = await mailsTo(app, who);
  return mails.filter((mail) => mail.subject.startsWith("Your Pro receipt"));
}

const download = (size: string, who: Who) =>
  call("GET", `/api/v1/images/${imageId}/download?size=${size}`, who);

describe(`the sandbox journey on ${TEST_DB}`, () => {
  it("takes a member from free to Pro and, after a cancel at period end, back to free", async () => {
    const ann = await newMember();
    expect(await current(ann)).toEqual({
      tier: "free",
      isPro: false,
      subscription: null,
      provider: "sandbox",
    });
    expect((await download("hd", ann)).statusCode).toBe(403);

    const sessionId = await startCheckout(ann, "monthly");
    const page = await call("GET", `/api/v1/billing/sandbox/checkout/${sessionId}`, ann);
    expect(page.statusCode, page.body).toBe(200);
    expect(ZSandboxCheckout.parse(page.json())).toMatchObject({
      id: sessionId,
      status: "open",
      billingCycle: "monthly",
      priceCents: PRO_PRICES_CENTS.monthly,
      email: "sbx_m1@example.com",
      successUrl: `${PUBLIC_URL}/subscriptions?checkout=success`,
      cancelUrl: `${PUBLIC_URL}/subscriptions?checkout=cancelled`,
    });

    const paidAt = await sandboxNow();
    const paid = await pay(ann, sessionId, "pays");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ url: `${PUBLIC_URL}/subscriptions?checkout=success` });

    // The webhook landed before the answer: Pro at once, everywhere the tier is asked.
    const pro = await current(ann);
    expect(pro).toMatchObject({ tier: "pro", isPro: true, provider: "sandbox" });
    expect(pro.subscription).toMatchObject({
      status: "active",
      billingCycle: "monthly",
      priceCents: PRO_PRICES_CENTS.monthly,
      cancelAtPeriodEnd: false,
      graceUntil: null,
      provider: "sandbox",
      expiryDate: new Date(periodEndOf(paidAt, "monthly")).toISOString(),
    });
    const me = await call("GET", "/api/v1/auth/user", ann);
    expect(me.json().tier).toBe("pro");
    // The receipt was queued with the payment's record: once, for this member, with the price.
    const receipts = await proReceiptsTo(ann);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("we received $14.99 for Pro, billed monthly");
    // Its end as an instant in UTC, said so: the plan page shows the same instant in the
    // member's own zone.
    const end = new Date(periodEndOf(paidAt, "monthly"));
    expect(receipts[0]?.text).toContain(
      `covers your plan until ${end.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })} at ${end.toISOString().slice(11, 16)} UTC;`,
    );
    const usage = await call("GET", "/api/v1/usage", ann);
    expect(usage.json().collections.limit).toBeNull();

    const hd = await download("hd", ann);
    expect(hd.statusCode).toBe(200);
    expect(hd.headers.link).toBe(`<${PUBLIC_URL}/licence>; rel="license"`);
    const basic = await download("basic", ann);
    expect(basic.statusCode).toBe(200);
    expect(basic.headers.link).toBeUndefined();

    // A second checkout would bill twice.
    const again = await call("POST", "/api/v1/subscriptions/create", ann, {
      billingCycle: "yearly",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: m.alreadySubscribed,
      code: "already_subscribed",
    });
    // Paying the same checkout twice is refused too.
    expect((await pay(ann, sessionId, "pays")).statusCode).toBe(409);

    const portalId = await openPortal(ann);
    const portal = await call("GET", `/api/v1/billing/sandbox/portal/${portalId}`, ann);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(ZSandboxPortal.parse(portal.json())).toMatchObject({
      subscription: { status: "active", cancelAtPeriodEnd: false, billingCycle: "monthly" },
      cardLast4: "4242",
      invoices: [{ status: "paid", amountCents: PRO_PRICES_CENTS.monthly }],
      returnUrl: `${PUBLIC_URL}/subscriptions`,
      pendingBillingCycle: null,
    });

    const cancelled = await portalAction(ann, portalId, { action: "cancel" });
    expect(cancelled.subscription?.cancelAtPeriodEnd).toBe(true);
    const cancelling = await current(ann);
    expect(cancelling).toMatchObject({ tier: "pro", isPro: true });
    expect(cancelling.subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await download("hd", ann)).statusCode).toBe(200);

    // Past the paid period the sandbox ends it, and Pro ends with it.
    const moved = await advance(32);
    expect(moved.delivered).toBeGreaterThan(0);
    const after = await current(ann);
    expect(after).toMatchObject({ tier: "free", isPro: false });
    expect(after.subscription).toMatchObject({ status: "canceled" });
    expect((await download("hd", ann)).statusCode).toBe(403);
    expect((await call("GET", "/api/v1/auth/user", ann)).json().tier).toBe("free");

    // Subscribing again reuses the customer made the first time.
    await subscribeWith(ann, "monthly", "pays");
    expect((await current(ann)).tier).toBe("pro");
    const customers = await app.database.db
      .selectFrom("billing_customers")
      .selectAll()
      .where("user_id", "=", ann.userId)
      .execute();
    expect(customers).toHaveLength(1);
    const sandboxCustomers = await app.database.db
      .selectFrom("sandbox_customers")
      .select("id")
      .where("user_id", "=", ann.userId)
      .execute();
    expect(sandboxCustomers.map((c) => c.id)).toEqual([customers[0]?.customer_id]);
  });

  it("bills a yearly plan a year at a time: the next billing date a year out", async () => {
    const bob = await newMember();
    const paidAt = await sandboxNow();
    await subscribeWith(bob, "yearly", "pays");
    const { subscription } = await current(bob);
    expect(subscription).toMatchObject({
      billingCycle: "yearly",
      priceCents: PRO_PRICES_CENTS.yearly,
      status: "active",
    });
    const expiry = Date.parse(subscription?.expiryDate ?? "");
    expect(expiry).toBe(periodEndOf(paidAt, "yearly"));
    expect((expiry - paidAt) / DAY).toBeGreaterThanOrEqual(365);
    expect((expiry - paidAt) / DAY).toBeLessThanOrEqual(366);
  });

  it("names on each renewal's receipt the period that invoice paid for, when renewals catch up together", async () => {
    // Round 54: three renewals delivered in one advance of the clock all said the last one's end.
    const cat = await newMember();
    const paidAt = await sandboxNow();
    await subscribeWith(cat, "monthly", "pays");
    const email = `sbx_m${members}@example.com`;
    await advance(95);
    const receipts = (
      await app.database.db
        .selectFrom("jobs")
        .select("payload")
        .where("kind", "=", "mail.send")
        .orderBy("id")
        .execute()
    )
      .map((job) => JSON.parse(job.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email && mail.subject.startsWith("Your Pro receipt"))
      .map((mail) => /covers your plan until (.+? UTC);/.exec(mail.text)?.[1]);
    const inWords = (at: number) => {
      const end = new Date(at);
      return `${end.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })} at ${end.toISOString().slice(11, 16)} UTC`;
    };
    const ends = [periodEndOf(paidAt, "monthly")];
    for (let i = 0; i < 3; i += 1) {
      ends.push(periodEndOf(ends[i] as number, "monthly", paidAt));
    }
    expect(receipts).toEqual(ends.map(inWords));
  });

  it("closes a member's open checkout when they start another: only the newest can be paid", async () => {
    const member = await newMember();
    const older = await startCheckout(member, "monthly");
    const newer = await startCheckout(member, "yearly");
    const stale = await pay(member, older, "pays");
    expect(stale.statusCode).toBe(410);
    expect(stale.json().code).toBe("checkout_expired");
    expect((await pay(member, newer, "pays")).statusCode).toBe(200);
    expect((await current(member)).subscription?.billingCycle).toBe("yearly");
  });

  it("starts one subscription when a member pays four open checkouts at once", async () => {
    const member = await newMember();
    const sessions = [];
    for (const cycle of ["monthly", "yearly", "monthly", "yearly"] as const) {
      sessions.push(await startCheckout(member, cycle));
    }
    // Each closed the one before; two tabs starting checkout together can still leave several
    // open, as here.
    await app.database.db
      .updateTable("sandbox_checkouts")
      .set({ status: "open" })
      .where("id", "in", sessions)
      .execute();
    const paid = await Promise.all(sessions.map((id) => pay(member, id, "pays")));
    expect(paid.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of paid.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: m.alreadySubscribed, code: "already_subscribed" });
    }
    const db = app.database.db;
    const provider = await db
      .selectFrom("sandbox_subscriptions")
      .select("status")
      .where("user_id", "=", member.userId)
      .execute();
    expect(provider).toEqual([{ status: "active" }]);
    const invoices = await db
      .selectFrom("sandbox_invoices as i")
      .innerJoin("sandbox_subscriptions as s", "s.provider_id", "i.subscription_id")
      .select("i.id")
      .where("s.user_id", "=", member.userId)
      .execute();
    expect(invoices).toHaveLength(1);
    const local = await db
      .selectFrom("subscriptions")
      .select("status")
      .where("user_id", "=", member.userId)
      .execute();
    expect(local).toEqual([{ status: "active" }]);
    expect((await current(member)).isPro).toBe(true);
  });

  it("refuses a new checkout while the sandbox holds a live subscription the site has not recorded", async () => {
    const member = await newMember();
    await subscribeWith(member, "monthly", "pays");
    // As when the payment's webhook has not been applied yet: the site knows no subscription.
    await app.database.db
      .deleteFrom("subscriptions")
      .where("user_id", "=", member.userId)
      .execute();
    expect((await current(member)).isPro).toBe(false);

    const again = await call("POST", "/api/v1/subscriptions/create", member, {
      billingCycle: "yearly",
    });

    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ message: m.subscriptionOpen, code: "subscription_open" });
  });

  it("leaves a member free when the card is declined, and creates nothing", async () => {
    const cat = await newMember();
    const sessionId = await startCheckout(cat, "monthly");
    const declined = await pay(cat, sessionId, "declined");
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: "Your card was declined.", code: "card_declined" });
    expect(await current(cat)).toMatchObject({ tier: "free", subscription: null });
    const rows = await app.database.db
      .selectFrom("sandbox_subscriptions")
      .select("id")
      .where("user_id", "=", cat.userId)
      .execute();
    expect(rows).toEqual([]);
    // The checkout stays open: a good card still pays it.
    const page = await call("GET", `/api/v1/billing/sandbox/checkout/${sessionId}`, cat);
    expect(page.json().status).toBe("open");
    expect((await pay(cat, sessionId, "pays")).statusCode).toBe(200);
    expect((await current(cat)).tier).toBe("pro");
  });

  it("answers a payment that lands as its account is deleted, and ends that subscription (round 58)", async () => {
    const gone = await newMember();
    const sessionId = await startCheckout(gone, "monthly");
    // The handler cancelled it at the sandbox, whose delivery waited for the delivery in hand:
    // the payment never answered, nor did any delivery after it.
    const answered = await Promise.race([
      payAsAccountIsDeleted(app, gone, sessionId, clock.now()).then(() => "answered"),
      new Promise((resolve) => setTimeout(() => resolve("hung"), 10_000)),
    ]);
    expect(answered).toBe("answered");
    const ended = await until(
      "the subscription paid for a deleted account ends",
      async () => {
        const row = await app.database.db
          .selectFrom("subscriptions")
          .select("status")
          .where("user_id", "=", gone.userId)
          .executeTakeFirst();
        return row?.status === "canceled" ? row : undefined;
      },
      10_000,
    );
    expect(ended.status).toBe("canceled");
    // Deliveries go on: another member's payment is applied.
    const next = await newMember();
    await subscribeWith(next, "monthly", "pays");
    expect((await current(next)).tier).toBe("pro");
  });

  it("refuses a number that is none of the test cards, and a card past its expiry", async () => {
    const dee = await newMember();
    const sessionId = await startCheckout(dee, "monthly");
    const unknown = await call("POST", `/api/v1/billing/sandbox/checkout/${sessionId}/pay`, dee, {
      ...card("pays"),
      cardNumber: "5555 5555 5555 4444",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(SANDBOX_CARDS.pays.number);
    const expired = await call("POST", `/api/v1/billing/sandbox/checkout/${sessionId}/pay`, dee, {
      ...card("pays"),
      expiry: "01/20",
    });
    expect(expired.statusCode).toBe(402);
    expect(expired.json().message).toBe(m.cardExpired);
    const malformed = await call("POST", `/api/v1/billing/sandbox/checkout/${sessionId}/pay`, dee, {
      cardNumber: "42",
      expiry: "13/99",
      cvc: "1",
    });
    expect(malformed.statusCode).toBe(400);
    expect(await current(dee)).toMatchObject({ tier: "free", subscription: null });
  });

  it("keeps Pro through the grace period after a failed renewal, then ends it", async () => {
    const eve = await newMember();
    await subscribeWith(eve, "monthly", "failsAtRenewal");
    const { subscription: first } = await current(eve);
    const renewal = Date.parse(first?.expiryDate ?? "");

    await advance((renewal - (await sandboxNow())) / DAY + 0.5);
    const pastDue = await current(eve);
    expect(pastDue).toMatchObject({ tier: "pro", isPro: true });
    expect(pastDue.subscription).toMatchObject({
      status: "past_due",
      // Paid through the failed renewal, and Pro for the grace after it.
      expiryDate: new Date(renewal).toISOString(),
      graceUntil: new Date(renewal + BILLING_RULES.gracePeriodMs).toISOString(),
    });
    expect((await download("hd", eve)).statusCode).toBe(200);
    const portalId = await openPortal(eve);
    const portal = await call("GET", `/api/v1/billing/sandbox/portal/${portalId}`, eve);
    expect(portal.json().invoices.map((i: { status: string }) => i.status)).toEqual([
      "open",
      "paid",
    ]);

    await advance(8);
    const ended = await current(eve);
    expect(ended).toMatchObject({ tier: "free", isPro: false });
    // It ended when the grace did ("Ended on"), not at the end of the period never paid for.
    expect(ended.subscription).toMatchObject({
      status: "canceled",
      graceUntil: null,
      expiryDate: new Date(renewal + BILLING_RULES.gracePeriodMs).toISOString(),
    });
    expect((await download("hd", eve)).statusCode).toBe(403);
  });

  it("recovers a past_due subscription when the member puts a card that pays", async () => {
    const fay = await newMember();
    await subscribeWith(fay, "monthly", "failsAtRenewal");
    const renewal = Date.parse((await current(fay)).subscription?.expiryDate ?? "");
    await advance((renewal - (await sandboxNow())) / DAY + 0.5);
    expect((await current(fay)).subscription?.status).toBe("past_due");

    const portalId = await openPortal(fay);
    // She cancels at the period's end first: the receipt of the invoice her card then pays says
    // the plan ends, not that it renews (round 58).
    await portalAction(fay, portalId, { action: "cancel" });
    const declined = await call("POST", `/api/v1/billing/sandbox/portal/${portalId}`, fay, {
      action: "update_card",
      cardNumber: SANDBOX_CARDS.declined.number,
    });
    expect(declined.statusCode).toBe(402);
    const portal = await portalAction(fay, portalId, {
      action: "update_card",
      cardNumber: SANDBOX_CARDS.pays.number,
    });
    expect(portal.cardLast4).toBe("4242");
    expect(portal.invoices.map((i) => i.status)).toEqual(["paid", "paid"]);
    const recovered = await current(fay);
    expect(recovered).toMatchObject({ tier: "pro" });
    expect(recovered.subscription).toMatchObject({
      status: "active",
      graceUntil: null,
      expiryDate: new Date(periodEndOf(renewal, "monthly")).toISOString(),
    });
    const receipts = await proReceiptsTo(fay);
    expect(receipts.at(-1)?.text).toMatch(/; it ends then, as you cancelled it/);
    expect(receipts.at(-1)?.text).not.toMatch(/renews then/);
  });

  it("switches monthly to yearly from the next period, and can resume a cancel", async () => {
    const gus = await newMember();
    await subscribeWith(gus, "monthly", "pays");
    const renewal = Date.parse((await current(gus)).subscription?.expiryDate ?? "");
    const portalId = await openPortal(gus);
    const switched = await portalAction(gus, portalId, {
      action: "switch",
      billingCycle: "yearly",
    });
    expect(switched.pendingBillingCycle).toBe("yearly");
    expect(switched.subscription?.billingCycle).toBe("monthly");
    expect((await current(gus)).subscription?.billingCycle).toBe("monthly");

    // A cancel taken back before the period ends renews as planned.
    await portalAction(gus, portalId, { action: "cancel" });
    const resumed = await portalAction(gus, portalId, { action: "resume" });
    expect(resumed.subscription?.cancelAtPeriodEnd).toBe(false);
    expect((await current(gus)).subscription?.cancelAtPeriodEnd).toBe(false);

    await advance((renewal - (await sandboxNow())) / DAY + 0.5);
    const renewed = await current(gus);
    expect(renewed).toMatchObject({ tier: "pro" });
    expect(renewed.subscription).toMatchObject({
      status: "active",
      billingCycle: "yearly",
      priceCents: PRO_PRICES_CENTS.yearly,
      expiryDate: new Date(periodEndOf(renewal, "yearly")).toISOString(),
    });
    // The first portal session has expired by now (24 hours); Manage Billing opens a new one.
    const expired = await call("GET", `/api/v1/billing/sandbox/portal/${portalId}`, gus);
    expect(expired.statusCode).toBe(410);
    const after = await call("GET", `/api/v1/billing/sandbox/portal/${await openPortal(gus)}`, gus);
    expect(after.json().pendingBillingCycle).toBeNull();
    expect(after.json().invoices[0]).toMatchObject({
      status: "paid",
      amountCents: PRO_PRICES_CENTS.yearly,
      billingCycle: "yearly",
    });
  });

  it("expires a checkout after 24 hours", async () => {
    const hal = await newMember();
    const sessionId = await startCheckout(hal, "monthly");
    await advance(1.01);
    const page = await call("GET", `/api/v1/billing/sandbox/checkout/${sessionId}`, hal);
    expect(page.json().status).toBe("expired");
    const late = await pay(hal, sessionId, "pays");
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(m.checkoutExpired);
    expect((await current(hal)).tier).toBe("free");
  });
});

describe(`the sandbox's pages and clock refuse whoever they are not for, on ${TEST_DB}`, () => {
  it("shows a checkout and a portal only to their member", async () => {
    const owner = await newMember();
    const other = await newMember();
    const sessionId = await startCheckout(owner, "monthly");
    const checkoutUrl = `/api/v1/billing/sandbox/checkout/${sessionId}`;

    expect((await call("GET", checkoutUrl)).statusCode).toBe(401);
    expect((await call("POST", `${checkoutUrl}/pay`, undefined, card("pays"))).statusCode).toBe(
      401,
    );
    const theirs = await call("GET", checkoutUrl, other);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(m.checkoutNotYours);
    expect((await pay(other, sessionId, "pays")).statusCode).toBe(403);
    expect((await call("GET", checkoutUrl, admin)).statusCode).toBe(403);
    expect(
      (await call("GET", "/api/v1/billing/sandbox/checkout/cs_sbx_nothing", owner)).statusCode,
    ).toBe(404);
    expect((await call("GET", "/api/v1/billing/sandbox/checkout/..%2Fetc", owner)).statusCode).toBe(
      400,
    );

    await subscribeWith(owner, "monthly", "pays");
    const portalId = await openPortal(owner);
    const portalUrl = `/api/v1/billing/sandbox/portal/${portalId}`;
    expect((await call("GET", portalUrl)).statusCode).toBe(401);
    expect((await call("GET", portalUrl, other)).statusCode).toBe(403);
    expect((await call("POST", portalUrl, other, { action: "cancel" })).statusCode).toBe(403);
    expect((await current(owner)).subscription?.cancelAtPeriodEnd).toBe(false);
  });

  it("opens the portal only for a member with a billing account", async () => {
    const newcomer = await newMember();
    const res = await call("POST", "/api/v1/subscriptions/portal", newcomer);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.noBillingAccount);
    expect((await call("POST", "/api/v1/subscriptions/portal")).statusCode).toBe(401);
  });

  it("lets only admins move the clock", async () => {
    const member = await newMember();
    const url = "/api/v1/billing/sandbox/clock";
    expect((await call("POST", url, undefined, { days: 1 })).statusCode).toBe(401);
    const refused = await call("POST", url, member, { days: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.adminOnlyClock);
    expect((await call("POST", url, admin, { days: -1 })).statusCode).toBe(400);
    const before = await sandboxNow();
    const moved = await advance(2);
    expect(Date.parse(moved.now) - before).toBe(2 * DAY);
  });
});

describe(`the sandbox as real time passes, on ${TEST_DB}`, () => {
  it("renews when the period ends without anyone moving its clock, keeping the first day's date", async () => {
    // 31 January: the renewals fall on the 28th of February, then the 31st of March.
    const ownClock = new TestClock(Date.UTC(2027, 0, 31, 10, 0, 0));
    const own = await createTestApp({}, { clock: ownClock });
    try {
      const ask = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
        own.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const member = await signIn(own, "sbx_realtime");
      const created = await ask("POST", "/api/v1/subscriptions/create", member.cookie, {
        billingCycle: "monthly",
      });
      const sessionId = (created.json().url as string).split("/").at(-1) as string;
      const paid = await ask(
        "POST",
        `/api/v1/billing/sandbox/checkout/${sessionId}/pay`,
        member.cookie,
        card("pays"),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const sandbox = own.services.billing.sandbox as NonNullable<
        typeof own.services.billing.sandbox
      >;
      const expiries: string[] = [];
      for (const days of [29, 31]) {
        ownClock.advance(days * DAY);
        // What every process does each minute: here one tick, waited for.
        await sandbox.startRedelivery(60 * 60 * 1000).stop();
        const signedIn = await own.server.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          payload: { username: "sbx_realtime", password: "correct horse battery" },
        });
        const cookie = String(signedIn.headers["set-cookie"]).split(";")[0] as string;
        const now = ZCurrentSubscription.parse(
          (await ask("GET", "/api/v1/subscriptions/current", cookie)).json(),
        );
        expect(now).toMatchObject({ tier: "pro", subscription: { status: "active" } });
        expiries.push(now.subscription?.expiryDate as string);
      }
      expect(expiries).toEqual(["2027-03-31T10:00:00.000Z", "2027-04-30T10:00:00.000Z"]);
    } finally {
      await own.close();
    }
  });
});

describe(`with Stripe settings on ${TEST_DB}`, () => {
  let stripeApp: TestApp;
  beforeAll(async () => {
    stripeApp = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_sawdust_unused",
      STRIPE_WEBHOOK_SECRET: "whsec_sawdust_unused",
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
    });
  });
  afterAll(() => stripeApp.close());

  it("has no sandbox: its routes answer 404, even to admins", async () => {
    const boss = await signIn(stripeApp, "stripe_admin", "admin");
    const urls: Array<["GET" | "POST", string, object?]> = [
      ["GET", "/api/v1/billing/sandbox/checkout/cs_sbx_x"],
      ["POST", "/api/v1/billing/sandbox/checkout/cs_sbx_x/pay", card("pays")],
      ["GET", "/api/v1/billing/sandbox/portal/bps_sbx_x"],
      ["POST", "/api/v1/billing/sandbox/portal/bps_sbx_x", { action: "cancel" }],
      ["POST", "/api/v1/billing/sandbox/clock", { days: 1 }],
    ];
    for (const [method, url, payload] of urls) {
      for (const cookie of [undefined, boss.cookie]) {
        const res = await stripeApp.server.inject({
          method,
          url,
          headers: cookie ? { cookie } : {},
          ...(payload ? { payload } : {}),
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
        expect(res.json().message).toBe(m.sandboxOff);
      }
    }
    const mine = await stripeApp.server.inject({
      url: "/api/v1/subscriptions/current",
      headers: { cookie: boss.cookie },
    });
    expect(mine.json().provider).toBe("stripe");
  });
});
