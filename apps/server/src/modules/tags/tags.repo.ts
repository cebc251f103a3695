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
   * (Explore and the tag search link to the gallery: they count what it lists.) Read from the
   * kept counts (facet_counts): one row per tag and edition type, whatever the catalogue's size.
   */
  async countPublicTags(
    editionTypes: readonly string[],
  ): Promise<Array<{ tag: string; count: number }>> {
    const total = sql<number | string>`sum(count)`;
    const rows = await this.db
      .selectFrom("facet_counts")
      .select(["value as tag", total.as("count")])
      .where("kind", "=", "tag")
      .where("is_public", "=", 1)
      .where("edition_type", "in", [...editionTypes])
      .groupBy("value")
      .having(total, ">", 0)
      .orderBy(total, "desc")
      .orderBy("value")
      .execute();
    return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
  }

  /**
   * For each tag, its newest public, ready image of these edition types: each found by walking
   * the tag's facet rows newest first (the facets' primary key) to the first that qualifies.
   */
  async newestImageOf(tags: string[], editionTypes: readonly string[]): Promise<SampleRow[]> {
    const samples: SampleRow[] = [];
    for (const tag of tags) {
      const row = await this.db
        .selectFrom("image_facets as f")
        .innerJoin("images as i", "i.id", "f.image_id")
        .select(["f.value as tag", "i.id as image_id", "i.width", "i.height", "i.thumbhash"])
        .where("f.kind", "=", "tag")
        .where("f.value", "=", tag)
        .where("i.status", "=", "ready")
        .where("i.is_public", "=", 1)
        .where("i.edition_type", "in", [...editionTypes])
        .orderBy("f.image_id", "desc")
        .limit(1)
        .executeTakeFirst();
      if (row) samples.push({ ...row, image_id: Number(row.image_id) });
    }
    return samples;
  }
}
