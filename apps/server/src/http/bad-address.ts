import { MESSAGES, pathProblem } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import type { ErrorPages } from "./error-pages.js";

/** Where an address whose path does not decode is answered (rewriteBadAddress). */
const BAD_ADDRESS_PATH = "/__sawdust/bad-address";
/** Where an address whose path decodes to U+0000 (`/tag/%00`) is answered. */
const NUL_ADDRESS_PATH = "/__sawdust/nul-address";
/** Where a request that names its host twice, or asks for `*`, is answered (RFC 9112 3.2: a 400). */
const TWO_HOSTS_PATH = "/__sawdust/two-hosts";
/** The methods the routes above are made for, and those they answer (Fastify adds HEAD to GET). */
const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ANSWERED_METHODS = [...ROUTE_METHODS, "HEAD"];

/** `scheme://authority` at the start of a request target in absolute form. */
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * A request target as a path and query: one in absolute form (`GET http://host/api/v1/…`, which
 * RFC 9112 3.2.2 says a server must accept) loses its scheme and authority, as a proxy would.
 * Routed as it came, it reached the route while every hook that asks "is this the API?" of
 * `request.url` said no: the session was not read and the API's cache rules not applied (round 49).
 */
export function originForm(target: string): string {
  const authority = ABSOLUTE_FORM.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * Fastify's `rewriteUrl` option: a target in absolute form becomes its path (originForm); an
 * address whose path or query does not decode goes to one route that says so, instead of Fastify's raw
 * JSON of another shape and without the site's headers (its router refuses such a path before
 * any hook runs); one whose path holds `%00` to one that says that (it was told its `%` starts
 * no escape; round 41).
 */
export function rewriteAddress(request: {
  url?: string;
  method?: string;
  rawHeaders?: string[];
}): string {
  const target = request.url ?? "/";
  // A method no route has (PROPFIND) keeps its own target, for the not-found answer to name.
  if (!ANSWERED_METHODS.includes(request.method ?? "GET")) return target;
  // Node keeps the first of two Host lines; a proxy before it may have read the other. `*` is a
  // target for OPTIONS alone (RFC 9112 3.2.4), which asks nothing of this site's pages: `GET *`
  // was answered the home page (round 50).
  if (hostLines(request.rawHeaders ?? []) > 1 || target === "*") return TWO_HOSTS_PATH;
  const url = originForm(target);
  const problem = pathProblem(url);
  if (problem === undefined) return queryDecodes(url) ? url : BAD_ADDRESS_PATH;
  return problem === "nul" ? NUL_ADDRESS_PATH : BAD_ADDRESS_PATH;
}

/**
 * Whether the query's every `%` starts an escape. Read as it came, `?tags=%zz` searched for the
 * tag `%zz`: a partner's encoding slip looked like "nothing found" (round 58). A `%00` in a
 * value decodes, and is named with its parameter by the route's validation.
 */
function queryDecodes(url: string): boolean {
  const at = url.indexOf("?");
  if (at < 0 || !url.includes("%", at)) return true;
  try {
    // The result is used so that a minifier, taking the call for one without effects, keeps it.
    return decodeURIComponent(url.slice(at + 1)) !== undefined;
  } catch {
    return false;
  }
}

function hostLines(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i];
    if (name?.length === 4 && name.toLowerCase() === "host") count += 1;
  }
  return count;
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
    [TWO_HOSTS_PATH, MESSAGES.notHttp, "not_http"],
  ] as const) {
    pages.servePagesAt(url);
    app.route({
      method: ROUTE_METHODS,
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
