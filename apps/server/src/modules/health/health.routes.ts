import { ZLiveness, ZReadiness } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { json } from "../../http/openapi.js";

export interface HealthRoutesOptions {
  ping: () => Promise<boolean>;
  /** True once the process is stopping: readiness fails first, so load balancers stop sending. */
  stopping?: () => boolean;
}

/** Liveness (the process answers) and readiness (the database answers too, and not stopping). */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (base, opts) => {
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
          503: json(
            ZReadiness,
            "Not ready: the database does not answer, or the process is stopping",
          ),
        },
      },
    },
    async (_request, reply) => {
      const database = await opts.ping();
      return database && !opts.stopping?.()
        ? reply.code(200).send({ status: "ok", database })
        : reply.code(503).send({ status: "unavailable", database });
    },
  );
};
