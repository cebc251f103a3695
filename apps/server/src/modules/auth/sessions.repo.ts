import type { Insertable } from "kysely";
import type { Db } from "../../db/database.js";
import type { SessionRow, SessionsTable } from "../../db/schema.js";

export class SessionsRepo {
  constructor(private readonly db: Db) {}

  async insert(session: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto("sessions").values(session).execute();
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
