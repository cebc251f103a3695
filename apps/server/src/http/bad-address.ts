import { MESSAGES, pathDecodes } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import type { ErrorPages } from "./error-pages.js";

/** Where an address whose path does not decode is answered (rewriteBadAddress). */
const BAD_ADDRESS_PATH = "/__sawdust/bad-address";

/**
 * Fastify's `rewriteUrl` option: an address whose path does not decode goes to one route that
 * says so, instead of Fastify's raw JSON of another shape and without the site's headers (its
 * router refuses such a path before any hook runs).
 */
export function rewriteBadAddress(request: { url?: string }): string {
  const url = request.url ?? "/";
  return pathDecodes(url) ? url : BAD_ADDRESS_PATH;
}

/**
 * The answer to an address whose path does not decode: a 400 in the API's `{ message, code }`,
 * and, to a browser navigating to a page path, the site's page saying so with that status
 * (error-pages.ts).
 */
export function registerBadAddress(app: FastifyInstance, pages: ErrorPages): void {
  pages.servePagesAt(BAD_ADDRESS_PATH);
  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: BAD_ADDRESS_PATH,
    schema: { hide: true },
    handler: (request, reply) =>
      pages.refuse(request, reply, {
        status: 400,
        message: MESSAGES.badAddress,
        code: "bad_address",
        headers: { "cache-control": "no-store" },
      }),
  });
}
