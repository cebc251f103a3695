import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { UserRow, UserTwoFactorRow } from "../../db/schema.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";

/** What finishing a pending sign-in came to. */
export type SignInOutcome = "ok" | "wrong" | "expired";

/** The second factor a pending sign-in is finished with: a TOTP step, or a recovery code. */
export type SecondFactor = { step: number } | { recoveryCodeHash: string };

class Refused extends Error {
  constructor(readonly outcome: Exclude<SignInOutcome, "ok">) {
    super(outcome);
  }
}

/** A password checked, waiting for its second factor. */
export interface PendingSignIn {
  userId: number;
  /** The member's `session_epoch` when the password was checked: the session starts with it. */
  epoch: number;
}

/** Two-factor secrets, recovery codes and pending sign-ins. */
export class TwoFactorRepo {
  constructor(private readonly db: Db) {}

  findByUser(userId: number): Promise<UserTwoFactorRow | undefined> {
    return this.db
      .selectFrom("user_two_factor")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  async isEnabled(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("user_two_factor")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("enabled_at", "is not", null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Which of these users have two-factor sign-in on (the admin's Users page). */
  async enabledAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("user_two_factor")
      .select("user_id")
      .where("user_id", "in", userIds)
      .where("enabled_at", "is not", null)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /**
   * Stores a new, not yet confirmed secret (replacing an earlier unconfirmed one). Returns false,
   * writing nothing, when two-factor sign-in is already on.
   */
  async savePendingSecret(userId: number, sealedSecret: string, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto("user_two_factor")
      .values({ user_id: userId, secret: sealedSecret, created_at: now })
      .onConflict((oc) =>
        oc
          .column("user_id")
          .doUpdateSet({ secret: sealedSecret, created_at: now, last_used_step: null })
          .where("user_two_factor.enabled_at", "is", null),
      )
      .returning("user_id")
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Turns two-factor on with the step of the confirming code and the recovery codes' hashes, in
   * one transaction; false when it was already on (two confirmations racing: one wins).
   */
  async enable(userId: number, step: number, codeHashes: string[], now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("user_two_factor")
        .set({ enabled_at: now, last_used_step: step })
        .where("user_id", "=", userId)
        .where("enabled_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("two_factor_recovery_codes")
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
      return true;
    });
  }

  /** Records a code's step as used, unless that step (or a later one) was used already. */
  async useStep(userId: number, step: number): Promise<boolean> {
    const updated = await this.db
      .updateTable("user_two_factor")
      .set({ last_used_step: step })
      .where("user_id", "=", userId)
      .where("enabled_at", "is not", null)
      .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Marks a recovery code used, once: of many callers with one code, exactly one gets true. */
  async useRecoveryCode(userId: number, codeHash: string, now: number): Promise<boolean> {
    const updated = await this.db
      .updateTable("two_factor_recovery_codes")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async countRecoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom("two_factor_recovery_codes")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Replaces every recovery code of the user (two-factor on); false when it is off. */
  async replaceRecoveryCodes(userId: number, codeHashes: string[], now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.enabledIn(trx, userId))) return false;
      await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("two_factor_recovery_codes")
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
      return true;
    });
  }

  /** Turns two-factor off: the secret, the recovery codes and any pending sign-in go. */
  async disable(userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom("user_two_factor")
        .where("user_id", "=", userId)
        .where("enabled_at", "is not", null)
        .executeTakeFirst();
      await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      await trx.deleteFrom("pending_sign_ins").where("user_id", "=", userId).execute();
      return Number(deleted.numDeletedRows) === 1;
    });
  }

  /**
   * An admin's reset: everything of the user's two-factor sign-in goes and the audit entry is
   * written, in one transaction. Returns whether it was on, or undefined when there is no such user.
   */
  async resetAudited(
    userId: number,
    auditOf: (user: UserRow, wasEnabled: boolean) => AuditEntryInput,
    now: number,
  ): Promise<boolean | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .selectAll()
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) return undefined;
      const wasEnabled = await this.enabledIn(trx, userId);
      await trx.deleteFrom("user_two_factor").where("user_id", "=", userId).execute();
      await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      await trx.deleteFrom("pending_sign_ins").where("user_id", "=", userId).execute();
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(auditOf(user, wasEnabled), now))
        .execute();
      return wasEnabled;
    });
  }

  async insertPendingSignIn(row: {
    token_hash: string;
    user_id: number;
    created_at: number;
    expires_at: number;
    epoch: number;
  }): Promise<void> {
    await this.db
      .deleteFrom("pending_sign_ins")
      .where("expires_at", "<=", row.created_at)
      .execute();
    await this.db.insertInto("pending_sign_ins").values(row).execute();
  }

  /** The user a live pending sign-in belongs to, and the session epoch its password was checked at. */
  async findPendingSignIn(tokenHash: string, now: number): Promise<PendingSignIn | undefined> {
    const row = await this.db
      .selectFrom("pending_sign_ins")
      .select(["user_id", "epoch"])
      .where("token_hash", "=", tokenHash)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return row && { userId: row.user_id, epoch: row.epoch };
  }

  /**
   * Finishes a pending sign-in in one transaction: the pending row is taken (deleted, so it works
   * once) and the second factor is spent (the TOTP step recorded, or the recovery code marked
   * used) by conditional statements; if either finds nothing, both are undone. Of parallel calls
   * with one token or one recovery code, at most one gets "ok".
   */
  async finishSignIn(
    tokenHash: string,
    userId: number,
    factor: SecondFactor,
    now: number,
  ): Promise<SignInOutcome> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const taken = await trx
          .deleteFrom("pending_sign_ins")
          .where("token_hash", "=", tokenHash)
          .where("user_id", "=", userId)
          .where("expires_at", ">", now)
          .executeTakeFirst();
        if (Number(taken.numDeletedRows) !== 1) throw new Refused("expired");
        const spent =
          "step" in factor
            ? await trx
                .updateTable("user_two_factor")
                .set({ last_used_step: factor.step })
                .where("user_id", "=", userId)
                .where("enabled_at", "is not", null)
                .where((eb) =>
                  eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", factor.step)]),
                )
                .executeTakeFirst()
            : await trx
                .updateTable("two_factor_recovery_codes")
                .set({ used_at: now })
                .where("user_id", "=", userId)
                .where("code_hash", "=", factor.recoveryCodeHash)
                .where("used_at", "is", null)
                .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw new Refused("wrong");
      });
      return "ok";
    } catch (error) {
      if (error instanceof Refused) return error.outcome;
      throw error;
    }
  }

  private async enabledIn(trx: Db, userId: number): Promise<boolean> {
    const row = await trx
      .selectFrom("user_two_factor")
      .select(sql<number>`1`.as("one"))
      .where("user_id", "=", userId)
      .where("enabled_at", "is not", null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
