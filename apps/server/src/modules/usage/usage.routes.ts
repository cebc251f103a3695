import type { FastifyPluginAsync } from "fastify";
import { requireUser } from "../../http/request-auth.js";
import type { UsageService } from "./usage.service.js";

/** Mounted under /api/v1. */
export const usageRoutes: FastifyPluginAsync<{ usage: UsageService }> = async (app, opts) => {
  app.get("/usage", async (request) => {
    const { user, tier } = requireUser(request);
    return opts.usage.of({ userId: user.id, role: user.role, tier });
  });
};
