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

/**
 * How many facet rows "More like this" reads at most: the source's rarest values are read whole
 * while they fit, every other value is sampled (its newest images). 50,000 rows of the facets'
 * own index take about 30 ms on SQLite.
 */
export const SIMILAR_READ_BUDGET = { wholeRows: 50_000, sampledPerValue: 2_000 };
/** Images whose shared facets are counted exactly, per candidate asked for. */
const PROMISING_PER_CANDIDATE = 10;

/** Reads for "More like this": an image's facets, and the public images sharing the most. */
export class SimilarRepo {
  constructor(
    private readonly db: Db,
    /** SIMILAR_READ_BUDGET (tests make it small). */
    private readonly budget = SIMILAR_READ_BUDGET,
  ) {}

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
   * most first (a tag counts twice a style or a colour), at most `limit`. Bounded whatever the
   * catalogue's size: the source's rarest values (by the kept counts) are read whole while they
   * fit the budget, the others sampled, their newest images (a colour half the catalogue carries,
   * read whole, took 5-6 s at 1,000,000 images on SQLite); then what the most promising of those
   * images share is counted exactly. An image sharing most of the source's values shares one of
   * its rarest, so those that rank first are found whatever their age.
   */
  async findSharingFacets(
    imageId: number,
    facets: ImageFacets,
    limit: number,
  ): Promise<SimilarCandidate[]> {
    const kinds = (
      [
        ["tag", facets.tags],
        ["style", facets.styles],
        ["color", facets.colors],
      ] as const
    ).filter(([, values]) => values.length > 0);
    if (kinds.length === 0) return [];
    // A row of one of the source's values (kind and value), in facet_counts or image_facets.
    // biome-ignore lint/suspicious/noExplicitAny: the same columns in either table.
    const sourceValues = (eb: any) =>
      eb.or(
        kinds.map(([kind, values]) => eb.and([eb("kind", "=", kind), eb("value", "in", values)])),
      );
    const sizes = await this.db
      .selectFrom("facet_counts")
      .select(["kind", "value", sql<number | string>`sum(count)`.as("n")])
      .where("is_public", "=", 1)
      .where(sourceValues)
      .groupBy(["kind", "value"])
      .execute();
    const sizeOf = new Map(sizes.map((row) => [`${row.kind}:${row.value}`, Number(row.n)]));
    const wanted = kinds
      .flatMap(([kind, values]) =>
        values.map((value) => ({ kind, value, size: sizeOf.get(`${kind}:${value}`) ?? 0 })),
      )
      .sort((a, b) => a.size - b.size);
    let whole = 0;
    const samples = wanted.map(({ kind, value, size }) => {
      const read = whole + size <= this.budget.wholeRows ? undefined : this.budget.sampledPerValue;
      if (read === undefined) whole += size;
      // From the facets' own index alone; whether an image is public and ready is read below,
      // for the few that rank.
      return sql`select * from (
        select image_id, kind from image_facets
        where kind = ${kind} and value = ${value} and image_id <> ${imageId}
        order by image_id desc
        ${read === undefined ? sql`` : sql`limit ${read}`}
      ) as s`;
    });
    const { rows: sampled } = await sql<{ image_id: number | string; kind: string }>`
      ${sql.join(samples, sql` union all `)}
    `.execute(this.db);
    // The most promising by what was read, a few times over what is asked: an image may share
    // more than was read of it (a sample stops at its value's newest images).
    const seen = new Map<number, number>();
    for (const row of sampled) {
      const id = Number(row.image_id);
      seen.set(id, (seen.get(id) ?? 0) + (row.kind === "tag" ? 2 : 1));
    }
    const promising = [...seen]
      .sort(([a, x], [b, y]) => y - x || b - a)
      .slice(0, limit * PROMISING_PER_CANDIDATE)
      .map(([id]) => id);
    if (promising.length === 0) return [];
    const shared = await this.db
      .selectFrom("image_facets")
      .select([
        "image_id",
        sql<number>`sum(case when kind = 'tag' then 1 else 0 end)`.as("shared_tags"),
        sql<number>`sum(case when kind = 'style' then 1 else 0 end)`.as("shared_styles"),
        sql<number>`sum(case when kind = 'tag' then 2 else 1 end)`.as("weight"),
      ])
      .where("image_id", "in", promising)
      .where(sourceValues)
      .groupBy("image_id")
      .execute();
    const ranked = shared
      .map((s) => ({ ...s, image_id: Number(s.image_id) }))
      .sort((a, b) => Number(b.weight) - Number(a.weight) || b.image_id - a.image_id);
    if (ranked.length === 0) return [];
    const rows = await this.db
      .selectFrom("images")
      .select(IMAGE_COLUMNS)
      .where(
        "id",
        "in",
        ranked.map((s) => s.image_id),
      )
      .where("status", "=", "ready")
      .where("is_public", "=", 1)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const scored = ranked.filter((s) => byId.has(s.image_id)).slice(0, limit);
    return scored.flatMap((s) => {
      const image = byId.get(s.image_id);
      return image
        ? [{ image, sharedTags: Number(s.shared_tags), sharedStyles: Number(s.shared_styles) }]
        : [];
    });
  }
}
