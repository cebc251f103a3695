import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // Each running job worker (the API's own and `npm run worker`) upserts its row every few
  // seconds and removes it on a clean stop: the admin dashboard's "workers alive".
  await db.schema
    .createTable("worker_heartbeats")
    .addColumn("worker_id", "text", (c) => c.primaryKey())
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("pid", "integer", (c) => c.notNull())
    .addColumn("concurrency", "integer", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("beat_at", "bigint", (c) => c.notNull())
    /** idle | loading | loaded | unavailable */
    .addColumn("rater", "text", (c) => c.notNull())
    .addColumn("vision_configured", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // Money received: one row per paid invoice, written by the webhook handler (invoice.paid or
  // invoice.payment_succeeded, whichever comes first; the invoice id keeps it to one).
  await idColumn(db.schema.createTable("payments"), dialect)
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_invoice_id", "text", (c) => c.notNull().unique())
    .addColumn("provider_subscription_id", "text")
    // The member may be deleted later; the payment stays in the revenue.
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("paid_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_paid_at_idx").on("payments").column("paid_at").execute();

  // When a subscription was first stored as canceled (set once). Rows canceled before this
  // column existed take their last update as the nearest thing known.
  await db.schema.alterTable("subscriptions").addColumn("canceled_at", "bigint").execute();
  await sql`
    update subscriptions set canceled_at = coalesce(updated_at, created_at)
    where status = 'canceled'
  `.execute(db);

  // Counted views per image and UTC day, kept for good (image_views, which dedupes them, keeps
  // only today and yesterday). Written in the same transaction as images.views. No foreign key:
  // the history of an image deleted later stays in the totals.
  await db.schema
    .createTable("image_view_days")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("image_id", "bigint", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("image_view_days_pk", ["day", "image_id"])
    .execute();
  await sql`
    insert into image_view_days (day, image_id, views)
    select day, image_id, count(*) from image_views group by day, image_id
  `.execute(db);

  // The analytics read downloads and sign-ups by time.
  await db.schema
    .createIndex("download_events_created_idx")
    .on("download_events")
    .column("created_at")
    .execute();
  await db.schema.createIndex("users_created_idx").on("users").column("created_at").execute();
}
