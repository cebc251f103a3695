import { BILLING_RULES } from "@sawdust/shared";
import { type ExpressionBuilder, type Insertable, sql } from "kysely";
import type { Db } from "../../db/database.js";
import { CompiledShapes } from "../../db/prepared-once.js";
import type { Database, SessionRow, SessionsTable, UserRow } from "../../db/schema.js";
import { carriesPro } from "../subscriptions/subscriptions.repo.js";

/** A live session with its member and the tiers of their subscriptions carrying Pro now. */
export interface LiveSession {
  user: UserRow;
  createdAt: number;
  lastSeenAt: number;
  /** One entry a subscription carrying Pro at the time asked about (usually none or one). */
  carriedTiers: string[];
}

type LiveSessionRow = UserRow & {
  session_created_at: number;
  session_last_seen_at: number;
  carried_tier: string | null;
};

/**
 * Spread into the `set` of the update that ends every session of a member (a reset or change of
 * the password, a suspension, a deletion): moves their `session_epoch` on, so a session a sign-in
 * in flight writes afterwards, with the epoch it read before, is born ended. Delete the rows too.
 */
export const ENDING_SESSIONS = { session_epoch: sql<number>`session_epoch + 1` };

export class SessionsRepo {
  /** findLiveWithTier's one statement, compiled once. */
  private readonly liveShapes = new CompiledShapes(1);

  constructor(private readonly db: Db) {}

  /**
   * The session, its member and their Pro-carrying subscriptions in one statement (every signed-in
   * request asks): a row a carrying subscription, or one with a null tier when none carries Pro.
   * The tier rule is the subscriptions' own (`carriesPro`), with `now` and the start of the renewal
   * leeway as parameters so the statement is built once. Undefined when the session is unknown or
   * expired, its member is gone or deleted, or its epoch is not the member's.
   */
  async findLiveWithTier(tokenHash: string, now: number): Promise<LiveSession | undefined> {
    const rows = await this.liveShapes.run<LiveSessionRow>(
      this.db,
      "live",
      [tokenHash, now, now - BILLING_RULES.renewalLeewayMs],
      (slot) =>
        this.db
          .selectFrom("sessions")
          .innerJoin("users", "users.id", "sessions.user_id")
          .leftJoin("subscriptions", (join) =>
            join
              .onRef("subscriptions.user_id", "=", "users.id")
              .on((eb) =>
                carriesPro(
                  eb as unknown as ExpressionBuilder<Database, "subscriptions">,
                  slot(1),
                  slot(2),
                ),
              ),
          )
          .selectAll("users")
          .select([
            "sessions.created_at as session_created_at",
            "sessions.last_seen_at as session_last_seen_at",
            "subscriptions.tier as carried_tier",
          ])
          .where("sessions.token_hash", "=", slot(0))
          .where("sessions.expires_at", ">", slot(1))
          // Ended by a reset, a password change, a suspension or a deletion after its password
          // was checked (a sign-in in flight writes its session after theirs deleted the others).
          .whereRef("sessions.epoch", "=", "users.session_epoch")
          .where("users.deleted_at", "is", null),
    );
    const first = rows[0];
    if (!first) return undefined;
    const { session_created_at, session_last_seen_at, carried_tier: _, ...user } = first;
    return {
      user,
      createdAt: session_created_at,
      lastSeenAt: session_last_seen_at,
      carriedTiers: rows.flatMap((r) => (r.carried_tier === null ? [] : [r.carried_tier])),
    };
  }

  /** A new session; the account's oldest end beyond the newest `keep` (this one among them). */
  async insert(session: Insertable<SessionsTable>, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("sessions").values(session).execute();
      await trx
        .deleteFrom("sessions")
        .where("user_id", "=", session.user_id)
        .where(
          "token_hash",
          "not in",
          trx
            .selectFrom("sessions")
            .select("token_hash")
            .where("user_id", "=", session.user_id)
            .orderBy("created_at", "desc")
            .orderBy("token_hash")
            .limit(keep),
        )
        .execute();
    });
  }

  findLive(tokenHash: string, now: number): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .where("expires_at", ">", now)
      .executeTakeFirst();
  }

  async touch(tokenHash: string, lastSeenAt: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where("token_hash", "=", tokenHash)
      .execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
  }

  async deleteAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom("sessions").where("user_id", "=", userId).execute();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
  }
}
