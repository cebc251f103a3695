/**
 * Which failures are of what the server stands on (its disk, its storage, its database) rather
 * than of the request: the error handler answers those with a 503 the person can act on.
 */

/** Error codes of a disk that is full or read-only: the system's, and SQLite's own. */
const DISK_FULL = new Set(["ENOSPC", "EDQUOT", "EROFS", "SQLITE_FULL", "SQLITE_READONLY"]);
/**
 * The same, as libvips (sharp) reports it: no code, the system's words in its message
 * ("…write failed\nsystem error: No space left on device").
 */
const DISK_FULL_WORDS =
  /system error: (No space left on device|Disk quota exceeded|Read-only file system)/;
/** …and of a storage or database server out of reach. */
const OUT_OF_REACH = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's own words for "not now": the server shutting down or restarting (57P01–57P03),
 * or a connection it closed mid-query (node-postgres gives that one no code, only its message).
 */
const DATABASE_GOING = new Set(["57P01", "57P02", "57P03"]);
const CONNECTION_ENDED = /^Connection terminated( unexpectedly)?$/;

/**
 * A failure of what the server stands on rather than of the request (a full disk, S3 or the
 * database out of reach): a 503 the person can act on (try again later) instead of a bare 500.
 * Undefined for anything else.
 */
export function unavailableMessage(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    const message = (cause as { message?: unknown }).message;
    if (
      (typeof code === "string" && DISK_FULL.has(code)) ||
      (typeof message === "string" && DISK_FULL_WORDS.test(message))
    ) {
      return "The server has run out of storage space, so nothing was saved. Please try again later, or tell the site's administrators.";
    }
    if (
      (typeof code === "string" && (OUT_OF_REACH.has(code) || DATABASE_GOING.has(code))) ||
      (code === undefined && typeof message === "string" && CONNECTION_ENDED.test(message))
    ) {
      return "The site cannot reach its storage or database right now. Please try again in a moment.";
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
