import { randomBytes } from "node:crypto";
import { BILLING_RULES, type BillingCycle, SANDBOX_CARDS } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { postWebhook } from "../../../test/webhooks.js";
import { deletedEmail } from "../accounts/accounts.repo.js";
import { SANDBOX_SETTINGS } from "./sandbox-provider.js";

/**
 * The member's mail about their plan's renewals, through the sandbox as the web app drives it:
 * a renewal whose payment failed, and Pro that ended (after failed payments, or as a cancel at the
 * period's end took effect). Each goes once, however often and in whatever order the provider's
 * events arrive, and never to a deleted account.
 */

const PUBLIC_URL = "http://127.0.0.1:3000";
const PASSWORD = "correct horse battery";
const FAILED = "Your Pro payment failed";
const ENDED = "Your Pro plan has ended";

let app: TestApp;
const clock = new TestClock();
type Who = { cookie: string; userId: number };
let admin: Who;
let secret: string;
let members = 0;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "rn_admin", "admin");
  secret = (await app.services.settings.get(SANDBOX_SETTINGS.webhookSecret)) as string;
}, 60_000);
afterAll(() => app.close());

function call(method: "GET" | "POST" | "DELETE", url: string, who?: Who, payload?: object) {
  return app.server.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function subscribeWith(
  who: Who,
  card: keyof typeof SANDBOX_CARDS,
  billingCycle: BillingCycle = "monthly",
) {
  const created = await call("POST", "/api/v1/subscriptions/create", who, { billingCycle });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = (created.json().url as string).split("/").at(-1);
  const paid = await call("POST", `/api/v1/billing/sandbox/checkout/${sessionId}/pay`, who, {
    cardNumber: SANDBOX_CARDS[card].number,
    expiry: "12/34",
    cvc: "123",
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function advance(days: number) {
  const res = await call("POST", "/api/v1/billing/sandbox/clock", admin, { days });
  expect(res.statusCode, res.body).toBe(200);
}

async function subscription(who: Who) {
  const res = await call("GET", "/api/v1/subscriptions/current", who);
  return res.json() as {
    tier: string;
    subscription: { status: string; expiryDate: string; graceUntil: string | null } | null;
  };
}

/** The member's renewal notices queued (any address the account had), oldest first. */
async function noticesTo(userId: number, email: string) {
  const jobs = await app.database.db
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "=", "mail.send")
    .orderBy("id")
    .execute();
  return jobs
    .map((job) => JSON.parse(job.payload) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email || mail.to === deletedEmail(userId))
    .filter((mail) => mail.subject.startsWith(FAILED) || mail.subject.startsWith(ENDED));
}

/** An instant as the mails say it. */
function inWords(at: number) {
  const date = new Date(at);
  return `${date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })} at ${date.toISOString().slice(11, 16)} UTC`;
}

const deliver = (payload: string) => postWebhook(app, payload, secret, clock.now());

/** Every event the sandbox sent about the member's subscription, as it sent them. */
async function sentEventsOf(userId: number) {
  const row = await app.database.db
    .selectFrom("subscriptions")
    .select("provider_subscription_id")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const events = await app.database.db
    .selectFrom("sandbox_events")
    .select("payload")
    .orderBy("id")
    .execute();
  return events
    .map((e) => e.payload)
    .filter((payload) => payload.includes(row.provider_subscription_id as string));
}

/** Each event delivered again, newest first; then as new events (fresh ids), newest first. */
async function redeliverOutOfOrder(userId: number) {
  const sent = (await sentEventsOf(userId)).reverse();
  expect(sent.length).toBeGreaterThan(2);
  for (const payload of sent) {
    const again = await deliver(payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().duplicate).toBe(true);
  }
  for (const payload of sent) {
    const fresh = JSON.stringify({
      ...JSON.parse(payload),
      id: `evt_again_${randomBytes(6).toString("hex")}`,
    });
    const res = await deliver(fresh);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe(`renewal notices on ${TEST_DB}`, () => {
  it("mails once when a renewal's payment fails, and once when Pro ends after it", async () => {
    const who = await signIn(app, `rn_m${++members}`);
    const email = `rn_m${members}@example.com`;
    // Pays today, declined at the first renewal (a year on).
    await subscribeWith(who, "failsAtRenewal", "yearly");
    const renewal = Date.parse((await subscription(who)).subscription?.expiryDate ?? "");

    await advance(366);
    const pastDue = await subscription(who);
    expect(pastDue).toMatchObject({ tier: "pro", subscription: { status: "past_due" } });
    const graceEnd = renewal + BILLING_RULES.gracePeriodMs;
    expect(Date.parse(pastDue.subscription?.graceUntil ?? "")).toBe(graceEnd);
    const failed = await noticesTo(who.userId, email);
    expect(failed.map((mail) => mail.subject)).toEqual([`${FAILED} — Sawdust`]);
    expect(failed[0]?.text).toContain("We could not take the payment that renews your Pro plan");
    expect(failed[0]?.text).toContain(`You keep Pro until ${inWords(graceEnd)}.`);
    expect(failed[0]?.text).toContain(`Update your card: ${PUBLIC_URL}/subscriptions`);

    await advance(8);
    expect(await subscription(who)).toMatchObject({
      tier: "free",
      subscription: { status: "canceled" },
    });
    const both = await noticesTo(who.userId, email);
    expect(both.map((mail) => mail.subject)).toEqual([`${FAILED} — Sawdust`, `${ENDED} — Sawdust`]);
    expect(both[1]?.text).toContain(
      `Your Pro plan ended on ${inWords(graceEnd)}: the payment to renew it could not be taken`,
    );
    expect(both[1]?.text).toContain("Your account is on the free plan now.");
    expect(both[1]?.text).toContain(`See your plan: ${PUBLIC_URL}/subscriptions`);

    // The provider delivers everything again, and out of order: nothing more is sent.
    await redeliverOutOfOrder(who.userId);
    expect(await noticesTo(who.userId, email)).toHaveLength(2);
    expect((await subscription(who)).subscription?.status).toBe("canceled");
  });

  it("mails once when a cancel at the period's end takes effect", async () => {
    const who = await signIn(app, `rn_m${++members}`);
    const email = `rn_m${members}@example.com`;
    await subscribeWith(who, "pays");
    const portal = await call("POST", "/api/v1/subscriptions/portal", who);
    const portalId = (portal.json().url as string).split("/").at(-1);
    const cancelled = await call("POST", `/api/v1/billing/sandbox/portal/${portalId}`, who, {
      action: "cancel",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const end = Date.parse((await subscription(who)).subscription?.expiryDate ?? "");
    expect(await noticesTo(who.userId, email)).toEqual([]);

    await advance(32);
    expect((await subscription(who)).tier).toBe("free");
    const notices = await noticesTo(who.userId, email);
    expect(notices.map((mail) => mail.subject)).toEqual([`${ENDED} — Sawdust`]);
    expect(notices[0]?.text).toContain(
      `Your Pro plan ended on ${inWords(end)}, as you cancelled it.`,
    );

    await redeliverOutOfOrder(who.userId);
    expect(await noticesTo(who.userId, email)).toHaveLength(1);
  });

  it("mails nothing when the renewal pays", async () => {
    const who = await signIn(app, `rn_m${++members}`);
    await subscribeWith(who, "pays");
    await advance(32);
    expect((await subscription(who)).subscription?.status).toBe("active");
    expect(await noticesTo(who.userId, `rn_m${members}@example.com`)).toEqual([]);
  });

  it("mails no deleted account, even when its subscription's end is applied after the deletion", async () => {
    const who = await signIn(app, `rn_m${++members}`);
    const email = `rn_m${members}@example.com`;
    await subscribeWith(who, "pays");
    const deleted = await call("DELETE", "/api/v1/account", who, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await noticesTo(who.userId, email)).toEqual([]);
    // As with Stripe, whose event about the cancellation arrives after the deletion committed:
    // the site still holds the subscription live when it is applied.
    await app.database.db
      .updateTable("subscriptions")
      .set({ status: "active", canceled_at: null })
      .where("user_id", "=", who.userId)
      .execute();
    const ended = (await sentEventsOf(who.userId)).at(-1) as string;
    expect(JSON.parse(ended).type).toBe("customer.subscription.deleted");
    const res = await deliver(
      JSON.stringify({ ...JSON.parse(ended), id: `evt_late_${randomBytes(6).toString("hex")}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await app.database.db
      .selectFrom("subscriptions")
      .select("status")
      .where("user_id", "=", who.userId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("canceled");
    expect(await noticesTo(who.userId, email)).toEqual([]);
  });
});
