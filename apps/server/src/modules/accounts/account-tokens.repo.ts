import { createHash, randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { AccountTokenRow, Database } from "../../db/schema.js";

type Tx = Transaction<Database>;

/** What a mailed link is for. */
export type TokenPurpose = "verify_email" | "change_email" | "reset_password";

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Why a link was refused. */
export type TokenRefusal = "invalid" | "expired";

/**
 * Links mailed to members: 256 random bits, of which only the SHA-256 is stored. A link works
 * once (`consume` marks it used in the statement that checks it) and until it expires.
 */
export class AccountTokensRepo {
  constructor(private readonly db: Db) {}

  /**
   * A new link for the user: earlier unused links of the same purpose stop working (only the
   * newest mail's link does). Returns the token, which only the mail carries.
   */
  async issue(userId: number, purpose: TokenPurpose, email: string, now: number): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await this.db.transaction().execute(async (trx) => {
      await new AccountTokensRepo(trx).revoke(userId, purpose, now);
      await trx
        .insertInto("account_tokens")
        .values({
          user_id: userId,
          purpose,
          token_hash: hashAccountToken(token),
          email,
          created_at: now,
          expires_at: now + TOKEN_LIFETIME_MS[purpose],
          used_at: null,
        })
        .execute();
    });
    return token;
  }

  /** Ends the user's unused links of this purpose (a change of address that sends none). */
  async revoke(userId: number, purpose: TokenPurpose, now: number): Promise<void> {
    await this.db
      .updateTable("account_tokens")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .execute();
  }

  /**
   * Uses the link within the caller's transaction: one conditional UPDATE, so two requests with
   * the same link never both pass. Every other unused link of the user's for the same purpose
   * ends with it. Returns the token's row, or why it was refused.
   */
  /**
   * Why `consume` would refuse this token now (undefined: it would take it), without using it: a
   * cheap look before work that costs (hashing a new password), which `consume` then repeats.
   */
  async refusalOf(
    token: string,
    purposes: TokenPurpose[],
    now: number,
  ): Promise<TokenRefusal | undefined> {
    const row = await this.db
      .selectFrom("account_tokens")
      .select(["used_at", "expires_at"])
      .where("token_hash", "=", hashAccountToken(token))
      .where("purpose", "in", purposes)
      .executeTakeFirst();
    if (!row || row.used_at !== null) return "invalid";
    return Number(row.expires_at) <= now ? "expired" : undefined;
  }

  async consume(
    trx: Tx,
    token: string,
    purposes: TokenPurpose[],
    now: number,
  ): Promise<AccountTokenRow | TokenRefusal> {
    const tokenHash = hashAccountToken(token);
    const used = await trx
      .updateTable("account_tokens")
      .set({ used_at: now })
      .where("token_hash", "=", tokenHash)
      .where("purpose", "in", purposes)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returningAll()
      .executeTakeFirst();
    if (!used) {
      const row = await trx
        .selectFrom("account_tokens")
        .select(["used_at", "expires_at"])
        .where("token_hash", "=", tokenHash)
        .where("purpose", "in", purposes)
        .executeTakeFirst();
      return row && row.used_at === null && Number(row.expires_at) <= now ? "expired" : "invalid";
    }
    await trx
      .updateTable("account_tokens")
      .set({ used_at: now })
      .where("user_id", "=", used.user_id)
      .where("purpose", "=", used.purpose)
      .where("used_at", "is", null)
      .execute();
    return { ...used, user_id: Number(used.user_id) };
  }
}
