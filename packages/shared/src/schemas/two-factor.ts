import { z } from "zod";
import { ACCOUNT_RULES } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { ZAuthSuccess } from "./auth.js";

const m = MESSAGES.twoFactor;

/** Two-factor sign-in's figures (issue 22): authenticator-app TOTP as RFC 6238 and apps expect. */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** A code of the step before or after the current one is accepted too (clock drift). */
  toleranceSteps: 1,
  recoveryCodeCount: 10,
  /** How long the code step after a right password stays open. */
  pendingSignInMs: 5 * 60 * 1000,
  /** The issuer authenticator apps show beside the account. */
  issuer: "Sawdust",
} as const;

/** Six digits; spaces people type between the groups are dropped. */
export const ZTotpCode = z
  .string({ error: m.codeFormat })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, m.codeFormat));

/** Ten letters and digits, a dash between the halves optional, any case. */
export const ZRecoveryCode = z
  .string({ error: m.recoveryCodeFormat })
  .transform((code) => code.replace(/[\s-]+/g, "").toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, m.recoveryCodeFormat));

/** What POST /api/v1/auth/login answers a member with two-factor on after the right password. */
export const ZTwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  /** Send it back with the code to POST /api/v1/auth/two-factor; it works once, for 5 minutes. */
  pendingToken: z.string(),
  expiresAt: z.string().describe("When the pending sign-in ends (ISO 8601)"),
});
export type TwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/**
 * POST /api/v1/auth/login's answer: signed in, or the code step. `twoFactorSetupRequired` tells an
 * administrator the site requires two-factor sign-in they have not turned on yet.
 */
export const ZLoginResponse = z.union([
  ZAuthSuccess.extend({ twoFactorSetupRequired: z.boolean().optional() }),
  ZTwoFactorChallenge,
]);
export type LoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/v1/auth/two-factor: the pending token and a code from the app, or a recovery code. */
export const ZTwoFactorSignInBody = z
  .object({
    pendingToken: z.string({ error: m.signInExpired }).min(1, m.signInExpired).max(200),
    code: ZTotpCode.optional(),
    recoveryCode: ZRecoveryCode.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: m.oneFactor,
  });
export type TwoFactorSignInBody = z.infer<typeof ZTwoFactorSignInBody>;

/** GET /api/v1/two-factor: the signed-in member's two-factor sign-in. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** When it was turned on (ISO 8601); null while off. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The member is an administrator and the site requires two-factor sign-in of them. */
  requiredForYou: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/v1/two-factor/enrolment: a new secret, as text and as a QR code. */
export const ZTwoFactorEnrolment = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL (made on the server). */
  qrCodeSvg: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof ZTwoFactorEnrolment>;

const password = z
  .string({ error: MESSAGES.validation.required("Password") })
  .min(1, MESSAGES.validation.required("Password"))
  .max(ACCOUNT_RULES.passwordMax);

/**
 * POST /api/v1/two-factor/enrolment/confirm: the app's first code, and the password again (a
 * session alone, left open or stolen, cannot put a second factor in front of its owner).
 */
export const ZTwoFactorConfirmBody = z.object({ password, code: ZTotpCode });
export type TwoFactorConfirmBody = z.infer<typeof ZTwoFactorConfirmBody>;

/** POST /api/v1/two-factor/disable: the password and a code (or a recovery code) both. */
export const ZTwoFactorDisableBody = z
  .object({ password, code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: m.oneFactor,
  });
export type TwoFactorDisableBody = z.infer<typeof ZTwoFactorDisableBody>;

/** POST /api/v1/two-factor/recovery-codes: the password; the old codes stop working. */
export const ZRecoveryCodesBody = z.object({ password });
export type RecoveryCodesBody = z.infer<typeof ZRecoveryCodesBody>;

/** New recovery codes, shown once (only their hashes are kept). */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** DELETE /api/v1/admin/users/{id}/two-factor: whether two-factor sign-in was on. */
export const ZTwoFactorReset = z.object({ wasEnabled: z.boolean() });
export type TwoFactorReset = z.infer<typeof ZTwoFactorReset>;
