import { type Kysely, sql } from "kysely";
import { refillSearchTerms } from "../catalogue-derived.js";
import type { DialectName } from "../dialect.js";

/** As migration 0003: punctuation that PostgreSQL's parser would read as part of a larger token. */
const JOINERS = "-_./\\:@<>&;+'";

/**
 * PostgreSQL's search reads words without their accents, as SQLite's (unicode61,
 * remove_diacritics 2) always has: "cafe" finds "Café", and a title pasted in decomposed form
 * ("e" followed by a combining accent, as macOS often writes it) is found at all. Before this,
 * the same catalogue answered "noel" on SQLite and nothing on PostgreSQL.
 *
 * The text is decomposed (NFD), the combining diacritical marks (U+0300–U+036F) after a Latin
 * letter removed (SQLite folds Latin letters only: Cyrillic "й" and Greek tonos stay on both), and
 * composed again (NFC: Hangul and kana come apart in NFD). What people type is folded the same way
 * (search-query.ts `withoutAccents`). No extension is needed (unaccent is not immutable, so a
 * generated column cannot call it).
 *
 * A generated column's expression cannot be changed in place: the column is made again, with
 * its GIN index and the trigger on it, and `image_terms` (0018) is filled again from it. Images
 * can be neither read nor written meanwhile (8 s for 50,000 images; minutes at 1,000,000).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  const spaces = " ".repeat(JOINERS.length);
  // Both tables at once, in the order a search reads them (image_terms, then images): taken one
  // by one, the migration held images while a search of a process still running the old build
  // held image_terms and waited for images, and PostgreSQL ended the start with a deadlock.
  await sql`lock table image_terms, images in access exclusive mode`.execute(db);
  await sql`drop trigger images_terms_update on images`.execute(db);
  await sql`alter table images drop column search_vector`.execute(db);
  await sql`
    alter table images add column search_vector tsvector generated always as (
      to_tsvector('simple'::regconfig, normalize(regexp_replace(normalize(translate(
        coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || tags || ' ' ||
          coalesce(style, ''),
        ${sql.lit(JOINERS)}, ${sql.lit(spaces)}
      ), NFD), '([A-Za-z])[\\u0300-\\u036f]+', '\\1', 'g'), NFC))
    ) stored
  `.execute(db);
  await sql`create index images_search_idx on images using gin (search_vector)`.execute(db);
  await sql`
    create trigger images_terms_update after update of search_vector on images
    for each row when (old.search_vector is distinct from new.search_vector)
    execute function image_terms_sync()
  `.execute(db);
  await refillSearchTerms(db);
}
