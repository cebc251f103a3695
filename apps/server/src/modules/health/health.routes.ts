import { ZLiveness, ZReadiness } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { json } from "../../http/openapi.js";

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<boolean> }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/healthz",
    {
      schema: {
        summary: "Liveness: the process answers",
        tags: ["health"],
        operationId: "getLiveness",
        response: { 200: json(ZLiveness, "The process is up") },
      },
    },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        summary: "Readiness: the database answers too",
        tags: ["health"],
        operationId: "getReadiness",
        response: {
          200: json(ZReadiness, "Ready: the database answers"),
          503: json(ZReadiness, "Not ready: the database does not answer"),
        },
      },
    },
    async (_request, reply) => {
      const database = await opts.ping();
      return database
        ? reply.code(200).send({ status: "ok", database })
        : reply.code(503).send({ status: "unavailable", database });
    },
  );
};
