import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { ImageRow } from "../../db/schema.js";
import { IMAGE_COLUMNS } from "./images.repo.js";

export interface ImageFacets {
  tags: string[];
  styles: string[];
  colors: string[];
}

export interface SimilarCandidate {
  image: ImageRow;
  sharedTags: number;
  sharedStyles: number;
}

/** Reads for "More like this": an image's facets, and the public images sharing the most. */
export class SimilarRepo {
  constructor(private readonly db: Db) {}

  async findFacets(imageId: number): Promise<ImageFacets> {
    const rows = await this.db
      .selectFrom("image_facets")
      .select(["kind", "value"])
      .where("image_id", "=", imageId)
      .execute();
    const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.value);
    return { tags: of("tag"), styles: of("style"), colors: of("color") };
  }

  /**
   * Public, ready images other than `imageId` that share any of these facets, those sharing the
   * most first, at most `limit`. Bounded by the facet index: only the rows of the given values
   * are read, never the whole catalogue.
   */
  async findSharingFacets(
    imageId: number,
    facets: ImageFacets,
    limit: number,
  ): Promise<SimilarCandidate[]> {
    const wanted = (
      [
        ["tag", facets.tags],
        ["style", facets.styles],
        ["color", facets.colors],
      ] as const
    ).filter(([, values]) => values.length > 0);
    if (wanted.length === 0) return [];
    const scored = await this.db
      .selectFrom("image_facets as f")
      .innerJoin("images as i", "i.id", "f.image_id")
      .select([
        "f.image_id",
        sql<number>`sum(case when f.kind = 'tag' then 1 else 0 end)`.as("shared_tags"),
        sql<number>`sum(case when f.kind = 'style' then 1 else 0 end)`.as("shared_styles"),
      ])
      .where((eb) =>
        eb.or(
          wanted.map(([kind, values]) =>
            eb.and([eb("f.kind", "=", kind), eb("f.value", "in", values)]),
          ),
        ),
      )
      .where("f.image_id", "<>", imageId)
      .where("i.status", "=", "ready")
      .where("i.is_public", "=", 1)
      .groupBy("f.image_id")
      .orderBy(sql`sum(case when f.kind = 'tag' then 2 else 1 end)`, "desc")
      .orderBy("f.image_id", "desc")
      .limit(limit)
      .execute();
    if (scored.length === 0) return [];
    const rows = await this.db
      .selectFrom("images")
      .select(IMAGE_COLUMNS)
      .where(
        "id",
        "in",
        scored.map((s) => s.image_id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return scored.flatMap((s) => {
      const image = byId.get(s.image_id);
      return image
        ? [{ image, sharedTags: Number(s.shared_tags), sharedStyles: Number(s.shared_styles) }]
        : [];
    });
  }
}
