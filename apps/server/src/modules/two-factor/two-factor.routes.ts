import {
  ZAdminUserParams,
  ZRecoveryCodes,
  ZRecoveryCodesBody,
  ZTwoFactorConfirmBody,
  ZTwoFactorDisableBody,
  ZTwoFactorEnrolment,
  ZTwoFactorReset,
  ZTwoFactorStatus,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirstNoStore, requireUser, signedInFirstNoStore } from "../../http/request-auth.js";
import { viewerOf } from "../../http/viewer.js";
import type { TwoFactorService } from "./two-factor.service.js";

const TAGS = ["auth"];

/**
 * Mounted under /api/v1/two-factor: the signed-in member's own two-factor sign-in. Secrets and
 * recovery codes are answered once and never cached.
 */
export const twoFactorRoutes: FastifyPluginAsync<{ twoFactor: TwoFactorService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Signed-in first: a visitor hears 401 before anything about the request's shape.
  app.addHook("preValidation", signedInFirstNoStore);

  app.get(
    "/",
    {
      schema: {
        summary: "Whether two-factor sign-in is on for the signed-in member",
        tags: TAGS,
        operationId: "getTwoFactorStatus",
        security: SIGNED_IN,
        response: {
          200: json(ZTwoFactorStatus, "The member's two-factor sign-in"),
          ...errors(401),
        },
      },
    },
    async (request) => opts.twoFactor.status(requireUser(request).user),
  );

  app.post(
    "/enrolment",
    {
      schema: {
        summary: "Start turning on two-factor sign-in: a new secret and its QR code",
        description:
          "The secret is kept (encrypted) but not used until POST /enrolment/confirm receives a code the app made from it. Starting again replaces an unconfirmed secret.",
        tags: TAGS,
        operationId: "beginTwoFactorEnrolment",
        security: SIGNED_IN,
        response: {
          200: json(ZTwoFactorEnrolment, "The secret, its otpauth URI and the URI as a QR code"),
          ...errors(401, 403),
          409: error("Two-factor sign-in is already on"),
        },
      },
    },
    async (request) => opts.twoFactor.beginEnrolment(requireUser(request).user),
  );

  app.post(
    "/enrolment/confirm",
    {
      schema: {
        summary: "Turn on two-factor sign-in with the password and a code from the app",
        description: "Answers the ten recovery codes, once: only their hashes are kept.",
        tags: TAGS,
        operationId: "confirmTwoFactorEnrolment",
        security: SIGNED_IN,
        body: ZTwoFactorConfirmBody,
        response: {
          200: json(ZRecoveryCodes, "Two-factor sign-in is on; the recovery codes"),
          ...errors(400, 401, 403),
          409: error("Two-factor sign-in is already on"),
          ...errors(415, 429),
        },
      },
    },
    async (request) => opts.twoFactor.confirmEnrolment(requireUser(request).user.id, request.body),
  );

  app.post(
    "/disable",
    {
      schema: {
        summary: "Turn off two-factor sign-in (password and a code)",
        tags: TAGS,
        operationId: "disableTwoFactor",
        security: SIGNED_IN,
        body: ZTwoFactorDisableBody,
        response: {
          200: json(ZTwoFactorStatus, "Two-factor sign-in is off"),
          ...errors(400, 401, 403, 415, 429),
        },
      },
    },
    async (request) => opts.twoFactor.disable(requireUser(request).user.id, request.body),
  );

  app.post(
    "/recovery-codes",
    {
      schema: {
        summary: "Replace the recovery codes (password)",
        description: "The old codes stop working at once; the new ones are answered once.",
        tags: TAGS,
        operationId: "regenerateRecoveryCodes",
        security: SIGNED_IN,
        body: ZRecoveryCodesBody,
        response: {
          200: json(ZRecoveryCodes, "The new recovery codes"),
          ...errors(400, 401, 403, 415, 429),
        },
      },
    },
    async (request) =>
      opts.twoFactor.regenerateRecoveryCodes(requireUser(request).user.id, request.body),
  );
};

/** Mounted under /api/v1/admin/users: an admin's reset of a member's second factor. */
export const adminTwoFactorRoutes: FastifyPluginAsync<{ twoFactor: TwoFactorService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", adminFirstNoStore);

  app.delete(
    "/:id/two-factor",
    {
      schema: {
        summary: "Reset a user's two-factor sign-in (admins)",
        description:
          "Their secret, recovery codes and any pending sign-in go; they sign in with their password until they turn it on again. Audited as `user.two_factor_reset`.",
        tags: ["admin"],
        operationId: "resetUserTwoFactor",
        security: SIGNED_IN,
        params: ZAdminUserParams,
        response: {
          200: json(ZTwoFactorReset, "Whether two-factor sign-in was on"),
          ...errors(400, 401, 403),
          404: error("No such user"),
        },
      },
    },
    async (request) => opts.twoFactor.resetByAdmin(request.params.id, viewerOf(request)),
  );
};
