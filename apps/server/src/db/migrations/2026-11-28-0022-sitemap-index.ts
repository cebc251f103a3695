import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * The images a sitemap lists (ready, public, no moderation flag), as an index of their own holding
 * what a sitemap writes of each: its id and when it last changed. A sitemap file is then one walk
 * of this index over a range of ids, never a read of the images' rows: at 1,000,000 images the
 * sitemap read every row (26.7 s on SQLite, with the server's event loop waiting). The condition
 * is written as sitemap.repo.ts writes it, values as literals, so both databases see that the
 * sitemap's queries may use it; its columns are in the index too, since SQLite tests them again
 * and would otherwise read each row for them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await sql`
    create index images_sitemap_idx on images (id, updated_at, status, is_public, moderation)
    where status = 'ready' and is_public = 1 and moderation is null
  `.execute(db);
}
