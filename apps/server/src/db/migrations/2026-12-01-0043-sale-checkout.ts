import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Each edition sale keeps the checkout it was paid through, so the page the buyer returns to
 * can say how that purchase ended (sold, or refunded) even once the piece, and with it the hold
 * that named the checkout, is deleted (round 54: the page said "your payment went through" over
 * a refund). Sales from before take it from their hold where it is still there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable("edition_sales").addColumn("checkout_id", "text").execute();
  await db
    .updateTable("edition_sales")
    .set((eb) => ({
      checkout_id: eb
        .selectFrom("edition_reservations")
        .select("edition_reservations.checkout_id")
        .whereRef("edition_reservations.id", "=", "edition_sales.reservation_id"),
    }))
    .where("reservation_id", "is not", null)
    .execute();
  await db.schema
    .createIndex("edition_sales_checkout_idx")
    .on("edition_sales")
    .column("checkout_id")
    .execute();
}
