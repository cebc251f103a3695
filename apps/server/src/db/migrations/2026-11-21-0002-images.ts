import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await idColumn(db.schema.createTable("images"), dialect)
    // processing: files are being written (invisible; the janitor removes it if it goes stale).
    // ready: every eager rendition is stored.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("processing_expires_at", "bigint")
    .addColumn("uploader_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("ai_analysis", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("analysis_status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("style", "text")
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("edition_type", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer")
    .addColumn("max_editions", "integer")
    .addColumn("sold_editions", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_downloads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("collections_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("dl_preview", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("dl_basic", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("dl_hd", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("dl_xlarge", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("dl_ultra", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("original_format", "text", (c) => c.notNull())
    .addColumn("original_bytes", "bigint", (c) => c.notNull())
    .addColumn("original_name", "text")
    .addColumn("thumbhash", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // Keyset paging walks (status, is_public, id) in id order.
  await db.schema
    .createIndex("images_listing_idx")
    .on("images")
    .columns(["status", "is_public", "id"])
    .execute();
  await db.schema
    .createIndex("images_edition_idx")
    .on("images")
    .columns(["edition_type", "id"])
    .execute();
  await db.schema
    .createIndex("images_processing_idx")
    .on("images")
    .columns(["status", "processing_expires_at"])
    .execute();

  // Tags, styles and colour names of an image, one row each, for filtering and counting.
  await db.schema
    .createTable("image_facets")
    .addColumn("image_id", "bigint", (c) => c.notNull().references("images.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("image_facets_pk", ["kind", "value", "image_id"])
    .execute();
  await db.schema
    .createIndex("image_facets_image_idx")
    .on("image_facets")
    .column("image_id")
    .execute();

  await db.schema
    .createTable("renditions")
    .addColumn("image_id", "bigint", (c) => c.notNull().references("images.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("upscaled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("renditions_pk", ["image_id", "size"])
    .execute();

  await idColumn(db.schema.createTable("jobs"), dialect)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("image_id", "bigint", (c) => c.references("images.id").onDelete("cascade"))
    // pending → running → done | failed (retried with backoff until max_attempts).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("lease_until", "bigint")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_claim_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.createIndex("jobs_image_idx").on("jobs").column("image_id").execute();

  await idColumn(db.schema.createTable("download_events"), dialect)
    .addColumn("image_id", "bigint", (c) => c.references("images.id").onDelete("set null"))
    .addColumn("user_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("download_events_user_idx")
    .on("download_events")
    .columns(["user_id", "month"])
    .execute();

  // Server-wide secrets and settings shared by every process (e.g. the media URL signing key).
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("usage_monthly")
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("downloads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("usage_monthly_pk", ["user_id", "month"])
    .execute();
}
