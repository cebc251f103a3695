import {
  isAdmin,
  MESSAGES,
  type Principal,
  type RecoveryCodes,
  type RecoveryCodesBody,
  TWO_FACTOR,
  type TwoFactorConfirmBody,
  type TwoFactorDisableBody,
  type TwoFactorEnrolment,
  type TwoFactorReset,
  type TwoFactorStatus,
} from "@sawdust/shared";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Clock } from "../../lib/clock.js";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from "../../lib/errors.js";
import { CheckedAttempts } from "../auth/checked-attempts.js";
import { verifyPassword } from "../auth/password.js";
import type { RateLimitsRepo } from "../auth/rate-limits.repo.js";
import { hashSessionToken, newSessionToken } from "../auth/session-token.js";
import type { SiteSettingsService } from "../settings/settings.service.js";
import type { UsersRepo } from "../users/users.repo.js";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes.js";
import type { SecretBox } from "./secret-box.js";
import type {
  PendingSignIn,
  SecondFactor,
  SignInOutcome,
  TwoFactorRepo,
} from "./two-factor.repo.js";

const m = MESSAGES.twoFactor;

/** A code from the app or a recovery code: exactly one is given (the shared schemas check). */
export type FactorInput = { code?: string; recoveryCode?: string };

/**
 * Two-factor sign-in with authenticator-app codes (TOTP, RFC 6238) and one-time recovery codes:
 * enrolment, the code step of sign-in (AuthService drives it and keeps the sign-in limits), turning
 * it off, new recovery codes, and an admin's reset. A code is accepted once: the newest accepted
 * time step is stored and only a later one passes, by one conditional update.
 */
export class TwoFactorService {
  constructor(
    private readonly deps: {
      repo: TwoFactorRepo;
      users: UsersRepo;
      rateLimits: RateLimitsRepo;
      siteSettings: Pick<SiteSettingsService, "current">;
      secrets: SecretBox;
      clock: Clock;
      /** Password and code guesses on the security page, per account. */
      limits: { accountFailures: number; failureWindowMs: number };
    },
  ) {}

  isEnabled(userId: number): Promise<boolean> {
    return this.deps.repo.isEnabled(userId);
  }

  enabledAmong(userIds: number[]): Promise<Set<number>> {
    return this.deps.repo.enabledAmong(userIds);
  }

  /** Whether this administrator must turn two-factor on before the admin routes serve them. */
  async setupRequired(user: { id: number; role: string }): Promise<boolean> {
    if (user.role !== "admin") return false;
    if (!(await this.deps.siteSettings.current()).requireTwoFactorForAdmins) return false;
    return !(await this.deps.repo.isEnabled(user.id));
  }

  async status(user: { id: number; role: string }): Promise<TwoFactorStatus> {
    const row = await this.deps.repo.findByUser(user.id);
    const enabledAt = row?.enabled_at ?? null;
    const required =
      user.role === "admin" && (await this.deps.siteSettings.current()).requireTwoFactorForAdmins;
    return {
      enabled: enabledAt !== null,
      enabledAt: enabledAt === null ? null : new Date(enabledAt).toISOString(),
      recoveryCodesLeft:
        enabledAt === null ? 0 : await this.deps.repo.countRecoveryCodesLeft(user.id),
      requiredForYou: required,
    };
  }

