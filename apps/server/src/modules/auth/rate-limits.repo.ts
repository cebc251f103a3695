import { MESSAGES } from "@sawdust/shared";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { tooManyRequests } from "../../lib/errors.js";

export interface WindowCount {
  count: number;
  windowEndsAt: number;
}

/** How long a window's records are kept, well past the longest window. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

/** At most `max` attempts in any `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** A sliding-window reservation: taken (the attempts now within the window), or when one frees. */
export type Reservation = { taken: true; count: number } | { taken: false; freesAt: number };

/** The window of an account's wrong passwords at sign-in (its username, lower-cased). */
export const signInAccountKey = (usernameKey: string) => `login:user:${usernameKey}`;

/**
 * Limits kept in the database, so every server process sees the same numbers: sliding windows
 * of attempts (`reserve`: sign-in, registration, two-factor) and fixed-window counters (`hit`).
 */
export class RateLimitsRepo {
  constructor(private readonly db: Db) {}

  /** The key's window as it stands, adding nothing (a count of 0 when none is running). */
  async peek(key: string, now: number): Promise<WindowCount> {
    const row = await this.db
      .selectFrom("rate_limits")
      .select(["count", "window_ends_at"])
      .where("key", "=", key)
      .where("window_ends_at", ">", now)
      .executeTakeFirst();
    return row
      ? { count: Number(row.count), windowEndsAt: Number(row.window_ends_at) }
      : { count: 0, windowEndsAt: now };
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
   * Takes one of `limit.max` places within the `limit.windowMs` before `now` (a sliding window: at most `max`
   * in any such span, however they fall), or tells when the oldest place frees. One transaction
   * that first takes the key's row in `rate_limits` as a lock, so callers of one key, in any
   * process, count and add in turn and can never pass the limit together.
   */
  async reserve(key: string, now: number, limit: RateLimit): Promise<Reservation> {
    const { max, windowMs } = limit;
    const since = now - windowMs;
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("rate_limits")
        .values({ key, count: 0, window_ends_at: 0 })
        .onConflict((oc) => oc.column("key").doUpdateSet({ count: sql`rate_limits.count` }))
        .execute();
      await trx
        .deleteFrom("rate_limit_attempts")
        .where("key", "=", key)
        .where("at", "<=", since)
        .execute();
      const within = await trx
        .selectFrom("rate_limit_attempts")
        .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("at").as("oldest")])
        .where("key", "=", key)
        .executeTakeFirstOrThrow();
      const count = Number(within.count);
      if (count >= max) return { taken: false, freesAt: Number(within.oldest) + windowMs };
      await trx.insertInto("rate_limit_attempts").values({ key, at: now }).execute();
      return { taken: true, count: count + 1 };
    });
  }

  /** `reserve`, refusing with 429 `message` and when the oldest place frees when there is none. */
  async reserveOrRefuse(
    key: string,
    now: number,
    limit: RateLimit,
    message: string,
  ): Promise<void> {
    const reservation = await this.reserve(key, now, limit);
    if (!reservation.taken) {
      const seconds = (reservation.freesAt - now) / 1000;
      throw tooManyRequests(`${message} ${MESSAGES.tryAgainIn(seconds)}`, seconds);
    }
  }

  /** Gives back a place `reserve` took (the attempt turned out not to count): its newest one. */
  async release(key: string, _now?: number): Promise<void> {
    await this.db
      .deleteFrom("rate_limit_attempts")
      .where(
        "id",
        "=",
        this.db
          .selectFrom("rate_limit_attempts")
          .select("id")
          .where("key", "=", key)
          .orderBy("at", "desc")
          .orderBy("id", "desc")
          .limit(1),
      )
      .execute();
  }

  /**
   * Forgets what no window still counts: attempts and windows more than a day old (the longest
   * window is an hour). A key's own attempts are pruned as it takes more; this is for the keys
   * never used again (a made-up username, an address seen once). The janitor runs it.
   */
  async prune(now: number): Promise<void> {
    const before = now - PRUNE_AFTER_MS;
    await this.db.deleteFrom("rate_limit_attempts").where("at", "<", before).execute();
    await this.db.deleteFrom("rate_limits").where("window_ends_at", "<", before).execute();
  }

  /** Forgets every attempt of the key (a right password, a right code). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limit_attempts").where("key", "=", key).execute();
    await this.db.deleteFrom("rate_limits").where("key", "=", key).execute();
  }
}
