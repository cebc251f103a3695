import { ZProfileBody } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
      schema: { body: ZProfileBody },
    },
    async (request) => {
      const { user, tier } = requireUser(request);
      return presentUser(await opts.profile.update(user.id, request.body), tier);
    },
  );
};
