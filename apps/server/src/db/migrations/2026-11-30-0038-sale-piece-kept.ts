import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * What a sale sold, kept with the sale: the piece's title and its edition's size when it sold
 * (`title`, `max_editions`). Deleting a piece removes its row, and its sales, certificates and
 * the admin's sales list then read "Artwork 58 · No. 1" where they had read "Green Forest · No. 1
 * of 3", and a search of the sales by the title found nothing (round 27). The piece's own row
 * still speaks while it exists; these speak once it has gone. Sales made before this migration
 * take the values their piece has now.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable("edition_sales").addColumn("title", "text").execute();
  await db.schema.alterTable("edition_sales").addColumn("max_editions", "integer").execute();
  await sql`update edition_sales set
      title = (select images.title from images where images.id = edition_sales.image_id),
      max_editions = (select images.max_editions from images where images.id = edition_sales.image_id)`.execute(
    db,
  );
}
