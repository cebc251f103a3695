import {
  type Account,
  type AccountExport,
  type AccountSessionList,
  type ChangeEmailBody,
  type ChangePasswordBody,
  MESSAGES,
  type PasswordResetConfirmBody,
  paths,
  type VerifyEmailResult,
} from "@sawdust/shared";
import type { UserRow } from "../../db/schema.js";
import { addressGroupOf } from "../../lib/address-group.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import type { AuditService } from "../audit/audit.service.js";
import { CheckedAttempts } from "../auth/checked-attempts.js";
import { hashPassword, verifyPassword } from "../auth/password.js";
import { type RateLimitsRepo, signInAccountKey } from "../auth/rate-limits.repo.js";
import type { PaymentProvider } from "../billing/payment-provider.js";
import type { MailMessage } from "../mail/mail.constants.js";
import type { MailService } from "../mail/mail.service.js";
import { mailTemplates } from "../mail/mail-templates.js";
import type { SiteSettingsService } from "../settings/settings.service.js";
import { TOKEN_LIFETIME_MS, type TokenPurpose, type TokenRefusal } from "./account-tokens.repo.js";
import {
  type AccountsRepo,
  type ExportRows,
  PASSWORD_RESET_JOB,
  type PasswordChangedAccount,
} from "./accounts.repo.js";
import { deviceLabel } from "./device-label.js";

const m = MESSAGES.account;

export { PASSWORD_RESET_JOB } from "./accounts.repo.js";

export interface AccountLimits {
  /** Reset requests naming one email address, and from one client address, per window. */
  resetsPerEmail: number;
  resetsPerIp: number;
  /** Reset mails one account receives per window (whatever asked for them). */
  resetsPerAccount: number;
  resetWindowMs: number;
  /** Wrong current passwords (changing the password or email, deleting) per window. */
  passwordTries: number;
  passwordWindowMs: number;
  /**
   * Confirmation links one account may have sent per window, beyond its first: asked for again,
   * or to a new address (changing the email). One limit for both, so neither goes around it.
   */
  verificationMails: number;
  verificationWindowMs: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  resetsPerEmail: 3,
  resetsPerIp: 20,
  resetsPerAccount: 3,
  resetWindowMs: 60 * 60 * 1000,
  passwordTries: 5,
  passwordWindowMs: 15 * 60 * 1000,
  verificationMails: 3,
  verificationWindowMs: 60 * 60 * 1000,
};

/** A deleted account's username is free for someone else after this long. */
export const USERNAME_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long an admin's account deletion holds their place among the admins (counted as leaving)
 * while the payment provider is asked to cancel: past the provider calls' timeouts and retries,
 * so a process that dies meanwhile holds nobody for long.
 */
const LEAVING_HOLD_MS = 5 * 60 * 1000;

/** A section of the data export that another module keeps (edition purchases, say). */
export type ExportSection = (userId: number) => Promise<unknown[]>;

/**
 * What a member does with their own account (issue 22): confirm their email, reset a forgotten
 * password, change the password or email, see and end sessions, take their data and delete the
 * account. Every mail goes out through MailService's durable queue; every link points at
 * PUBLIC_URL.
 */
export class AccountsService {
  private readonly exportSections = new Map<string, ExportSection>();

  constructor(
    private readonly deps: {
      repo: AccountsRepo;
      mail: MailService;
      rateLimits: RateLimitsRepo;
      siteSettings: Pick<SiteSettingsService, "current">;
      provider: PaymentProvider;
      audit: Pick<AuditService, "record">;
      clock: Clock;
      publicUrl: string;
      limits: AccountLimits;
      onJobQueued: () => void;
      /** The member's name went: what shows it (a collected piece's page) hears it. */
      onNameGone?: (userId: number) => Promise<void>;
    },
  ) {}

