import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Images by price: the marketing API's price bounds. A page whose bounds few images are priced
 * within is found from here (PageLead `price`); along the catalogue it read every image it
 * passed for its price, and an empty band passed them all (1.4–11.7 s at 1,000,000 images on
 * SQLite, with the server's event loop waiting).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await sql`create index images_price_idx on images (price_cents, id)`.execute(db);
}
