import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // Accounts a person looks after (issue 22). Accounts made before email confirmation existed
  // count as confirmed: their members subscribed without it.
  await db.schema.alterTable("users").addColumn("email_verified_at", "bigint").execute();
  await db.schema.alterTable("users").addColumn("pending_email", "text").execute();
  // A deleted account keeps its row, anonymised (payments and sales point at it); its username
  // is released after a grace period.
  await db.schema.alterTable("users").addColumn("deleted_at", "bigint").execute();
  await sql`update users set email_verified_at = created_at`.execute(db);

  // The browser a session was started from, for the member's sessions list.
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();

  // Links mailed to a member: only the SHA-256 of the token is kept; each works once, until
  // expires_at. purpose: verify_email | change_email | reset_password.
  await idColumn(db.schema.createTable("account_tokens"), dialect)
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    /** The address the link was sent to (for change_email: the new address). */
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("account_tokens_user_idx")
    .on("account_tokens")
    .columns(["user_id", "purpose"])
    .execute();

  // Mail that would have been sent, kept when no SMTP_URL is configured (the admin reads it).
  await idColumn(db.schema.createTable("mail_outbox"), dialect)
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mail_outbox_to_idx")
    .on("mail_outbox")
    .columns(["to_address", "id"])
    .execute();
}
