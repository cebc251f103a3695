import type { IncomingMessage, ServerResponse } from "node:http";
import { MESSAGES } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { forbidden } from "../lib/errors.js";
import { PAGE_SCRIPTS_CSP_SOURCES } from "./page-scripts.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Security headers with a strict Content-Security-Policy that the web app keeps (no inline
 * scripts, no third-party origins), and the CSRF rule of design section 6: an unsafe method from
 * another site is refused, whatever its content type (multipart included).
 */
/**
 * The headers helmet sets for these options, worked out once. None of them varies by request, and
 * running helmet's middleware per request re-derived the policy each time (a tenth of the CPU of a
 * small response).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      publicUrl: string;
      /**
       * The operator named the site's origin (PUBLIC_URL): a browser's unsafe request is accepted
       * from it alone, so an old address that still reaches the server is another site. Left
       * unset, the origin the request was addressed to is the site's too (localhost and
       * 127.0.0.1, a LAN address).
       */
      onlyPublicUrl: boolean;
      https: boolean;
    },
  ) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...PAGE_SCRIPTS_CSP_SOURCES],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // This host only: a site at its domain's apex must not force every subdomain to HTTPS.
      strictTransportSecurity: opts.https
        ? { maxAge: 15_552_000, includeSubDomains: false }
        : false,
      // As frame-ancestors 'none' says, for browsers that read only this header.
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    });

    app.addHook("onRequest", async (request, reply) => {
      reply.headers(headers);
      if (SAFE_METHODS.has(request.method)) return;
      if (request.headers["sec-fetch-site"] === "cross-site") {
        throw forbidden(MESSAGES.auth.foreignOrigin, "foreign_origin");
      }
      const origin = request.headers.origin;
      if (origin === undefined) return; // Not a browser (curl, the CLI, server-to-server).
      const own =
        origin === opts.publicUrl ||
        (!opts.onlyPublicUrl && origin === `${request.protocol}://${request.host}`);
      if (!own) throw forbidden(MESSAGES.auth.foreignOrigin, "foreign_origin");
    });
  },
  { name: "security" },
);
