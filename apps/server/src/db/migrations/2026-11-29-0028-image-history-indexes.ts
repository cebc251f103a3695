import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * An image's history found by the image:
 * - `download_events (image_id, created_at)`. Deleting an image sets its downloads' `image_id` to
 *   null (the totals keep them), and with no index leading with `image_id` each deleted image
 *   read every download the site ever counted: an admin's batch delete of 1,000 images read
 *   them 1,000 times, in one transaction. The analytics' per-image downloads in a range read
 *   the image's own rows too.
 * - `image_view_days (image_id, day)`: the analytics' per-image views in a range (its key leads
 *   with the day, so each image read every image's rows of the range).
 *
 * And one index less: `images_original_bytes_idx` (0023) served the dashboard's sum of the
 * originals, which reads storage_totals since 0026; it was one more index written with every
 * image.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await sql`create index download_events_image_idx on download_events (image_id, created_at)`.execute(
    db,
  );
  await sql`create index image_view_days_image_idx on image_view_days (image_id, day)`.execute(db);
  await sql`drop index images_original_bytes_idx`.execute(db);
}
