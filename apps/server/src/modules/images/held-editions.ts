import type { ExpressionBuilder } from "kysely";
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
