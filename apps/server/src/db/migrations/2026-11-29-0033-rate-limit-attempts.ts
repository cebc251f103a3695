import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

/**
 * Sign-in, registration and two-factor limits as sliding windows: each attempt is a row, and a
 * new one is taken only while fewer than the limit fall within the window before it. The fixed
 * windows before this let twice the limit through across a window's edge (4 wrong passwords just
 * before it ended and 5 just after: 9 in ten seconds, where "5 in 15 minutes" was promised).
 * `rate_limits` keeps its row per key, as the lock the attempts of one key take in turn.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await idColumn(db.schema.createTable("rate_limit_attempts"), dialect)
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_attempts_key_at_idx")
    .on("rate_limit_attempts")
    .columns(["key", "at"])
    .execute();
}
