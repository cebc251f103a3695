import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * A refunded edition's number goes to the next buyer of a 1/1 or a limited edition (round 51: an
 * edition of 3 refunded once sold its next copy as "No. 4 of 3", on a certificate of
 * authenticity). The refunded sale keeps its number and its revoked certificate, so a number is
 * unique among the sales that stand only.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.dropIndex("edition_sales_number_key").execute();
  await db.schema
    .createIndex("edition_sales_number_key")
    .unique()
    .on("edition_sales")
    .columns(["image_id", "number"])
    .where(sql.ref("status"), "=", sql.lit("sold"))
    .execute();
}
