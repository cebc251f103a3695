import { setTimeout as delay } from "node:timers/promises";
import { MESSAGES } from "@sawdust/shared";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import type { NewPaymentRow, NewSubscriptionRow } from "../../db/schema.js";
import { newJobRow } from "../../jobs/new-job.js";
import { conflict } from "../../lib/errors.js";
import { KeyedLock } from "../../lib/keyed-lock.js";
import { Semaphore } from "../../lib/semaphore.js";
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, type MailMessage } from "../mail/mail.constants.js";

/** A subscription as the provider reported it, in the columns Sawdust keeps. */
export type ProviderSubscriptionRow = Omit<NewSubscriptionRow, "id">;

/** A paid invoice as the webhook handler read it; its member is the subscription's. */
export type PaymentRecord = Omit<NewPaymentRow, "id" | "user_id">;

/** What applying one webhook event did. */
export type EventOutcome = "applied" | "duplicate" | "no-user";

/** What the site had stored of a subscription before an event changed it (null: nothing yet). */
export type StoredSubscriptionState = {
  status: string;
  cancel_at_period_end: number;
} | null;

/** The mail an event's change queues, built for the member inside its transaction. */
export interface EventMail {
  /** The member's receipt for the event's payment: queued when the payment is new. */
  receipt?: (member: { username: string; email: string }) => MailMessage;
  /**
   * The notices the change from what was stored deserves (a failed renewal, the end of Pro):
   * decided against the row as it stood in the event's own transaction, so an event applied twice
   * or after a newer one sends nothing more. Never queued for a deleted account.
   */
  notices?: (
    before: StoredSubscriptionState,
    member: { username: string; email: string },
  ) => MailMessage[];
}

/**
 * How many serialised tasks (below) of one process may hold a PostgreSQL connection at once. Each
 * keeps one for its transaction while it calls the provider, and may need a second meanwhile (the
 * sandbox provider reads and writes its own tables through the pool): bounded well under the
 * pool's 10 (db/database.ts), they can never take every connection and wait for an eleventh.
 */
const SERIALISED_TASK_SLOTS = 4;

/**
 * How a serialised task waits for a key another process holds: it asks again after a pause that
 * grows to the longest, holding no connection and no slot meanwhile, and gives up after the wait's
 * bound (a refund's provider call, the slowest holder, ends well within it).
 */
export const SERIALISED_WAIT = { firstPauseMs: 10, longestPauseMs: 200, boundMs: 60_000 };

/** One process's queues for `serialised`, shared by the repositories bound to its transactions. */
class TaskQueues {
  readonly byKey = new KeyedLock();
  readonly slots = new Semaphore(SERIALISED_TASK_SLOTS);
}

/** How many tries of this process's serialised tasks found their key held by another process. */
export const serialisedWaits = { heldElsewhere: 0 };

/** A try that found the key held by another process. */
const HELD_ELSEWHERE = Symbol("held elsewhere");

