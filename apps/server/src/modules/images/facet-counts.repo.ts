import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import { CompiledShapes } from "../../db/prepared-once.js";

/**
 * The kept counts (`facet_counts`, migration 0016): for each visibility and edition type, how
 * many ready images there are (`kind` 'all', value ''), how many of them carry each tag, style
 * and colour, and how many are sold out (`kind` 'sold', value '': a collected 1/1, a limited
 * edition with every edition sold; migration 0025). Every transaction that changes what they
 * count (an image made ready, its facets, visibility, edition type or size changed, an edition
 * sold or refunded, its deletion started) runs its writes inside `keepingFacetCounts`, the one
 * place that moves them; `recountFacets` (db/catalogue-derived.ts) rebuilds them from scratch.
 */

/** Ids per statement when reading or locking many images (well inside both parameter limits). */
const CHUNK = 500;

/** What ready images contribute to the counts: kept-count key → images. */
type Contributions = Map<string, number>;

/**
 * Runs `write` in the caller's transaction and moves the kept counts by what it changed about
 * these images. The images are locked first (PostgreSQL: their rows, in id order, as batches
 * lock them; SQLite: the database's write lock), so no other process changes them between the
 * two readings; the counts then move by atomic increments, in key order (two transactions never
 * wait on each other's counters in opposite orders).
 */
export async function keepingFacetCounts<T>(
  trx: Db,
  dialect: DialectName,
  imageIds: readonly number[],
  write: () => Promise<T>,
): Promise<T> {
  const ids = [...new Set(imageIds)].sort((a, b) => a - b);
  if (ids.length === 0) return write();
  await lockImages(trx, dialect, ids);
  const before = await contributionsOf(trx, ids);
  const result = await write();
  const after = await contributionsOf(trx, ids);
  await applyDelta(trx, deltaOf(before, after));
  return result;
}

async function lockImages(trx: Db, dialect: DialectName, ids: number[]): Promise<void> {
  if (dialect === "sqlite") {
    // A write takes SQLite's write lock for the rest of the transaction (it writes nothing).
    await sql`update images set updated_at = updated_at where 0`.execute(trx);
    return;
  }
  for (let i = 0; i < ids.length; i += CHUNK) {
    await trx
      .selectFrom("images")
      .select("id")
      .where("id", "in", ids.slice(i, i + CHUNK))
      .orderBy("id")
      .forUpdate()
      .execute();
  }
}

async function contributionsOf(trx: Db, ids: number[]): Promise<Contributions> {
  const counts: Contributions = new Map();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const images = await trx
      .selectFrom("images")
      .select(["id", "edition_type", "is_public", "sold_editions", "max_editions"])
      .where("id", "in", chunk)
      .where("status", "=", "ready")
      .execute();
    if (images.length === 0) continue;
    const byId = new Map(images.map((image) => [Number(image.id), image]));
    for (const image of images) {
      add(keyOf("all", "", image.edition_type, image.is_public));
      if (isSoldOut(image)) add(keyOf("sold", "", image.edition_type, image.is_public));
    }
    const facets = await trx
      .selectFrom("image_facets")
      .select(["image_id", "kind", "value"])
      .where(
        "image_id",
        "in",
        images.map((image) => image.id),
      )
      .execute();
    for (const facet of facets) {
      const image = byId.get(Number(facet.image_id));
      if (image) add(keyOf(facet.kind, facet.value, image.edition_type, image.is_public));
    }
  }
  return counts;
}

/**
 * Whether a piece is sold out: a collected 1/1, or a limited edition with every edition sold. The
 * same condition as the availability filter's SQL (images.repo.ts `availabilityOf`) and the sold
 * count's rebuild (`recountFacets`).
 */
export function isSoldOut(image: {
  edition_type: string;
  sold_editions: number;
  max_editions: number | null;
}): boolean {
  if (image.edition_type === "one_of_one") return image.sold_editions >= 1;
  return (
    image.edition_type === "limited_edition" && image.sold_editions >= (image.max_editions ?? 0)
  );
}

function keyOf(kind: string, value: string, editionType: string, isPublic: number): string {
  return JSON.stringify([kind, value, editionType, Number(isPublic)]);
}

function deltaOf(before: Contributions, after: Contributions): Array<[string, number]> {
  const delta = new Map<string, number>();
  for (const [key, n] of after) delta.set(key, n);
  for (const [key, n] of before) delta.set(key, (delta.get(key) ?? 0) - n);
  return [...delta].filter(([, d]) => d !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

async function applyDelta(trx: Db, delta: Array<[string, number]>): Promise<void> {
  const rows = delta.map(([key, d]) => {
    const [kind, value, editionType, isPublic] = JSON.parse(key) as [
      string,
      string,
      string,
      number,
    ];
    return { kind, value, edition_type: editionType, is_public: isPublic, count: d };
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto("facet_counts")
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(["kind", "value", "edition_type", "is_public"]).doUpdateSet((eb) => ({
          count: eb("facet_counts.count", "+", eb.ref("excluded.count")),
        })),
      )
      .execute();
  }
}

/** Which kept counts a total adds up. */
export interface KeptScope {
  /** 'all' (every image), 'sold' (the sold-out pieces) or one facet kind with values to add up. */
  kind: "all" | "sold" | "tag" | "style" | "color";
  values: readonly string[];
  /** null: public and private alike. */
  isPublic: 0 | 1 | null;
  /** Empty: every edition type. */
  editionTypes: readonly string[];
}

/** Reads of the kept counts. */
export class FacetCountsRepo {
  private readonly sumShapes = new CompiledShapes();

  constructor(private readonly db: Db) {}

  /**
   * The kept counts in this scope, added up: the number of ready images for kind 'all' (or one
   * value), an upper bound on those carrying any of several values (an image may carry two).
   */
  async sum(scope: KeptScope): Promise<number> {
    const whole = scope.kind === "all" || scope.kind === "sold";
    if (!whole && scope.values.length === 0) return 0;
    // Twice a list page: built once per shape (which kind, how many values and edition types,
    // whether visibility counts), then run with each call's values.
    const values: unknown[] = [
      scope.kind,
      ...(whole ? [""] : scope.values),
      ...scope.editionTypes,
      ...(scope.isPublic === null ? [] : [scope.isPublic]),
    ];
    const keys = whole ? 1 : scope.values.length;
    const shape = `${scope.kind}:${keys}:${scope.editionTypes.length}:${scope.isPublic === null ? "any" : "one"}`;
    const rows = await this.sumShapes.run<{ n: number | string | null }>(
      this.db,
      shape,
      values,
      (slot) => {
        let query = this.db
          .selectFrom("facet_counts")
          .select(sql<number | string | null>`sum(count)`.as("n"))
          .where("kind", "=", slot(0));
        const keySlots = Array.from({ length: keys }, (_, i) => slot(1 + i));
        query = whole
          ? query.where("value", "=", keySlots[0] as never)
          : query.where("value", "in", keySlots);
        const editionSlots = scope.editionTypes.map((_, i) => slot(1 + keys + i));
        if (editionSlots.length > 0) query = query.where("edition_type", "in", editionSlots);
        if (scope.isPublic !== null) {
          query = query.where("is_public", "=", slot(1 + keys + editionSlots.length));
        }
        return query;
      },
    );
    const row = rows[0];
    return Number(row?.n ?? 0);
  }
}
