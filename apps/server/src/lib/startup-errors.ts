import { type Config, ConfigError, loadConfig } from "../config.js";
import { hasNoRoom } from "./disk-room.js";

/**
 * An entry point's start: the settings read, then `main`; a failure is one line naming what to
 * fix where it can be (a bad setting, explainStartupError's cases), else the error whole, and
 * the process exits 1.
 */
export async function startOrExplain(
  who: string,
  main: (config: Config) => Promise<void>,
): Promise<void> {
  let config: Config | undefined;
  try {
    config = loadConfig();
    await main(config);
  } catch (error: unknown) {
    const explained = config && explainStartupError(error, config);
    if (error instanceof ConfigError) console.error(error.message);
    else if (explained) console.error(`${who} failed to start: ${explained}`);
    else console.error(`${who} failed to start:`, error);
    process.exit(1);
  }
}

/** What a failed start threw: Node's system errors, pg's and better-sqlite3's carry a code. */
interface CodedError {
  code?: unknown;
  port?: unknown;
  hostname?: unknown;
  path?: unknown;
  message?: unknown;
}

const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);
/** PostgreSQL's SQLSTATEs for a server that answers but will not have us. */
const REFUSED_BY_POSTGRES: Record<string, string> = {
  "28P01": "the password was refused",
  "3D000": "the database does not exist",
  "57P03": "the server is starting up or shutting down",
};

/**
 * A failed start explained in the operator's terms, naming the setting to look at (README:
 * "a bad value stops the process with a message naming the variable"): a port in use, a HOST that
 * is no address here, a DATABASE_URL that cannot be reached (or asks for SSL the server lacks, or
 * names a role without rights on the tables), a DATA_DIR that cannot be written.
 * Undefined for anything else, which is printed whole.
 */
export function explainStartupError(error: unknown, config: Config): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, port, hostname, path, message } = error as CodedError;
  const text = typeof message === "string" ? message : String(error);
  const listenSetting =
    port !== undefined && port === config.metrics.port ? "METRICS_PORT" : "PORT";

  if (code === "EADDRINUSE") {
    return `${listenSetting} ${String(port)}: another process already listens there on ${config.host}. Stop it or choose another ${listenSetting}.`;
  }
  if (code === "EACCES" && port !== undefined) {
    return `${listenSetting} ${String(port)}: this user may not listen on it (ports below 1024 need privileges). Choose another ${listenSetting}.`;
  }
  if (
    code === "EADDRNOTAVAIL" ||
    ((code === "ENOTFOUND" || code === "EAI_AGAIN") && hostname === config.host)
  ) {
    return `HOST ${config.host}: not an address of this machine (${String(code)}). Use 127.0.0.1, 0.0.0.0 or one of this machine's addresses.`;
  }

  if (config.database.kind === "postgres") {
    const database = `DATABASE_URL (${withoutPassword(config.database.url)})`;
    const refused =
      code === "28000"
        ? roleRefused(config.database.url, text)
        : typeof code === "string"
          ? REFUSED_BY_POSTGRES[code]
          : undefined;
    if (refused || (typeof code === "string" && UNREACHABLE.has(code))) {
      return `${database}: cannot connect: ${refused ?? text}.`;
    }
    // pg's words when the URL asks for SSL (sslmode=require, ssl=true) and the server has none.
    if (/does not support SSL/i.test(text)) {
      return `${database}: cannot connect: ${text}. Remove sslmode (or ssl) from DATABASE_URL, or turn SSL on in the server.`;
    }
    // A role that may sign in but not create or use the tables (SQLSTATE insufficient_privilege).
    if (code === "42501") {
      const { role, name } = roleAndDatabase(config.database.url);
      return `${database}: the role signs in but may not create or use Sawdust's tables (${text}). Make it the database's owner (ALTER DATABASE ${name} OWNER TO ${role}) and the owner of the tables already there (REASSIGN OWNED BY <their owner> TO ${role}), then start again.`;
    }
  }

  const file = config.database.kind === "sqlite" ? config.database.file : undefined;
  if (code === "SQLITE_NOTADB" && file) {
    return `DATA_DIR ${config.dataDir}: ${file} is not a SQLite database (${text}).`;
  }
  const inDataDir = typeof path === "string" && path.startsWith(config.dataDir);
  // A full disk: SQLite's own code, or the failed write it reports as an I/O error (the shared
  // memory file of a WAL database cannot grow: SQLITE_IOERR_SHMSIZE), or the system's.
  const sqliteCannotWrite =
    file !== undefined &&
    typeof code === "string" &&
    (code === "SQLITE_FULL" || code.startsWith("SQLITE_IOERR"));
  const cannotOpen =
    typeof code === "string" && (code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_READONLY");
  if (
    sqliteCannotWrite ||
    code === "ENOSPC" ||
    code === "EDQUOT" ||
    ((cannotOpen || inDataDir) && hasNoRoom(config.dataDir))
  ) {
    return `DATA_DIR ${config.dataDir}: cannot write ${file ?? (typeof path === "string" ? path : "in it")} (${text}). The disk holding it is full or failing: free space on it (df -h ${config.dataDir}) and start again.`;
  }
  if ((code === "EEXIST" || code === "ENOTDIR") && inDataDir) {
    return `DATA_DIR ${config.dataDir}: not a directory (${text}).`;
  }
  if (cannotOpen || (typeof code === "string" && inDataDir)) {
    return `DATA_DIR ${config.dataDir}: cannot create or write it (${text}). It must be a directory this user can write.`;
  }
  return undefined;
}

/**
 * SQLSTATE 28000 (invalid_authorization_specification), which PostgreSQL answers both for a role
 * that does not exist and for one that may not sign in (no LOGIN, or pg_hba.conf refuses it): the
 * role named, and the server's own words, which say which.
 */
function roleRefused(url: string, text: string): string {
  const role = /(?:role|user) "([^"]+)"/.exec(text)?.[1] ?? roleAndDatabase(url).role;
  const named = role === "…" ? "the role" : `the role ${role}`;
  return `${named} does not exist or may not sign in (${text})`;
}

/** A connection URL fit for a log: the password, if any, left out. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable)";
  }
}

/** The role and database a connection URL names, for advice ("…" where it names none). */
function roleAndDatabase(url: string): { role: string; name: string } {
  try {
    const parsed = new URL(url);
    return {
      role: decodeURIComponent(parsed.username) || "…",
      name: decodeURIComponent(parsed.pathname.slice(1)) || "…",
    };
  } catch {
    return { role: "…", name: "…" };
  }
}
