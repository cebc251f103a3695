import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Sessions tied to the credentials they were opened with. A sign-in reads the member's row, checks
 * the password (tens of milliseconds), then writes its session; a password reset, a password
 * change, a suspension or a deletion that committed in between deleted the sessions it could see
 * and left the new one alive, opened with the old password. Now each of those moves the member's
 * `session_epoch` on, every session (and pending two-factor sign-in) carries the epoch of the row
 * its password was checked against, and a session counts only while the two agree.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await sql`alter table users add column session_epoch integer not null default 0`.execute(db);
  await sql`alter table sessions add column epoch integer not null default 0`.execute(db);
  await sql`alter table pending_sign_ins add column epoch integer not null default 0`.execute(db);
}
