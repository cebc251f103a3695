import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";
import { idColumn } from "./helpers.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // Members' reports of an image (the moderation queue): one per member and image, ever; an
  // admin's decision resolves the image's open reports (resolution: approved | kept_private).
  // A deleted image or member takes their reports along.
  await idColumn(db.schema.createTable("image_reports"), dialect)
    .addColumn("image_id", "bigint", (c) => c.notNull().references("images.id").onDelete("cascade"))
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("resolved_at", "bigint")
    .addColumn("resolved_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("resolution", "text")
    // Once per member and image: the database holds the rule, whatever arrives at once.
    .addUniqueConstraint("image_reports_image_user_key", ["image_id", "user_id"])
    .execute();
  // A member's reports go with their account: the cascade looks them up by member.
  await db.schema
    .createIndex("image_reports_user_idx")
    .on("image_reports")
    .columns(["user_id"])
    .execute();
}
