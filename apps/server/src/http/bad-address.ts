import { MESSAGES, pathProblem } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import type { ErrorPages } from "./error-pages.js";

/** Where an address whose path does not decode is answered (rewriteBadAddress). */
const BAD_ADDRESS_PATH = "/__sawdust/bad-address";
/** Where an address whose path decodes to U+0000 (`/tag/%00`) is answered. */
const NUL_ADDRESS_PATH = "/__sawdust/nul-address";

/**
 * Fastify's `rewriteUrl` option: an address whose path does not decode goes to one route that
 * says so, instead of Fastify's raw JSON of another shape and without the site's headers (its
 * router refuses such a path before any hook runs); one whose path holds `%00` to one that says
 * that (it was told its `%` starts no escape; round 41).
 */
export function rewriteBadAddress(request: { url?: string }): string {
  const url = request.url ?? "/";
  const problem = pathProblem(url);
  if (problem === undefined) return url;
  return problem === "nul" ? NUL_ADDRESS_PATH : BAD_ADDRESS_PATH;
}

/**
 * The answer to an address whose path does not decode: a 400 in the API's `{ message, code }`,
 * and, to a browser navigating to a page path, the site's page saying so with that status
 * (error-pages.ts).
 */
export function registerBadAddress(app: FastifyInstance, pages: ErrorPages): void {
  for (const [url, message, code] of [
    [BAD_ADDRESS_PATH, MESSAGES.badAddress, "bad_address"],
    [NUL_ADDRESS_PATH, MESSAGES.nulCharacter("The address"), "nul_character"],
  ] as const) {
    pages.servePagesAt(url);
    app.route({
      method: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      url,
      schema: { hide: true },
      handler: (request, reply) =>
        pages.refuse(request, reply, {
          status: 400,
          message,
          code,
          headers: { "cache-control": "no-store" },
        }),
    });
  }
}
