import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";

/** An image page of the sitemap: its id and when it last changed (epoch ms). */
export interface SitemapImageRow {
  id: number;
  updated_at: number;
}

/**
 * What search engines may list: ready, public images no moderation flag holds back. Written as
 * images_sitemap_idx's condition (migration 0022), values as literals: with them bound as
 * parameters neither database would see that the index holds every row the query wants.
 */
const LISTABLE = sql`status = 'ready' and is_public = 1 and moderation is null`;

/**
 * Reads of the sitemap, each bounded whatever the catalogue's size: images through
 * images_sitemap_idx by a range of ids, tags from the kept counts.
 */
export class SitemapRepo {
  /**
   * SQLite is told which index to walk: by its estimates images_listing_idx (status, is_public,
   * id) looks as good, and it would then read each image's row for its moderation flag.
   */
  private readonly images;

  constructor(
    private readonly db: Db,
    dialect: DialectName,
  ) {
    this.images = sql.raw(dialect === "sqlite" ? "images indexed by images_sitemap_idx" : "images");
  }

  /** The listable images with `fromId < id <= toId`, by id. */
  async findListableImagesIn(fromId: number, toId: number): Promise<SitemapImageRow[]> {
    const { rows } = await sql<{ id: number | string; updated_at: number | string }>`
      select id, updated_at from ${this.images}
      where ${LISTABLE} and id > ${fromId} and id <= ${toId}
      order by id
    `.execute(this.db);
    return rows.map((r) => ({ id: Number(r.id), updated_at: Number(r.updated_at) }));
  }

  /** The first listable image's id after `afterId`, if there is one. */
  async findNextListableId(afterId: number): Promise<number | undefined> {
    const { rows } = await sql<{ id: number | string }>`
      select id from ${this.images} where ${LISTABLE} and id > ${afterId} order by id limit 1
    `.execute(this.db);
    return rows[0] === undefined ? undefined : Number(rows[0].id);
  }

  /**
   * Every tag the gallery has a page of: carried by a public, ready image. Read from the kept
   * counts (facet_counts), as explore and /api/v1/tags are: one row per tag and edition type.
   */
  async findPublicTags(): Promise<string[]> {
    const rows = await this.db
      .selectFrom("facet_counts")
      .select("value")
      .where("kind", "=", "tag")
      .where("is_public", "=", 1)
      .groupBy("value")
      .having(sql`sum(count)`, ">", 0)
      .orderBy("value")
      .execute();
    return rows.map((r) => r.value);
  }
}
