import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * An administrator's account deletion in progress (`users.leaving_until`, epoch ms): taken under
 * the admins' lock before anything is cancelled at the payment provider, so the admins who remain
 * are counted without them. Two admins deleting themselves at once both had their subscription
 * cancelled before the one refused as the last admin heard so (round 37). A hold that outlives
 * its process runs out by itself.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable("users").addColumn("leaving_until", "bigint").execute();
}
