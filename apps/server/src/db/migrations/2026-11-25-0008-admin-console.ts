import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // Why an image waits for an admin (the moderation queue): 'flagged' (the content rater found it
  // sensitive), 'unrated' (no rating could be made), 'reported' (members reported it); null when
  // nothing does. The reason in words beside it. Until now this lived only inside ai_analysis.
  await db.schema.alterTable("images").addColumn("moderation", "text").execute();
  await db.schema.alterTable("images").addColumn("moderation_reason", "text").execute();
  const flagged =
    dialect === "postgres"
      ? sql`(ai_analysis::jsonb -> 'moderation' ->> 'flagged') = 'true'`
      : sql`json_extract(ai_analysis, '$.moderation.flagged') = 1`;
  const reason =
    dialect === "postgres"
      ? sql`ai_analysis::jsonb -> 'moderation' ->> 'reason'`
      : sql`json_extract(ai_analysis, '$.moderation.reason')`;
  // Images flagged before this column existed, unless an admin has published them since.
  await sql`
    update images
    set moderation = case when ${reason} like 'not rated%' then 'unrated' else 'flagged' end,
        moderation_reason = ${reason}
    where is_public = 0 and ${flagged}
  `.execute(db);
  await db.schema
    .createIndex("images_moderation_idx")
    .on("images")
    .columns(["moderation", "id"])
    .execute();

  // A suspended member cannot sign in and has no session; null while in good standing.
  await db.schema.alterTable("users").addColumn("suspended_at", "bigint").execute();
}
