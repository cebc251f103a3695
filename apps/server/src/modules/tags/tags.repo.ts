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
   * For each tag, its `perTag` newest public, ready images of these edition types, newest first:
   * each found by walking the tag's facet rows newest first (the facets' primary key) and stopping
   * at the last it needs. One statement for every tag (a limited select a tag, joined), so
   * PostgreSQL plans and answers it once, not once a tag (eight round trips and plans were most of
   * explore's 3.4 ms there).
   */
  async newestImagesOf(
    tags: string[],
    editionTypes: readonly string[],
    perTag: number,
  ): Promise<SampleRow[]> {
    if (tags.length === 0 || editionTypes.length === 0) return [];
    const candidates = sql.join(
      tags.map(
        (tag) => sql`select * from (
          select cast(${tag} as text) as tag, f.image_id
          from image_facets f
          join images n on n.id = f.image_id
          where f.kind = 'tag' and f.value = ${tag}
            and n.status = 'ready' and n.is_public = 1
            and n.edition_type in (${sql.join([...editionTypes])})
          order by f.image_id desc
          limit ${perTag}
        ) t`,
      ),
      sql` union all `,
    );
    const { rows } = await sql<SampleRow>`
      select c.tag, i.id as image_id, i.width, i.height, i.thumbhash
      from (${candidates}) c
      join images i on i.id = c.image_id
    `.execute(this.db);
    return rows
      .map((row) => ({ ...row, image_id: Number(row.image_id) }))
      .sort((a, b) => b.image_id - a.image_id);
  }
}
