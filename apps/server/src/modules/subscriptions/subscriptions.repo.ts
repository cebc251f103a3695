import type { Db } from "../../db/database.js";

export class SubscriptionsRepo {
  constructor(private readonly db: Db) {}

  /** Tiers of the user's active, unexpired subscriptions. */
  async findActiveTiers(userId: number, now: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("subscriptions")
      .select("tier")
      .where("user_id", "=", userId)
      .where("status", "=", "active")
      .where((eb) => eb.or([eb("expiry_date", "is", null), eb("expiry_date", ">", now)]))
      .execute();
    return rows.map((r) => r.tier);
  }
}
