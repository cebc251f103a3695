import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: the only copy lives in the user's cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const SESSION_COOKIE = "sawdust_session";

export const SESSION_LIFETIME = {
  /** A session unused this long ends. */
  idleMs: 14 * 24 * 60 * 60 * 1000,
  /** A session ends this long after sign-in, however much it is used. */
  absoluteMs: 30 * 24 * 60 * 60 * 1000,
  /** last_seen_at is written at most this often, to keep reads cheap. */
  touchEveryMs: 5 * 60 * 1000,
  /**
   * Live sessions an account keeps: a new sign-in beyond them ends the oldest (a script signing
   * in over and over would otherwise keep a row each for 14 days, and the account page's list).
   */
  perAccount: 50,
} as const;
