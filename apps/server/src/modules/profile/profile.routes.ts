import { ZProfileBody, ZUser } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors, json, SIGNED_IN } from "../../http/openapi.js";
import { requireUser } from "../../http/request-auth.js";
import { presentUser } from "../users/users.presenter.js";
import type { ProfileService } from "./profile.service.js";

/** Mounted under /api/v1. */
export const profileRoutes: FastifyPluginAsync<{ profile: ProfileService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.patch(
    "/profile",
    {
      // A visitor is told to sign in (401) before anything about the body.
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        summary: "Change the member's artist profile",
        description: "Only the fields sent change; a blank optional field clears it.",
        tags: ["profile"],
        operationId: "updateProfile",
        security: SIGNED_IN,
        body: ZProfileBody,
        response: {
          200: json(ZUser, "The member with the profile as saved"),
          ...errors(400, 401, 403, 415),
        },
      },
    },
    async (request) => {
      const { user, tier } = requireUser(request);
      return presentUser(await opts.profile.update(user.id, request.body), tier);
    },
  );
};
