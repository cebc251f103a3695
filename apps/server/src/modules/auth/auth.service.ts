import { randomBytes } from "node:crypto";
import {
  isReservedUsername,
  type LoginBody,
  MESSAGES,
  type RegisterBody,
  type Role,
  type Tier,
  ZEmail,
  ZNewPassword,
  ZUsername,
} from "@sawdust/shared";
import type { UserRow } from "../../db/schema.js";
import { addressGroupOf } from "../../lib/address-group.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, badRequest, conflict, forbidden, unauthorized } from "../../lib/errors.js";
import { type Serialised, unordered } from "../../lib/serialised.js";
import { USERNAME_GRACE_MS } from "../accounts/accounts.service.js";
import type { SiteSettingsService } from "../settings/settings.service.js";
import { highestTier, type SubscriptionsService } from "../subscriptions/subscriptions.service.js";
import type { UsersRepo } from "../users/users.repo.js";
import { CheckedAttempts, type CheckPlace } from "./checked-attempts.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.js";
import { type RateLimitsRepo, signInAccountKey } from "./rate-limits.repo.js";
import { hashSessionToken, newSessionToken, SESSION_LIFETIME } from "./session-token.js";
import type { SessionsRepo } from "./sessions.repo.js";

export interface AuthLimits {
  /** Wrong passwords for one account within the window before sign-in is refused. */
  accountFailures: number;
  /** Failed sign-ins from one address within the window before sign-in is refused. */
  ipFailures: number;
  failureWindowMs: number;
  /** Accounts one address may create within the window. */
  registrationsPerIp: number;
  registrationWindowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  accountFailures: 5,
  ipFailures: 30,
  failureWindowMs: 15 * 60 * 1000,
  registrationsPerIp: 20,
  registrationWindowMs: 60 * 60 * 1000,
};

/** Where a sign-in came from: the client's address (TRUST_PROXY decides it) and its browser. */
export interface SignInOrigin {
  ip: string;
  userAgent?: string;
}

/** Characters of a User-Agent kept in the audit log. */
const USER_AGENT_KEPT = 200;

export interface SignedIn {
  user: UserRow;
  tier: Tier;
  sessionToken: string;
}

export interface CurrentUser {
  user: UserRow;
  tier: Tier;
  /**
   * An administrator the site requires two-factor sign-in of who has not turned it on: the admin
   * routes refuse them (http/request-auth.ts) until they do.
   */
  twoFactorSetupRequired?: boolean;
}

/** The right password of a member with two-factor on: the code step comes next. */
export interface TwoFactorPending {
  twoFactorRequired: true;
  /** Single-use, short-lived; only its hash is stored. */
  pendingToken: string;
  expiresAt: number;
}

/** Refusals of a registration that say something about who has an account. */
const TELLS_WHO_HAS_AN_ACCOUNT = new Set(["username_taken", "email_taken"]);

/** The second factor as sign-in sees it (TwoFactorService). */
export interface TwoFactorGate {
  isEnabled(userId: number): Promise<boolean>;
  setupRequired(user: { id: number; role: string }): Promise<boolean>;
  startPendingSignIn(user: {
    id: number;
    session_epoch: number;
  }): Promise<{ token: string; expiresAt: number }>;
  /** The member and the session epoch their password was checked at. */
  findPendingSignIn(token: string): Promise<{ userId: number; epoch: number } | undefined>;
  finishSignIn(
    token: string,
    userId: number,
    factor: { code?: string; recoveryCode?: string },
  ): Promise<"ok" | "wrong" | "expired">;
}

export class AuthService {
  constructor(
    private readonly deps: {
      users: UsersRepo;
      sessions: SessionsRepo;
      rateLimits: RateLimitsRepo;
      subscriptions: SubscriptionsService;
      /** Whether registration is open (the site settings). */
      siteSettings: Pick<SiteSettingsService, "current">;
      clock: Clock;
      limits: AuthLimits;
      /** Two-factor sign-in; without it (the CLI) every sign-in is password-only. */
      twoFactor?: TwoFactorGate;
      /** Orders the first administrator's making across processes (ensureAdmin). */
      serialised?: Serialised;
      /**
       * Told of each account registered (accounts: the confirmation mail, leading back to
       * `returnTo`, the page the member signed up from).
       */
      onRegistered?: (
        user: UserRow,
        mail: { requestId?: string; returnTo?: string },
      ) => Promise<void>;
      /** The audit log, for administrators' sign-ins (`auditSignIn`). */
      audit?: {
        record(
          actorId: number | null,
          action: string,
          subject: string,
          details: Record<string, unknown>,
        ): Promise<void>;
      };
    },
  ) {}

