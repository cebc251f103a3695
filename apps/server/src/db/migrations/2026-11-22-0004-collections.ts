import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // A member's named set of images (spec section 3 "Collection"). Only its owner reads it.
  await idColumn(db.schema.createTable("collections"), dialect)
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // The owner's list, newest first, and the free-tier count walk this.
  await db.schema
    .createIndex("collections_user_idx")
    .on("collections")
    .columns(["user_id", "created_at"])
    .execute();

  // One row per image in a collection; deleting either side removes the entry.
  await idColumn(db.schema.createTable("collection_images"), dialect)
    .addColumn("collection_id", "bigint", (c) =>
      c.notNull().references("collections.id").onDelete("cascade"),
    )
    .addColumn("image_id", "bigint", (c) => c.notNull().references("images.id").onDelete("cascade"))
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("collection_images_unique", ["collection_id", "image_id"])
    .execute();
  await db.schema
    .createIndex("collection_images_image_idx")
    .on("collection_images")
    .column("image_id")
    .execute();
}
