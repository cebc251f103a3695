import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // A subscription as its payment provider last reported it (webhooks re-read it and upsert by
  // the provider's id). Every new column is nullable or defaulted: rows made before billing
  // existed (and tests' hand-made rows) stay valid, read as active with no end.
  const subscriptionColumns: Array<[string, "text" | "integer" | "bigint"]> = [
    ["provider", "text"],
    ["provider_subscription_id", "text"],
    ["provider_customer_id", "text"],
    ["price_cents", "integer"],
    ["current_period_start", "bigint"],
    /** While past_due: Pro until then (the grace period after a failed renewal). */
    ["grace_until", "bigint"],
    ["updated_at", "bigint"],
  ];
  for (const [name, type] of subscriptionColumns) {
    await db.schema.alterTable("subscriptions").addColumn(name, type).execute();
  }
  await db.schema
    .alterTable("subscriptions")
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // SQLite cannot add a UNIQUE column; a unique index is the same key on both dialects (several
  // NULLs allowed: hand-made rows have no provider id).
  await db.schema
    .createIndex("subscriptions_provider_id_key")
    .unique()
    .on("subscriptions")
    .column("provider_subscription_id")
    .execute();

  // The member's customer at the provider: made once, kept (a second checkout reuses it).
  await db.schema
    .createTable("billing_customers")
    .addColumn("user_id", "bigint", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("customer_id", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  // Webhook events applied, by the provider's event id: written in the same transaction as the
  // event's effect, so a redelivery finds it and changes nothing.
  await db.schema
    .createTable("billing_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .execute();

  // ——— The built-in sandbox provider's own state (what Stripe would hold on its side) ———

  await db.schema
    .createTable("sandbox_customers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    /** The card on file: which test card it is (how renewals go) and its last four digits. */
    .addColumn("card", "text")
    .addColumn("card_last4", "text")
    /** The key of the call that made it: a call repeated with it answers this customer. */
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sandbox_checkouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "text", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("billing_cycle", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("success_url", "text", (c) => c.notNull())
    .addColumn("cancel_url", "text", (c) => c.notNull())
    .addColumn("subscription_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable("sandbox_subscriptions"), dialect)
    .addColumn("provider_id", "text", (c) => c.notNull().unique())
    .addColumn("customer_id", "text", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("billing_cycle", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    /** A switch of cycle the member asked for, taking effect at the next renewal. */
    .addColumn("pending_billing_cycle", "text")
    .addColumn("current_period_start", "bigint", (c) => c.notNull())
    .addColumn("current_period_end", "bigint", (c) => c.notNull())
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
    /** While past_due: when the retries run out and the subscription is canceled. */
    .addColumn("retry_until", "bigint")
    .addColumn("ended_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sandbox_subscriptions_customer_idx")
    .on("sandbox_subscriptions")
    .column("customer_id")
    .execute();
  await db.schema
    .createIndex("sandbox_subscriptions_status_idx")
    .on("sandbox_subscriptions")
    .columns(["status", "current_period_end"])
    .execute();

  await db.schema
    .createTable("sandbox_invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("customer_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("billing_cycle", "text", (c) => c.notNull())
    .addColumn("period_start", "bigint", (c) => c.notNull())
    .addColumn("period_end", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sandbox_invoices_customer_idx")
    .on("sandbox_invoices")
    .columns(["customer_id", "created_at"])
    .execute();

  await db.schema
    .createTable("sandbox_portal_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "text", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  // The sandbox's event log, as Stripe keeps one: each event is delivered once it is written,
  // and one whose delivery failed (or was cut short by a crash) goes again with the next
  // delivery, at the next start, or within a minute.
  await idColumn(db.schema.createTable("sandbox_events"), dialect)
    .addColumn("event_id", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("delivered_at", "bigint")
    .execute();
  // What is still to deliver, found every minute without reading the delivered history.
  await db.schema
    .createIndex("sandbox_events_undelivered_idx")
    .on("sandbox_events")
    .column("id")
    .where(sql.ref("delivered_at"), "is", null)
    .execute();
}
