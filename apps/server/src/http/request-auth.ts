import { MESSAGES } from "@sawdust/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../lib/errors.js";
import type { AuthService, CurrentUser } from "../modules/auth/auth.service.js";
import { SESSION_COOKIE } from "../modules/auth/session-token.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user of this request, resolved from the session cookie; null if none. */
    auth: CurrentUser | null;
  }
}

/** Resolves the session cookie of every API request into `request.auth`. */
export const requestAuthPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService }) => {
    app.decorateRequest("auth", null);
    app.addHook("onRequest", async (request) => {
      if (!request.url.startsWith("/api/")) return;
      const token = request.cookies[SESSION_COOKIE];
      if (token) request.auth = (await opts.auth.userForSession(token)) ?? null;
    });
  },
  { name: "request-auth", dependencies: ["@fastify/cookie"] },
);

export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.auth) throw unauthorized(MESSAGES.auth.notSignedIn);
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): CurrentUser {
  const current = requireUser(request);
  if (current.user.role !== "admin") throw forbidden(MESSAGES.auth.adminOnly);
  return current;
}
