import { normalizeStyle, shownText, slugifyTag, unique } from "@sawdust/shared";
import { type Kysely, sql } from "kysely";
import { inTransaction, recountFacets, refillSearchTerms } from "../catalogue-derived.js";
import type { DialectName } from "../dialect.js";

/** As migrations 0003 and 0032: punctuation that PostgreSQL's parser would read as part of a larger token. */
const JOINERS = "-_./\\:@<>&;+'";

/** Images read and written at once. */
const BATCH = 1000;

/**
 * International text handled as the app now writes it, for what it wrote before.
 *
 * Both databases: each image's tags slugified again (slugifyTag): a Turkish "İzmir" had become
 * "i̇zmir" (with a combining dot above), a tag of its own beside "izmir" that no link reached, and
 * "🏳️‍🌈pride" kept an invisible U+FE0F; its styles lower-cased the same way (normalizeStyle).
 * Titles and descriptions composed (NFC) and without the format characters that hide or reverse
 * text (shownText: a right-to-left override reversed the page's <title>). Only the images whose
 * text changes are written, their facet rows with them, and the kept counts are counted again
 * when a tag or style changed.
 *
 * PostgreSQL: `search_vector` reads Greek's final sigma as σ. PostgreSQL lower-cases Σ to σ
 * wherever it stands, so "ΛΟΓΟΣ" was filed as "λογοσ" and "λογος" (typed with ς) as itself, and
 * neither found the other; SQLite's tokenizer folds ς to σ. Searches fold it the same way
 * (search-query.ts `toTsQuery`). The column is made again as in 0032, with its GIN index, the
 * trigger on it and `image_terms`; images can be neither read nor written meanwhile.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === "postgres") {
    // In the order a search reads them, as 0032 does: else a deadlock with an old process.
    await sql`lock table image_terms, images in access exclusive mode`.execute(db);
  }
  if (await rewriteText(db)) await recountFacets(db);
  if (dialect !== "postgres") return;
  const from = `${JOINERS}ς`;
  const to = `${" ".repeat(JOINERS.length)}σ`;
  await sql`drop trigger images_terms_update on images`.execute(db);
  await sql`alter table images drop column search_vector`.execute(db);
  await sql`
    alter table images add column search_vector tsvector generated always as (
      to_tsvector('simple'::regconfig, normalize(regexp_replace(normalize(translate(
        coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || tags || ' ' ||
          coalesce(style, ''),
        ${sql.lit(from)}, ${sql.lit(to)}
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

/**
 * Writes each image's tags, styles, title and description as the app now makes them, walking the
 * table by id in batches. Returns whether any image's tags or styles changed.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up.
async function rewriteText(db: Kysely<any>): Promise<boolean> {
  let after = 0;
  let facetsChanged = false;
  for (;;) {
    const rows: Array<{
      id: number | string;
      title: string | null;
      description: string | null;
      tags: string;
      style: string | null;
    }> = await db
      .selectFrom("images")
      .select(["id", "title", "description", "tags", "style"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return facetsChanged;
    await inTransaction(db, async (trx) => {
      for (const row of rows) {
        const title = shownOrNull(row.title);
        const description = shownOrNull(row.description);
        const tags = retagged(row.tags);
        const styles = restyled(row.style);
        if (title === row.title && description === row.description && !tags && !styles) continue;
        await trx
          .updateTable("images")
          .set({
            title,
            description,
            ...(tags ? { tags: JSON.stringify(tags) } : {}),
            ...(styles ? { style: styles.length > 0 ? styles.join(", ") : null } : {}),
          })
          .where("id", "=", row.id)
          .execute();
        for (const [kind, values] of [
          ["tag", tags],
          ["style", styles],
        ] as const) {
          if (!values) continue;
          facetsChanged = true;
          await trx
            .deleteFrom("image_facets")
            .where("image_id", "=", row.id)
            .where("kind", "=", kind)
            .execute();
          if (values.length > 0) {
            await trx
              .insertInto("image_facets")
              .values(values.map((value) => ({ image_id: row.id, kind, value })))
              .execute();
          }
        }
      }
    });
    after = Number(rows[rows.length - 1]?.id);
  }
}

/** The stored `tags` slugified again (slugifyTag); undefined when they stay as they are. */
function retagged(json: string): string[] | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(stored) || !stored.every((tag) => typeof tag === "string")) return undefined;
  const tags = unique(stored.map(slugifyTag).filter(Boolean));
  return JSON.stringify(tags) === JSON.stringify(stored) ? undefined : tags;
}

/**
 * The stored `style` (comma-separated) as the edit form writes it (normalizeStyle each), when one
 * of its styles reads otherwise now; undefined when they all stay as they are.
 */
function restyled(style: string | null): string[] | undefined {
  if (style === null) return undefined;
  const parts = style
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.every((part) => normalizeStyle(part) === part)) return undefined;
  return unique(parts.map(normalizeStyle).filter(Boolean));
}

/** A title or description as pages show it; null when nothing is left. */
function shownOrNull(text: string | null): string | null {
  return text === null ? null : shownText(text) || null;
}
