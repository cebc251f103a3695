import type { FastifyPluginAsync } from "fastify";

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<boolean> }> = async (
  app,
  opts,
) => {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    const database = await opts.ping();
    return reply
      .code(database ? 200 : 503)
      .send({ status: database ? "ok" : "unavailable", database });
  });
};
