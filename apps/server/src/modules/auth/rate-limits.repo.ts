import { sql } from "kysely";
import type { Db } from "../../db/database.js";

export interface WindowCount {
  count: number;
  windowEndsAt: number;
}

/** Fixed-window counters in the database, so every server process sees the same numbers. */
export class RateLimitsRepo {
  constructor(private readonly db: Db) {}

  async read(key: string, now: number): Promise<WindowCount | undefined> {
    const row = await this.db
      .selectFrom("rate_limits")
      .select(["count", "window_ends_at"])
      .where("key", "=", key)
      .where("window_ends_at", ">", now)
      .executeTakeFirst();
    return row && { count: row.count, windowEndsAt: row.window_ends_at };
  }

  /** Adds one to the key's window (starting a new window if the old one ended), atomically. */
  async hit(key: string, now: number, windowMs: number): Promise<WindowCount> {
    const ends = now + windowMs;
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key, count: 1, window_ends_at: ends })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`case when rate_limits.window_ends_at <= ${now} then 1 else rate_limits.count + 1 end`,
          window_ends_at: sql<number>`case when rate_limits.window_ends_at <= ${now} then ${ends} else rate_limits.window_ends_at end`,
        }),
      )
      .returning(["count", "window_ends_at"])
      .executeTakeFirstOrThrow();
    return { count: row.count, windowEndsAt: row.window_ends_at };
  }

  /**
   * Takes one of the window's `max` places in one conditional statement: the count goes up only
   * while it is below `max` (or the old window ended). Returns the new count, or undefined when
   * the window is full, so concurrent callers can never pass the limit together.
   */
  async reserve(
    key: string,
    now: number,
    windowMs: number,
    max: number,
  ): Promise<WindowCount | undefined> {
    const ends = now + windowMs;
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key, count: 1, window_ends_at: ends })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({
            count: sql<number>`case when rate_limits.window_ends_at <= ${now} then 1 else rate_limits.count + 1 end`,
            window_ends_at: sql<number>`case when rate_limits.window_ends_at <= ${now} then ${ends} else rate_limits.window_ends_at end`,
          })
          .where((eb) =>
            eb.or([eb("rate_limits.window_ends_at", "<=", now), eb("rate_limits.count", "<", max)]),
          ),
      )
      .returning(["count", "window_ends_at"])
      .executeTakeFirst();
    return row && { count: row.count, windowEndsAt: row.window_ends_at };
  }

  /** Gives back a place `reserve` took (the attempt turned out not to count). */
  async release(key: string, now: number): Promise<void> {
    await this.db
      .updateTable("rate_limits")
      .set({ count: sql<number>`count - 1` })
      .where("key", "=", key)
      .where("count", ">", 0)
      .where("window_ends_at", ">", now)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("key", "=", key).execute();
  }
}
