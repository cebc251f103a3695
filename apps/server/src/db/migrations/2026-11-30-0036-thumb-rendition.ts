import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * The grid tile's rendition (issue 20): `thumb`, a 384×480 box, made with the other display
 * sizes from now on; `images.key_thumb` keeps its storage key as 0017 keeps the others'. Images
 * stored before it have none (null) until a `make-thumbs` job has made theirs from the original,
 * a batch a job, newest first (RenditionsService.makeMissingThumbs); until then their lists and
 * pages use `small`. The first of those jobs is queued here when there is anything to make; the
 * partial index finds what is left without reading the images that have one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable("images").addColumn("key_thumb", "text").execute();
  await sql`create index images_without_thumb_idx on images (id) where key_thumb is null`.execute(
    db,
  );
  const now = Date.now();
  await sql`insert into jobs (kind, payload, image_id, status, max_attempts, run_at, created_at, updated_at)
    select 'make-thumbs', '{"beforeId":null}', null, 'pending', 1, ${now}, ${now}, ${now}
    where exists (select 1 from images where status = 'ready')`.execute(db);
}