  /** `requestId`: the registering request, named by the jobs it queues (the confirmation mail). */
  async register(body: RegisterBody, ip: string, requestId?: string): Promise<SignedIn> {
    const { limits } = this.deps;
    const settings = await this.deps.siteSettings.current();
    if (!settings.registrationOpen) {
      throw forbidden(MESSAGES.siteSettings.registrationClosed, "registration_closed");
    }
    // The product's own names are refused with the body's checks; the name the operator gave the
    // site can change, so it is asked for here.
    if (isReservedUsername(body.username, settings.siteName)) {
      throw badRequest(MESSAGES.validation.usernameReserved, "validation_failed");
    }
    const ipKey = `register:ip:${addressGroupOf(ip)}`;
    await this.reserveAttempt(
      ipKey,
      limits.registrationsPerIp,
      limits.registrationWindowMs,
      MESSAGES.auth.tooManyRegistrations,
    );
    let user: UserRow;
    try {
      user = await this.createUser(body, "user");
    } catch (error) {
      // A form refused for what it says gives its place back; one told that its username or
      // email is taken keeps it, so the address cannot test without limit who has an account.
      if (!(error instanceof AppError && TELLS_WHO_HAS_AN_ACCOUNT.has(error.code))) {
        await this.deps.rateLimits.release(ipKey);
      }
      throw error;
    }
    await this.deps.onRegistered?.(user, { requestId, returnTo: body.returnTo });
    return {
      user,
      tier: "free",
      sessionToken: await this.startSession(user.id, user.session_epoch),
    };
  }

  /**
   * Every attempt first takes a place in the account's and the address's windows, atomically,
   * before the password is checked: a burst of parallel guesses gets no more checks than the
   * limit allows. A right password gives the places back.
   */
  async login(
    body: LoginBody,
    from: SignInOrigin,
    previousToken?: string,
  ): Promise<(SignedIn & { twoFactorSetupRequired?: boolean }) | TwoFactorPending> {
    const { ip } = from;
    const { users, rateLimits } = this.deps;
    const usernameKey = body.username.toLowerCase();
    const accountKey = signInAccountKey(usernameKey);
    const places = await this.signInPlaces(accountKey, `login:ip:${addressGroupOf(ip)}`);

    const user = await users.findByUsernameKey(usernameKey);
    const passwordOk = user
      ? await verifyPassword(user.password_hash, body.password)
      : await verifyAgainstDummy(body.password).then(() => false);
    // A deleted account never signs in, whatever its row says.
    if (!user || !passwordOk || user.deleted_at !== null) {
      await places.failed();
      if (user && user.deleted_at === null) {
        await this.auditSignIn(user, from, { failed: "wrong password" });
      }
      throw unauthorized(MESSAGES.auth.invalidCredentials, "invalid_credentials");
    }
    // Told only to whoever knows the password, and the attempt keeps its place in the windows.
    if (user.suspended_at !== null) {
      await places.failed();
      await this.auditSignIn(user, from, { failed: "account suspended" });
      throw forbidden(MESSAGES.adminUsers.suspended, "account_suspended");
    }

    const twoFactor = this.deps.twoFactor;
    if (twoFactor && (await twoFactor.isEnabled(user.id))) {
      // The password is no failure, but the window is not cleared either: wrong codes stay
      // counted, so signing in again never buys more code guesses than the limit.
      await places.passed();
      const pending = await twoFactor.startPendingSignIn(user);
      return { twoFactorRequired: true, pendingToken: pending.token, expiresAt: pending.expiresAt };
    }
    await places.passed();
    await rateLimits.clear(accountKey);
    const signedIn = await this.finishLogin(user, previousToken);
    await this.auditSignIn(user, from, { with: "password" });
    const twoFactorSetupRequired = twoFactor ? await twoFactor.setupRequired(user) : false;
    return twoFactorSetupRequired ? { ...signedIn, twoFactorSetupRequired } : signedIn;
  }

