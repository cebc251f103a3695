import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * SQLite: the full-text index also keeps every word's first letter and first two letters
 * (FTS5's `prefix = '1 2'`). A search's last word is a prefix, and the search palette asks as
 * people type: `b`, then `bo`. Without these, FTS5 answered a one-letter prefix by merging the
 * lists of every word it begins: 80–280 ms at 1,000,000 images for a page or a count, with the
 * server's event loop waiting; with them, 0.1 ms. The index grows by about its own size per
 * prefix length kept (131 MB → 457 MB with `1 2 3` at 1M; three-letter prefixes already take
 * 7–17 ms, spelled out as their words, so only two are kept). The table is made again with the
 * option and rebuilt from `images`; the triggers of migration 0003 keep writing to it by name.
 * PostgreSQL: nothing (its prefixes are answered from image_terms and the GIN index).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== "sqlite") return;
  await sql`drop table images_fts`.execute(db);
  await sql`
    create virtual table images_fts using fts5(
      title, description, tags, style,
      content = 'images', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2'
    )
  `.execute(db);
  await sql`insert into images_fts (images_fts) values ('rebuild')`.execute(db);
}