  /**
   * The export's hook for other modules: each section is written under `more[name]` in the
   * member's export, beside `purchases` (the account's own: every edition paid for).
   */
  addExportSection(name: string, collect: ExportSection): void {
    this.exportSections.set(name, collect);
  }

  async account(userId: number): Promise<Account> {
    const user = await this.liveUser(userId);
    return {
      username: user.username,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      pendingEmail: user.pending_email,
      createdAt: new Date(Number(user.created_at)).toISOString(),
    };
  }

  // Email confirmation.

  /**
   * Mails an account its confirmation link (registration calls this). `returnTo`, a path on this
   * site (ZReturnPath), goes with the link: the page leads back there once confirmed.
   * `requestId`: the request the mail job is queued by.
   */
  async sendVerification(
    user: Pick<UserRow, "id" | "username" | "email">,
    { requestId, returnTo }: { requestId?: string; returnTo?: string } = {},
  ): Promise<void> {
    const token = await this.deps.repo.tokens.issue(
      user.id,
      "verify_email",
      user.email,
      this.deps.clock.now(),
    );
    const site = await this.siteName();
    await this.deps.mail.queue(
      expiring(
        mailTemplates.verifyEmail(
          user.email,
          site,
          user.username,
          this.link(paths.verifyEmail.getHref(token, returnTo)),
        ),
        this.deps.clock.now(),
        "verify_email",
      ),
      requestId,
    );
  }

  /**
   * The member asks for their confirmation link again (a few times an hour at most), from
   * `returnTo`, which the link leads back to.
   */
  async resendVerification(userId: number, returnTo?: string): Promise<void> {
    const user = await this.liveUser(userId);
    if (user.email_verified_at !== null) throw conflict(m.alreadyVerified, "already_verified");
    await this.reserveConfirmationMail(userId);
    await this.sendVerification(user, { returnTo });
  }

  /** A place in the account's window of confirmation mails (AccountLimits.verificationMails). */
  private reserveConfirmationMail(userId: number): Promise<void> {
    const { verificationMails, verificationWindowMs } = this.deps.limits;
    return this.reserve(
      `verify:user:${userId}`,
      verificationMails,
      verificationWindowMs,
      m.tooManyConfirmationMails,
    );
  }

  /** An admin sends a member's confirmation link again (audited). */
  async resendVerificationAsAdmin(userId: number, actorId: number): Promise<void> {
    const user = await this.deps.repo.findUser(userId);
    if (!user || user.deleted_at !== null) throw notFound(MESSAGES.adminUsers.notFound);
    if (user.email_verified_at !== null) {
      throw conflict(m.adminAlreadyVerified, "already_verified");
    }
    await this.sendVerification(user);
    await this.deps.audit.record(actorId, "user.verification_resent", `user:${userId}`, {
      username: user.username,
      email: user.email,
    });
  }

  /** Opens a confirmation link (a new account's, or a changed address's). */
  async confirmEmail(token: string): Promise<VerifyEmailResult> {
    const site = await this.siteName();
    // The address it replaces is told again now that the change took effect (in its transaction).
    const outcome = await this.deps.repo.confirmEmail(
      token,
      this.deps.clock.now(),
      (previous, to) =>
        mailTemplates.emailChangedNotice(previous.email, site, previous.username, to),
    );
    if (typeof outcome === "string") throw refused(outcome);
    if (outcome.conflict) throw conflict(MESSAGES.auth.emailTaken, "email_taken");
    const changed = outcome.row.purpose === "change_email";
    if (changed) this.deps.onJobQueued();
    return { ok: true, email: outcome.row.email, changed };
  }

  // Password reset.

