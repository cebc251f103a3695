import type { FastifyRequest } from "fastify";

/**
 * Query parameters whose value opens something: a mailed link's token, a pending sign-in's, a
 * signed Pro-size file's signature (a logged `/media/signed/…?exp=…&sig=…` was a working link).
 */
const SECRET_PARAMETER = /([?&](?:token|pendingToken|sig)=)[^&#]*/gi;

/**
 * Characters of a URL or host a log line keeps: a client chooses both, and a 15 kB query or Host
 * header copied into every line let one client write tens of megabytes of log a second.
 */
export const LOGGED_CHARS = 512;

/** At most LOGGED_CHARS of `text`, saying how much was left out. */
function cut(text: string): string {
  return text.length <= LOGGED_CHARS
    ? text
    : `${text.slice(0, LOGGED_CHARS)}…[${text.length - LOGGED_CHARS} more]`;
}

/** A URL as the logs keep it: secret query values replaced by `[redacted]`, and cut short. */
export function urlForLog(url: string): string {
  return cut(url.replace(SECRET_PARAMETER, "$1[redacted]"));
}

/**
 * The request as each log line names it: Fastify's own fields (method, url, host, the client's
 * address and port), the URL as the client sent it (before any rewrite) with its secrets
 * redacted, the URL and the host cut short.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.originalUrl ?? request.url),
    host: cut(request.host),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