  /**
   * The code step after the password: each attempt takes a place in the account's and the
   * address's sign-in windows first (the same windows as passwords, atomically), a wrong code
   * keeps it, and the right one clears the account's window and starts the session.
   */
  async loginWithSecondFactor(
    body: { pendingToken: string; code?: string; recoveryCode?: string },
    from: SignInOrigin,
    previousToken?: string,
  ): Promise<SignedIn> {
    const { ip } = from;
    const secondFactor = body.code !== undefined ? "code" : "recovery code";
    const { users, rateLimits } = this.deps;
    const twoFactor = this.deps.twoFactor;
    const expired = () =>
      unauthorized(MESSAGES.twoFactor.signInExpired, "two_factor_sign_in_expired");
    const pending = twoFactor ? await twoFactor.findPendingSignIn(body.pendingToken) : undefined;
    const user = pending === undefined ? undefined : await users.findById(pending.userId);
    // A deletion, or a reset or change of the password, since the password was checked ends the
    // pending sign-in as it ends sessions.
    if (!twoFactor || !pending || !user || user.deleted_at !== null) throw expired();
    if (user.session_epoch !== pending.epoch) throw expired();
    const accountKey = signInAccountKey(user.username_key);
    const places = await this.signInPlaces(accountKey, `login:ip:${addressGroupOf(ip)}`);
    const outcome = await twoFactor.finishSignIn(body.pendingToken, user.id, body);
    if (outcome === "expired") {
      await places.passed();
      throw expired();
    }
    if (outcome === "wrong") {
      await places.failed();
      await this.auditSignIn(user, from, { failed: `wrong ${secondFactor}` });
      throw unauthorized(
        body.code !== undefined
          ? MESSAGES.twoFactor.wrongCode
          : MESSAGES.twoFactor.wrongRecoveryCode,
        "wrong_code",
      );
    }
    // Suspended while the code step was open.
    if (user.suspended_at !== null) {
      await places.failed();
      await this.auditSignIn(user, from, { failed: "account suspended" });
      throw forbidden(MESSAGES.adminUsers.suspended, "account_suspended");
    }
    await places.passed();
    await rateLimits.clear(accountKey);
    const signedIn = await this.finishLogin(user, previousToken, pending.epoch);
    await this.auditSignIn(user, from, { with: `password and ${secondFactor}` });
    return signedIn;
  }

  /**
   * An administrator's sign-in, or a refused attempt on an administrator's account that got as far
   * as checking its password or code, in the audit log (`auth.signed_in`, `auth.sign_in_failed`):
   * who can run the site, and who tried, from where. Members' sign-ins are not logged (each member
   * sees their own sessions). Attempts refused by the sign-in limits are not either: the limits
   * bound the failures logged to AuthLimits.accountFailures an account a window.
   */
  private async auditSignIn(
    user: UserRow,
    from: SignInOrigin,
    outcome: { with: string } | { failed: string },
  ): Promise<void> {
    if (user.role !== "admin" || !this.deps.audit) return;
    const signedIn = "with" in outcome;
    await this.deps.audit.record(
      signedIn ? user.id : null,
      signedIn ? "auth.signed_in" : "auth.sign_in_failed",
      `user:${user.id}`,
      {
        username: user.username,
        ip: from.ip,
        ...(from.userAgent ? { userAgent: from.userAgent.slice(0, USER_AGENT_KEPT) } : {}),
        ...(signedIn ? { with: outcome.with } : { reason: outcome.failed }),
      },
    );
  }

  /**
   * Starts the session with the session epoch of the row the password was checked against (by
   * default the row given): should the password be reset or changed, or the account suspended or
   * deleted, after that check, the session is born ended (SessionsRepo.findLiveWithTier).
   */
  private async finishLogin(
    user: UserRow,
    previousToken?: string,
    epoch = user.session_epoch,
  ): Promise<SignedIn> {
    const now = this.deps.clock.now();
    // Rotate: the session from before sign-in (if any) never carries over.
    if (previousToken) await this.logout(previousToken);
    await this.deps.sessions.deleteExpired(now);
    const tier = await this.deps.subscriptions.tierOf(user.id);
    return { user, tier, sessionToken: await this.startSession(user.id, epoch) };
  }

