import { sql } from "kysely";
import type { Db } from "../../db/database.js";

export interface SampleRow {
  tag: string;
  image_id: number;
  width: number;
  height: number;
  thumbhash: string | null;
}

export class TagsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Tags of public, ready images of these edition types with their counts, most used first.
   * (Explore and the tag search link to the gallery: they count what it lists.)
   */
  async countPublicTags(
    editionTypes: readonly string[],
  ): Promise<Array<{ tag: string; count: number }>> {
    const rows = await this.db
      .selectFrom("image_facets as f")
      .innerJoin("images as i", "i.id", "f.image_id")
      .select(["f.value as tag", (eb) => eb.fn.countAll<number>().as("count")])
      .where("f.kind", "=", "tag")
      .where("i.status", "=", "ready")
      .where("i.is_public", "=", 1)
      .where("i.edition_type", "in", editionTypes)
      .groupBy("f.value")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("f.value")
      .execute();
    return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
  }

  /** For each tag, its newest public, ready image of these edition types. */
  async newestImageOf(tags: string[], editionTypes: readonly string[]): Promise<SampleRow[]> {
    if (tags.length === 0) return [];
    const newest = this.db
      .selectFrom("image_facets as f")
      .innerJoin("images as i", "i.id", "f.image_id")
      .select(["f.value as tag", (eb) => eb.fn.max("i.id").as("image_id")])
      .where("f.kind", "=", "tag")
      .where("f.value", "in", tags)
      .where("i.status", "=", "ready")
      .where("i.is_public", "=", 1)
      .where("i.edition_type", "in", editionTypes)
      .groupBy("f.value")
      .as("n");
    const rows = await this.db
      .selectFrom(newest)
      .innerJoin("images as i", "i.id", "n.image_id")
      .select(["n.tag", "i.id as image_id", "i.width", "i.height", "i.thumbhash"])
      .execute();
    return rows.map((r) => ({ ...r, image_id: Number(r.image_id) }));
  }
}
