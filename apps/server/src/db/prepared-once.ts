import type SQLite from "better-sqlite3";

/** The comment a statement starts with to be compiled once and kept (hot statements only). */
export const PREPARED_ONCE = "/* prepared once */";

/**
 * The embedded database as Kysely's SQLite dialect sees it, keeping the statements marked
 * PREPARED_ONCE compiled. better-sqlite3 compiles a statement afresh at each `prepare`, which
 * Kysely calls for every query; for a statement that runs on every request of a busy route (the
 * partner API's per-key count), compiling cost twice what running did (bench/RESULTS.md). Kysely
 * still runs them one at a time on its one connection, so they never interleave with a transaction.
 */
export function keepingPreparedOnce(sqlite: SQLite.Database) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      sqlite.close();
    },
    prepare(sql: string): SQLite.Statement {
      if (!sql.startsWith(PREPARED_ONCE)) return sqlite.prepare(sql);
      let statement = kept.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        kept.set(sql, statement);
      }
      return statement;
    },
  };
}
