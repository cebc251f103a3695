import type { FastifyRequest } from "fastify";

/**
 * Query parameters whose value opens something: a mailed link's token, a pending sign-in's, a
 * signed Pro-size file's signature (a logged `/media/signed/…?exp=…&sig=…` was a working link).
 */
const SECRET_PARAMETER = /([?&](?:token|pendingToken|sig)=)[^&#]*/gi;

/**
 * Query parameters of the admin's screens that hold a member's name or address: the users',
 * subscribers' and sales' search, the outbox's recipient (round 63: the log kept every address an
 * admin looked up, after the account was deleted too). A visitor's gallery search stays.
 */
const ADMIN_SEARCH_PARAMETER = /([?&](?:q|to|email)=)[^&#]*/gi;
const ADMIN_PATH = /^\/api\/v1\/admin\//;

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

/**
 * A URL as the logs keep it: secret query values (and an admin's searches for a member) replaced
 * by `[redacted]`, and cut short.
 */
export function urlForLog(url: string): string {
  const redacted = url.replace(SECRET_PARAMETER, "$1[redacted]");
  return cut(
    ADMIN_PATH.test(redacted) ? redacted.replace(ADMIN_SEARCH_PARAMETER, "$1[redacted]") : redacted,
  );
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
