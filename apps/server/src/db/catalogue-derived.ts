import { type Kysely, sql } from "kysely";
import { listAnalysisOf } from "../modules/images/list-analysis.js";

/**
 * Values the catalogue keeps beside its rows so that reads never walk it: the facet counts
 * (`facet_counts`) and each image's list-sized analysis (`images.list_analysis`), both from
 * migration 0016, its display renditions' keys (`images.key_*`, 0017), the bytes stored
 * (`storage_totals`, 0026) and, on PostgreSQL, its search words as rows (`image_terms`, 0018). The app keeps them up to date in the transactions
 * that write images (facet-counts.repo.ts, list-analysis.ts; 0018's triggers); these rebuild them
 * from scratch, for the migrations' backfills and for whoever writes image rows behind the app's
 * back (the benchmark's seed, which loads with triggers off).
 */

/**
 * Rebuilds `facet_counts` from the images and their facets, in one transaction: for each ready
 * image's visibility and edition type, how many images (`kind` 'all', value ''), how many are
 * sold out (`kind` 'sold', value '') and how many carry each tag, style and colour. Run it while
 * nothing else writes images.
 */
// biome-ignore lint/suspicious/noExplicitAny: also run by the migration, before the typed schema.
export async function recountFacets(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`delete from facet_counts`.execute(trx);
    await sql`
      insert into facet_counts (kind, value, edition_type, is_public, count)
      select 'all', '', edition_type, is_public, count(*)
      from images where status = 'ready'
      group by edition_type, is_public
    `.execute(trx);
    // Sold out as facet-counts.repo.ts `isSoldOut` says (and images_sold_out_idx's condition).
    await sql`
      insert into facet_counts (kind, value, edition_type, is_public, count)
      select 'sold', '', edition_type, is_public, count(*)
      from images
      where status = 'ready'
        and ((edition_type = 'one_of_one' and sold_editions >= 1)
          or (edition_type = 'limited_edition' and sold_editions >= coalesce(max_editions, 0)))
      group by edition_type, is_public
    `.execute(trx);
    await sql`
      insert into facet_counts (kind, value, edition_type, is_public, count)
      select f.kind, f.value, i.edition_type, i.is_public, count(*)
      from image_facets f join images i on i.id = f.image_id
      where i.status = 'ready'
      group by f.kind, f.value, i.edition_type, i.is_public
    `.execute(trx);
  });
}

/**
 * Writes `storage_totals` (migration 0026) afresh: every original's and every rendition's bytes,
 * added up. Its triggers keep it from then on; this is for whoever wrote rows with them off.
 */
// biome-ignore lint/suspicious/noExplicitAny: see recountFacets.
export async function recountStorage(db: Kysely<any>): Promise<void> {
  await sql`
    update storage_totals set
      original_bytes = coalesce((select sum(original_bytes) from images), 0),
      rendition_bytes = coalesce((select sum(bytes) from renditions), 0)
    where id = 1
  `.execute(db);
}

/**
 * Writes each image's `key_small`, `key_medium` and `key_large` (migration 0017) from its
 * renditions: one statement over the table.
 */
// biome-ignore lint/suspicious/noExplicitAny: also run by the migration, before the typed schema.
export async function backfillListKeys(db: Kysely<any>): Promise<void> {
  const key = (size: string) =>
    sql`(select r.storage_key from renditions r where r.image_id = images.id and r.size = ${size})`;
  await sql`update images set key_small = ${key("small")}, key_medium = ${key("medium")}, key_large = ${key("large")}`.execute(
    db,
  );
}

/**
 * PostgreSQL: `image_terms` (migration 0018) made again from every image's `search_vector`, as the
 * migration first filled it: the key dropped, the rows written, the key built once over them (at
 * 1,000,000 images, 25 million rows in about three minutes here). Run it while nothing else writes
 * images; SQLite has no such table (its FTS5 index is kept by SQLite itself).
 */
// biome-ignore lint/suspicious/noExplicitAny: see recountFacets.
export async function refillSearchTerms(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`alter table image_terms drop constraint image_terms_pkey`.execute(trx);
    await sql`truncate image_terms`.execute(trx);
    await sql`
      insert into image_terms (term, image_id)
      select unnest(tsvector_to_array(search_vector)), id from images
    `.execute(trx);
    await sql`alter table image_terms add primary key (term, image_id)`.execute(trx);
  });
}

/** Rows read and written at once by backfillListAnalysis. */
const BACKFILL_BATCH = 1000;

/**
 * Writes `list_analysis` from `ai_analysis` for every image (`onlyEmpty`: only those still at
 * the column's default), walking the table by id in batches.
 */
export async function backfillListAnalysis(
  // biome-ignore lint/suspicious/noExplicitAny: also run by the migration, before the typed schema.
  db: Kysely<any>,
  options: { onlyEmpty?: boolean } = {},
): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const rows: Array<{ id: number | string; ai_analysis: string; list_analysis: string }> =
      await db
        .selectFrom("images")
        .select(["id", "ai_analysis", "list_analysis"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(BACKFILL_BATCH)
        .execute();
    if (rows.length === 0) return written;
    await inTransaction(db, async (trx) => {
      for (const row of rows) {
        if (options.onlyEmpty && row.list_analysis !== "{}") continue;
        const list = listAnalysisOf(row.ai_analysis);
        if (list === row.list_analysis) continue;
        await trx
          .updateTable("images")
          .set({ list_analysis: list })
          .where("id", "=", row.id)
          .execute();
        written += 1;
      }
    });
    after = Number(rows[rows.length - 1]?.id);
  }
}

/** Runs `work` in a transaction: the caller's, when it is one (migrations run in one on PostgreSQL). */
export function inTransaction<T>(
  // biome-ignore lint/suspicious/noExplicitAny: see recountFacets.
  db: Kysely<any>,
  // biome-ignore lint/suspicious/noExplicitAny: see recountFacets.
  work: (trx: Kysely<any>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
