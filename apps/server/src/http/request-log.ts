import type { FastifyRequest } from "fastify";

/** Query parameters whose value opens something: a mailed link's token, a pending sign-in's. */
const SECRET_PARAMETER = /([?&](?:token|pendingToken)=)[^&#]*/gi;

/** A URL as the logs keep it: secret query values replaced by `[redacted]`. */
export function urlForLog(url: string): string {
  return url.replace(SECRET_PARAMETER, "$1[redacted]");
}

/**
 * The request as each log line names it: Fastify's own fields (method, url, host, the client's
 * address and port), the URL with its secrets redacted.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
