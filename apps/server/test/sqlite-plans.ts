import { join } from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "../src/db/schema.js";
import { SQLite } from "../src/db/sqlite-driver.js";
import type { TestApp } from "./test-app.js";

/**
 * A second connection to a SQLite test app's own file that notes every statement run through
 * `db`, and plans them: for tests that hold SQLite to a plan (it keeps no statistics here, and a
 * wrong guess walks every image of a large catalogue).
 */
export function plannedSqlite(app: TestApp) {
  const sqlite = new SQLite(join(app.dataDir, "sawdust.db"));
  const statements: string[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  return {
    db,
    /** Every statement run through `db` since the last `statements.length = 0`. */
    statements,
    /** SQLite's plan of a statement, its steps' details in order (parameters as nulls). */
    plan(statement: string): string[] {
      const params = Array.from(statement.matchAll(/\?/g), () => null);
      const steps = sqlite.prepare(`explain query plan ${statement}`).all(...params) as Array<{
        detail: string;
      }>;
      return steps.map((step) => step.detail);
    },
    close: () => sqlite.close(),
  };
}
