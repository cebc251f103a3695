import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * The counted downloads by UTC day and size (`download_days`): how many, and their bytes, moved
 * by triggers on every `download_events` row written or removed. The dashboard's all-time
 * figures and the analytics' downloads and bandwidth read these rows (a year is 365 × 5 of them)
 * instead of counting the events, which grow by one for every download the site ever served.
 *
 * On PostgreSQL the trigger is deferred to the commit, as storage_totals' are (migration 0026):
 * the day's row is the last lock a download's transaction takes, after the image's row it
 * updates, so two downloads never wait on each other in opposite orders. SQLite has one writer.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await sql`
    create table download_days (
      day_index integer not null,
      size text not null,
      downloads bigint not null,
      bytes bigint not null,
      primary key (day_index, size)
    )
  `.execute(db);
  await sql`
    insert into download_days (day_index, size, downloads, bytes)
    select created_at / 86400000, size, count(*), sum(bytes)
    from download_events
    group by created_at / 86400000, size
  `.execute(db);
  if (dialect === "sqlite") {
    const add = (row: "new" | "old", sign: "+" | "-") =>
      sql.raw(`
        insert into download_days (day_index, size, downloads, bytes)
        values (${row}.created_at / 86400000, ${row}.size, ${sign}1, ${sign}${row}.bytes)
        on conflict (day_index, size) do update set
          downloads = downloads + excluded.downloads,
          bytes = bytes + excluded.bytes;
      `);
    await sql`
      create trigger download_days_insert after insert on download_events
      begin ${add("new", "+")} end
    `.execute(db);
    await sql`
      create trigger download_days_delete after delete on download_events
      begin ${add("old", "-")} end
    `.execute(db);
    await sql`
      create trigger download_days_update after update of size, bytes, created_at
      on download_events begin ${add("old", "-")} ${add("new", "+")} end
    `.execute(db);
    return;
  }
  await sql
    .raw(`
      create function download_days_move() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          insert into download_days (day_index, size, downloads, bytes)
          values (old.created_at / 86400000, old.size, -1, -old.bytes)
          on conflict (day_index, size) do update set
            downloads = download_days.downloads + excluded.downloads,
            bytes = download_days.bytes + excluded.bytes;
        end if;
        if tg_op <> 'DELETE' then
          insert into download_days (day_index, size, downloads, bytes)
          values (new.created_at / 86400000, new.size, 1, new.bytes)
          on conflict (day_index, size) do update set
            downloads = download_days.downloads + excluded.downloads,
            bytes = download_days.bytes + excluded.bytes;
        end if;
        return null;
      end
      $$
    `)
    .execute(db);
  await sql`
    create constraint trigger download_days_move
    after insert or delete or update of size, bytes, created_at on download_events
    deferrable initially deferred
    for each row execute function download_days_move()
  `.execute(db);
}
