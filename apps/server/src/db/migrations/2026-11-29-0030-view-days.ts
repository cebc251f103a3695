import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Counted views by UTC day (`view_days`), moved by triggers on `image_view_days` as download_days
 * (0027) is on download_events. The analytics' views series read every image's row of every day
 * in the range: with 10,000 images viewed a day, a year is 3,650,000 rows, 0.56 s on SQLite for
 * each view of the 12-month chart. It reads a row a day now.
 *
 * `image_view_days` rows are written by an upsert (ViewsRepo.record): a day's first view of an
 * image inserts, the next ones update. Nothing deletes them today; a delete is taken off all the
 * same, and a day that comes to 0 is removed, so the rows are always `image_view_days` grouped by
 * day. On PostgreSQL the trigger is deferred to the commit, as 0027's: every counted view of the
 * day updates the same row, and it is locked only while the view's transaction commits.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await sql`
    create table view_days (
      day text not null primary key,
      views bigint not null
    )
  `.execute(db);
  await sql`
    insert into view_days (day, views)
    select day, sum(views) from image_view_days group by day
  `.execute(db);
  if (dialect === "sqlite") {
    const add = (row: "new" | "old", sign: "+" | "-") =>
      sql.raw(`
        insert into view_days (day, views) values (${row}.day, ${sign}${row}.views)
        on conflict (day) do update set views = views + excluded.views;
        delete from view_days where day = ${row}.day and views = 0;
      `);
    await sql`
      create trigger view_days_insert after insert on image_view_days
      begin ${add("new", "+")} end
    `.execute(db);
    await sql`
      create trigger view_days_delete after delete on image_view_days
      begin ${add("old", "-")} end
    `.execute(db);
    await sql`
      create trigger view_days_update after update of day, views on image_view_days
      begin ${add("old", "-")} ${add("new", "+")} end
    `.execute(db);
    return;
  }
  await sql
    .raw(`
      create function view_days_move() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          insert into view_days (day, views) values (old.day, -old.views)
          on conflict (day) do update set views = view_days.views + excluded.views;
          delete from view_days where day = old.day and views = 0;
        end if;
        if tg_op <> 'DELETE' then
          insert into view_days (day, views) values (new.day, new.views)
          on conflict (day) do update set views = view_days.views + excluded.views;
        end if;
        return null;
      end
      $$
    `)
    .execute(db);
  await sql`
    create constraint trigger view_days_move
    after insert or delete or update of day, views on image_view_days
    deferrable initially deferred
    for each row execute function view_days_move()
  `.execute(db);
}
