import type { Kysely } from "kysely";
import { backfillListKeys } from "../catalogue-derived.js";
import type { DialectName } from "../dialect.js";

/**
 * A list page's picture links read with its rows (issue 18): `images.key_small`, `key_medium` and
 * `key_large`, the storage keys of the image's public display renditions, written in the
 * transaction that writes the renditions (images.repo.ts), so a page no longer looks up three
 * rendition rows an image (63 index lookups a page of 21). Backfilled from the renditions.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const column of ["key_small", "key_medium", "key_large"]) {
    await db.schema.alterTable("images").addColumn(column, "text").execute();
  }
  await backfillListKeys(db);
}
