import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // A member's TOTP secret (issue 22). The secret is stored encrypted (AES-256-GCM, the key kept
  // in `settings` like the media signing key). `enabled_at` stays null while the enrolment waits
  // for its first code; `last_used_step` is the newest time step a code was accepted for, so a
  // code is never accepted twice.
  await db.schema
    .createTable("user_two_factor")
    .addColumn("user_id", "bigint", (c) =>
      c.primaryKey().references("users.id").onDelete("cascade"),
    )
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("enabled_at", "bigint")
    .addColumn("last_used_step", "bigint")
    .execute();

  // One-time recovery codes: only their SHA-256; `used_at` is set once, by one conditional update.
  await idColumn(db.schema.createTable("two_factor_recovery_codes"), dialect)
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("two_factor_recovery_codes_user_idx")
    .on("two_factor_recovery_codes")
    .columns(["user_id", "code_hash"])
    .execute();

  // A sign-in that passed the password and waits for the second factor: short-lived, single-use,
  // the token stored as its SHA-256 only.
  await db.schema
    .createTable("pending_sign_ins")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pending_sign_ins_expires_idx")
    .on("pending_sign_ins")
    .column("expires_at")
    .execute();
}
