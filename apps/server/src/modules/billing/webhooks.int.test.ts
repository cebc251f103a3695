import { randomBytes } from "node:crypto";
import { MESSAGES, ZWebhookAck } from "@sawdust/shared";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payForPro, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { BillingRepo } from "./billing.repo.js";
import { SANDBOX_SETTINGS } from "./sandbox-provider.js";

/**
 * The webhook handler on the real database: signatures over the raw bytes, dedupe by event id in
 * the effect's own transaction, the subscription re-read from the provider (the sandbox here;
 * its state is changed behind the handler's back, as Stripe's changes while events are in
 * flight), and concurrent deliveries.
 */

let app: TestApp;
const clock = new TestClock();
let secret: string;
let members = 0;
type Who = { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  secret = (await app.services.settings.get(SANDBOX_SETTINGS.webhookSecret)) as string;
  expect(secret).toMatch(/^whsec_/);
});
afterAll(() => app.close());

const nowSeconds = () => Math.floor(clock.now() / 1000);

function sign(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    timestamp: options.timestamp ?? nowSeconds(),
  });
}

function deliver(payload: string, signature?: string, contentType = "application/json") {
  return app.server.inject({
    method: "POST",
    url: "/api/v1/billing/webhook",
    headers: {
      "content-type": contentType,
      ...(signature !== undefined ? { "stripe-signature": signature } : {}),
    },
    payload,
  });
}

