/**
 * Who may do what (spec sections 5 and 6, design sections 4 and 6): one principal type and the
 * rules every service asks, the same in the server and the web app.
 */
import { DOWNLOAD_SIZES, type DownloadSize, FREE_TIER, type Role, type Tier } from "./constants.js";

/** The subscription tiers that carry Pro access. */
export const PRO_TIERS: readonly Tier[] = ["pro", "pro_plus"];

/**
 * Whoever makes a request: a visitor, a signed-in member with a role and a tier, or a partner
 * calling the marketing API with an API key (who sees what a visitor sees, and nothing of a
 * member's: a key is not a session).
 */
export type Principal =
  | { kind: "visitor" }
  | { kind: "member"; userId: number; role: Role | string; tier: Tier | string }
  | { kind: "partner"; apiKeyId: number };
export type Member = Extract<Principal, { kind: "member" }>;
export type Partner = Extract<Principal, { kind: "partner" }>;

export const VISITOR: Principal = Object.freeze({ kind: "visitor" });

/** A member's principal from what the API says of a user (the web app's current user). */
export function principalOf(
  user: { id: number; role: Role | string; tier: Tier | string } | null | undefined,
): Principal {
  return user ? { kind: "member", userId: user.id, role: user.role, tier: user.tier } : VISITOR;
}

export function isMember(principal: Principal): principal is Member {
  return principal.kind === "member";
}

export function isPartner(principal: Principal): principal is Partner {
  return principal.kind === "partner";
}

export function isAdmin(principal: Principal): principal is Member {
  return principal.kind === "member" && principal.role === "admin";
}

/** Pro access: admins and Pro subscribers (pro, pro_plus). */
export function hasProAccess(principal: Principal): principal is Member {
  return (
    principal.kind === "member" &&
    (principal.role === "admin" || PRO_TIERS.includes(principal.tier as Tier))
  );
}

/** Free members: the only ones the free tier's monthly limits and collection limit apply to. */
export function hasFreeLimits(principal: Principal): principal is Member {
  return principal.kind === "member" && !hasProAccess(principal);
}

/** Whether a viewer sees what only admins see: private images and per-quality statistics. */
export const seesPrivateImages = isAdmin;

/** What stands between this principal and a size: nothing, signing in, or Pro. */
export type DownloadAccess = "allowed" | "sign-in" | "upgrade";

export function downloadAccess(principal: Principal, size: DownloadSize): DownloadAccess {
  const needs = DOWNLOAD_SIZES[size].access;
  if (needs === "visitor") return "allowed";
  if (principal.kind !== "member") return "sign-in";
  if (needs === "member") return "allowed";
  return hasProAccess(principal) ? "allowed" : "upgrade";
}

/**
 * How many collections this member may keep; null for no limit. `freeLimit` is the site's setting
 * (GET /api/v1/site); the default when none is at hand.
 */
export function collectionLimitOf(
  principal: Member,
  freeLimit: number = FREE_TIER.collections,
): number | null {
  return hasFreeLimits(principal) ? freeLimit : null;
}

/** Whether this principal may see an image: anyone a public one, only admins a private one. */
export function canViewImage(principal: Principal, image: { isPublic: boolean }): boolean {
  return image.isPublic || isAdmin(principal);
}