  /** Takes a place in a sliding window, or refuses with 429 and when the oldest place frees. */
  /**
   * A sign-in check's places in the account's and the address's windows (CheckedAttempts): taken
   * before the password or code is checked, failed or passed together.
   */
  private async signInPlaces(accountKey: string, ipKey: string): Promise<CheckPlace> {
    const { rateLimits, clock, limits } = this.deps;
    const checks = new CheckedAttempts(rateLimits, clock);
    const message = MESSAGES.auth.tooManyAttempts;
    const windowMs = limits.failureWindowMs;
    const account = await checks.take(
      accountKey,
      { max: limits.accountFailures, windowMs },
      message,
    );
    let address: CheckPlace;
    try {
      address = await checks.take(ipKey, { max: limits.ipFailures, windowMs }, message);
    } catch (error) {
      await account.passed();
      throw error;
    }
    return {
      failed: async () => {
        await account.failed();
        await address.failed();
      },
      passed: async () => {
        await account.passed();
        await address.passed();
      },
    };
  }

  private async reserveAttempt(
    key: string,
    max: number,
    windowMs: number,
    message: string = MESSAGES.auth.tooManyAttempts,
  ): Promise<void> {
    await this.deps.rateLimits.reserveOrRefuse(
      key,
      this.deps.clock.now(),
      { max, windowMs },
      message,
    );
  }

  async logout(token: string): Promise<void> {
    await this.deps.sessions.delete(hashSessionToken(token));
  }

  /** The user behind a session cookie, or undefined when the session is unknown or expired. */
  async userForSession(token: string): Promise<CurrentUser | undefined> {
    const { sessions, clock } = this.deps;
    const now = clock.now();
    const tokenHash = hashSessionToken(token);
    // The session, its member and their tier in one statement (every signed-in request asks).
    const live = await sessions.findLiveWithTier(tokenHash, now);
    if (!live) return undefined;
    const { user } = live;
    // A suspension deletes the sessions too; this covers one that raced with it.
    if (user.suspended_at !== null) return undefined;
    if (now - live.lastSeenAt > SESSION_LIFETIME.touchEveryMs) {
      await sessions.touch(tokenHash, now, sessionExpiry(live.createdAt, now));
    }
    // The same rule as SubscriptionsService.tierOf: the highest tier carrying Pro now.
    const tier = highestTier(live.carriedTiers);
    if (this.deps.twoFactor && (await this.deps.twoFactor.setupRequired(user))) {
      return { user, tier, twoFactorSetupRequired: true };
    }
    return { user, tier };
  }

  /**
   * Start-up: make sure an administrator who can sign in exists (design section 2). Returns the
   * generated password when one was made up, so the caller prints it once. The configured admin
   * is made unless its name or address is taken (by a member, or an account deleted within the
   * last 30 days, which keeps its name): then one is made up, and `configuredTaken` says why.
   */
  async ensureAdmin(
    configured: { username: string; password: string; email: string } | undefined,
  ): Promise<
    { username: string; generatedPassword?: string; configuredTaken?: string } | undefined
  > {
    // Alone across processes: replicas started at once on a new database each found no admin
    // and made one (two admins, two passwords in two logs), or one crashed on the name taken.
    return (this.deps.serialised ?? unordered)("first-admin", () =>
      this.makeFirstAdmin(configured),
    );
  }

  private async makeFirstAdmin(
    configured: { username: string; password: string; email: string } | undefined,
  ): Promise<
    { username: string; generatedPassword?: string; configuredTaken?: string } | undefined
  > {
    const { users } = this.deps;
    if (await users.activeAdminExists()) return undefined;
    if (configured) {
      const taken =
        (await users.findByUsernameKey(configured.username.toLowerCase())) ||
        (await users.existsWithEmail(configured.email));
      if (!taken) {
        await this.createUser(configured, "admin");
        return { username: configured.username };
      }
    }
    const generatedPassword = randomBytes(15).toString("base64url");
    // "admin", unless a deleted administrator's name still holds it (kept for 30 days).
    const username = (await this.deps.users.findByUsernameKey("admin"))
      ? `admin-${randomBytes(3).toString("hex")}`
      : "admin";
    await this.createUser(
      { username, email: `${username}@sawdust.local`, password: generatedPassword },
      "admin",
    );
    return configured
      ? { username, generatedPassword, configuredTaken: configured.username }
      : { username, generatedPassword };
  }

  /** The first administrator's id (the demo catalogue is uploaded in their name). */
  adminId(): Promise<number | undefined> {
    return this.deps.users.firstIdWithRole("admin");
  }

