import {
  ZAuthSuccess,
  ZLoginBody,
  ZLoginResponse,
  ZOkResponse,
  ZRegisterBody,
  ZTwoFactorSignInBody,
  ZUser,
} from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { requireUser } from "../../http/request-auth.js";
import { presentUser } from "../users/users.presenter.js";
import type { AuthService, SignInOrigin } from "./auth.service.js";
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

  app.get(
    "/user",
    {
      schema: {
        summary: "The signed-in member",
        tags: ["auth"],
        operationId: "getCurrentUser",
        security: SIGNED_IN,
        response: { 200: json(ZUser, "The signed-in member"), ...errors(401) },
      },
    },
    async (request) => {
      const { user, tier } = requireUser(request);
      return presentUser(user, tier);
    },
  );

  app.post(
    "/register",
    {
      schema: {
        summary: "Create an account and sign in",
        tags: ["auth"],
        operationId: "register",
        body: ZRegisterBody,
        response: {
          201: json(ZAuthSuccess, "Registered and signed in: the session cookie is set"),
          ...errors(400),
          403: error(
            "Registration is closed (site settings), or the request came from another site",
          ),
          ...errors(415),
          409: error("The username or the email is taken"),
          ...errors(429),
        },
      },
    },
    async (request, reply) => {
      const signedIn = await opts.auth.register(request.body, request.ip, request.id);
      setSessionCookie(reply, signedIn.sessionToken);
      return reply.code(201).send({ ok: true, user: presentUser(signedIn.user, signedIn.tier) });
    },
  );

  app.post(
    "/login",
    {
      schema: {
        summary: "Sign in",
        tags: ["auth"],
        operationId: "login",
        body: ZLoginBody,
        response: {
          200: json(
            ZLoginResponse,
            "Signed in (the session cookie is set), or, with two-factor sign-in on, `twoFactorRequired` and the pending token for POST /api/v1/auth/two-factor (no session yet)",
          ),
          ...errors(400),
          401: error("Wrong username or password"),
          403: error("The account is suspended, or the request came from another site"),
          ...errors(415, 429),
        },
      },
    },
    async (request, reply) => {
      const signedIn = await opts.auth.login(
        request.body,
        signInOrigin(request),
        request.cookies[SESSION_COOKIE],
      );
      if ("twoFactorRequired" in signedIn) {
        return {
          twoFactorRequired: true as const,
          pendingToken: signedIn.pendingToken,
          expiresAt: new Date(signedIn.expiresAt).toISOString(),
        };
      }
      setSessionCookie(reply, signedIn.sessionToken);
      return {
        ok: true as const,
        user: presentUser(signedIn.user, signedIn.tier),
        ...(signedIn.twoFactorSetupRequired ? { twoFactorSetupRequired: true } : {}),
      };
    },
  );

  app.post(
    "/two-factor",
    {
      schema: {
        summary: "Finish signing in with a code from the authenticator app, or a recovery code",
        description:
          "The pending token from POST /login (single-use, 5 minutes) and a code. A wrong code counts toward the same sign-in limits as a wrong password; a code is accepted once, and a recovery code works once.",
        tags: ["auth"],
        operationId: "loginTwoFactor",
        body: ZTwoFactorSignInBody,
        response: {
          200: json(ZAuthSuccess, "Signed in: the session cookie is set"),
          ...errors(400),
          401: error("The code is wrong, or the pending sign-in expired or was used"),
          403: error("The account is suspended, or the request came from another site"),
          ...errors(415, 429),
        },
      },
    },
    async (request, reply) => {
      const signedIn = await opts.auth.loginWithSecondFactor(
        request.body,
        signInOrigin(request),
        request.cookies[SESSION_COOKIE],
      );
      setSessionCookie(reply, signedIn.sessionToken);
      return { ok: true as const, user: presentUser(signedIn.user, signedIn.tier) };
    },
  );

  app.post(
    "/logout",
    {
      schema: {
        summary: "Sign out",
        tags: ["auth"],
        operationId: "logout",
        response: { 200: json(ZOkResponse, "Signed out: the session is over"), ...errors(403) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await opts.auth.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { ok: true as const };
    },
  );
};

/** The address and browser a sign-in came from, for the audit log of administrators' sign-ins. */
function signInOrigin(request: FastifyRequest): SignInOrigin {
  const userAgent = request.headers["user-agent"];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}
