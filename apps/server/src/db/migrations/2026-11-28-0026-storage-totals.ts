import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * The bytes stored, kept in one row (`storage_totals`): the originals' (`images.original_bytes`)
 * and the renditions' (`renditions.bytes`), moved by triggers on every row written or removed, so
 * the admin dashboard reads a row instead of adding up every rendition (4 million rows at
 * 1,000,000 images: 0.2–0.8 s on SQLite, with the server's event loop waiting).
 *
 * One row, so every writer takes the same one lock. On PostgreSQL the triggers are deferred to
 * the commit: that lock is the last any transaction takes, after the images' rows it locks, so
 * two transactions never wait on each other in opposite orders. SQLite has one writer at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await sql`
    create table storage_totals (
      id integer primary key check (id = 1),
      original_bytes bigint not null,
      rendition_bytes bigint not null
    )
  `.execute(db);
  await sql`
    insert into storage_totals (id, original_bytes, rendition_bytes) values (
      1,
      coalesce((select sum(original_bytes) from images), 0),
      coalesce((select sum(bytes) from renditions), 0)
    )
  `.execute(db);
  if (dialect === "sqlite") {
    for (const [table, column, total] of [
      ["images", "original_bytes", "original_bytes"],
      ["renditions", "bytes", "rendition_bytes"],
    ] as const) {
      const move = (by: string) =>
        sql.raw(`update storage_totals set ${total} = ${total} + ${by} where id = 1;`);
      await sql`
        create trigger ${sql.raw(`${table}_storage_insert`)} after insert on ${sql.raw(table)}
        begin ${move(`new.${column}`)} end
      `.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_storage_delete`)} after delete on ${sql.raw(table)}
        begin ${move(`- old.${column}`)} end
      `.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_storage_update`)} after update of ${sql.raw(column)}
        on ${sql.raw(table)} begin ${move(`new.${column} - old.${column}`)} end
      `.execute(db);
    }
    return;
  }
  for (const [table, column, total] of [
    ["images", "original_bytes", "original_bytes"],
    ["renditions", "bytes", "rendition_bytes"],
  ] as const) {
    await sql
      .raw(`
        create function ${table}_storage_move() returns trigger language plpgsql as $$
        begin
          update storage_totals set ${total} = ${total}
            + (case when tg_op = 'DELETE' then 0 else new.${column} end)
            - (case when tg_op = 'INSERT' then 0 else old.${column} end)
          where id = 1;
          return null;
        end
        $$
      `)
      .execute(db);
    await sql`
      create constraint trigger ${sql.raw(`${table}_storage`)}
      after insert or delete or update of ${sql.raw(column)} on ${sql.raw(table)}
      deferrable initially deferred
      for each row execute function ${sql.raw(`${table}_storage_move`)}()
    `.execute(db);
  }
}
