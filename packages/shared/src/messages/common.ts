/** Messages of no one screen. */
export const notFoundTitle = "404 Page Not Found";
export const notFoundHint = "Did you forget to add the page to the router?";
/** A list's `cursor` that is not one the list gave out (or no longer reads). */
export const badCursor = "The cursor is not valid: start again without one";
/** A change that waited too long for another change to the same thing (another process's). */
export const stillInProgress = "Another change to this is still being made. Try again in a moment.";
/** A call the browser could not make: offline, or the server out of reach. */
export const unreachable = "Could not reach Sawdust: check your connection and try again.";
/**
 * The end of a rate limit's refusal: when its window has a place again, rounded up to what a
 * person reads ("Try again in 15 minutes.").
 */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return "Try again in a minute.";
  if (minutes < 60) return `Try again in ${minutes} minutes.`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "Try again in an hour." : `Try again in ${hours} hours.`;
}
/** A method an address does not take (405), with the ones it does (also in `Allow`). */
export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]) =>
  `${path} does not take ${method}: it takes ${allowed.join(", ")}`;
export const genericError = "An error occurred";
export const unknownError = "An unknown error occurred";
/**
 * Any text a request sends holding U+0000 (PostgreSQL cannot store it), naming the field or
 * parameter that holds it when there is one (`tags`, `aiAnalysis.title`).
 */
export const nulCharacter = (field?: string) =>
  `${field ?? "Text"} cannot contain the NUL character (U+0000)`;
/**
 * Text holding half of a UTF-16 surrogate pair alone (`"\ud800"` in JSON): a broken character,
 * which no database stores as sent.
 */
export const loneSurrogate = (field?: string) =>
  `${field ?? "Text"} contains a broken character (an unpaired UTF-16 surrogate)`;
/**
 * An address whose path or query does not decode: a `%` that starts no escape (`/tag/%zz`), or
 * escapes whose bytes are not UTF-8 text (a cut sequence `%E2%82`, `%C3%28`, a surrogate `%ED%A0%80`).
 */
export const badAddress =
  "This address is not valid: each % in it must start an escape such as %20, and the escapes must spell UTF-8 text (%C3%A9 for é). Check the link and try again.";
/**
 * A request Node's HTTP parser refuses before any route sees it: an address and headers over its
 * 16 kB (431), or bytes that are not HTTP (400).
 */
export const requestTooLarge =
  "The request's address and headers are too long (16 kB together at most): send fewer or shorter parameters.";
export const notHttp = "The request could not be read as HTTP.";
/** CONNECT, which asks a proxy for a tunnel: this site is none. */
export const notAProxy = "This site is not a proxy: it does not answer CONNECT.";
export const requestTimedOut = "The request did not arrive in time.";
