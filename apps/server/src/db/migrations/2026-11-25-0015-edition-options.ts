import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Selling editions, the rest of issue 19: a member may collect without being named on the pieces
 * they own, and each sale keeps the edition type it was sold as (the analytics split revenue by
 * it, whatever becomes of the picture afterwards).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  // 1: a sold 1/1 reads "collected privately" and a certificate shows no name to anyone else.
  await db.schema
    .alterTable("users")
    .addColumn("collects_privately", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("edition_sales").addColumn("edition_type", "text").execute();
  await sql`update edition_sales set edition_type = (
    select images.edition_type from images where images.id = edition_sales.image_id
  )`.execute(db);
  // The analytics read sales and refunds by time.
  await db.schema
    .createIndex("edition_sales_created_idx")
    .on("edition_sales")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("edition_sales_refunded_idx")
    .on("edition_sales")
    .column("refunded_at")
    .execute();
}
