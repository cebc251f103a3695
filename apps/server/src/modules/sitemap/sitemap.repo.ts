import { sql } from "kysely";
import type { Db } from "../../db/database.js";

/** A page of the sitemap: its id or tag and when what it shows last changed (epoch ms). */
export interface SitemapImageRow {
  id: number;
  updated_at: number;
}
export interface SitemapTagRow {
  tag: string;
  updated_at: number;
}

/** What search engines may list: public, ready images no moderation flag holds back. */
export class SitemapRepo {
  constructor(private readonly db: Db) {}

  /** The next `limit` listable images after `afterId`, by id (a walk of the primary key). */
  async findListableImagesAfter(afterId: number, limit: number): Promise<SitemapImageRow[]> {
    const rows = await this.db
      .selectFrom("images")
      .select(["id", "updated_at"])
      .where("status", "=", "ready")
      .where("is_public", "=", 1)
      .where("moderation", "is", null)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), updated_at: Number(r.updated_at) }));
  }

  /** Every tag of a listable image, with the last change to one of its images. */
  async findListableTags(): Promise<SitemapTagRow[]> {
    const lastChange = sql<number | string>`max(i.updated_at)`;
    const rows = await this.db
      .selectFrom("image_facets as f")
      .innerJoin("images as i", "i.id", "f.image_id")
      .select(["f.value as tag", lastChange.as("updated_at")])
      .where("f.kind", "=", "tag")
      .where("i.status", "=", "ready")
      .where("i.is_public", "=", 1)
      .where("i.moderation", "is", null)
      .groupBy("f.value")
      .orderBy("f.value")
      .execute();
    return rows.map((r) => ({ tag: r.tag, updated_at: Number(r.updated_at) }));
  }
}
