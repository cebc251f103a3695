import { ZLoginBody, ZRegisterBody } from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../../http/request-auth.js";
import { presentUser } from "../users/users.presenter.js";
import type { AuthService } from "./auth.service.js";
import { SESSION_COOKIE, SESSION_LIFETIME } from "./session-token.js";

export interface AuthRoutesOptions {
  auth: AuthService;
  secureCookies: boolean;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: opts.secureCookies,
      path: "/",
      maxAge: SESSION_LIFETIME.absoluteMs / 1000,
    });

  app.get("/user", async (request) => {
    const { user, tier } = requireUser(request);
    return presentUser(user, tier);
  });

  app.post("/register", { schema: { body: ZRegisterBody } }, async (request, reply) => {
    const signedIn = await opts.auth.register(request.body, request.ip);
    setSessionCookie(reply, signedIn.sessionToken);
    return reply.code(201).send({ ok: true, user: presentUser(signedIn.user, signedIn.tier) });
  });

  app.post("/login", { schema: { body: ZLoginBody } }, async (request, reply) => {
    const signedIn = await opts.auth.login(
      request.body,
      request.ip,
      request.cookies[SESSION_COOKIE],
    );
    setSessionCookie(reply, signedIn.sessionToken);
    return { ok: true, user: presentUser(signedIn.user, signedIn.tier) };
  });

  app.post("/logout", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await opts.auth.logout(token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { ok: true };
  });
};
