import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  type DialectAdapter,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import { type Config, ConfigError } from "../config.js";
import type { EventTransport } from "../events/event-bus.js";
import { foldText, SQLITE_FOLD_FUNCTION } from "./contains-pattern.js";
import type { DialectName } from "./dialect.js";
import { migrationsFor } from "./migrations/index.js";
import { preparingHotStatements } from "./pg-named-statements.js";
import { PgNotifications } from "./pg-notifications.js";
import { keepingPreparedOnce } from "./prepared-once.js";
import type { Database } from "./schema.js";
import { SqliteChangeWatch } from "./sqlite-change-watch.js";
import { SQLite, type SQLiteDatabase } from "./sqlite-driver.js";
import { sqliteOffLoop } from "./sqlite-off-loop.js";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /**
   * For reads that may take long (the admin analytics over a year): on SQLite they run on a
   * thread of their own, so the event loop serves meanwhile (sqlite-off-loop.ts); on PostgreSQL
   * this is `db`, whose pool already waits without holding the loop.
   */
  longReads: Db;
  dialect: DialectName;
  /** True when the database answers a trivial query (readiness). */
  ping(): Promise<boolean>;
  /**
   * How change events reach the other processes on this database: LISTEN/NOTIFY on PostgreSQL; on
   * SQLite a watch for other processes' commits, which tells the bus to drop every copy.
   */
  notifications?: EventTransport;
  /** The connection pool's state, for metrics (PostgreSQL only). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// PostgreSQL returns int8 as a string by default; our bigints are epoch ms and ids, well inside
// Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

/**
 * Told when PostgreSQL closes one of the pool's connections (a restart or failover, an
 * `idle_session_timeout`, a pooler, `pg_terminate_backend`). The pool drops that connection and
 * opens another on next use; nothing else is lost but a query it was running, which fails.
 */
export type ConnectionLost = (error: Error) => void;

const warnConnectionLost: ConnectionLost = (error) =>
  console.warn(`[sawdust] database: a connection was closed (${error.message})`);

export function openDatabase(
  config: Pick<Config, "database">,
  onConnectionLost: ConnectionLost = warnConnectionLost,
): DatabaseHandle {
  if (config.database.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    // Without a listener, node-postgres re-emits an idle connection's error on the pool, and an
    // 'error' event nobody hears ends the process: every request in flight, and a worker's jobs.
    pool.on("error", onConnectionLost);
    // The pool hears an idle connection only: one checked out (between a transaction's
    // statements, or between being taken and its query sent) that PostgreSQL closes emits
    // 'error' on the connection itself, and that too would end the process. Each connection gets
    // its own listener for life; the query in flight, if any, fails on its own, and the pool
    // drops the broken connection when it comes back.
    pool.on("connect", (client) => client.on("error", onConnectionLost));
    if (config.database.preparedStatements !== false) preparingHotStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      ...handle(db, "postgres"),
      longReads: db,
      notifications: new PgNotifications(config.database.url, pool),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  mkdirSync(dirname(config.database.file), { recursive: true });
  const sqlite = new SQLite(config.database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // What is deleted or overwritten is zeroed on its page, not left in free space: a deleted
  // account's profile text must not stay readable in the file (round 59; its WAL copy goes with
  // the checkpoint after a deletion, AccountsRepo.deleteAccount).
  sqlite.pragma("secure_delete = ON");
  sqlite.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (text: unknown) =>
    typeof text === "string" ? foldText(text) : text,
  );
  const db = new Kysely<Database>({
    dialect: new SqliteKeepingItsErrors({ database: keepingPreparedOnce(sqlite) }, sqlite),
  });
  const offLoop = sqliteOffLoop(config.database.file);
  const own = handle(db, "sqlite");
  return {
    ...own,
    longReads: offLoop.db,
    notifications: new SqliteChangeWatch(sqlite),
    async close() {
      await offLoop.close();
      await own.close();
    },
  };
}

/**
 * SQLite's dialect, whose rollback leaves alone a transaction SQLite has already undone. On a full
 * disk (SQLITE_FULL) and a few other errors SQLite rolls the transaction back itself; Kysely's
 * ROLLBACK after it then fails with "cannot rollback - no transaction is active", and that error
 * replaced the one that says what happened: a 500 and a log blaming the rollback, instead of the
 * 503 saying the server is out of space.
 *
 * Its adapter also says what SQLite does: DDL is transactional. Kysely's SQLite adapter says not,
 * and its Migrator then ran each migration's statements with no transaction, so a start that failed
 * part-way (a full disk, a kill) left a half-applied migration no later start could get past
 * ("table download_days already exists", round 59). Every pending migration now runs in one
 * transaction, as on PostgreSQL.
 */
class SqliteKeepingItsErrors extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly sqlite: SQLiteDatabase,
  ) {
    super(config);
  }

  override createAdapter(): DialectAdapter {
    return new SqliteAdapterWithTransactionalDdl();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

class SqliteAdapterWithTransactionalDdl extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

function handle(db: Db, dialect: DialectName): Omit<DatabaseHandle, "longReads"> {
  return {
    db,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/** Brings the schema up to date; throws (and the process stops) if a migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(handle.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    // Kysely's words for a database a newer build migrated: "corrupted migrations: previously
    // executed migration X is missing". Nothing is corrupted; this build is older than the data.
    // A refusal the operator acts on, printed alone as a bad setting is (no stack).
    const unknown = /previously executed migration (\S+) is missing/.exec(String(error));
    if (unknown) {
      throw new ConfigError(
        `This database was upgraded by a newer Sawdust (it has migration ${unknown[1]}, which this build does not know). Start the newer build, or restore a backup taken before the upgrade.`,
      );
    }
    throw error instanceof Error ? error : new Error(String(error));
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
