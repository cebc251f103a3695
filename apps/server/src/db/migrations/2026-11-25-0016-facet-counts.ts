import type { Kysely } from "kysely";
import { backfillListAnalysis, recountFacets } from "../catalogue-derived.js";
import type { DialectName } from "../dialect.js";

/**
 * Reads that never walk the catalogue (issue 18). `facet_counts`: how many ready images of each
 * visibility and edition type there are (`kind` 'all', value '') and how many carry each tag,
 * style and colour, kept in the transactions that change them (facet-counts.repo.ts), so totals,
 * `/tags`, explore and the admin's figures read rows instead of counting. `images.list_analysis`:
 * the fields of the analysis a list entry shows, written with `ai_analysis`, so a list page reads
 * a few hundred bytes an image instead of the whole analysis. Both backfilled from the rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("facet_counts")
    /** all | tag | style | color */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("edition_type", "text", (c) => c.notNull())
    .addColumn("is_public", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("facet_counts_pk", ["kind", "value", "edition_type", "is_public"])
    .execute();
  await recountFacets(db);

  await db.schema
    .alterTable("images")
    .addColumn("list_analysis", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await backfillListAnalysis(db, { onlyEmpty: true });
}
