import type { Db } from "../../db/database.js";

/**
 * What the marketing API tells partners that the catalogue's own lists do not read: when each
 * image last changed (`updated_at`), so a partner can tell an image it listed before was edited.
 */
export class MarketingRepo {
  constructor(private readonly db: Db) {}

  /** Each image's `updated_at` (epoch ms), by id; an id without a row is left out. */
  async findUpdatedAt(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("images")
      .select(["id", "updated_at"])
      .where("id", "in", [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.updated_at)]));
  }
}
