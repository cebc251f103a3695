import { ZUsage } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors, json, SIGNED_IN } from "../../http/openapi.js";
import { memberOf } from "../../http/viewer.js";
import type { UsageService } from "./usage.service.js";

/** Mounted under /api/v1. */
export const usageRoutes: FastifyPluginAsync<{ usage: UsageService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/usage",
    {
      schema: {
        summary: "The member's usage this month",
        tags: ["profile"],
        operationId: "getUsage",
        security: SIGNED_IN,
        response: { 200: json(ZUsage, "This UTC month's usage and limits"), ...errors(401) },
      },
    },
    async (request) => {
      return opts.usage.of(memberOf(request));
    },
  );
};