  /**
   * "Forgot password?": the request only takes its places in the limits (per client address and
   * per email address, known or not) and queues a job, the same work for every address, so
   * neither the answer nor its timing tells whether an account uses it. The job mails the link.
   */
  async requestPasswordReset(email: string, ip: string, requestId?: string): Promise<void> {
    const { limits } = this.deps;
    const address = email.toLowerCase();
    const ipKey = `reset:ip:${addressGroupOf(ip)}`;
    await this.reserve(ipKey, limits.resetsPerIp, limits.resetWindowMs, m.tooManyResets);
    await this.reserve(
      `reset:email:${address}`,
      limits.resetsPerEmail,
      limits.resetWindowMs,
      m.tooManyResets,
    );
    await this.deps.repo.enqueueJob(
      PASSWORD_RESET_JOB,
      { email: address, ...(requestId ? { requestId } : {}) },
      5,
      this.deps.clock.now(),
    );
    this.deps.onJobQueued();
  }

  /** The reset job: mails a link if a live account uses the address (within its own limit). */
  async sendPasswordReset(email: string): Promise<void> {
    const { repo, rateLimits, clock, limits } = this.deps;
    const user = await repo.findLiveByEmail(email);
    if (!user || user.suspended_at !== null) return;
    const now = clock.now();
    const room = await rateLimits.reserve(`reset:user:${user.id}`, now, {
      max: limits.resetsPerAccount,
      windowMs: limits.resetWindowMs,
    });
    if (!room.taken) return;
    const token = await repo.tokens.issue(user.id, "reset_password", user.email, now);
    await this.deps.mail.queue(
      expiring(
        mailTemplates.passwordReset(
          user.email,
          await this.siteName(),
          user.username,
          this.link(paths.passwordReset.getHref(token)),
        ),
        now,
        "reset_password",
      ),
    );
  }

