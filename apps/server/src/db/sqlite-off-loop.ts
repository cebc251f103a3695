import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { PREPARED_STATEMENTS_KEPT } from "./prepared-once.js";
import type { Database } from "./schema.js";
import { SQLITE_MODULE_PATH } from "./sqlite-driver.js";

/**
 * The thread's code, run as a script (`eval`): one read-only connection to the database file,
 * each statement prepared once (PREPARED_STATEMENTS_KEPT at most), every message one statement
 * whose rows go back. WAL lets it read beside the app's writer; each statement sees what was
 * committed when it began.
 */
const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
// Kept by text, the least recently used dropped past workerData.kept (texts vary with the
// length of \`in (…)\` lists, as on the app's connection: prepared-once.ts).
const statements = new Map();
parentPort.on("message", ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = db.prepare(sql);
      if (statements.size >= workerData.kept) statements.delete(statements.keys().next().value);
    }
    statements.set(sql, statement);
    if (!statement.reader) throw new Error("this connection only reads");
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
`;

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

/**
 * Reads that may take long, on SQLite: better-sqlite3 answers on the thread that asks, so a read
 * of millions of rows (the admin analytics over a year of views) held every other request until
 * it ended. A Kysely whose statements run on a thread of their own, with a read-only connection
 * to the same file, and come back as promises; the event loop serves meanwhile. Statements run
 * one after another on that thread. Reads only: a write or a transaction throws.
 */
export function sqliteOffLoop(
  file: string,
  kept: number = PREPARED_STATEMENTS_KEPT,
): { db: Kysely<Database>; close(): Promise<void> } {
  let thread: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(e: Error): void }>();

  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    thread = undefined;
  };
  // Started on the first read, and again after it has stopped (an error that ended it).
  const started = () => {
    if (thread) return thread;
    const worker = new Worker(THREAD, {
      eval: true,
      workerData: { module: SQLITE_MODULE_PATH, file, kept },
    });
    worker.unref();
    worker.on("message", (answer: Answer) => {
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if (waiting.size === 0) worker.unref();
      if (answer.error) {
        pending.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      } else {
        pending.resolve(answer.rows ?? []);
      }
    });
    worker.on("error", failAll);
    worker.on("exit", (code) => {
      if (thread === worker) failAll(new Error(`the SQLite read thread stopped (exit ${code})`));
    });
    thread = worker;
    return worker;
  };

  const connection: DatabaseConnection = {
    executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve: (rows) => resolve({ rows: rows as R[] }), reject });
        const worker = started();
        // Kept alive while it owes an answer, and no longer.
        worker.ref();
        worker.postMessage({ id, sql: compiled.sql, parameters: compiled.parameters });
      });
    },
    // biome-ignore lint/correctness/useYield: streaming is not offered; it throws at once.
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error("the SQLite read thread does not stream");
    },
  };
  const noTransactions = async () => {
    throw new Error("the SQLite read thread only reads: no transactions");
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return {
    db: new Kysely<Database>({ dialect }),
    async close() {
      const worker = thread;
      thread = undefined;
      failAll(new Error("the database is closed"));
      await worker?.terminate();
    },
  };
}