/** An event in Stripe's envelope, with an id of its own. */
function event(type: string, object: Record<string, unknown>, created = nowSeconds()) {
  return JSON.stringify({
    id: `evt_test_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created,
    data: { object },
  });
}

/** A member who paid in the sandbox: their subscription's provider id. */
async function subscriber(): Promise<{ who: Who; subscriptionId: string }> {
  const who = await signIn(app, `wh_m${++members}`);
  await payForPro(app, who.cookie);
  const row = await ourRowOf(who.userId);
  return { who, subscriptionId: row.provider_subscription_id as string };
}

function ourRowOf(userId: number) {
  return app.database.db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

async function tierOf(who: Who) {
  const res = await app.server.inject({
    url: "/api/v1/auth/user",
    headers: { cookie: who.cookie },
  });
  return res.json().tier as string;
}

/** Changes the sandbox's own record, as the provider's state moves on while events travel. */
async function atTheProvider(
  subscriptionId: string,
  changes: { status?: string; cancel_at_period_end?: number; ended_at?: number },
) {
  await app.database.db
    .updateTable("sandbox_subscriptions")
    .set(changes)
    .where("provider_id", "=", subscriptionId)
    .execute();
}

async function recorded(eventId: string) {
  const rows = await app.database.db
    .selectFrom("billing_events")
    .select("id")
    .where("id", "=", eventId)
    .execute();
  return rows.length;
}

const idOf = (payload: string) => JSON.parse(payload).id as string;

describe(`webhook signatures on ${TEST_DB}`, () => {
  it("refuses a missing, wrong, stale or tampered signature with 400, changing nothing", async () => {
    const { who, subscriptionId } = await subscriber();
    await atTheProvider(subscriptionId, { cancel_at_period_end: 1 });
    const payload = event("customer.subscription.updated", { id: subscriptionId });
    const refusals = [
      deliver(payload),
      deliver(payload, ""),
      deliver(payload, "t=1,v1=abc"),
      deliver(payload, sign(payload, { secret: "whsec_someone_else" })),
      deliver(payload, sign(payload, { timestamp: nowSeconds() - 301 })),
      deliver(
        payload.replace("customer.subscription.updated", "customer.subscription.deleted"),
        sign(payload),
      ),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: MESSAGES.payments.invalidSignature,
        code: "invalid_signature",
      });
    }
    expect(await recorded(idOf(payload))).toBe(0);
    expect((await ourRowOf(who.userId)).cancel_at_period_end).toBe(0);

    // Within the 300 s window the same event is taken, and the provider's state applied.
    const fresh = await deliver(payload, sign(payload, { timestamp: nowSeconds() - 299 }));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(ZWebhookAck.parse(fresh.json())).toEqual({ received: true });
    expect((await ourRowOf(who.userId)).cancel_at_period_end).toBe(1);
  });

  it("reads only JSON, and a signed body that is no event is refused", async () => {
    const text = "not json at all";
    const res = await deliver(text, sign(text), "text/plain");
    expect(res.statusCode).toBe(415);
    const signedGarbage = await deliver(text, sign(text));
    expect(signedGarbage.statusCode).toBe(400);
    for (const notAnEvent of [JSON.stringify({ hello: "world" }), "null", "[]", '"evt"']) {
      expect((await deliver(notAnEvent, sign(notAnEvent))).statusCode, notAnEvent).toBe(400);
    }
  });
});

describe(`webhook effects on ${TEST_DB}`, () => {
  it("applies the same event once: a redelivery answers 200 and changes nothing", async () => {
    const { who, subscriptionId } = await subscriber();
    const payload = event("customer.subscription.updated", { id: subscriptionId });

    await atTheProvider(subscriptionId, { cancel_at_period_end: 1 });
    const first = await deliver(payload, sign(payload), "application/json; charset=utf-8");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await ourRowOf(who.userId)).cancel_at_period_end).toBe(1);

    // Even though the provider changed again, replaying this event id does nothing.
    await atTheProvider(subscriptionId, { cancel_at_period_end: 0 });
    const again = await deliver(payload, sign(payload));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await ourRowOf(who.userId)).cancel_at_period_end).toBe(1);
    expect(await recorded(idOf(payload))).toBe(1);
  });

  it("ends with the provider's state when `deleted` arrives before the `updated` that preceded it", async () => {
    const { who, subscriptionId } = await subscriber();
    const updatedAt = nowSeconds();
    // What Stripe sent first (the member cancelling at period end)…
    const updated = event(
      "customer.subscription.updated",
      { id: subscriptionId, object: "subscription", status: "active", cancel_at_period_end: true },
      updatedAt,
    );
    // …and then, the subscription ended. The deliveries come the other way round.
    await atTheProvider(subscriptionId, {
      status: "canceled",
      cancel_at_period_end: 1,
      ended_at: clock.now(),
    });
    const deleted = event(
      "customer.subscription.deleted",
      { id: subscriptionId, object: "subscription", status: "canceled" },
      updatedAt + 60,
    );
    expect((await deliver(deleted, sign(deleted))).statusCode).toBe(200);
    expect((await ourRowOf(who.userId)).status).toBe("canceled");
    expect(await tierOf(who)).toBe("free");

    const late = await deliver(updated, sign(updated));
    expect(late.statusCode).toBe(200);
    const row = await ourRowOf(who.userId);
    expect(row.status).toBe("canceled");
    expect(row.cancel_at_period_end).toBe(1);
    expect(await tierOf(who)).toBe("free");
  });

  it("finds the subscription of an invoice where the 2026 API puts it, and where older ones did", async () => {
    const { who, subscriptionId } = await subscriber();
    await atTheProvider(subscriptionId, { cancel_at_period_end: 1 });
    const legacy = event("invoice.payment_succeeded", {
      id: "in_legacy",
      object: "invoice",
      subscription: subscriptionId,
    });
    expect((await deliver(legacy, sign(legacy))).json()).toEqual({ received: true });
    expect((await ourRowOf(who.userId)).cancel_at_period_end).toBe(1);

    await atTheProvider(subscriptionId, { cancel_at_period_end: 0 });
    const current = event("invoice.paid", {
      id: "in_current",
      object: "invoice",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscriptionId },
      },
    });
    expect((await deliver(current, sign(current))).json()).toEqual({ received: true });
    expect((await ourRowOf(who.userId)).cancel_at_period_end).toBe(0);
  });

  it("acknowledges and ignores an event type it does not act on", async () => {
    const payload = event("customer.created", { id: "cus_sbx_new", object: "customer" });
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: true });
    expect(await recorded(idOf(payload))).toBe(0);
  });

  it("records but ignores a subscription the provider does not know", async () => {
    const payload = event("customer.subscription.updated", { id: "sub_sbx_unknown" });
    const res = await deliver(payload, sign(payload));
    expect(res.json()).toEqual({ received: true, ignored: true });
    expect(await recorded(idOf(payload))).toBe(1);
  });
});

describe(`concurrent deliveries on ${TEST_DB}`, () => {
  it("gives 20 concurrent deliveries of one event exactly one effect", async () => {
    const { who, subscriptionId } = await subscriber();
    // As if none of the subscription's events had arrived yet: our row is not there.
    await app.database.db
      .deleteFrom("subscriptions")
      .where("provider_subscription_id", "=", subscriptionId)
      .execute();
    expect(await tierOf(who)).toBe("free");

    const payload = event("checkout.session.completed", {
      id: "cs_sbx_concurrent",
      object: "checkout.session",
      subscription: subscriptionId,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(payload, sign(payload))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => !b.duplicate)).toEqual([{ received: true }]);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(19);

    const rows = await app.database.db
      .selectFrom("subscriptions")
      .select("id")
      .where("provider_subscription_id", "=", subscriptionId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await recorded(idOf(payload))).toBe(1);
    expect(await tierOf(who)).toBe("pro");
  });

  it("lets one of 20 concurrent transactions for one event id in, on the database's own key", async () => {
    // Below the process's per-subscription queue: as if 20 processes received the delivery.
    const { who, subscriptionId } = await subscriber();
    const before = await ourRowOf(who.userId);
    await app.database.db.deleteFrom("subscriptions").where("id", "=", before.id).execute();
    const { id: _id, ...row } = before;
    const billing = new BillingRepo(app.database.db, app.database.dialect);
    const eventId = `evt_race_${randomBytes(6).toString("hex")}`;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        billing.applyEvent(
          { id: eventId, type: "customer.subscription.updated", receivedAt: clock.now() },
          row,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(19);
    const rows = await app.database.db
      .selectFrom("subscriptions")
      .select("id")
      .where("provider_subscription_id", "=", subscriptionId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await recorded(eventId)).toBe(1);
  });
});
