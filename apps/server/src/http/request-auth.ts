import { MESSAGES, type Member, type Principal, VISITOR } from "@sawdust/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../lib/errors.js";
import type { AuthService, CurrentUser } from "../modules/auth/auth.service.js";
import { SESSION_COOKIE } from "../modules/auth/session-token.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user of this request, resolved from the session cookie; null if none. */
    auth: CurrentUser | null;
    /** Who makes this request, in the terms of the access rules (shared `access.ts`). */
    principal: Principal;
  }
}

/** Resolves the session cookie of every API request into `request.auth` and its principal. */
export const requestAuthPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService }) => {
    app.decorateRequest("auth", null);
    // Fastify refuses an object as a decorator's default: each request gets its own value here.
    app.decorateRequest("principal", null as never);
    app.addHook("onRequest", async (request) => {
      request.principal = VISITOR;
      if (!request.url.startsWith("/api/")) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const current = (await opts.auth.userForSession(token)) ?? null;
      request.auth = current;
      if (current) request.principal = memberOf(current);
    });
  },
  { name: "request-auth", dependencies: ["@fastify/cookie"] },
);

/** A signed-in user as the access rules see them. */
export function memberOf(current: CurrentUser): Member {
  // An administrator who must turn on two-factor sign-in first is, until then, a member.
  const role = current.twoFactorSetupRequired ? "user" : current.user.role;
  return { kind: "member", userId: current.user.id, role, tier: current.tier };
}

export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.auth) throw unauthorized(MESSAGES.auth.notSignedIn);
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): CurrentUser {
  const current = requireUser(request);
  if (current.user.role !== "admin") throw forbidden(MESSAGES.auth.adminOnly);
  if (current.twoFactorSetupRequired) {
    throw forbidden(MESSAGES.twoFactor.adminMustEnrol, "two_factor_setup_required");
  }
  return current;
}

/**
 * A route's `preValidation` for admins' routes: anyone else hears 401 or 403 before anything about
 * the request's shape (a 400 would tell a visitor what an admin route expects).
 */
export async function adminFirst(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/**
 * A plugin's `preValidation` for admins' routes whose answers are nobody else's: admin first (as
 * `adminFirst`), and no cache keeps the answer.
 */
export async function adminFirstNoStore(request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", "no-store");
  requireAdmin(request);
}

/**
 * A plugin's `preValidation` for a member's own routes: a visitor hears 401 before anything about
 * the request's shape, and no cache keeps the answer.
 */
export async function signedInFirstNoStore(request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", "no-store");
  requireUser(request);
}
