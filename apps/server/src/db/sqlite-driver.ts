import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split(".")[0]);

/**
 * better-sqlite3, in the line that suits this Node. On Node 22 and later: 13 (installed as
 * `better-sqlite3-napi`), built on Node-API and shipped prebuilt, so nothing is compiled; 12 aborts
 * the process on Node 24.19 and later whenever the garbage collector finalises a statement outside
 * JavaScript (its destructor asks Node for an environment that is not there). On Node 20, which
 * 13 does not support: 12, compiled at install. The API the app uses is the same in both.
 */
const MODULE = nodeMajor >= 22 ? "better-sqlite3-napi" : "better-sqlite3";
export const SQLite: typeof BetterSqlite3 = require(MODULE);
/** Where that module is, for a thread that opens its own connection (sqlite-off-loop.ts). */
export const SQLITE_MODULE_PATH = require.resolve(MODULE);
export type SQLiteDatabase = BetterSqlite3.Database;
