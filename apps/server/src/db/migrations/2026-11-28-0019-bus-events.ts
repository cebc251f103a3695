import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * SQLite: the events a process announces, as rows other processes sharing the file read
 * (db/sqlite-change-watch.ts), as PostgreSQL carries them by LISTEN/NOTIFY. Before this, a
 * process on SQLite heard only that another had committed, so every commit of a separate worker
 * (its heartbeat every 10 s included) dropped the API's kept pages and totals. The ids only
 * grow (AUTOINCREMENT), so a reader knows what it has read and whether rows it never read were
 * trimmed. PostgreSQL needs nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== "sqlite") return;
  await sql`
    create table bus_events (id integer primary key autoincrement, payload text not null)
  `.execute(db);
}
