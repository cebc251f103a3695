import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Metrics } from "../lib/metrics.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Counts this route's responses as uploads or downloads as well (metrics). */
    countAs?: "upload" | "download";
  }
}

export const METRICS_PATH = "/metrics";
/** The route label of requests no route matched (the label never holds a raw URL). */
const UNMATCHED = "(unmatched)";
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

export interface MetricsAccess {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

/**
 * Who may read the metrics: with a token, whoever sends it (compared in constant time); without
 * one, only a client on this machine, judged by the socket's address (never by a forwarded
 * header, and not a request that came through a proxy on this machine either).
 */
export function metricsAccess(
  access: MetricsAccess,
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
): { ok: true } | { ok: false; status: 401 | 403; message: string } {
  if (access.token !== undefined) {
    const given = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "")?.[1]?.trim() ?? "";
    return sameSecret(given, access.token)
      ? { ok: true }
      : { ok: false, status: 401, message: "Send Authorization: Bearer <METRICS_TOKEN>" };
  }
  const local = isLoopback(socketAddress) && !FORWARDING_HEADERS.some((h) => h in headers);
  return local
    ? { ok: true }
    : {
        ok: false,
        status: 403,
        message: "Metrics answer only on this machine unless METRICS_TOKEN is set",
      };
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first makes both sides one length, so the comparison leaks nothing, length included.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return v4.startsWith("127.") || address === "::1";
}

/**
 * Measures every request (by route pattern and status, with the uploads, downloads and 429
 * refusals among them) and answers `GET /metrics` in Prometheus's text format.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { metrics: Metrics } & MetricsAccess) => {
    const { metrics } = opts;
    app.addHook("onResponse", (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      const status = reply.statusCode;
      metrics.observeRequest(request.method, route, status, reply.elapsedTime / 1000);
      if (status === 429) metrics.countRefusal(route);
      const countAs = request.routeOptions.config?.countAs;
      if (countAs === "upload") metrics.countUpload(status);
      if (countAs === "download" && (status === 200 || status === 206)) {
        const size = (request.query as { size?: unknown }).size;
        metrics.countDownload(
          typeof size === "string" ? size : "unknown",
          Number(reply.getHeader("content-length") ?? 0),
        );
      }
      done();
    });

    app.get(
      METRICS_PATH,
      // Not part of the public API (no OpenAPI entry); scrapes every few seconds stay out of
      // the info log.
      { schema: { hide: true }, logLevel: "warn" },
      async (request, reply) => {
        const access = metricsAccess(opts, request.headers, request.socket.remoteAddress);
        if (!access.ok) {
          if (access.status === 401) reply.header("www-authenticate", "Bearer");
          return reply
            .code(access.status)
            .send({ message: access.message, code: "metrics_forbidden" });
        }
        const text = await metrics.text();
        return reply
          .type(metrics.contentType)
          .header("cache-control", "no-store")
          .send(text as never);
      },
    );
  },
  { name: "metrics" },
);

/**
 * `/metrics` on a port of its own (METRICS_PORT), for a process with no other listener (`npm run
 * worker`) or to keep metrics off the public port. Same access rule as the app's route.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: MetricsAccess & { host: string; port: number },
): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== METRICS_PATH) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end('{"message":"Not found","code":"not_found"}');
      return;
    }
    const access = metricsAccess(options, request.headers, request.socket.remoteAddress);
    if (!access.ok) {
      response.writeHead(access.status, {
        "content-type": "application/json",
        ...(access.status === 401 ? { "www-authenticate": "Bearer" } : {}),
      });
      response.end(JSON.stringify({ message: access.message, code: "metrics_forbidden" }));
      return;
    }
    metrics.text().then(
      (text) => {
        response.writeHead(200, {
          "content-type": metrics.contentType,
          "cache-control": "no-store",
        });
        response.end(text);
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
