import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteChangeWatch } from "./sqlite-change-watch.js";
import { SQLite, type SQLiteDatabase } from "./sqlite-driver.js";

const POLL_MS = 10;
const settle = () => new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));

describe("SQLite: another process's commits", () => {
  let dir: string;
  const open: SQLiteDatabase[] = [];
  const watches: SqliteChangeWatch[] = [];
  const connect = () => {
    const db = new SQLite(join(dir, "shared.db"));
    db.pragma("journal_mode = WAL");
    open.push(db);
    return db;
  };
  afterEach(async () => {
    for (const watch of watches.splice(0)) await watch.close();
    for (const db of open.splice(0)) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("are heard as a resync, once per change; this connection's own commits are not", async () => {
    dir = mkdtempSync(join(tmpdir(), "sawdust-watch-"));
    const mine = connect();
    const other = connect();
    mine.exec("create table t (n integer)");
    const watch = new SqliteChangeWatch(mine, POLL_MS);
    watches.push(watch);
    let heard = 0;
    await watch.listen(
      "any",
      () => {},
      () => heard++,
    );

    mine.prepare("insert into t values (1)").run();
    await settle();
    expect(heard).toBe(0);

    other.prepare("insert into t values (2)").run();
    await settle();
    expect(heard).toBe(1);
    // Nothing new since: no second resync for the same commit.
    await settle();
    expect(heard).toBe(1);

    other.transaction(() => {
      other.prepare("insert into t values (3)").run();
      other.prepare("insert into t values (4)").run();
    })();
    await settle();
    expect(heard).toBe(2);

    await watch.close();
    other.prepare("insert into t values (5)").run();
    await settle();
    expect(heard).toBe(2);
  });

  it("stops by itself when the database is closed before the bus", async () => {
    dir = mkdtempSync(join(tmpdir(), "sawdust-watch-"));
    const db = new SQLite(join(dir, "shared.db"));
    const watch = new SqliteChangeWatch(db, POLL_MS);
    watches.push(watch);
    await watch.listen(
      "any",
      () => {},
      () => {
        throw new Error("no change was made");
      },
    );
    db.close();
    await settle();
  });
});
