import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { postWebhook } from "../../../test/webhooks.js";
import { type App, buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { serialisedWaits } from "./billing.repo.js";
import type { PaymentProvider, ProviderSubscription, WebhookEvent } from "./payment-provider.js";

/**
 * Deliveries about one subscription are applied one at a time, each re-reading the provider
 * after the one before it committed — within a process, and on PostgreSQL across processes: two
 * different events about one subscription, the first delivery's re-read slow and answering the
 * older state, the second (through another process) seeing the newer one. The provider's answers
 * are held and released by the test; nothing waits on a timer.
 */

const SECRET = "whsec_ordering_test";
const DAY = 24 * 60 * 60 * 1000;

/** A promise with its resolve at hand. */
type Deferred = { promise: Promise<void>; resolve: () => void };
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * A payment provider whose state the test sets, and whose next re-read can be held: it reads the
 * state when called (so a held one answers what was true then) and answers when released.
 */
class ScriptedProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly subscriptions = new Map<string, ProviderSubscription>();
  /** What each re-read answered, in the order they answered. */
  readonly answers: ProviderSubscription[] = [];
  private readonly verified = new Map<string, Deferred>();
  private hold: { started: () => void; released: Promise<void> } | undefined;

  put(subscription: ProviderSubscription): void {
    this.subscriptions.set(subscription.id, { ...subscription });
  }

  /** Holds the next re-read: `started` once it has read, and it answers after `release()`. */
  holdNextRead() {
    const started = deferred();
    const released = deferred();
    this.hold = { started: started.resolve, released: released.promise };
    return { started: started.promise, release: () => released.resolve() };
  }

  /** Settles once a delivery of this event has been verified (and so has reached the handler). */
  verifiedEvent(id: string): Promise<void> {
    return this.verifiedSlot(id).promise;
  }

  async createPaymentCheckout(): Promise<never> {
    throw new Error("not scripted");
  }

  async refund(): Promise<never> {
    throw new Error("not scripted");
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const found = this.subscriptions.get(id);
    const snapshot = found ? { ...found } : null;
    const hold = this.hold;
    this.hold = undefined;
    if (hold) {
      hold.started();
      await hold.released;
    }
    if (snapshot) this.answers.push(snapshot);
    return snapshot;
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    const event = Stripe.webhooks.constructEvent(rawBody, signature ?? "", SECRET);
    this.verifiedSlot(event.id).resolve();
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      data: { object: event.data.object as unknown as WebhookEvent["data"]["object"] },
    };
  }

  private verifiedSlot(id: string) {
    let slot = this.verified.get(id);
    if (!slot) {
      slot = deferred();
      this.verified.set(id, slot);
    }
    return slot;
  }

  async createCustomer(): Promise<string> {
    throw new Error("not used here");
  }
  async createCheckout(): Promise<{ id: string; url: string }> {
    throw new Error("not used here");
  }
  async createPortal(): Promise<{ url: string }> {
    throw new Error("not used here");
  }
  async cancelNow(): Promise<void> {
    throw new Error("not used here");
  }
  async expireOpenCheckouts(): Promise<void> {
    throw new Error("not used here");
  }
  async expireCheckout(): Promise<void> {
    throw new Error("not used here");
  }
  async hasOpenSubscription(): Promise<boolean> {
    throw new Error("not used here");
  }
}

const clock = new TestClock();
const provider = new ScriptedProvider();
let a: TestApp;
let b: App;
let members = 0;

beforeAll(async () => {
  a = await createTestApp({}, { clock, provider });
  // A second API process on the same database, as a load balancer's second backend would be.
  b = await buildApp(loadConfig(a.env), { webDist: a.webDist, clock, provider });
});
afterAll(async () => {
  await b?.server.close();
  await a?.close();
});

