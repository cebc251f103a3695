import {
  MESSAGES,
  ZAccount,
  ZAccountExport,
  ZAccountSessionList,
  ZAccountSessionParams,
  ZAdminUserParams,
  ZChangeEmailBody,
  ZChangePasswordBody,
  ZDeleteAccountBody,
  ZEndedOtherSessions,
  ZOkResponse,
  ZPasswordResetConfirmBody,
  ZPasswordResetRequestBody,
  ZResendVerificationBody,
  ZVerifyEmailBody,
  ZVerifyEmailResult,
} from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import {
  adminFirst,
  requireAdmin,
  requireUser,
  signedInFirstNoStore,
} from "../../http/request-auth.js";
import { unauthorized } from "../../lib/errors.js";
import { hashSessionToken, SESSION_COOKIE } from "../auth/session-token.js";
import type { AccountsService } from "./accounts.service.js";

const TAGS = ["account"];
const m = MESSAGES.account;

/** The hash of this request's session token (its id in the sessions list). */
function currentSessionOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token ? hashSessionToken(token) : undefined;
}

/** Mounted under /api/v1/account: the signed-in member's own account. */
export const accountRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Signed in first: a visitor hears 401 before anything about the request's shape. Nothing
  // here is kept by a cache.
  app.addHook("preValidation", signedInFirstNoStore);
  const userIdOf = (request: FastifyRequest) => requireUser(request).user.id;

  app.get(
    "/",
    {
      schema: {
        summary: "The member's account: email and whether it is confirmed",
        tags: TAGS,
        operationId: "getAccount",
        security: SIGNED_IN,
        response: { 200: json(ZAccount, "The account"), ...errors(401) },
      },
    },
    async (request) => opts.accounts.account(userIdOf(request)),
  );

  app.post(
    "/email/verification",
    {
      schema: {
        summary: "Send the email confirmation link again",
        tags: TAGS,
        operationId: "resendVerification",
        description:
          "Takes no body, or `returnTo`: the path on this site the member asks from, which the new link leads back to once the address is confirmed (anything else is refused, 400).",
        security: SIGNED_IN,
        body: ZResendVerificationBody.nullish(),
        response: {
          200: json(ZOkResponse, "A new link is on its way; earlier ones stop working"),
          400: error("A returnTo that is not a path on this site"),
          ...errors(401, 403, 415),
          409: error("The address is confirmed already"),
          ...errors(429),
        },
      },
    },
    async (request) => {
      await opts.accounts.resendVerification(userIdOf(request), request.body?.returnTo);
      return { ok: true as const };
    },
  );

  app.post(
    "/email",
    {
      schema: {
        summary: "Change the email address",
        description:
          "Needs the current password. The new address receives a confirmation link and takes effect when it is opened; the current address is told at once. The answer does not tell whether another account uses the address: if one does, that address is sent a notice instead of a link. Confirmation mails, to a new address or sent again, are limited per account, every attempt counted (429 with Retry-After beyond).",
        tags: TAGS,
        operationId: "changeEmail",
        security: SIGNED_IN,
        body: ZChangeEmailBody,
        response: {
          200: json(ZAccount, "The account, with the new address pending"),
          400: error("Invalid input, the same address, or a wrong password"),
          ...errors(401, 403, 415, 429),
        },
      },
    },
    async (request) => opts.accounts.changeEmail(userIdOf(request), request.body),
  );

  app.post(
    "/password",
    {
      schema: {
        summary: "Change the password",
        description:
          "Needs the current password. Every other session of the account ends; this one stays.",
        tags: TAGS,
        operationId: "changePassword",
        security: SIGNED_IN,
        body: ZChangePasswordBody,
        response: {
          200: json(ZOkResponse, "Changed"),
          400: error("Invalid input or a wrong current password"),
          ...errors(401, 403, 415, 429),
        },
      },
    },
    async (request) => {
      await opts.accounts.changePassword(
        userIdOf(request),
        request.body,
        currentSessionOf(request),
      );
      return { ok: true as const };
    },
  );

  app.get(
    "/sessions",
    {
      schema: {
        summary: "The member's signed-in browsers",
        tags: TAGS,
        operationId: "listAccountSessions",
        security: SIGNED_IN,
        response: {
          200: json(ZAccountSessionList, "Live sessions, last seen first"),
          ...errors(401),
        },
      },
    },
    async (request) => opts.accounts.sessions(userIdOf(request), currentSessionOf(request)),
  );

  app.delete(
    "/sessions",
    {
      schema: {
        summary: "End every other session",
        tags: TAGS,
        operationId: "endOtherSessions",
        security: SIGNED_IN,
        response: { 200: json(ZEndedOtherSessions, "How many ended"), ...errors(401, 403) },
      },
    },
    async (request) => {
      const current = currentSessionOf(request);
      if (!current) throw unauthorized(MESSAGES.auth.notSignedIn);
      return opts.accounts.endOtherSessions(userIdOf(request), current);
    },
  );

  app.delete(
    "/sessions/:id",
    {
      schema: {
        summary: "End one session",
        tags: TAGS,
        operationId: "endAccountSession",
        security: SIGNED_IN,
        params: ZAccountSessionParams,
        response: {
          200: json(ZOkResponse, "Ended"),
          ...errors(400, 401, 403),
          404: error(m.noSuchSession),
        },
      },
    },
    async (request) => {
      await opts.accounts.endSession(userIdOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/export",
    {
      schema: {
        summary: "Download everything kept about the member",
        description:
          "Profile (with a pending change of email), sessions (browser and times, never the token), two-factor state (never the secret or codes), reports filed, views counted as the member's, collections, downloads, subscriptions, payments, billing customers (with the address given to the provider when each was made), for admins the API keys they made (never the key) and what they did by the audit log, and under `more` every edition purchase (standing, refunded or declined, with what was given back). Sent as an attachment.",
        tags: TAGS,
        operationId: "exportAccount",
        security: SIGNED_IN,
        response: { 200: json(ZAccountExport, "The member's data"), ...errors(401) },
      },
    },
    async (request, reply) => {
      const data = await opts.accounts.exportData(userIdOf(request));
      const day = data.exportedAt.slice(0, 10);
      reply.header(
        "content-disposition",
        `attachment; filename="sawdust-${data.profile.username}-${day}.json"`,
      );
      return data;
    },
  );

  app.delete(
    "/",
    {
      schema: {
        summary: "Delete the account",
        description:
          "Needs the password. A live subscription is cancelled at the provider; the profile, collections and sessions are removed; payments stay, anonymised. The username is free for others 30 days later.",
        tags: TAGS,
        operationId: "deleteAccount",
        security: SIGNED_IN,
        body: ZDeleteAccountBody,
        response: {
          200: json(ZOkResponse, "Deleted: the session cookie is cleared"),
          400: error("A wrong password"),
          ...errors(401, 403),
          409: error("The last active administrator cannot leave"),
          ...errors(415, 429),
          502: error(
            "The payment provider could not be reached to cancel the subscription or close open checkouts (payment_provider_error): nothing was deleted; try again shortly",
          ),
        },
      },
    },
    async (request, reply) => {
      await opts.accounts.deleteAccount(userIdOf(request), request.body.password);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { ok: true as const };
    },
  );
};

/** Mounted under /api/v1/auth: the links mailed to people who are (often) not signed in. */
export const accountLinkRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post(
    "/password-reset",
    {
      schema: {
        summary: "Ask for a password reset link",
        description:
          "The same answer whether or not an account uses the address; when one does, a link that works once within an hour is mailed to it. Limited per address and per client.",
        tags: ["auth"],
        operationId: "requestPasswordReset",
        body: ZPasswordResetRequestBody,
        response: {
          202: json(ZOkResponse, "Accepted (whether or not the address is known)"),
          ...errors(400, 403, 415, 429),
        },
      },
    },
    async (request, reply) => {
      await opts.accounts.requestPasswordReset(request.body.email, request.ip, request.id);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    "/password-reset/confirm",
    {
      schema: {
        summary: "Set a new password with a reset link",
        description:
          "Every session of the account ends; the member signs in with the new password.",
        tags: ["auth"],
        operationId: "confirmPasswordReset",
        body: ZPasswordResetConfirmBody,
        response: {
          200: json(ZOkResponse, "The password is set"),
          400: error("Invalid input, or the link is unknown, used or expired"),
          ...errors(403, 415),
        },
      },
    },
    async (request) => {
      await opts.accounts.confirmPasswordReset(request.body);
      return { ok: true as const };
    },
  );

  app.post(
    "/verify-email",
    {
      schema: {
        summary: "Confirm an email address with a mailed link",
        tags: ["auth"],
        operationId: "verifyEmail",
        body: ZVerifyEmailBody,
        response: {
          200: json(ZVerifyEmailResult, "Confirmed"),
          400: error("The link is unknown, used or expired"),
          ...errors(403),
          409: error("Another account took the address meanwhile"),
          ...errors(415),
        },
      },
    },
    async (request) => opts.accounts.confirmEmail(request.body.token),
  );
};

/** Mounted under /api/v1/admin/users: an admin sends a member's confirmation link again. */
export const adminAccountRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/:id/verification-email",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Send a member's email confirmation link again (admins)",
        tags: ["admin"],
        operationId: "adminResendVerification",
        security: SIGNED_IN,
        params: ZAdminUserParams,
        response: {
          200: json(ZOkResponse, "A new link is on its way (recorded in the audit log)"),
          ...errors(400, 401, 403),
          404: error("No such user"),
          409: error("The address is confirmed already"),
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await opts.accounts.resendVerificationAsAdmin(request.params.id, admin.user.id);
      return { ok: true as const };
    },
  );
};

/**
 * Notes the browser of every session a response starts (sign-in, registration, whichever route
 * sets the session cookie), for the member's sessions list.
 */
export const sessionDevicePlugin = fp(
  async (app, opts: { accounts: AccountsService }) => {
    app.addHook("onSend", async (request, reply, payload) => {
      const header = reply.getHeader("set-cookie");
      if (!header) return payload;
      const cookies = Array.isArray(header) ? header : [String(header)];
      const prefix = `${SESSION_COOKIE}=`;
      const started = cookies.find((c) => c.startsWith(prefix) && !c.startsWith(`${prefix};`));
      const token = started?.slice(prefix.length).split(";")[0];
      if (token) {
        await opts.accounts.recordDevice(hashSessionToken(token), request.headers["user-agent"]);
      }
      return payload;
    });
  },
  { name: "session-device", dependencies: ["@fastify/cookie"] },
);