  /** Opens a reset link: the new password is set and every session of the account ends. */
  async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
    // A link that would be refused costs a lookup, not a hash (anyone may send any token).
    const { repo, clock } = this.deps;
    const refusal = await repo.tokens.refusalOf(body.token, ["reset_password"], clock.now());
    if (refusal) throw refused(refusal);
    const passwordHash = await hashPassword(body.password);
    const now = clock.now();
    // The account is told, with the change: a link is readable by whoever reads its mailbox, or
    // the admin's outbox when no SMTP_URL is set.
    const notice = await this.passwordChangedNotice(now, "reset_link");
    const outcome = await repo.resetPassword(body.token, passwordHash, now, notice);
    if (typeof outcome === "string") throw refused(outcome);
    this.deps.onJobQueued();
    // The owner has shown the mailbox is theirs: wrong passwords before the reset (someone
    // else's, or their own forgotten one) no longer hold the new password back.
    const user = await this.liveUser(outcome);
    await this.deps.rateLimits.clear(signInAccountKey(user.username_key));
  }

  // Settings.

  /**
   * Needs the current password; the member's other sessions end and the account is told. A change
   * of email still waiting for its link is called off (its link would otherwise let whoever knew
   * the old password move the account away): the mail says so, so the member can ask again.
   */
  async changePassword(
    userId: number,
    body: ChangePasswordBody,
    currentTokenHash: string | undefined,
  ): Promise<void> {
    const user = await this.liveUser(userId);
    await this.checkPassword(user, body.currentPassword);
    const now = this.deps.clock.now();
    const changed = await this.deps.repo.changePassword(
      userId,
      await hashPassword(body.newPassword),
      currentTokenHash,
      now,
      await this.passwordChangedNotice(now, "signed_in"),
    );
    if (!changed) throw notFound(MESSAGES.adminUsers.notFound);
    this.deps.onJobQueued();
  }

  /** The notice a password change queues in its own transaction, to the account it changed. */
  private async passwordChangedNotice(
    at: number,
    by: "reset_link" | "signed_in",
  ): Promise<(account: PasswordChangedAccount) => MailMessage> {
    const site = await this.siteName();
    const forgotPasswordUrl = this.link(paths.passwordReset.getHref());
    return (account) =>
      mailTemplates.passwordChanged(account.email, site, {
        username: account.username,
        at,
        by,
        cancelledEmail: account.cancelledEmail,
        forgotPasswordUrl,
      });
  }

  /**
   * Needs the current password. The new address gets a link and takes effect when it is opened;
   * the current address is told at once. The attempt takes its place in the confirmation-mail
   * limit before the address is looked at, and the answer is the same whether or not another
   * account uses it (as for a password reset): an address already taken gets a notice instead of
   * a link, so its owner learns of it and the member learns nothing about it.
   */
  async changeEmail(userId: number, body: ChangeEmailBody): Promise<Account> {
    const { repo, clock, mail } = this.deps;
    const user = await this.liveUser(userId);
    await this.checkPassword(user, body.password);
    const email = body.email.toLowerCase();
    if (email === user.email) throw badRequest(m.sameEmail, "same_email");
    // Each change mails an address of the member's choosing: limited as asking for a
    // confirmation again is, or anyone's inbox could be filled (or probed) from one account.
    await this.reserveConfirmationMail(userId);
    const now = clock.now();
    const site = await this.siteName();
    await repo.setPendingEmail(userId, email, now);
    if (await repo.emailTakenByAnother(email, userId)) {
      await repo.tokens.revoke(userId, "change_email", now);
      await mail.queue(mailTemplates.emailAlreadyRegistered(email, site));
    } else {
      const token = await repo.tokens.issue(userId, "change_email", email, now);
      await mail.queue(
        expiring(
          mailTemplates.confirmNewEmail(
            email,
            site,
            user.username,
            this.link(paths.verifyEmail.getHref(token)),
          ),
          now,
          "change_email",
        ),
      );
    }
    await mail.queue(mailTemplates.emailChangeNotice(user.email, site, user.username, email));
    return this.account(userId);
  }

  async sessions(
    userId: number,
    currentTokenHash: string | undefined,
  ): Promise<AccountSessionList> {
    const rows = await this.deps.repo.listSessions(userId, this.deps.clock.now());
    return {
      sessions: rows.map((row) => ({
        id: row.token_hash,
        device: deviceLabel(row.user_agent),
        createdAt: new Date(Number(row.created_at)).toISOString(),
        lastSeenAt: new Date(Number(row.last_seen_at)).toISOString(),
        current: row.token_hash === currentTokenHash,
      })),
    };
  }

  async endSession(userId: number, sessionId: string): Promise<void> {
    if (!(await this.deps.repo.endSession(userId, sessionId))) {
      throw notFound(m.noSuchSession, "no_such_session");
    }
  }

  async endOtherSessions(userId: number, currentTokenHash: string): Promise<{ ended: number }> {
    return { ended: await this.deps.repo.endOtherSessions(userId, currentTokenHash) };
  }

  /** Notes the browser a new session came from (the session-device hook). */
  async recordDevice(tokenHash: string, userAgent: string | undefined): Promise<void> {
    if (userAgent) await this.deps.repo.recordDevice(tokenHash, userAgent.slice(0, 512));
  }

  /** Everything kept about the member, as one JSON document. */
  async exportData(userId: number): Promise<AccountExport> {
    const user = await this.liveUser(userId);
    const rows = await this.deps.repo.exportRows(userId);
    const iso = (t: number) => new Date(t).toISOString();
    const more: Record<string, unknown[]> = { purchases: rows.purchases.map(presentPurchase) };
    for (const [name, collect] of this.exportSections) more[name] = await collect(userId);
    return {
      exportedAt: iso(this.deps.clock.now()),
      profile: {
        id: user.id,
        username: user.username,
        email: user.email,
        emailVerified: user.email_verified_at !== null,
        role: user.role,
        displayName: user.display_name,
        bio: user.bio,
        website: user.website,
        socialLinks: parseJson(user.social_links, {}),
        artistStatement: user.artist_statement,
        specialties: parseJson(user.specialties, []),
        collectsPrivately: Number(user.collects_privately) === 1,
        createdAt: iso(Number(user.created_at)),
        pendingEmail: user.pending_email,
      },
      sessions: rows.sessions.map((s) => ({
        device: deviceLabel(s.user_agent),
        userAgent: s.user_agent,
        createdAt: iso(s.created_at),
        lastSeenAt: iso(s.last_seen_at),
        expiresAt: iso(s.expires_at),
      })),
      twoFactor: {
        enabled: rows.twoFactor?.enabled_at != null,
        enabledAt: rows.twoFactor?.enabled_at == null ? null : iso(rows.twoFactor.enabled_at),
        recoveryCodesLeft:
          rows.twoFactor?.enabled_at == null ? 0 : rows.twoFactor.recovery_codes_left,
      },
      reports: rows.reports.map((r) => ({
        imageId: r.image_id,
        reason: r.reason,
        note: r.note,
        createdAt: iso(r.created_at),
        resolvedAt: r.resolved_at === null ? null : iso(r.resolved_at),
        resolution: r.resolution,
      })),
      views: rows.views.map((v) => ({ day: v.day, imageId: v.image_id })),
      collections: rows.collections.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        isPublic: Number(c.is_public) === 1,
        createdAt: iso(c.created_at),
        images: rows.entries
          .filter((e) => e.collection_id === c.id)
          .map((e) => ({ imageId: e.image_id, title: e.title, addedAt: iso(e.added_at) })),
      })),
      downloads: rows.downloads.map((d) => ({
        imageId: d.image_id,
        size: d.size,
        bytes: d.bytes,
        at: iso(d.created_at),
      })),
      subscriptions: rows.subscriptions.map((s) => ({
        tier: s.tier,
        status: s.status,
        billingCycle: s.billing_cycle,
        provider: s.provider,
        createdAt: iso(s.created_at),
        expiryDate: s.expiry_date === null ? null : iso(s.expiry_date),
        canceledAt: s.canceled_at === null ? null : iso(s.canceled_at),
      })),
      payments: rows.payments.map((p) => ({
        provider: p.provider,
        invoiceId: p.provider_invoice_id,
        subscriptionId: p.provider_subscription_id,
        amountCents: p.amount_cents,
        currency: p.currency,
        paidAt: iso(p.paid_at),
      })),
      billingCustomers: rows.billingCustomers.map((c) => ({
        provider: c.provider,
        customerId: c.customer_id,
        createdAt: iso(c.created_at),
        name: c.name,
        emailGivenToProvider: c.email,
      })),
      apiKeys: rows.apiKeys.map((k) => ({
        id: k.id,
        name: k.name,
        display: k.display,
        rateLimitPerHour: k.rate_limit_per_hour,
        createdAt: iso(k.created_at),
        lastUsedAt: k.last_used_at === null ? null : iso(k.last_used_at),
        revokedAt: k.revoked_at === null ? null : iso(k.revoked_at),
      })),
      auditEntries: rows.auditEntries.map((a) => ({
        action: a.action,
        subject: a.subject,
        createdAt: iso(a.created_at),
      })),
      more,
    };
  }

  /**
   * Deletes the account after the password is given again: a live subscription is cancelled at
   * the provider first (a failure there deletes nothing, so the member can try again), then the
   * profile, collections and sessions go in one transaction. The username is freed after
   * USERNAME_GRACE_MS (`releaseUsernames`, run by the janitor).
   */
  async deleteAccount(userId: number, password: string): Promise<void> {
    const { repo, provider, clock } = this.deps;
    const user = await this.liveUser(userId);
    await this.checkPassword(user, password);
    // An admin leaves only while another stays, decided under the admins' lock before anything
    // is cancelled, and held meanwhile: a refused deletion has cancelled nothing.
    const admin = user.role === "admin";
    const now = clock.now();
    if (admin) {
      const leaving = await repo.startLeaving(userId, now, now + LEAVING_HOLD_MS);
      if (leaving === "last_admin") throw conflict(m.lastAdmin, "last_admin");
      if (leaving === "under_way") throw conflict(m.deletionUnderWay, "deletion_under_way");
    }
    try {
      const rows = await repo.exportRows(userId);
      // A checkout still open in another tab must not be payable for an account that is gone:
      // it would start a subscription, or sell a piece, to no one.
      const customerId = await repo.customerIdOf(userId, provider.name);
      if (customerId) await provider.expireOpenCheckouts(customerId);
      for (const s of rows.subscriptions) {
        if (s.provider === provider.name && s.provider_subscription_id && s.status !== "canceled") {
          await provider.cancelNow(s.provider_subscription_id);
        }
      }
      const outcome = await repo.deleteAccount(userId, clock.now());
      if (outcome === "last_admin") throw conflict(m.lastAdmin, "last_admin");
    } catch (error) {
      if (admin) await repo.stopLeaving(userId);
      throw error;
    }
    await this.deps.onNameGone?.(userId);
  }

  /** Frees the usernames of accounts deleted more than the grace period ago. */
  releaseUsernames(): Promise<number> {
    return this.deps.repo.releaseUsernames(this.deps.clock.now() - USERNAME_GRACE_MS);
  }

  private async liveUser(userId: number): Promise<UserRow> {
    const user = await this.deps.repo.findUser(userId);
    if (!user || user.deleted_at !== null) throw notFound(MESSAGES.adminUsers.notFound);
    return user;
  }

  /**
   * The current password, guesses limited per account (CheckedAttempts: parallel right ones wait
   * for each other's places); a right one gives its place back.
   */
  private async checkPassword(user: UserRow, password: string): Promise<void> {
    const { rateLimits, limits, clock } = this.deps;
    const place = await new CheckedAttempts(rateLimits, clock).take(
      `account:password:${user.id}`,
      { max: limits.passwordTries, windowMs: limits.passwordWindowMs },
      m.tooManyPasswordTries,
    );
    if (!(await verifyPassword(user.password_hash, password))) {
      await place.failed();
      throw badRequest(m.wrongPassword, "wrong_password");
    }
    await place.passed();
  }

  private async reserve(key: string, max: number, windowMs: number, message: string) {
    await this.deps.rateLimits.reserveOrRefuse(
      key,
      this.deps.clock.now(),
      { max, windowMs },
      message,
    );
  }

  private link(path: string): string {
    return `${this.deps.publicUrl}${path}`;
  }

  private async siteName(): Promise<string> {
    return (await this.deps.siteSettings.current()).siteName;
  }
}