function deliver(app: Pick<App, "server">, type: string, subscriptionId: string) {
  const payload = JSON.stringify({
    id: `evt_order_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor(clock.now() / 1000),
    data: { object: { id: subscriptionId, object: "subscription" } },
  });
  return {
    id: JSON.parse(payload).id as string,
    response: postWebhook(app, payload, SECRET),
  };
}

/** A member's subscription at the provider, active with its period running. */
async function subscriptionAtProvider(): Promise<ProviderSubscription> {
  const member = await signIn(a, `order_m${++members}`);
  const start = clock.now();
  const subscription: ProviderSubscription = {
    id: `sub_order_${randomBytes(6).toString("hex")}`,
    customerId: `cus_order_${member.userId}`,
    userId: member.userId,
    status: "active",
    billingCycle: "monthly",
    priceCents: 1499,
    currentPeriodStart: start,
    currentPeriodEnd: start + 30 * DAY,
    cancelAtPeriodEnd: false,
    createdAt: start,
    endedAt: null,
  };
  provider.put(subscription);
  return subscription;
}

function ourRow(subscriptionId: string) {
  return a.database.db
    .selectFrom("subscriptions")
    .select(["status", "cancel_at_period_end"])
    .where("provider_subscription_id", "=", subscriptionId)
    .executeTakeFirst();
}

/** Settles once a serialised task (of either process) finds its key held by the other. */
async function someoneWaitsOnTheKey(since: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (serialisedWaits.heldElsewhere === since) {
    if (Date.now() > deadline) throw new Error("no delivery came to wait on the key");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe(`the order of deliveries about one subscription, on ${TEST_DB}`, () => {
  it("in one process: the second waits for the first's slow, older re-read and writes the newer state", async () => {
    const subscription = await subscriptionAtProvider();
    const held = provider.holdNextRead();
    const answersBefore = provider.answers.length;
    const first = deliver(a, "customer.subscription.updated", subscription.id);
    await held.started;
    // Meanwhile the member cancels at period end, and the provider says so in a new event.
    provider.put({ ...subscription, cancelAtPeriodEnd: true });
    const second = deliver(a, "customer.subscription.updated", subscription.id);
    await provider.verifiedEvent(second.id);
    // It reached the handler and waits its turn: it has not read the provider.
    expect(provider.answers.length).toBe(answersBefore);

    held.release();
    const [one, two] = await Promise.all([first.response, second.response]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(provider.answers.slice(answersBefore).map((s) => s.cancelAtPeriodEnd)).toEqual([
      false,
      true,
    ]);
    expect(await ourRow(subscription.id)).toEqual({ status: "active", cancel_at_period_end: 1 });
  });

  it.runIf(TEST_DB === "postgres")(
    "across two processes: the later delivery re-reads after the earlier committed, so the newer state is the last written",
    async () => {
      const subscription = await subscriptionAtProvider();
      const held = provider.holdNextRead();
      const waitsBefore = serialisedWaits.heldElsewhere;
      const answersBefore = provider.answers.length;
      // Process A takes the first event, and its re-read is slow.
      const first = deliver(a, "customer.subscription.updated", subscription.id);
      await held.started;
      // The subscription ends at the provider; process B takes the event saying so.
      provider.put({ ...subscription, status: "canceled" });
      const second = deliver(b, "customer.subscription.deleted", subscription.id);
      // B waits for the subscription's key, which A holds until it commits. (Without that lock B
      // would re-read now and finish first, and A's older answer would be written last.)
      const finishedFirst = await Promise.race([
        second.response.then(() => true),
        someoneWaitsOnTheKey(waitsBefore).then(() => false),
      ]);
      expect(finishedFirst, "the second delivery did not wait for the first").toBe(false);
      expect(provider.answers.length).toBe(answersBefore);

      held.release();
      const [one, two] = await Promise.all([first.response, second.response]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect([one.json(), two.json()]).toEqual([{ received: true }, { received: true }]);
      // A answered with what it read (active), B read after A's commit (canceled).
      expect(provider.answers.slice(answersBefore).map((s) => s.status)).toEqual([
        "active",
        "canceled",
      ]);
      expect(await ourRow(subscription.id)).toEqual({
        status: "canceled",
        cancel_at_period_end: 0,
      });
      const events = await a.database.db
        .selectFrom("billing_events")
        .select("id")
        .where("id", "in", [first.id, second.id])
        .execute();
      expect(events).toHaveLength(2);
    },
  );
});
