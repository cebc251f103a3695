import type { Insertable, Selectable, Updateable } from "kysely";
import type { Db } from "../../db/database.js";
import type {
  SandboxCheckoutRow,
  SandboxCheckoutsTable,
  SandboxCustomersTable,
  SandboxEventsTable,
  SandboxInvoiceRow,
  SandboxInvoicesTable,
  SandboxPortalSessionsTable,
  SandboxSubscriptionRow,
  SandboxSubscriptionsTable,
} from "../../db/schema.js";
import {
  LIVE_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUSES_BLOCKING_CHECKOUT,
} from "./payment-provider.js";

/** The statuses in which a sandbox subscription still bills (and so can come due). */
const LIVE_STATUSES = [...LIVE_SUBSCRIPTION_STATUSES];

/** The sandbox provider's own state: what Stripe would keep on its side. */
export class SandboxRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: SandboxRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SandboxRepo(trx)));
  }

  /**
   * Makes the customer unless one was made with its idempotency key: answers the id of the
   * customer the key names (this one, or the earlier).
   */
  async insertCustomer(
    row: Insertable<SandboxCustomersTable> & { idempotency_key: string },
  ): Promise<string> {
    await this.db
      .insertInto("sandbox_customers")
      .values(row)
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .execute();
    const made = await this.db
      .selectFrom("sandbox_customers")
      .select("id")
      .where("idempotency_key", "=", row.idempotency_key)
      .executeTakeFirstOrThrow();
    return made.id;
  }

  findCustomer(id: string): Promise<Selectable<SandboxCustomersTable> | undefined> {
    return this.db
      .selectFrom("sandbox_customers")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async setCustomerCard(id: string, card: string, last4: string): Promise<void> {
    await this.db
      .updateTable("sandbox_customers")
      .set({ card, card_last4: last4 })
      .where("id", "=", id)
      .execute();
  }

  async insertCheckout(row: Insertable<SandboxCheckoutsTable>): Promise<void> {
    await this.db.insertInto("sandbox_checkouts").values(row).execute();
  }

  findCheckout(id: string): Promise<SandboxCheckoutRow | undefined> {
    return this.db
      .selectFrom("sandbox_checkouts")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Open checkouts whose time ran out become expired. */
  async expireCheckouts(now: number): Promise<void> {
    await this.db
      .updateTable("sandbox_checkouts")
      .set({ status: "expired" })
      .where("status", "=", "open")
      .where("expires_at", "<=", now)
      .execute();
  }

  /** Expires one checkout if it is still open. */
  async expireCheckout(id: string): Promise<void> {
    await this.db
      .updateTable("sandbox_checkouts")
      .set({ status: "expired" })
      .where("id", "=", id)
      .where("status", "=", "open")
      .execute();
  }

  /**
   * Makes a checkout for Pro the customer's only one open (one left open in another tab could
   * otherwise be paid as well), as the Stripe provider keeps it. One transaction that first locks
   * the customer's row — an update of it: PostgreSQL holds the lock to the commit, SQLite runs
   * one writing transaction at a time — so checkouts made at once each expire the one before
   * (round 58: the expiry and the insert apart, 20 at once left 3 open).
   */
  insertOnlyOpenSubscriptionCheckout(row: Insertable<SandboxCheckoutsTable>): Promise<void> {
    return this.transaction(async (repo) => {
      await repo.db
        .updateTable("sandbox_customers")
        .set((eb) => ({ id: eb.ref("id") }))
        .where("id", "=", row.customer_id)
        .execute();
      await repo.expireOpenSubscriptionCheckouts(row.customer_id);
      await repo.insertCheckout(row);
    });
  }

  /** Expires the customer's open checkouts for a subscription (a newer one replaces them). */
  async expireOpenSubscriptionCheckouts(customerId: string): Promise<void> {
    await this.db
      .updateTable("sandbox_checkouts")
      .set({ status: "expired" })
      .where("customer_id", "=", customerId)
      .where("mode", "=", "subscription")
      .where("status", "=", "open")
      .execute();
  }

  /** Expires every open checkout of the customer, of both modes (the account is being deleted). */
  async expireOpenCheckouts(customerId: string): Promise<void> {
    await this.db
      .updateTable("sandbox_checkouts")
      .set({ status: "expired" })
      .where("customer_id", "=", customerId)
      .where("status", "=", "open")
      .execute();
  }

  /** Completes an open, unexpired checkout; false when it was not open (paid twice, expired). */
  async completeCheckout(id: string, subscriptionId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("sandbox_checkouts")
      .set({ status: "complete", subscription_id: subscriptionId })
      .where("id", "=", id)
      .where("status", "=", "open")
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Completes an open, unexpired one-off checkout with its payment; false when it was not open. */
  async completePaymentCheckout(
    id: string,
    paymentIntentId: string,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("sandbox_checkouts")
      .set({ status: "complete", payment_intent_id: paymentIntentId })
      .where("id", "=", id)
      .where("mode", "=", "payment")
      .where("status", "=", "open")
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  findCheckoutByPayment(paymentIntentId: string): Promise<SandboxCheckoutRow | undefined> {
    return this.db
      .selectFrom("sandbox_checkouts")
      .selectAll()
      .where("payment_intent_id", "=", paymentIntentId)
      .executeTakeFirst();
  }

  /** Marks a paid checkout's payment refunded; false when it already was. */
  async markRefunded(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("sandbox_checkouts")
      .set({ refunded_at: now })
      .where("id", "=", id)
      .where("refunded_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertSubscription(row: Insertable<SandboxSubscriptionsTable>): Promise<void> {
    await this.db.insertInto("sandbox_subscriptions").values(row).execute();
  }

  findSubscription(providerId: string): Promise<SandboxSubscriptionRow | undefined> {
    return this.db
      .selectFrom("sandbox_subscriptions")
      .selectAll()
      .where("provider_id", "=", providerId)
      .executeTakeFirst();
  }

  /** The customer's newest subscription, whatever its status. */
  findLatestSubscriptionOf(customerId: string): Promise<SandboxSubscriptionRow | undefined> {
    return this.db
      .selectFrom("sandbox_subscriptions")
      .selectAll()
      .where("customer_id", "=", customerId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** The customer's newest subscription that still bills, if any. */
  findLiveSubscriptionOf(customerId: string): Promise<SandboxSubscriptionRow | undefined> {
    return this.db
      .selectFrom("sandbox_subscriptions")
      .selectAll()
      .where("customer_id", "=", customerId)
      .where("status", "in", LIVE_STATUSES)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** Whether the customer has a subscription that refuses them a new checkout for Pro. */
  async hasSubscriptionBlockingCheckout(customerId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("sandbox_subscriptions")
      .select("id")
      .where("customer_id", "=", customerId)
      .where("status", "in", [...SUBSCRIPTION_STATUSES_BLOCKING_CHECKOUT])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Changes a subscription only if it is still as the caller read it (its status and period end):
   * of two processes moving the clock at once, one renews it. False when it had changed.
   */
  async updateSubscription(
    current: Pick<SandboxSubscriptionRow, "provider_id" | "status" | "current_period_end">,
    changes: Updateable<SandboxSubscriptionsTable>,
  ): Promise<boolean> {
    const { id: _id, ...columns } = changes;
    const result = await this.db
      .updateTable("sandbox_subscriptions")
      .set(columns)
      .where("provider_id", "=", current.provider_id)
      .where("status", "=", current.status)
      .where("current_period_end", "=", current.current_period_end)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The subscription that came due first by `now`: a billing one whose period ended, or a
   * past_due one whose retries ran out.
   */
  findFirstDue(now: number): Promise<SandboxSubscriptionRow | undefined> {
    return this.db
      .selectFrom("sandbox_subscriptions")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "in", ["active", "trialing"]), eb("current_period_end", "<=", now)]),
          eb.and([eb("status", "=", "past_due"), eb("retry_until", "<=", now)]),
        ]),
      )
      .orderBy((eb) =>
        eb
          .case()
          .when("status", "=", "past_due")
          .then(eb.ref("retry_until"))
          .else(eb.ref("current_period_end"))
          .end(),
      )
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
  }

  async insertInvoice(row: Insertable<SandboxInvoicesTable>): Promise<void> {
    await this.db.insertInto("sandbox_invoices").values(row).execute();
  }

  /** Settles the subscription's open invoices (paid, or uncollectible when it is given up). */
  async settleOpenInvoices(subscriptionId: string, status: "paid" | "uncollectible") {
    return this.db
      .updateTable("sandbox_invoices")
      .set({ status })
      .where("subscription_id", "=", subscriptionId)
      .where("status", "=", "open")
      .returningAll()
      .execute();
  }

  findInvoicesOf(customerId: string, limit: number): Promise<SandboxInvoiceRow[]> {
    return this.db
      .selectFrom("sandbox_invoices")
      .selectAll()
      .where("customer_id", "=", customerId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  async insertPortalSession(row: Insertable<SandboxPortalSessionsTable>): Promise<void> {
    await this.db.insertInto("sandbox_portal_sessions").values(row).execute();
  }

  findPortalSession(id: string): Promise<Selectable<SandboxPortalSessionsTable> | undefined> {
    return this.db
      .selectFrom("sandbox_portal_sessions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async insertEvents(rows: Insertable<SandboxEventsTable>[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto("sandbox_events").values(rows).execute();
  }

  /** Events not delivered yet, oldest first. */
  findUndelivered(limit: number): Promise<Selectable<SandboxEventsTable>[]> {
    return this.db
      .selectFrom("sandbox_events")
      .selectAll()
      .where("delivered_at", "is", null)
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  async markDelivered(id: number, now: number): Promise<void> {
    await this.db
      .updateTable("sandbox_events")
      .set({ delivered_at: now })
      .where("id", "=", id)
      .execute();
  }
}