  /** A new secret, kept (sealed) until a code from the app confirms it. */
  async beginEnrolment(user: { id: number; username: string }): Promise<TwoFactorEnrolment> {
    const secret = generateSecret();
    const sealed = await this.deps.secrets.seal(secret);
    if (!(await this.deps.repo.savePendingSecret(user.id, sealed, this.deps.clock.now()))) {
      throw conflict(m.alreadyEnabled, "two_factor_enabled");
    }
    const siteName = (await this.deps.siteSettings.current()).siteName || TWO_FACTOR.issuer;
    const otpauthUri = generateURI({ issuer: siteName, label: user.username, secret });
    const svg = await QRCode.toString(otpauthUri, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
    });
    return {
      secret,
      otpauthUri,
      qrCodeSvg: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    };
  }

  /**
   * The password and the first code from the app turn two-factor on; the recovery codes are
   * answered once. Guesses of the password count against the same limit as disabling's.
   */
  async confirmEnrolment(userId: number, body: TwoFactorConfirmBody): Promise<RecoveryCodes> {
    return this.guarded(userId, async () => {
      await this.checkPassword(userId, body.password);
      return this.enable(userId, body.code);
    });
  }

  private async enable(userId: number, code: string): Promise<RecoveryCodes> {
    const row = await this.deps.repo.findByUser(userId);
    if (!row) throw badRequest(m.noEnrolment, "no_enrolment");
    if (row.enabled_at !== null) throw conflict(m.alreadyEnabled, "two_factor_enabled");
    const step = await this.stepOf(row.secret, code, null);
    if (step === undefined) throw badRequest(m.wrongCode, "wrong_code");
    const recoveryCodes = newRecoveryCodes();
    const enabled = await this.deps.repo.enable(
      userId,
      step,
      recoveryCodes.map(hashRecoveryCode),
      this.deps.clock.now(),
    );
    if (!enabled) throw conflict(m.alreadyEnabled, "two_factor_enabled");
    return { recoveryCodes };
  }

  /** Off again, with the password and a code (or a recovery code) both. */
  async disable(userId: number, body: TwoFactorDisableBody): Promise<TwoFactorStatus> {
    await this.guarded(userId, async () => {
      await this.checkPassword(userId, body.password);
      const row = await this.deps.repo.findByUser(userId);
      if (!row || row.enabled_at === null) throw badRequest(m.notEnabled, "two_factor_disabled");
      const spent = await this.spendFactor(userId, row.secret, row.last_used_step, body);
      if (!spent) {
        throw badRequest(body.code ? m.wrongCode : m.wrongRecoveryCode, "wrong_code");
      }
      await this.deps.repo.disable(userId);
    });
    const user = await this.deps.users.findById(userId);
    return this.status({ id: userId, role: user?.role ?? "user" });
  }

  /** Ten new recovery codes for the password; the old ones stop working at once. */
  async regenerateRecoveryCodes(userId: number, body: RecoveryCodesBody): Promise<RecoveryCodes> {
    return this.guarded(userId, async () => {
      await this.checkPassword(userId, body.password);
      const recoveryCodes = newRecoveryCodes();
      const replaced = await this.deps.repo.replaceRecoveryCodes(
        userId,
        recoveryCodes.map(hashRecoveryCode),
        this.deps.clock.now(),
      );
      if (!replaced) throw badRequest(m.notEnabled, "two_factor_disabled");
      return { recoveryCodes };
    });
  }

  /** An admin's reset of a member's second factor (audited in the same transaction). */
  async resetByAdmin(userId: number, viewer: Principal): Promise<TwoFactorReset> {
    if (viewer.kind !== "member") throw unauthorized(MESSAGES.auth.notSignedIn);
    if (!isAdmin(viewer)) throw forbidden(MESSAGES.auth.adminOnly);
    const wasEnabled = await this.deps.repo.resetAudited(
      userId,
      (user, on) => ({
        actorId: viewer.userId,
        action: "user.two_factor_reset",
        subject: `user:${user.id}`,
        details: {
          username: user.username,
          before: { twoFactor: on },
          after: { twoFactor: false },
        },
      }),
      this.deps.clock.now(),
    );
    if (wasEnabled === undefined) throw notFound(MESSAGES.adminUsers.notFound, "user_not_found");
    return { wasEnabled };
  }

  // The code step of sign-in (AuthService keeps the limits around these).

  /** A pending sign-in for a member past their password: its token, answered once. */
  async startPendingSignIn(user: {
    id: number;
    session_epoch: number;
  }): Promise<{ token: string; expiresAt: number }> {
    const now = this.deps.clock.now();
    const token = newSessionToken();
    const expiresAt = now + TWO_FACTOR.pendingSignInMs;
    await this.deps.repo.insertPendingSignIn({
      token_hash: hashSessionToken(token),
      user_id: user.id,
      created_at: now,
      expires_at: expiresAt,
      epoch: user.session_epoch,
    });
    return { token, expiresAt };
  }

  /** The member a live pending sign-in belongs to. */
  findPendingSignIn(token: string): Promise<PendingSignIn | undefined> {
    return this.deps.repo.findPendingSignIn(hashSessionToken(token), this.deps.clock.now());
  }

  /** Checks the factor and, when right, takes the pending sign-in and spends the factor at once. */
  async finishSignIn(token: string, userId: number, factor: FactorInput): Promise<SignInOutcome> {
    const row = await this.deps.repo.findByUser(userId);
    if (!row || row.enabled_at === null) return "expired";
    const second = await this.secondFactorOf(row.secret, row.last_used_step, factor);
    if (!second) return "wrong";
    return this.deps.repo.finishSignIn(
      hashSessionToken(token),
      userId,
      second,
      this.deps.clock.now(),
    );
  }

  /** The time step the code belongs to (this step or one either side), if it is right and new. */
  private async stepOf(
    sealedSecret: string,
    code: string,
    lastUsedStep: number | null,
  ): Promise<number | undefined> {
    const secret = await this.deps.secrets.open(sealedSecret);
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(this.deps.clock.now() / 1000),
      epochTolerance: TWO_FACTOR.periodSeconds * TWO_FACTOR.toleranceSteps,
    });
    // A TOTP result carries its time step (the union includes HOTP's, which does not).
    if (!result.valid || !("timeStep" in result)) return undefined;
    if (lastUsedStep !== null && result.timeStep <= lastUsedStep) return undefined;
    return result.timeStep;
  }

  private async secondFactorOf(
    sealedSecret: string,
    lastUsedStep: number | null,
    factor: FactorInput,
  ): Promise<SecondFactor | undefined> {
    if (factor.recoveryCode !== undefined) {
      return { recoveryCodeHash: hashRecoveryCode(factor.recoveryCode) };
    }
    if (factor.code === undefined) return undefined;
    const step = await this.stepOf(sealedSecret, factor.code, lastUsedStep);
    return step === undefined ? undefined : { step };
  }

  /** Spends a code or a recovery code outside sign-in (turning two-factor off). */
  private async spendFactor(
    userId: number,
    sealedSecret: string,
    lastUsedStep: number | null,
    factor: FactorInput,
  ): Promise<boolean> {
    const second = await this.secondFactorOf(sealedSecret, lastUsedStep, factor);
    if (!second) return false;
    return "step" in second
      ? this.deps.repo.useStep(userId, second.step)
      : this.deps.repo.useRecoveryCode(userId, second.recoveryCodeHash, this.deps.clock.now());
  }

  private async checkPassword(userId: number, password: string): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user || !(await verifyPassword(user.password_hash, password))) {
      throw badRequest(m.wrongPassword, "wrong_password");
    }
  }

  /**
   * Password and code checks of the security page take a place in the account's window first
   * (atomically, as sign-in does) and keep it when wrong; a success clears the window.
   */
  private async guarded<T>(userId: number, run: () => Promise<T>): Promise<T> {
    const { rateLimits, clock, limits } = this.deps;
    const key = `two-factor:user:${userId}`;
    const place = await new CheckedAttempts(rateLimits, clock).take(
      key,
      { max: limits.accountFailures, windowMs: limits.failureWindowMs },
      MESSAGES.auth.tooManyAttempts,
    );
    let result: T;
    try {
      result = await run();
    } catch (error) {
      // Only a wrong password or code is a failure: a right one refused for another reason
      // (already on, nothing to confirm) gives its place back (round 26).
      const wrong =
        error instanceof AppError &&
        (error.code === "wrong_password" || error.code === "wrong_code");
      await (wrong ? place.failed() : place.passed());
      throw error;
    }
    await place.passed();
    await rateLimits.clear(key);
    return result;
  }
}
