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
 * the database dropped (57P04), renamed or not there (3D000) or closed to connections (55000,
 * `allow_connections false`), no connection slot left (53300), sign-in refused (28000, 28P01:
 * a password changed under a running site), or a connection that failed (class 08); or a
 * connection it closed mid-query (node-postgres gives that one no code, only its message).
 */
const DATABASE_GOING = new Set([
  "57P01",
  "57P02",
  "57P03",
  "57P04",
  "3D000",
  "53300",
  "28000",
  "28P01",
]);
const CONNECTION_FAILED = /^08[0-9A-Z]{3}$/;
/**
 * A database too busy to answer in time: a lock not granted within `lock_timeout` (55P03), a
 * statement cut off by `statement_timeout` (57014), both of which an operator may set on the
 * database's role; a deadlock (40P01) or a serialization failure (40001) PostgreSQL resolved by
 * giving up this side; SQLite's file held by another writer past its 5-second wait, or a
 * transaction that read before another process wrote (better-sqlite3 gives SQLite's extended
 * codes: `SQLITE_BUSY_SNAPSHOT` answered 500 under another writer; round 48).
 */
const DATABASE_BUSY = new Set(["55P03", "57014", "40P01", "40001"]);
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)(_[A-Z]+)?$/;
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/;
const CONNECTION_ENDED = /^Connection terminated( unexpectedly)?$/;

/**
 * A failure of what the server stands on rather than of the request (a full disk, S3 or the
 * database out of reach, the database too busy): a 503 the person can act on (try again later)
 * instead of a bare 500.
 * Undefined for anything else.
 */
export function unavailableMessage(error: unknown): string | undefined {
  for (const cause of causesOf(error)) {
    if (isDiskFull(cause)) {
      // Not "nothing was saved": a request's earlier statements may have been (round 48).
      return "The server has run out of storage space. Please try again later, or tell the site's administrators.";
    }
    if (isOutOfReachItself(cause)) {
      return "The site cannot reach its storage or database right now. Please try again in a moment.";
    }
    const { code } = cause as { code?: unknown };
    if (typeof code === "string" && (DATABASE_BUSY.has(code) || SQLITE_BUSY.test(code))) {
      return "The site's database is too busy to answer right now. Please try again in a moment.";
    }
  }
  return undefined;
}

/**
 * Whether the failure is an outage of something the server reaches over the network (the
 * storage, the database, a model's server): refused, reset, timed out, not found by name, or
 * PostgreSQL restarting. It passes on its own, and says nothing about what was asked; the job
 * worker waits these out (jobs/worker.ts).
 */
export function isOutOfReach(error: unknown): boolean {
  for (const cause of causesOf(error)) if (isOutOfReachItself(cause)) return true;
  return false;
}

/** The error and the errors it wraps (`cause`), a few deep. */
function* causesOf(error: unknown): Generator<unknown> {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    yield cause;
    cause = (cause as { cause?: unknown }).cause;
  }
}

function isDiskFull(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === "string" && DISK_FULL.has(code)) ||
    (typeof message === "string" && DISK_FULL_WORDS.test(message))
  );
}

function isOutOfReachItself(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    return (
      OUT_OF_REACH.has(code) ||
      DATABASE_GOING.has(code) ||
      CONNECTION_FAILED.test(code) ||
      (code === "55000" && typeof message === "string" && NOT_ACCEPTING_CONNECTIONS.test(message))
    );
  }
  return code === undefined && typeof message === "string" && CONNECTION_ENDED.test(message);
}
