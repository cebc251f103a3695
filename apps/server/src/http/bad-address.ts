import { MESSAGES, pathDecodes } from "@sawdust/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Sends the app's page with this status to a browser navigating to a page path. */
export type AppPageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
) => unknown;

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
 * and, to a browser navigating to a page path, the app's page with that status (once the web app
 * is registered: `servePagesWith`).
 */
export class BadAddress {
  private appPage: AppPageSender | undefined;

  servePagesWith(send: AppPageSender): void {
    this.appPage = send;
  }

  register(app: FastifyInstance): void {
    app.route({
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      url: BAD_ADDRESS_PATH,
      schema: { hide: true },
      handler: (request, reply) => {
        const path = (request.originalUrl ?? request.url).split("?")[0] ?? "";
        const navigating =
          (request.method === "GET" || request.method === "HEAD") &&
          !path.startsWith("/api/") &&
          (request.headers.accept ?? "").includes("text/html");
        if (navigating && this.appPage) return this.appPage(request, reply, 400);
        return reply
          .code(400)
          .header("cache-control", "no-store")
          .send({ message: MESSAGES.badAddress, code: "bad_address" });
      },
    });
  }
}
