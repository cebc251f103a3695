import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Punctuation PostgreSQL's text parser would read as part of a larger token (a host, a file path,
 * an e-mail, a hyphenated word, an XML tag): it becomes a space, so "misty-forest" or
 * "example.com" index as their words, the way SQLite's unicode61 tokenizer reads them and the way
 * search-query.ts splits what people type.
 */
const JOINERS = "-_./\\:@<>&;+'";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // Full-text search over title, description, tags and style, kept in step by the database
  // itself so no write path (uploads, analysis, admin edits, tests seeding rows) can forget it.
  if (dialect === "postgres") {
    const spaces = " ".repeat(JOINERS.length);
    await sql`
      alter table images add column search_vector tsvector generated always as (
        to_tsvector('simple'::regconfig, translate(
          coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || tags || ' ' ||
            coalesce(style, ''),
          ${sql.lit(JOINERS)}, ${sql.lit(spaces)}
        ))
      ) stored
    `.execute(db);
    await sql`create index images_search_idx on images using gin (search_vector)`.execute(db);
  } else {
    // External content: the index reads its text from `images` (rowid = images.id), no copy.
    await sql`
      create virtual table images_fts using fts5(
        title, description, tags, style,
        content = 'images', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      )
    `.execute(db);
    await sql`
      create trigger images_fts_insert after insert on images begin
        insert into images_fts (rowid, title, description, tags, style)
        values (new.id, new.title, new.description, new.tags, new.style);
      end
    `.execute(db);
    await sql`
      create trigger images_fts_delete after delete on images begin
        insert into images_fts (images_fts, rowid, title, description, tags, style)
        values ('delete', old.id, old.title, old.description, old.tags, old.style);
      end
    `.execute(db);
    await sql`
      create trigger images_fts_update after update of title, description, tags, style on images
      begin
        insert into images_fts (images_fts, rowid, title, description, tags, style)
        values ('delete', old.id, old.title, old.description, old.tags, old.style);
        insert into images_fts (rowid, title, description, tags, style)
        values (new.id, new.title, new.description, new.tags, new.style);
      end
    `.execute(db);
    await sql`insert into images_fts (images_fts) values ('rebuild')`.execute(db);
  }

  // One row per image, viewer and UTC day: a view counts once a day per viewer. The day leads
  // the key so the janitor prunes past days along it.
  await db.schema
    .createTable("image_views")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("image_id", "bigint", (c) => c.notNull().references("images.id").onDelete("cascade"))
    .addColumn("viewer_key", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("image_views_pk", ["day", "image_id", "viewer_key"])
    .execute();
  await db.schema
    .createIndex("image_views_image_idx")
    .on("image_views")
    .column("image_id")
    .execute();
}
