import helmet from "@fastify/helmet";
import { MESSAGES } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden } from "../lib/errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Security headers with a strict Content-Security-Policy that the web app keeps (no inline
 * scripts, no third-party origins), and the CSRF rule of design section 6: an unsafe method from
 * another site is refused, whatever its content type (multipart included).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; https: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
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
      strictTransportSecurity: opts.https ? { maxAge: 15_552_000 } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    });

    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.headers["sec-fetch-site"] === "cross-site") {
        throw forbidden(MESSAGES.auth.foreignOrigin, "foreign_origin");
      }
      const origin = request.headers.origin;
      if (origin === undefined) return; // Not a browser (curl, the CLI, server-to-server).
      const own = new Set([opts.publicUrl, `${request.protocol}://${request.host}`]);
      if (!own.has(origin)) throw forbidden(MESSAGES.auth.foreignOrigin, "foreign_origin");
    });
  },
  { name: "security" },
);
