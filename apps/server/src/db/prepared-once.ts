import type SQLite from "better-sqlite3";

/**
 * The comment a statement may start with to say it runs on every request of a busy route (the
 * partner API's per-key count). Every statement is kept now (below); the mark stays harmless.
 */
export const PREPARED_ONCE = "/* prepared once */";

/** Statements kept compiled at once: far more than the app's distinct hot statements. */
export const PREPARED_STATEMENTS_KEPT = 500;

/**
 * The embedded database as Kysely's SQLite dialect sees it, keeping statements compiled by their
 * SQL text. better-sqlite3 compiles a statement afresh at each `prepare`, which Kysely calls for
 * every query; compiling cost as much as running a list page's statements, and twice what the
 * partner API's per-key count took to run (bench/RESULTS.md). Kysely compiles queries with
 * parameters, so every query of one shape is one text. The least recently used statement makes
 * room past PREPARED_STATEMENTS_KEPT (texts vary with the length of `in (…)` lists). Kysely runs
 * queries one at a time on its one connection, so a kept statement never runs twice at once.
 */
export function keepingPreparedOnce(
  sqlite: SQLite.Database,
  capacity: number = PREPARED_STATEMENTS_KEPT,
) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(sql: string): SQLite.Statement {
      let statement = kept.get(sql);
      if (statement) {
        // Most recently used last: a Map iterates in insertion order.
        kept.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (kept.size >= capacity) {
          const oldest = kept.keys().next();
          if (!oldest.done) kept.delete(oldest.value);
        }
      }
      kept.set(sql, statement);
      return statement;
    },
    /** How many statements are kept (tests). */
    get size() {
      return kept.size;
    },
  };
}
