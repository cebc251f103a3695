import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * What went back of a sale's payment in parts, so that parts adding up to the whole revoke the sale
 * as one whole refund does: `refunded_cents`, the most the provider has said it refunded (Stripe's
 * `amount_refunded` counts every refund of the charge so far), and `disputed_cents`, the sum of the
 * disputes lost. Before, a goodwill refund of part of a payment and a dispute lost over the rest
 * left the buyer owning a piece the site had been paid nothing for.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("edition_sales")
    .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("edition_sales")
    .addColumn("disputed_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
