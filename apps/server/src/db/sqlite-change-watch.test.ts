import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SQLITE_EVENTS_KEPT, SqliteChangeWatch } from "./sqlite-change-watch.js";
import { SQLite, type SQLiteDatabase } from "./sqlite-driver.js";

const POLL_MS = 10;
const settle = () => new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));

describe("SQLite: events between processes sharing the file", () => {
  let dir: string;
  const open: SQLiteDatabase[] = [];
  const watches: SqliteChangeWatch[] = [];
  const connect = () => {
    const db = new SQLite(join(dir, "shared.db"));
    db.pragma("journal_mode = WAL");
    open.push(db);
    return db;
  };
  /** Two connections to one file with migration 0019's table, each with its transport. */
  async function twoProcesses() {
    dir = mkdtempSync(join(tmpdir(), "sawdust-watch-"));
    const mine = connect();
    const other = connect();
    mine.exec("create table t (n integer)");
    mine.exec(
      "create table bus_events (id integer primary key autoincrement, payload text not null)",
    );
    const heard = { messages: [] as string[], missed: 0 };
    const watch = new SqliteChangeWatch(mine, POLL_MS);
    const theirs = new SqliteChangeWatch(other, POLL_MS);
    watches.push(watch, theirs);
    await watch.listen(
      "any",
      (payload) => heard.messages.push(payload),
      () => heard.missed++,
    );
    return { mine, other, watch, theirs, heard };
  }
  afterEach(async () => {
    for (const watch of watches.splice(0)) await watch.close();
    for (const db of open.splice(0)) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("hands over each event another process announced, once and in order", async () => {
    const { watch, theirs, heard } = await twoProcesses();
    await theirs.publish("any", "first");
    await theirs.publish("any", "second");
    await settle();
    expect(heard).toEqual({ messages: ["first", "second"], missed: 0 });
    await settle();
    expect(heard.messages).toEqual(["first", "second"]);

    await watch.close();
    await theirs.publish("any", "after close");
    await settle();
    expect(heard.messages).toEqual(["first", "second"]);
  });

  it("keeps quiet for another process's commits that announce nothing (a heartbeat)", async () => {
    const { other, heard } = await twoProcesses();
    other.prepare("insert into t values (1)").run();
    other.transaction(() => {
      other.prepare("insert into t values (2)").run();
      other.prepare("insert into t values (3)").run();
    })();
    await settle();
    expect(heard).toEqual({ messages: [], missed: 0 });
  });

  it("hands over its own events too when another commit comes (the bus leaves them out)", async () => {
    const { watch, other, heard } = await twoProcesses();
    await watch.publish("any", "mine");
    await settle();
    // This connection's own commit does not move its data_version.
    expect(heard.messages).toEqual([]);
    other.prepare("insert into t values (1)").run();
    await settle();
    expect(heard.messages).toEqual(["mine"]);
  });

  it("says it may have missed events when rows it never read were trimmed", async () => {
    const { theirs, heard } = await twoProcesses();
    // One burst between two looks (the awaits yield to no timer): more than are kept.
    for (let i = 1; i <= SQLITE_EVENTS_KEPT + 2; i++) await theirs.publish("any", `e${i}`);
    const count = open[1]?.prepare("select count(*) from bus_events").pluck().get();
    expect(count).toBe(SQLITE_EVENTS_KEPT);
    await settle();
    expect(heard.missed).toBe(1);
    expect(heard.messages.length).toBe(SQLITE_EVENTS_KEPT);
    expect(heard.messages[0]).toBe("e3");
  });

  it("stops by itself when the database is closed before the bus", async () => {
    dir = mkdtempSync(join(tmpdir(), "sawdust-watch-"));
    const db = new SQLite(join(dir, "shared.db"));
    db.exec(
      "create table bus_events (id integer primary key autoincrement, payload text not null)",
    );
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
