import { z } from "zod";
import { ACCOUNT_RULES } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { ZEmail, ZNewPassword, ZReturnPath } from "./auth.js";
import { strictQuery, zAdminPageLimit } from "./query.js";

const v = MESSAGES.validation;

/** A link's token as the mail carries it (base64url, 43 characters). */
export const ZAccountToken = z
  .string({ error: MESSAGES.account.linkInvalid })
  .trim()
  .min(16, MESSAGES.account.linkInvalid)
  .max(128, MESSAGES.account.linkInvalid);

/** A password typed to prove who you are: any length up to the maximum. */
const ZCurrentPassword = z
  .string({ error: v.required("Password") })
  .min(1, v.required("Password"))
  .max(ACCOUNT_RULES.passwordMax, MESSAGES.account.wrongPassword);

/** POST /api/v1/auth/password-reset: always the same answer, whether the address is known. */
export const ZPasswordResetRequestBody = z.object({ email: ZEmail });
export type PasswordResetRequestBody = z.infer<typeof ZPasswordResetRequestBody>;

/** POST /api/v1/auth/password-reset/confirm. */
export const ZPasswordResetConfirmBody = z.object({
  token: ZAccountToken,
  password: ZNewPassword,
});
export type PasswordResetConfirmBody = z.infer<typeof ZPasswordResetConfirmBody>;

/**
 * POST /api/v1/account/email/verification, whose body is optional (none is null to the route):
 * the page the member asked from, which the new link leads back to.
 */
export const ZResendVerificationBody = z.strictObject({ returnTo: ZReturnPath.optional() });
export type ResendVerificationBody = z.infer<typeof ZResendVerificationBody>;

/** POST /api/v1/auth/verify-email: a confirmation link (a new account's, or a changed email's). */
export const ZVerifyEmailBody = z.object({ token: ZAccountToken });
export type VerifyEmailBody = z.infer<typeof ZVerifyEmailBody>;

export const ZVerifyEmailResult = z.object({
  ok: z.literal(true),
  /** The address that is now confirmed. */
  email: z.string(),
  /** Whether the link changed the account's address (else it confirmed a new account's). */
  changed: z.boolean(),
});
export type VerifyEmailResult = z.infer<typeof ZVerifyEmailResult>;

/** GET /api/v1/account: what the Account page shows about the signed-in member. */
export const ZAccount = z.object({
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link to be opened; null when none. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof ZAccount>;

/** POST /api/v1/account/password. */
export const ZChangePasswordBody = z.object({
  currentPassword: ZCurrentPassword,
  newPassword: ZNewPassword,
});
export type ChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** POST /api/v1/account/email: takes effect when the link sent to the new address is opened. */
export const ZChangeEmailBody = z.object({
  email: ZEmail,
  password: ZCurrentPassword,
});
export type ChangeEmailBody = z.infer<typeof ZChangeEmailBody>;

/** DELETE /api/v1/account. */
export const ZDeleteAccountBody = z.object({ password: ZCurrentPassword });
export type DeleteAccountBody = z.infer<typeof ZDeleteAccountBody>;

/** A signed-in browser of the member. */
export const ZAccountSession = z.object({
  /** Opaque: names the session to end it. */
  id: z.string(),
  /** "Firefox on Linux", from the browser's user agent; null when it sent none. */
  device: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof ZAccountSession>;

export const ZAccountSessionList = z.object({ sessions: z.array(ZAccountSession) });
export type AccountSessionList = z.infer<typeof ZAccountSessionList>;

export const ZAccountSessionParams = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, MESSAGES.account.noSuchSession),
});

export const ZEndedOtherSessions = z.object({ ended: z.number().int() });

/** GET /api/v1/account/export: everything kept about the member, as a download. */
export const ZAccountExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    displayName: z.string().nullable(),
    bio: z.string().nullable(),
    website: z.string().nullable(),
    socialLinks: z.record(z.string(), z.unknown()),
    artistStatement: z.string().nullable(),
    specialties: z.array(z.unknown()),
    /** Sold 1/1s name no collector (the "collected privately" setting). */
    collectsPrivately: z.boolean(),
    createdAt: z.string(),
    /** The address a change of email waits to confirm; null when none is under way. */
    pendingEmail: z.string().nullable(),
  }),
  /** Every session kept: the browser and when, never its token. */
  sessions: z.array(
    z.object({
      device: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
  /** The two-factor state: never the secret or the codes. */
  twoFactor: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
  /** The images the member reported, with their note and the decision. */
  reports: z.array(
    z.object({
      imageId: z.number().int(),
      reason: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
      resolvedAt: z.string().nullable(),
      resolution: z.string().nullable(),
    }),
  ),
  /** Views counted as the member's (kept for today and yesterday). */
  views: z.array(z.object({ day: z.string(), imageId: z.number().int() })),
  collections: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      isPublic: z.boolean(),
      createdAt: z.string(),
      images: z.array(
        z.object({ imageId: z.number().int(), title: z.string().nullable(), addedAt: z.string() }),
      ),
    }),
  ),
  downloads: z.array(
    z.object({
      imageId: z.number().int().nullable(),
      size: z.string(),
      bytes: z.number().int(),
      at: z.string(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      tier: z.string(),
      status: z.string(),
      billingCycle: z.string(),
      provider: z.string().nullable(),
      createdAt: z.string(),
      expiryDate: z.string().nullable(),
      canceledAt: z.string().nullable(),
    }),
  ),
  /** Paid invoices. */
  payments: z.array(
    z.object({
      provider: z.string(),
      invoiceId: z.string(),
      subscriptionId: z.string().nullable(),
      amountCents: z.number().int(),
      currency: z.string(),
      paidAt: z.string(),
    }),
  ),
  /**
   * The member's customer at each payment provider, with the name and address it holds where the
   * site keeps them (the sandbox; Stripe keeps its own).
   */
  billingCustomers: z.array(
    z.object({
      provider: z.string(),
      customerId: z.string(),
      createdAt: z.string(),
      name: z.string().nullable(),
      /**
       * The address given to the provider when this customer was made (`createdAt`, the first
       * checkout), as it still holds it: a later change of the account's email is not sent there.
       */
      emailGivenToProvider: z.string().nullable(),
    }),
  ),
  /** An admin's API keys: name and the shown part, never the key or its hash. */
  apiKeys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      display: z.string(),
      rateLimitPerHour: z.number().int(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
  /** What an admin did, from the audit log: the action, on what, when (details name others). */
  auditEntries: z.array(
    z.object({ action: z.string(), subject: z.string(), createdAt: z.string() }),
  ),
  /**
   * Sections beside the account's own: `purchases`, every edition the member paid for — standing
   * (`sold`), `refunded`, or `declined` (paid after none was left, and refunded) — with what was
   * given back (`refundedCents`, refunds and lost disputes; null when nothing); name → items.
   */
  more: z.record(z.string(), z.array(z.unknown())),
});
export type AccountExport = z.infer<typeof ZAccountExport>;

/** GET /api/v1/admin/mail-outbox: what would have been sent without SMTP_URL (admins). */
export const ZMailOutboxQuery = strictQuery("the mail outbox", {
  to: z.string().trim().max(254).optional(),
  limit: zAdminPageLimit(),
});
export const ZMailOutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export const ZMailOutbox = z.object({
  /** True when SMTP_URL is set: mail goes out, and only messages kept before then are here. */
  sending: z.boolean(),
  messages: z.array(ZMailOutboxMessage),
});
export type MailOutboxMessage = z.infer<typeof ZMailOutboxMessage>;
export type MailOutbox = z.infer<typeof ZMailOutbox>;
