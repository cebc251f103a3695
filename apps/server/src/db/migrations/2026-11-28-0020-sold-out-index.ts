import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * The sold-out pieces (a collected 1/1, a limited edition with every edition sold) as an index
 * of their own: `?availability=sold` (the edition pages' filter) is a few in a hundred images, and
 * its count or page otherwise reads every image's row to find them (1.6–2.7 s at 1,000,000 images
 * on SQLite, with the server's event loop waiting). Its condition is written exactly as the
 * list's (`availabilityOf` in images.repo.ts), values as literals, so both databases see that a
 * query for sold pieces may use it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await sql`
    create index images_sold_out_idx on images (status, is_public, id)
    where (edition_type = 'one_of_one' and sold_editions >= 1)
      or (edition_type = 'limited_edition' and sold_editions >= coalesce(max_editions, 0))
  `.execute(db);
}