  /**
   * CLI: create an admin, or promote and reset an existing account of that name (its email is
   * kept: the answer gives it, for the CLI to say so).
   */
  async upsertAdmin(input: {
    username: string;
    email: string;
    password: string;
  }): Promise<{ created: true } | { created: false; email: string }> {
    const existing = await this.deps.users.findByUsernameKey(input.username.toLowerCase());
    if (existing) refuseDeleted(existing, input.username);
    if (!existing) {
      const made = await this.createUser(input, "admin");
      await this.auditCli(made, "cli.admin_created");
      return { created: true };
    }
    await this.setPassword(existing, input.password, "admin");
    await this.auditCli(
      existing,
      existing.role === "admin" ? "cli.password_reset" : "cli.admin_promoted",
    );
    return { created: false, email: existing.email };
  }

  /** CLI: set a new password; every session of the account ends. */
  async resetPassword(username: string, password: string): Promise<void> {
    const user = await this.deps.users.findByUsernameKey(username.toLowerCase());
    if (!user) throw badRequest(`No account named '${username}'`, "unknown_user");
    refuseDeleted(user, username);
    await this.setPassword(user, password, user.role as Role);
    await this.auditCli(user, "cli.password_reset");
  }

  private async setPassword(user: UserRow, password: string, role: Role): Promise<void> {
    const parsed = ZNewPassword.safeParse(password);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid password");
    await this.deps.users.updatePasswordAndRole(
      user.id,
      await hashPassword(parsed.data),
      role,
      this.deps.clock.now(),
    );
    await this.deps.sessions.deleteAllForUser(user.id);
  }

  /**
   * What `npm run admin` did to an account, in the audit log: made or promoted an administrator,
   * or set a password. No one is signed in there, so there is no actor; `via` says where it came
   * from (whoever can run it has the server's shell).
   */
  private async auditCli(user: Pick<UserRow, "id" | "username">, action: string): Promise<void> {
    await this.deps.audit?.record(null, action, `user:${user.id}`, {
      username: user.username,
      via: "npm run admin",
    });
  }

  private async createUser(
    input: { username: string; email: string; password: string },
    role: Role,
  ): Promise<UserRow> {
    const username = ZUsername.safeParse(input.username);
    const email = ZEmail.safeParse(input.email);
    const password = ZNewPassword.safeParse(input.password);
    for (const result of [username, email, password]) {
      if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid input");
    }
    const { users, clock } = this.deps;
    const now = clock.now();
    const usernameKey = (username.data as string).toLowerCase();
    // A name or address already taken costs a lookup, not a hash (the insert still decides).
    if (await users.findByUsernameKey(usernameKey)) {
      throw conflict(MESSAGES.auth.usernameTaken, "username_taken");
    }
    if (await users.existsWithEmail(email.data as string)) {
      throw conflict(MESSAGES.auth.emailTaken, "email_taken");
    }
    const inserted = await users.insertUnlessTaken({
      username: username.data as string,
      username_key: usernameKey,
      email: email.data as string,
      password_hash: await hashPassword(password.data as string),
      role,
      social_links: "{}",
      specialties: "[]",
      // Administrators made here (start-up, the CLI) have no confirmation link to open.
      email_verified_at: role === "admin" ? now : null,
      created_at: now,
      updated_at: now,
    });
    if (inserted) return inserted;
    if (await users.findByUsernameKey(usernameKey)) {
      throw conflict(MESSAGES.auth.usernameTaken, "username_taken");
    }
    throw conflict(MESSAGES.auth.emailTaken, "email_taken");
  }

  private async startSession(userId: number, epoch: number): Promise<string> {
    const now = this.deps.clock.now();
    const token = newSessionToken();
    await this.deps.sessions.insert(
      {
        token_hash: hashSessionToken(token),
        user_id: userId,
        epoch,
        created_at: now,
        last_seen_at: now,
        expires_at: sessionExpiry(now, now),
      },
      SESSION_LIFETIME.perAccount,
    );
    return token;
  }
}

export function sessionExpiry(createdAt: number, lastSeenAt: number): number {
  return Math.min(lastSeenAt + SESSION_LIFETIME.idleMs, createdAt + SESSION_LIFETIME.absoluteMs);
}

/**
 * A name that belonged to an account since deleted: reserved until the janitor releases it, and
 * never given back to the deleted account (CLI: `npm run admin`).
 */
function refuseDeleted(user: UserRow, username: string): void {
  if (user.deleted_at === null) return;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  throw conflict(
    `The name '${username}' belonged to an account deleted on ${day(user.deleted_at)}; it stays reserved until ${day(user.deleted_at + USERNAME_GRACE_MS)}. Choose another name.`,
    "username_reserved",
  );
}
