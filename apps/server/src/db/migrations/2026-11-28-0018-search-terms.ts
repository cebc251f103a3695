import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * PostgreSQL: each image's search words as rows, `image_terms (term, image_id)`, so a search page
 * walks one word's images newest first and stops at the page (issue 18). The GIN index on
 * `search_vector` answers "which images hold this word" only as a whole set, so a search's page
 * either sorted every match or walked the whole catalogue newest first testing each image; for a
 * rare word at 1,000,000 images that walk read about 2,650 rows for a page. With the words as
 * rows, keyed by (term, image id), a word's page is that many index entries.
 *
 * The rows are the lexemes of `search_vector` (tsvector_to_array), kept by triggers from the
 * column itself, so they can never disagree with the full-text condition the page still applies.
 * `term` sorts in byte order (`collate "C"`), so the words that begin with a prefix are one range.
 * No foreign key: the delete trigger removes an image's rows through the primary key, where a
 * cascade would need a second index on `image_id`.
 *
 * SQLite needs nothing: its FTS5 index already walks a word's images newest first.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`
    create table image_terms (term text collate "C" not null, image_id bigint not null)
  `.execute(db);
  // Filled before its key is built: one sort instead of an index insertion a row.
  await sql`
    insert into image_terms (term, image_id)
    select unnest(tsvector_to_array(search_vector)), id from images
  `.execute(db);
  await sql`alter table image_terms add primary key (term, image_id)`.execute(db);
  await sql`
    create function image_terms_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from image_terms
        where image_id = old.id and term = any(tsvector_to_array(old.search_vector));
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into image_terms (term, image_id)
        select unnest(tsvector_to_array(new.search_vector)), new.id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger images_terms_insert after insert on images
    for each row execute function image_terms_sync()
  `.execute(db);
  // search_vector is generated: the trigger fires when a column it is made from is written.
  await sql`
    create trigger images_terms_update after update of search_vector on images
    for each row when (old.search_vector is distinct from new.search_vector)
    execute function image_terms_sync()
  `.execute(db);
  await sql`
    create trigger images_terms_delete after delete on images
    for each row execute function image_terms_sync()
  `.execute(db);
}
