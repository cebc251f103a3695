import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  // An upload stays private until its content rating has run; this says it should then be
  // published (1) unless the rating flags it.
  await db.schema
    .alterTable("images")
    .addColumn("publish_when_rated", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // A member's counted download of one image's size in one month: a byte range that resumes it
  // is free, any other download is counted again.
  await db.schema
    .createTable("download_grants")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("image_id", "bigint", (c) => c.notNull().references("images.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("month", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("download_grants_pk", ["user_id", "image_id", "size", "month"])
    .execute();
  await db.schema
    .createIndex("download_grants_image_idx")
    .on("download_grants")
    .column("image_id")
    .execute();
}
