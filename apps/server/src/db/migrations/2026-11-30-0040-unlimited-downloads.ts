import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Of a member's month (`usage_monthly`), the downloads and bytes made with no limits
 * (`unlimited_downloads`, `unlimited_bytes`: as Pro, pro_plus or admin). `downloads` and `bytes`
 * still count everything the member downloaded that month; the free limits count only the rest,
 * `downloads - unlimited_downloads`. A member who downloaded 12 HD files as Pro and went back to
 * free in the same month was refused their first free download (round 30): Pro's downloads had
 * used up the free tier's 10. Months counted before this migration keep counting in full against
 * the free limits, as they did (0: nothing in them is known to have been Pro's).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("usage_monthly")
    .addColumn("unlimited_downloads", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("usage_monthly")
    .addColumn("unlimited_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}
