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

/**
 * A check's reservation (reserveCheck): its place's row, or when one frees and whether any of the
 * window's places are checks still running (taken in the last IN_FLIGHT_MS).
 */
export type CheckReservation =
  | { taken: true; id: number }
  | { taken: false; freesAt: number; inFlight: boolean };

/**
 * How long a check's place counts as running: a password's or code's check takes well under a
 * second; a place older than this was left by a process that stopped mid-check, and stays a
 * failure until its window ends.
 */
const IN_FLIGHT_MS = 60_000;

/** The twin key under which a check's place waits for its outcome, counted with the key's. */
const checkingKeyOf = (key: string) => `${key}#checking`;

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
      await lockWindow(trx, key, [key], since);
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

  /**
   * `reserve` for a check whose outcome decides the place (a password, a code): the place is taken
   * as running (under the key's `#checking` twin, counted with the key's own places in the same
   * locked transaction), and the check then keeps it as a failure (`settleFailed`) or gives it
   * back (`releaseCheck`). So a refusal can tell places of checks still running from failures:
   * parallel right passwords wait for each other's places instead of being refused for 15 minutes.
   */
  async reserveCheck(key: string, now: number, limit: RateLimit): Promise<CheckReservation> {
    const { max, windowMs } = limit;
    const since = now - windowMs;
    const checking = checkingKeyOf(key);
    return this.db.transaction().execute(async (trx) => {
      await lockWindow(trx, key, [key, checking], since);
      const within = await trx
        .selectFrom("rate_limit_attempts")
        .select((eb) => [
          eb.fn.countAll<number>().as("count"),
          eb.fn.min("at").as("oldest"),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb("key", "=", checking), eb("at", ">", now - IN_FLIGHT_MS)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as("in_flight"),
        ])
        .where("key", "in", [key, checking])
        .executeTakeFirstOrThrow();
      if (Number(within.count) >= max) {
        return {
          taken: false,
          freesAt: Number(within.oldest) + windowMs,
          inFlight: Number(within.in_flight) > 0,
        };
      }
      const row = await trx
        .insertInto("rate_limit_attempts")
        .values({ key: checking, at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { taken: true, id: Number(row.id) };
    });
  }

  /** A check's place, the check failed: kept among the key's places until its window ends. */
  async settleFailed(key: string, id: number): Promise<void> {
    await this.db
      .updateTable("rate_limit_attempts")
      .set({ key })
      .where("id", "=", id)
      .where("key", "=", checkingKeyOf(key))
      .execute();
  }

  /** A check's place given back: the check passed, or was never made. */
  async releaseCheck(id: number): Promise<void> {
    await this.db.deleteFrom("rate_limit_attempts").where("id", "=", id).execute();
  }

  /** `reserve`, refusing with 429 `message` and when the oldest place frees when there is none. */
  async reserveOrRefuse(
    key: string,
    now: number,
    limit: RateLimit,
    message: string,
  ): Promise<void> {
    const reservation = await this.reserve(key, now, limit);
    if (!reservation.taken) throw refusal(message, reservation.freesAt, now, limit);
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

/**
 * A limit's 429: `message` and when its window has a place again. Never past the window's length:
 * an attempt another process stored with a later clock reading (it waited less for the row's
 * lock) can free a moment after `now` + the window.
 */
export function refusal(message: string, freesAt: number, now: number, limit: RateLimit) {
  const seconds = Math.max(1, Math.min(freesAt - now, limit.windowMs) / 1000);
  return tooManyRequests(`${message} ${MESSAGES.tryAgainIn(seconds)}`, seconds);
}

/**
 * Takes `key`'s row in `rate_limits` as the window's lock (callers of one key, in any process,
 * count and add in turn), and forgets the attempts of `keys` the window no longer holds.
 */
async function lockWindow(trx: Db, key: string, keys: string[], since: number): Promise<void> {
  await trx
    .insertInto("rate_limits")
    .values({ key, count: 0, window_ends_at: 0 })
    .onConflict((oc) => oc.column("key").doUpdateSet({ count: sql`rate_limits.count` }))
    .execute();
  await trx
    .deleteFrom("rate_limit_attempts")
    .where("key", "in", keys)
    .where("at", "<=", since)
    .execute();
}
