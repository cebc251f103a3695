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
  // Windows still open keep their count across the upgrade, as attempts made now (each is kept
  // its whole window from here, never less than before): otherwise an account locked out by 5
  // wrong passwords got 5 more the moment the new build started. Previews' counters (`hit`,
  // still fixed windows) are not attempts.
  const now = Date.now();
  const open = await db
    .selectFrom("rate_limits")
    .select(["key", "count"])
    .where("window_ends_at", ">", now)
    .where("count", ">", 0)
    .where("key", "not like", "preview:%")
    .execute();
  const attempts = open.flatMap((row: { key: string; count: number }) =>
    Array.from({ length: Math.min(Number(row.count), 100) }, () => ({ key: row.key, at: now })),
  );
  for (let i = 0; i < attempts.length; i += 500) {
    await db
      .insertInto("rate_limit_attempts")
      .values(attempts.slice(i, i + 500))
      .execute();
  }
}
