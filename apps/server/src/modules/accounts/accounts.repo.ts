import { sql, type Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import type { AccountTokenRow, Database, SessionRow, UserRow } from "../../db/schema.js";
import { newJobRow } from "../../jobs/new-job.js";
import { ENDING_SESSIONS } from "../auth/sessions.repo.js";
import {
  MAIL_JOB,
  MAIL_MAX_ATTEMPTS,
  type MailMessage,
  OUTBOX_READ_ACTION,
} from "../mail/mail.constants.js";
import { lockStandings, stayingAdmin } from "../users/users.repo.js";
import { AccountTokensRepo, type TokenPurpose, type TokenRefusal } from "./account-tokens.repo.js";

/** The username key a released account takes: `~` is never part of a username. */
export const releasedUsernameKey = (id: number) => `~deleted-${id}`;

/** The email address a deleted account keeps: unique, and no mail can reach it. */
/** A nullable number column as a number (PostgreSQL reads bigint as text). */
const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

export const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`;

/** The job that answers a password-reset request (jobs/handlers.ts). */
export const PASSWORD_RESET_JOB = "account.password_reset";

/**
 * What an audit entry about a deleted member may not keep: their name, address and where they
 * signed in from. What was done, by whom and when stays.
 */
const PERSONAL_AUDIT_DETAILS = ["username", "email", "ip", "userAgent"];

/** The account a password-changed notice goes to, as it stood when the password changed. */
export interface PasswordChangedAccount {
  email: string;
  username: string;
  /** The change of address waiting for its link that the new password called off. */
  cancelledEmail: string | null;
}

/** Queues a mail job in the transaction of the change it tells of (as MailService.queue would). */
async function queueMail(trx: Transaction<Database>, message: MailMessage, now: number) {
  await trx
    .insertInto("jobs")
    .values(
      newJobRow(
        MAIL_JOB,
        null,
        { ...message, to: message.to.toLowerCase() },
        MAIL_MAX_ATTEMPTS,
        now,
      ),
    )
    .execute();
}

/** What the data export reads (rows as stored). */
export interface ExportRows {
  collections: Array<{
    id: number;
    name: string;
    description: string | null;
    is_public: number;
    created_at: number;
  }>;
  entries: Array<{
    collection_id: number;
    image_id: number;
    title: string | null;
    added_at: number;
  }>;
  downloads: Array<{ image_id: number | null; size: string; bytes: number; created_at: number }>;
  subscriptions: Array<{
    tier: string;
    status: string;
    billing_cycle: string;
    provider: string | null;
    provider_subscription_id: string | null;
    created_at: number;
    expiry_date: number | null;
    canceled_at: number | null;
  }>;
  sessions: Array<{
    user_agent: string | null;
    created_at: number;
    last_seen_at: number;
    expires_at: number;
  }>;
  twoFactor: { enabled_at: number | null; recovery_codes_left: number } | undefined;
  reports: Array<{
    image_id: number;
    reason: string;
    note: string | null;
    created_at: number;
    resolved_at: number | null;
    resolution: string | null;
  }>;
  views: Array<{ day: string; image_id: number }>;
  payments: Array<{
    provider: string;
    provider_invoice_id: string;
    provider_subscription_id: string | null;
    amount_cents: number;
    currency: string;
    paid_at: number;
  }>;
  billingCustomers: Array<{
    provider: string;
    customer_id: string;
    created_at: number;
    name: string | null;
    email: string | null;
  }>;
  apiKeys: Array<{
    id: number;
    name: string;
    display: string;
    rate_limit_per_hour: number;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
  }>;
  auditEntries: Array<{ action: string; subject: string; created_at: number }>;
  /** Every edition the member paid for: standing, refunded, or declined (none was left). */
  purchases: Array<{
    id: number;
    image_id: number;
    title: string | null;
    edition_type: string | null;
    number: number | null;
    licence: string;
    price_cents: number;
    status: string;
    created_at: number;
    refunded_at: number | null;
    refunded_cents: number;
    disputed_cents: number;
    certificate_id: string | null;
  }>;
}

/** Accounts as their members look after them: email, password, sessions, deletion. */
export class AccountsRepo {
  readonly tokens: AccountTokensRepo;

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {
    this.tokens = new AccountTokensRepo(db);
  }

  /** Queues a background job of this kind, due now. */
  async enqueueJob(kind: string, payload: unknown, maxAttempts: number, now: number) {
    await this.db
      .insertInto("jobs")
      .values(newJobRow(kind, null, payload, maxAttempts, now))
      .execute();
  }

  findUser(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A live account by its email address (any case). */
  findLiveByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email.toLowerCase())
      .where("deleted_at", "is", null)
      .executeTakeFirst();
  }

  async emailTakenByAnother(email: string, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email.toLowerCase())
      .where("id", "!=", userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setPendingEmail(userId: number, email: string | null, now: number): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ pending_email: email, updated_at: now })
      .where("id", "=", userId)
      .execute();
  }

  /**
   * Opens a confirmation link: uses it and confirms the address it was sent to, in one
   * transaction. A new account's link confirms its address if that is still the account's; an
   * email change's link makes the new address the account's. Returns the used token (with
   * `conflict` when another account took the address meanwhile), or why it was refused.
   */
  async confirmEmail(
    token: string,
    now: number,
    /** For an email change: the notice to the address it replaces, queued in the same transaction. */
    changedNotice?: (
      previous: { email: string; username: string },
      newEmail: string,
    ) => MailMessage,
  ): Promise<{ row: AccountTokenRow; conflict: boolean } | TokenRefusal> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await this.tokens.consume(trx, token, ["verify_email", "change_email"], now);
        if (typeof row === "string") return row;
        if (row.purpose === "verify_email") {
          const updated = await trx
            .updateTable("users")
            .set({ email_verified_at: now, updated_at: now })
            .where("id", "=", row.user_id)
            .where("email", "=", row.email)
            .where("deleted_at", "is", null)
            .executeTakeFirst();
          return Number(updated.numUpdatedRows) === 1 ? { row, conflict: false } : "invalid";
        }
        const previous = await trx
          .selectFrom("users")
          .select(["email", "username"])
          .where("id", "=", row.user_id)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (!previous) return "invalid";
        const updated = await trx
          .updateTable("users")
          .set({ email: row.email, email_verified_at: now, pending_email: null, updated_at: now })
          .where("id", "=", row.user_id)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return "invalid";
        if (changedNotice && previous.email !== row.email) {
          await queueMail(trx, changedNotice(previous, row.email), now);
        }
        // Links mailed to the old address mean nothing now: its confirmation, and a password
        // reset, which would otherwise let whoever reads that mailbox (lost, or taken: often why
        // the address changed) take the account back.
        await this.voidLinks(trx, row.user_id, ["verify_email", "reset_password"], now);
        return { row, conflict: false };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        return { row: { email: "" } as AccountTokenRow, conflict: true };
      }
      throw error;
    }
  }

  /**
   * Uses a reset link: sets the password, ends every session of the account and queues `notice`
   * to its address, in one transaction. Returns the user's id, or why the link was refused.
   */
  async resetPassword(
    token: string,
    passwordHash: string,
    now: number,
    notice: (account: PasswordChangedAccount) => MailMessage,
  ): Promise<number | TokenRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.tokens.consume(trx, token, ["reset_password"], now);
      if (typeof row === "string") return row;
      // Read under the row's lock (as changePassword does): the notice names the change of
      // address this calls off, and goes to a live account only.
      const before = trx
        .selectFrom("users")
        .select(["username", "pending_email"])
        .where("id", "=", row.user_id)
        // Mailed to the address the account still has: not to one it has left since.
        .where("email", "=", row.email)
        .where("deleted_at", "is", null);
      const account = await (this.dialect === "postgres"
        ? before.forUpdate()
        : before
      ).executeTakeFirst();
      if (!account) return "invalid";
      const updated = await trx
        .updateTable("users")
        .set({
          password_hash: passwordHash,
          updated_at: now,
          pending_email: null,
          ...ENDING_SESSIONS,
        })
        .where("id", "=", row.user_id)
        .where("email", "=", row.email)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return "invalid";
      await trx.deleteFrom("sessions").where("user_id", "=", row.user_id).execute();
      await this.voidLinks(trx, row.user_id, ["change_email"], now);
      await queueMail(
        trx,
        notice({
          email: row.email,
          username: account.username,
          cancelledEmail: account.pending_email,
        }),
        now,
      );
      return row.user_id;
    });
  }

  /**
   * Sets the password, ends the account's other sessions (the one given stays) and queues `notice`
   * to its address, in one transaction. A change of email waiting for its link is called off (the
   * notice says so). False when the account is gone (deleted meanwhile): nothing changed.
   */
  async changePassword(
    userId: number,
    passwordHash: string,
    keepTokenHash: string | undefined,
    now: number,
    notice: (account: PasswordChangedAccount) => MailMessage,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Read under the row's lock: a link opened at this instant either changed the address
      // first (no change left to call off) or finds it called off.
      const before = trx
        .selectFrom("users")
        .select(["email", "username", "pending_email"])
        .where("id", "=", userId)
        .where("deleted_at", "is", null);
      const account = await (this.dialect === "postgres"
        ? before.forUpdate()
        : before
      ).executeTakeFirst();
      if (!account) return false;
      const { session_epoch } = await trx
        .updateTable("users")
        .set({
          password_hash: passwordHash,
          updated_at: now,
          pending_email: null,
          ...ENDING_SESSIONS,
        })
        .where("id", "=", userId)
        .returning("session_epoch")
        .executeTakeFirstOrThrow();
      let others = trx.deleteFrom("sessions").where("user_id", "=", userId);
      if (keepTokenHash) {
        others = others.where("token_hash", "!=", keepTokenHash);
        await trx
          .updateTable("sessions")
          .set({ epoch: session_epoch })
          .where("token_hash", "=", keepTokenHash)
          .where("user_id", "=", userId)
          .execute();
      }
      await others.execute();
      // A reset link mailed before the change would undo it, and a change of address started by
      // whoever knew the old password would hand them the account back: both stop working.
      await this.voidLinks(trx, userId, ["reset_password", "change_email"], now);
      await queueMail(
        trx,
        notice({
          email: account.email,
          username: account.username,
          cancelledEmail: account.pending_email,
        }),
        now,
      );
      return true;
    });
  }

  private async voidLinks(
    trx: Transaction<Database>,
    userId: number,
    purposes: TokenPurpose[],
    now: number,
  ): Promise<void> {
    await trx
      .updateTable("account_tokens")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("purpose", "in", purposes)
      .where("used_at", "is", null)
      .execute();
  }

  async recordDevice(tokenHash: string, userAgent: string): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ user_agent: userAgent })
      .where("token_hash", "=", tokenHash)
      .where("user_agent", "is", null)
      .execute();
  }

  listSessions(userId: number, now: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("expires_at", ">", now)
      .orderBy("last_seen_at", "desc")
      .execute();
  }

  async endSession(userId: number, tokenHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async endOtherSessions(userId: number, keepTokenHash: string): Promise<number> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .where("token_hash", "!=", keepTokenHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async exportRows(userId: number): Promise<ExportRows> {
    const collections = await this.db
      .selectFrom("collections")
      .select(["id", "name", "description", "is_public", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    const entries = await this.db
      .selectFrom("collection_images")
      .innerJoin("collections", "collections.id", "collection_images.collection_id")
      .innerJoin("images", "images.id", "collection_images.image_id")
      .select((eb) => [
        "collection_images.collection_id",
        "collection_images.image_id",
        // An image an admin has hidden (or that is not ready) stays in the member's collection, as
        // its id, but nothing of it shows: its collection shows it no more (collections.service).
        eb
          .case()
          .when(eb.and([eb("images.status", "=", "ready"), eb("images.is_public", "=", 1)]))
          .then(eb.ref("images.title"))
          .else(null)
          .end()
          .as("title"),
        "collection_images.added_at",
      ])
      .where("collections.user_id", "=", userId)
      .orderBy("collection_images.id")
      .execute();
    const downloads = await this.db
      .selectFrom("download_events")
      .select(["image_id", "size", "bytes", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    const subscriptions = await this.db
      .selectFrom("subscriptions")
      .select([
        "tier",
        "status",
        "billing_cycle",
        "provider",
        "provider_subscription_id",
        "created_at",
        "expiry_date",
        "canceled_at",
      ])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    // Every payment for an edition, whatever became of it (the library lists standing ones only).
    const purchases = await this.db
      .selectFrom("edition_sales")
      .leftJoin("images", "images.id", "edition_sales.image_id")
      .leftJoin("certificates", "certificates.sale_id", "edition_sales.id")
      .select([
        "edition_sales.id",
        "edition_sales.image_id",
        // What it sold as; the piece's own for a sale from before these were kept.
        sql<string | null>`coalesce(edition_sales.title, images.title)`.as("title"),
        sql<string | null>`coalesce(edition_sales.edition_type, images.edition_type)`.as(
          "edition_type",
        ),
        "edition_sales.number",
        "edition_sales.licence",
        "edition_sales.price_cents",
        "edition_sales.status",
        "edition_sales.created_at",
        "edition_sales.refunded_at",
        "edition_sales.refunded_cents",
        "edition_sales.disputed_cents",
        "certificates.id as certificate_id",
      ])
      .where("edition_sales.user_id", "=", userId)
      .orderBy("edition_sales.id")
      .execute();
    return {
      ...(await this.exportAccountRows(userId)),
      purchases: purchases.map((p) => ({
        ...p,
        id: Number(p.id),
        image_id: Number(p.image_id),
        number: numberOrNull(p.number),
        price_cents: Number(p.price_cents),
        created_at: Number(p.created_at),
        refunded_at: numberOrNull(p.refunded_at),
        refunded_cents: Number(p.refunded_cents),
        disputed_cents: Number(p.disputed_cents),
      })),
      collections: collections.map((c) => ({
        ...c,
        id: Number(c.id),
        created_at: Number(c.created_at),
      })),
      entries: entries.map((e) => ({
        ...e,
        collection_id: Number(e.collection_id),
        image_id: Number(e.image_id),
        added_at: Number(e.added_at),
      })),
      downloads: downloads.map((d) => ({
        ...d,
        image_id: numberOrNull(d.image_id),
        bytes: Number(d.bytes),
        created_at: Number(d.created_at),
      })),
      subscriptions: subscriptions.map((s) => ({
        ...s,
        created_at: Number(s.created_at),
        expiry_date: numberOrNull(s.expiry_date),
        canceled_at: numberOrNull(s.canceled_at),
      })),
    };
  }

  /** The export's rows of what the member's account itself holds beside its content. */
  private async exportAccountRows(
    userId: number,
  ): Promise<
    Pick<
      ExportRows,
      | "sessions"
      | "twoFactor"
      | "reports"
      | "views"
      | "payments"
      | "billingCustomers"
      | "apiKeys"
      | "auditEntries"
    >
  > {
    const sessions = await this.db
      .selectFrom("sessions")
      .select(["user_agent", "created_at", "last_seen_at", "expires_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
    const twoFactor = await this.db
      .selectFrom("user_two_factor")
      .select((eb) => [
        "enabled_at",
        eb
          .selectFrom("two_factor_recovery_codes")
          .select((c) => c.fn.countAll<number | string>().as("n"))
          .where("two_factor_recovery_codes.user_id", "=", userId)
          .where("two_factor_recovery_codes.used_at", "is", null)
          .as("recovery_codes_left"),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const reports = await this.db
      .selectFrom("image_reports")
      .select(["image_id", "reason", "note", "created_at", "resolved_at", "resolution"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    const views = await this.db
      .selectFrom("image_views")
      .select(["day", "image_id"])
      .where("viewer_key", "=", `u:${userId}`)
      .orderBy("day")
      .orderBy("image_id")
      .execute();
    const payments = await this.db
      .selectFrom("payments")
      .select([
        "provider",
        "provider_invoice_id",
        "provider_subscription_id",
        "amount_cents",
        "currency",
        "paid_at",
      ])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    const customers = await this.db
      .selectFrom("billing_customers")
      .leftJoin("sandbox_customers", "sandbox_customers.id", "billing_customers.customer_id")
      .select([
        "billing_customers.provider",
        "billing_customers.customer_id",
        "billing_customers.created_at",
        "sandbox_customers.name",
        "sandbox_customers.email",
      ])
      .where("billing_customers.user_id", "=", userId)
      .orderBy("billing_customers.created_at")
      .execute();
    const apiKeys = await this.db
      .selectFrom("api_keys")
      .select([
        "id",
        "name",
        "display",
        "rate_limit_per_hour",
        "created_at",
        "last_used_at",
        "revoked_at",
      ])
      .where("created_by", "=", userId)
      .orderBy("id")
      .execute();
    const auditEntries = await this.db
      .selectFrom("audit_log")
      .select(["action", "subject", "created_at"])
      .where("actor_id", "=", userId)
      .orderBy("id")
      .execute();
    return {
      sessions: sessions.map((row) => ({
        ...row,
        created_at: Number(row.created_at),
        last_seen_at: Number(row.last_seen_at),
        expires_at: Number(row.expires_at),
      })),
      twoFactor: twoFactor && {
        enabled_at: numberOrNull(twoFactor.enabled_at),
        recovery_codes_left: Number(twoFactor.recovery_codes_left ?? 0),
      },
      reports: reports.map((row) => ({
        ...row,
        image_id: Number(row.image_id),
        created_at: Number(row.created_at),
        resolved_at: numberOrNull(row.resolved_at),
      })),
      views: views.map((row) => ({ day: row.day, image_id: Number(row.image_id) })),
      payments: payments.map((row) => ({
        ...row,
        amount_cents: Number(row.amount_cents),
        paid_at: Number(row.paid_at),
      })),
      billingCustomers: customers.map((row) => ({ ...row, created_at: Number(row.created_at) })),
      apiKeys: apiKeys.map((row) => ({
        ...row,
        id: Number(row.id),
        rate_limit_per_hour: Number(row.rate_limit_per_hour),
        created_at: Number(row.created_at),
        last_used_at: numberOrNull(row.last_used_at),
        revoked_at: numberOrNull(row.revoked_at),
      })),
      auditEntries: auditEntries.map((row) => ({ ...row, created_at: Number(row.created_at) })),
    };
  }

  /**
   * Whether another administrator in good standing would remain: not suspended, not deleted, and
   * not deleting their own account at this moment (`leaving_until`).
   */
  async anotherActiveAdmin(
    userId: number,
    now: number,
    db: Db | Transaction<Database> = this.db,
  ): Promise<boolean> {
    const row = await db
      .selectFrom("users")
      .select("id")
      .where((eb) => stayingAdmin(eb, now))
      .where("id", "!=", userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * An administrator starts deleting their account: under the admins' lock, only while another
   * active admin remains, and then held until `until` so that nobody counts on them staying
   * (another admin deleting themself, a demotion, a suspension); or why not.
   */
  async startLeaving(
    userId: number,
    now: number,
    until: number,
  ): Promise<"leaving" | "last_admin" | "under_way"> {
    return this.db.transaction().execute(async (trx) => {
      await lockStandings(trx, this.dialect);
      // The same deletion asked in another tab holds the place already: it alone goes on, so
      // one that fails never gives back a place the other still relies on.
      const held = await trx
        .selectFrom("users")
        .select("id")
        .where("id", "=", userId)
        .where("leaving_until", ">", now)
        .executeTakeFirst();
      if (held) return "under_way";
      if (!(await this.anotherActiveAdmin(userId, now, trx))) return "last_admin";
      await trx
        .updateTable("users")
        .set({ leaving_until: until })
        .where("id", "=", userId)
        .execute();
      return "leaving";
    });
  }

  /** The deletion did not happen (the provider failed): the admin stays, counted again. */
  async stopLeaving(userId: number): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ leaving_until: null })
      .where("id", "=", userId)
      .execute();
  }

  /**
   * Deletes the account in one transaction: its collections (each image's collections count
   * taken down), sessions and links go; the row stays, anonymised — no profile, an address no
   * mail reaches, a password nothing matches — so payments and sales keep pointing at it. The
   * username stays reserved until `releaseUsernames`. False when it was deleted already.
   *
   * What else held the member goes with it (README, "Deleting an account"): mail to any address
   * the account used (queued, sent or kept in the outbox) and reset requests naming one, the
   * views recorded as theirs, their reports' notes, their name and address at the sandbox
   * provider, and their name, address and sign-in origins in audit entries about them.
   *
   * An administrator's account is deleted only while another active administrator remains,
   * decided under the lock a demotion or suspension takes, so two admins deleting themselves at
   * once (on two processes) cannot both go: `last_admin` then, and nothing is written.
   */
  async deleteAccount(userId: number, now: number): Promise<"deleted" | "gone" | "last_admin"> {
    const outcome = await this.markDeleted(userId, now);
    // On SQLite the rows as they were stay in the write-ahead log until a checkpoint copies the
    // zeroed pages (secure_delete) into the file: one now, emptying the log. A reader holding an
    // older snapshot can keep part of it until the next checkpoint; that is SQLite's to finish.
    if (outcome === "deleted" && this.dialect === "sqlite") {
      await sql`pragma wal_checkpoint(truncate)`.execute(this.db);
    }
    return outcome;
  }

  private markDeleted(userId: number, now: number): Promise<"deleted" | "gone" | "last_admin"> {
    return this.db.transaction().execute(async (trx) => {
      await lockStandings(trx, this.dialect);
      const user = await trx
        .selectFrom("users")
        .select(["role", "deleted_at"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user || user.deleted_at !== null) return "gone";
      if (user.role === "admin" && !(await this.anotherActiveAdmin(userId, now, trx))) {
        return "last_admin";
      }
      const addresses = await this.addressesOf(trx, userId);
      const marked = await trx
        .updateTable("users")
        .set({
          email: deletedEmail(userId),
          pending_email: null,
          email_verified_at: null,
          password_hash: "!deleted",
          display_name: null,
          bio: null,
          website: null,
          social_links: "{}",
          artist_statement: null,
          specialties: "[]",
          deleted_at: now,
          updated_at: now,
          ...ENDING_SESSIONS,
        })
        .where("id", "=", userId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return "gone";
      if (this.dialect === "postgres") {
        await trx
          .selectFrom("collections")
          .select("id")
          .where("user_id", "=", userId)
          .forUpdate()
          .execute();
      }
      // One count off per entry, as deleting each collection would (an image may be in several).
      const held = await trx
        .selectFrom("collection_images")
        .innerJoin("collections", "collections.id", "collection_images.collection_id")
        .select((eb) => ["collection_images.image_id", eb.fn.countAll<number | string>().as("n")])
        .where("collections.user_id", "=", userId)
        .groupBy("collection_images.image_id")
        .execute();
      for (const { image_id, n } of held) {
        await trx
          .updateTable("images")
          .set((eb) => ({ collections_count: eb("collections_count", "-", Number(n)) }))
          .where("id", "=", image_id)
          .execute();
      }
      await trx.deleteFrom("collections").where("user_id", "=", userId).execute();
      await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
      await trx.deleteFrom("account_tokens").where("user_id", "=", userId).execute();
      // Its second factor goes too: a sign-in waiting for a code must not finish.
      await trx.deleteFrom("pending_sign_ins").where("user_id", "=", userId).execute();
      await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
      await trx.deleteFrom("user_two_factor").where("user_id", "=", userId).execute();
      await this.forgetAddresses(trx, addresses);
      await trx.deleteFrom("image_views").where("viewer_key", "=", `u:${userId}`).execute();
      // Its holds on pieces go at once (its checkouts were expired): another buyer of a 1/1 or
      // a last edition is not told someone is at checkout for half an hour (round 58).
      await trx
        .updateTable("edition_reservations")
        .set({ status: "released" })
        .where("user_id", "=", userId)
        .where("status", "=", "active")
        .execute();
      // A report stays (it counted toward a decision about the image), without the member's words.
      await trx
        .updateTable("image_reports")
        .set({ note: null })
        .where("user_id", "=", userId)
        .execute();
      await trx
        .updateTable("sandbox_customers")
        .set({ email: deletedEmail(userId), name: "" })
        .where("user_id", "=", userId)
        .execute();
      await this.scrubAuditDetails(trx, userId);
      return "deleted";
    });
  }

  /**
   * Every address the account used (its own, a pending one, those its links went to) that no
   * other live account holds.
   */
  private async addressesOf(trx: Transaction<Database>, userId: number): Promise<string[]> {
    const user = await trx
      .selectFrom("users")
      .select(["email", "pending_email"])
      .where("id", "=", userId)
      .executeTakeFirst();
    const linked = await trx
      .selectFrom("account_tokens")
      .select("email")
      .distinct()
      .where("user_id", "=", userId)
      .execute();
    // Its own address is its own, whoever else may be asking to move to it.
    const own = user?.email.toLowerCase();
    const asked = [user?.pending_email, ...linked.map((row) => row.email)]
      .filter((a): a is string => !!a)
      .map((a) => a.toLowerCase())
      .filter((a, i, all) => a !== own && all.indexOf(a) === i);
    if (asked.length === 0) return own ? [own] : [];
    // An address it only asked for or once had, that another live account holds or is moving
    // to, is theirs, and so is its mail: the notice sent when this member tried to take it,
    // their resets, a link to an address this member once used and someone registered since.
    const others = await trx
      .selectFrom("users")
      .select(["email", "pending_email"])
      .where("id", "<>", userId)
      .where("deleted_at", "is", null)
      .where((eb) =>
        eb.or([
          eb(eb.fn("lower", ["email"]), "in", asked),
          eb(eb.fn("lower", ["pending_email"]), "in", asked),
        ]),
      )
      .execute();
    const theirs = new Set(
      others.flatMap((row) => [row.email.toLowerCase(), row.pending_email?.toLowerCase()]),
    );
    return [...(own ? [own] : []), ...asked.filter((address) => !theirs.has(address))];
  }

  /**
   * Mail to these addresses, waiting (so it is never sent), sent or kept in the outbox, and
   * password-reset requests naming them, whoever typed them.
   */
  private async forgetAddresses(trx: Transaction<Database>, addresses: string[]): Promise<void> {
    if (addresses.length === 0) return;
    await trx
      .deleteFrom("jobs")
      .where("kind", "=", MAIL_JOB)
      .where(this.payloadField("to"), "in", addresses)
      .execute();
    await trx
      .deleteFrom("jobs")
      .where("kind", "=", PASSWORD_RESET_JOB)
      .where(this.payloadField("email"), "in", addresses)
      .execute();
    await trx.deleteFrom("mail_outbox").where("to_address", "in", addresses).execute();
    // An admin's reading of the outbox stays in the log, without the address it asked for.
    const reads = await trx
      .selectFrom("audit_log")
      .select(["id", "details"])
      .where("action", "=", OUTBOX_READ_ACTION)
      .where(this.jsonField("details", "to"), "in", addresses)
      .execute();
    for (const read of reads) {
      const { to: _address, ...kept } = JSON.parse(read.details) as Record<string, unknown>;
      await trx
        .updateTable("audit_log")
        .set({ details: JSON.stringify(kept) })
        .where("id", "=", read.id)
        .execute();
    }
  }

  /** A text field of a job's JSON payload. */
  private payloadField(field: "to" | "email") {
    return this.jsonField("payload", field);
  }

  /** A text field of a JSON text column. */
  private jsonField(column: "payload" | "details", field: "to" | "email") {
    return this.dialect === "postgres"
      ? sql<string>`(${sql.ref(column)}::json ->> ${sql.lit(field)})`
      : sql<string>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
  }

  /** Audit entries about the member keep what was done, by whom, and when; not who they were. */
  private async scrubAuditDetails(trx: Transaction<Database>, userId: number): Promise<void> {
    const entries = await trx
      .selectFrom("audit_log")
      .select(["id", "details"])
      .where("subject", "=", `user:${userId}`)
      .execute();
    for (const entry of entries) {
      let details: Record<string, unknown>;
      try {
        details = JSON.parse(entry.details) as Record<string, unknown>;
      } catch {
        details = {};
      }
      const kept = Object.fromEntries(
        Object.entries(details).filter(([key]) => !PERSONAL_AUDIT_DETAILS.includes(key)),
      );
      await trx
        .updateTable("audit_log")
        .set({ details: JSON.stringify(kept) })
        .where("id", "=", entry.id)
        .execute();
    }
  }

  /** The member's customer id at this payment provider, if they ever started a checkout. */
  async customerIdOf(userId: number, provider: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("billing_customers")
      .select("customer_id")
      .where("user_id", "=", userId)
      .where("provider", "=", provider)
      .executeTakeFirst();
    return row?.customer_id;
  }

  /** Frees the usernames of accounts deleted before `deletedBefore`; returns how many. */
  async releaseUsernames(deletedBefore: number): Promise<number> {
    const result = await this.db
      .updateTable("users")
      .set({
        username: sql<string>`'deleted-' || cast(id as text)`,
        username_key: sql<string>`'~deleted-' || cast(id as text)`,
      })
      .where("deleted_at", "is not", null)
      .where("deleted_at", "<=", deletedBefore)
      .where("username_key", "not like", "~deleted-%")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint failed/.test(e?.message ?? "")
  );
}
