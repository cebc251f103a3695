import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

/**
 * Selling editions (issue 19): holds taken at checkout, the sales with their numbers, and the
 * certificates. An image's sold count and next number change only under its row's lock, in the
 * transaction that records the sale or the refund (editions.repo.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // What the piece costs under each licence (cents); null: the site's default. The last edition
  // number handed out (numbers are never reused, a refunded one included). The original's
  // SHA-256, taken at its first sale for the certificates.
  await db.schema.alterTable("images").addColumn("price_standard_cents", "integer").execute();
  await db.schema.alterTable("images").addColumn("price_commercial_cents", "integer").execute();
  await db.schema
    .alterTable("images")
    .addColumn("last_edition_number", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("images").addColumn("original_sha256", "text").execute();

  // The sandbox's checkouts in payment mode (Stripe's one-off Checkout) beside its subscription
  // ones: what is bought, the metadata handed back in the events, the payment and its refund.
  await db.schema
    .alterTable("sandbox_checkouts")
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("subscription"))
    .execute();
  for (const column of ["product_name", "metadata", "payment_intent_id"]) {
    await db.schema.alterTable("sandbox_checkouts").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("sandbox_checkouts").addColumn("refunded_at", "bigint").execute();
  await db.schema
    .createIndex("sandbox_checkouts_payment_intent_idx")
    .on("sandbox_checkouts")
    .column("payment_intent_id")
    .execute();

  // An edition held for a buyer while they are at checkout: active until paid (completed), or
  // until it lapses (expired) or the buyer starts another checkout for the piece (released).
  await idColumn(db.schema.createTable("edition_reservations"), dialect)
    .addColumn("image_id", "bigint", (c) => c.notNull().references("images.id").onDelete("cascade"))
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("licence", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("checkout_id", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("edition_reservations_image_idx")
    .on("edition_reservations")
    .columns(["image_id", "status", "expires_at"])
    .execute();

  // Every payment for an edition: sold (numbered, owned), refunded (ownership revoked, its
  // number not reused), or declined (paid after the piece sold out, refunded, never numbered).
  // No key to images: a sale stays in the books whatever happens to the picture.
  await idColumn(db.schema.createTable("edition_sales"), dialect)
    .addColumn("image_id", "bigint", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reservation_id", "bigint")
    .addColumn("licence", "text", (c) => c.notNull())
    .addColumn("number", "integer")
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_payment_id", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("refunded_at", "bigint")
    .execute();
  await db.schema
    .createIndex("edition_sales_number_key")
    .unique()
    .on("edition_sales")
    .columns(["image_id", "number"])
    .execute();
  await db.schema
    .createIndex("edition_sales_user_idx")
    .on("edition_sales")
    .columns(["user_id", "status"])
    .execute();

  // One certificate of authenticity per sale; revoked with a refund.
  await db.schema
    .createTable("certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sale_id", "bigint", (c) => c.notNull().unique())
    .addColumn("original_sha256", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .execute();
}