function refused(reason: TokenRefusal) {
  return reason === "expired"
    ? badRequest(m.linkExpired, "link_expired")
    : badRequest(m.linkInvalid, "link_invalid");
}

/**
 * A purchase as the export lists it: whatever became of it, with what was given back — the whole
 * price once refunded (or declined and refunded), else the parts refunded and disputes lost.
 */
function presentPurchase(p: ExportRows["purchases"][number]) {
  const givenBack = p.refunded_at !== null ? p.price_cents : p.refunded_cents + p.disputed_cents;
  return {
    saleId: p.id,
    imageId: p.image_id,
    title: p.title,
    editionType: p.edition_type,
    number: p.number,
    licence: p.licence,
    priceCents: p.price_cents,
    status: p.status,
    purchasedAt: new Date(p.created_at).toISOString(),
    refundedAt: p.refunded_at === null ? null : new Date(p.refunded_at).toISOString(),
    refundedCents: givenBack > 0 ? givenBack : null,
    certificateId: p.certificate_id,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A message carrying a link of this kind issued at `issuedAt`: not sent once the link is dead. */
function expiring(message: MailMessage, issuedAt: number, purpose: TokenPurpose): MailMessage {
  return { ...message, expiresAt: issuedAt + TOKEN_LIFETIME_MS[purpose] };
}
