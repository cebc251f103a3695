import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const GIVEN_ID = /^[\w.:-]{1,128}$/;

/**
 * Each request's id (pino's `reqId` on its log lines): the `X-Request-Id` a proxy in front sent,
 * when it is a plain token, or a new UUID, unique across every process of a deployment. Routes
 * that queue jobs pass it into the job's payload, so the worker's log lines for the job name the
 * request that caused it. (Passed by hand rather than through AsyncLocalStorage: on Node 20 that
 * turns on promise hooks for every promise of the process, about 4% of a list request's CPU.)
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Sends each request's id back as `X-Request-Id`. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", (request, reply, done) => {
      reply.header("x-request-id", request.id);
      done();
    });
  },
  { name: "request-id" },
);
