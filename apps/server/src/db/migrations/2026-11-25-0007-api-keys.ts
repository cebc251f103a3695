import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // Partners' keys for the marketing API (spec section 3 "API key", design section 6). The key
  // itself is never stored: only its SHA-256, and a display of a few of its characters.
  await idColumn(db.schema.createTable("api_keys"), dialect)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("display", "text", (c) => c.notNull())
    .addColumn("rate_limit_per_hour", "integer", (c) => c.notNull())
    .addColumn("created_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    // Written at most once a minute per key.
    .addColumn("last_used_at", "bigint")
    // Set once, never cleared: a revoked key stays revoked.
    .addColumn("revoked_at", "bigint")
    .addColumn("revoked_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  // One row per key and clock hour (UTC): the rate limit's window and the admin page's counts
  // (a day is the sum of its hours). One conditional upsert a request keeps both. On SQLite the
  // row lives in its primary key's tree alone (WITHOUT ROWID): a request writes one page, not two.
  await db.schema
    .createTable("api_key_usage")
    .addColumn("key_id", "bigint", (c) => c.notNull().references("api_keys.id").onDelete("cascade"))
    .addColumn("hour_start", "bigint", (c) => c.notNull())
    .addColumn("requests", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_key_usage_pk", ["key_id", "hour_start"])
    .$call((table) => (dialect === "sqlite" ? table.modifyEnd(sql`without rowid`) : table))
    .execute();

  // The admin's audit log: who did what to what, and when. Details never hold a secret.
  await idColumn(db.schema.createTable("audit_log"), dialect)
    .addColumn("actor_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_log_created_idx")
    .on("audit_log")
    .columns(["created_at", "id"])
    .execute();

  // The marketing list's "most downloaded" order walks this, as the newest order walks
  // images_listing_idx.
  await db.schema
    .createIndex("images_downloads_idx")
    .on("images")
    .columns(["status", "is_public", "total_downloads", "id"])
    .execute();
}
