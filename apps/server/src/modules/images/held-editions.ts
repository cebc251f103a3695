import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/**
 * How many editions of the outer statement's image are held for buyers paying now (live holds,
 * placed by a purchase under the image's lock): a correlated count, so a statement that tests an
 * edition's new size against it is one atomic check.
 */
export function liveHolds(eb: ExpressionBuilder<Database, "images">, now: number) {
  return eb
    .selectFrom("edition_reservations as held")
    .select((sub) => sub.fn.countAll<number>().as("n"))
    .whereRef("held.image_id", "=", "images.id")
    .where("held.status", "=", "active")
    .where("held.expires_at", ">", now);
}

/** The highest number a standing sale of the outer statement's image holds (0: none). */
export function highestNumberSold(eb: ExpressionBuilder<Database, "images">) {
  return eb
    .selectFrom("edition_sales as standing")
    .select((sub) => sub.fn.coalesce(sub.fn.max("standing.number"), sub.lit(0)).as("n"))
    .whereRef("standing.image_id", "=", "images.id")
    .where("standing.status", "=", "sold");
}

/** What an image's edition may not shrink under, besides its sold count. */
export interface EditionFloor {
  /** Editions held for buyers paying now. */
  held: number;
  /** The highest number a standing sale holds: "No. 3 of 2" is never printed. */
  highest: number;
}

/**
 * The images' edition floors. Read in a statement of its own after their rows are locked
 * (PostgreSQL): a statement's snapshot is taken as it starts, so holds placed while it waited for
 * the locks would be missed by a count inside the locking statement.
 */
export async function editionFloors(
  db: Kysely<Database>,
  ids: number[],
  now: number,
): Promise<Map<number, EditionFloor>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("images")
    .select((eb) => ["id", liveHolds(eb, now).as("held"), highestNumberSold(eb).as("highest")])
    .where("id", "in", ids)
    .execute();
  return new Map(
    rows.map((row) => [row.id, { held: Number(row.held ?? 0), highest: Number(row.highest ?? 0) }]),
  );
}