export class BillingRepo {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly queues = new TaskQueues(),
  ) {}

  /**
   * Runs `work` alone for `key`: after every earlier task for the key has finished and before any
   * later one starts, in this process and in every other one on the database. Billing uses it
   * where a call to the provider sits between a read and a write (a webhook's re-read of the
   * subscription, making a member's customer), so the later task reads what the earlier wrote.
   *
   * On PostgreSQL `work` runs in one transaction that first takes an advisory lock on the key
   * (`pg_try_advisory_xact_lock`, released by the commit or rollback): what it writes through the
   * repository it is given commits at its end. Tasks of this process queue by key before they
   * take a connection, so at most one of them is after each key, and at most
   * SERIALISED_TASK_SLOTS hold a connection. A key held by another process is tried again after
   * a pause (SERIALISED_WAIT) with the connection and slot given back, so a task waiting on one
   * key never keeps a task on another from running; after the wait's bound it is refused (409).
   *
   * On SQLite the in-process queue alone orders the tasks, and `work` runs outside a
   * transaction: a transaction would keep the file's one connection (and its write lock) through
   * the provider call — a Stripe round trip stalling every writer, or a sandbox read waiting for
   * that very connection — and each write is whole on its own (applyEvent's transaction). That
   * is enough because an SQLite site takes webhooks and checkouts in one
   * process: the separate worker (`npm run worker`) and the admin CLI neither receive nor
   * deliver webhooks nor start checkouts, and SQLite does not scale out to several API processes
   * (design section 7). Were two pointed at one file anyway, an event id would still be applied
   * once (its primary key) and every write stay whole; only the order could slip — a stale
   * re-read written last stands until the next event about that subscription re-reads it, and
   * two simultaneous first checkouts could make two customers (one kept, and with Stripe, the
   * idempotency key makes them one).
   */
  serialised<T>(key: string, work: (repo: BillingRepo) => Promise<T>): Promise<T> {
    return this.queues.byKey.run(key, async () => {
      if (this.dialect !== "postgres") return work(this);
      const lockKey = `sawdust.billing:${key}`;
      const giveUpAt = Date.now() + SERIALISED_WAIT.boundMs;
      for (let pause = SERIALISED_WAIT.firstPauseMs; ; ) {
        const outcome = await this.queues.slots.run(() =>
          this.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              taken: boolean;
            }>`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as taken`.execute(
              trx,
            );
            if (!rows[0]?.taken) {
              serialisedWaits.heldElsewhere++;
              return HELD_ELSEWHERE;
            }
            return { value: await work(new BillingRepo(trx, this.dialect, this.queues)) };
          }),
        );
        if (outcome !== HELD_ELSEWHERE) return outcome.value;
        if (Date.now() + pause > giveUpAt) {
          throw conflict(MESSAGES.stillInProgress, "still_in_progress");
        }
        await delay(pause * (0.5 + Math.random() / 2));
        pause = Math.min(pause * 2, SERIALISED_WAIT.longestPauseMs);
      }
    });
  }

  findCustomer(userId: number) {
    return this.db
      .selectFrom("billing_customers")
      .select(["provider", "customer_id"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  /**
   * Keeps the member's customer id. The first one stored for a provider stays (two checkouts at
   * once keep one customer); one from another provider (a site moving from the sandbox to Stripe)
   * replaces it. Returns the customer id now kept.
   */
  async saveCustomer(
    userId: number,
    provider: string,
    customerId: string,
    now: number,
  ): Promise<string> {
    await this.db
      .insertInto("billing_customers")
      .values({ user_id: userId, provider, customer_id: customerId, created_at: now })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet({ provider, customer_id: customerId, created_at: now })
          .where("billing_customers.provider", "<>", provider),
      )
      .execute();
    const row = await this.db
      .selectFrom("billing_customers")
      .select("customer_id")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return row.customer_id;
  }

  async userIdOfCustomer(customerId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom("billing_customers")
      .select("user_id")
      .where("customer_id", "=", customerId)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** True when the member deleted their account. */
  async memberDeleted(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("deleted_at")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row !== undefined && row.deleted_at !== null;
  }

  async hasEvent(eventId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("billing_events")
      .select("id")
      .where("id", "=", eventId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records the event and applies its effect, the subscription as the provider reports it
   * (upserted by the provider's id), in one transaction. An event id already recorded changes
   * nothing: of concurrent deliveries, exactly one inserts it (the others wait on its key and
   * find it there). `subscription` null: only the event is recorded. `payment`: the invoice the
   * event says was paid, recorded once by its invoice id (Stripe sends invoice.paid and
   * invoice.payment_succeeded for one payment). A subscription's `canceled_at` is kept from the
   * first time it was stored as canceled. `mail`: what the change queues for the member, in the
   * same transaction (EventMail).
   */
  async applyEvent(
    event: { id: string; type: string; receivedAt: number },
    subscription: ProviderSubscriptionRow | null,
    payment: PaymentRecord | null = null,
    mail: EventMail = {},
  ): Promise<EventOutcome> {
    return this.inTransaction(async (trx) => {
      if (!(await recordEvent(trx, event))) return "duplicate";
      if (!subscription) return "applied";
      // The member may have been deleted since they paid: nothing of theirs to change.
      const user = await trx
        .selectFrom("users")
        .select(["id", "username", "email", "deleted_at"])
        .where("id", "=", subscription.user_id)
        .executeTakeFirst();
      if (!user) return "no-user";
      const queue = (message: MailMessage) =>
        trx
          .insertInto("jobs")
          .values(newJobRow(MAIL_JOB, null, message, MAIL_MAX_ATTEMPTS, event.receivedAt))
          .execute();
      if (payment) {
        const recorded = await trx
          .insertInto("payments")
          .values({ ...payment, user_id: subscription.user_id })
          .onConflict((oc) => oc.column("provider_invoice_id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (recorded && mail.receipt) await queue(mail.receipt(user));
      }
      if (mail.notices && user.deleted_at === null) {
        // Deliveries about one subscription are applied one at a time (serialised), so the row
        // read here is the one this event's change replaces.
        const before = await trx
          .selectFrom("subscriptions")
          .select(["status", "cancel_at_period_end"])
          .where("provider_subscription_id", "=", subscription.provider_subscription_id ?? "")
          .executeTakeFirst();
        const stored = before
          ? { status: before.status, cancel_at_period_end: Number(before.cancel_at_period_end) }
          : null;
        for (const notice of mail.notices(stored, user)) await queue(notice);
      }
      const {
        user_id: _owner,
        created_at: _created,
        canceled_at: _canceled,
        ...changes
      } = subscription;
      await trx
        .insertInto("subscriptions")
        .values(subscription)
        .onConflict((oc) =>
          oc.column("provider_subscription_id").doUpdateSet((eb) => ({
            ...changes,
            canceled_at: eb.fn.coalesce(
              eb.ref("subscriptions.canceled_at"),
              eb.ref("excluded.canceled_at"),
            ),
          })),
        )
        .execute();
      return "applied";
    });
  }

  /**
   * Records an event about a subscription that is not to Pro, and removes the row stored for it
   * if there is one (a Pro subscription moved onto another price at the provider), in one
   * transaction: nothing of it is kept. An event id already recorded changes nothing.
   */
  async applyNotProEvent(
    event: { id: string; type: string; receivedAt: number },
    provider: string,
    providerSubscriptionId: string,
  ): Promise<{ outcome: "applied" | "duplicate"; removed: boolean }> {
    return this.inTransaction(async (trx) => {
      if (!(await recordEvent(trx, event))) return { outcome: "duplicate", removed: false };
      const removed = await trx
        .deleteFrom("subscriptions")
        .where("provider", "=", provider)
        .where("provider_subscription_id", "=", providerSubscriptionId)
        .executeTakeFirst();
      return { outcome: "applied", removed: Number(removed.numDeletedRows) > 0 };
    });
  }

  /** `work` in this repository's transaction (a serialised task's), else in a new one. */
  private inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}

/** Records a webhook event's id; false when it was recorded already (a redelivery). */
async function recordEvent(
  trx: Db,
  event: { id: string; type: string; receivedAt: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto("billing_events")
    .values({ id: event.id, type: event.type, received_at: event.receivedAt })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}
