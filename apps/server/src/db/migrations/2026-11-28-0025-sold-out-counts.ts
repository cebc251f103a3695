import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * The sold-out pieces counted beside the facets (`facet_counts`, kind 'sold', value ''), for each
 * visibility and edition type, kept from here on by keepingFacetCounts. A page of sold pieces then
 * knows how many there are without reading them: its total is exact, a filter no sold piece can
 * match is answered at once, and a common tag's sold pieces are found from the sold-out index
 * (images_sold_out_idx) rather than by reading every image of the tag (24–34 s at 1,000,000
 * images on SQLite for a tag's sold limited editions, none of which existed). The condition is
 * the list's (`availabilityOf`) and the index's.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await sql`
    insert into facet_counts (kind, value, edition_type, is_public, count)
    select 'sold', '', edition_type, is_public, count(*)
    from images
    where status = 'ready'
      and ((edition_type = 'one_of_one' and sold_editions >= 1)
        or (edition_type = 'limited_edition' and sold_editions >= coalesce(max_editions, 0)))
    group by edition_type, is_public
  `.execute(db);
}
