/**
 * Long SQLite reads on a thread of their own (sqlite-off-loop.ts): the same rows as the app's
 * connection, the event loop free while they run, reads only. Opens its own SQLite file, so it
 * runs once (vitest.config.ts, DATABASE_FREE).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "./schema.js";
import { SQLite } from "./sqlite-driver.js";
import { sqliteOffLoop } from "./sqlite-off-loop.js";

const dir = mkdtempSync(join(tmpdir(), "sawdust-off-loop-"));
const file = join(dir, "test.db");
const sqlite = new SQLite(file);
sqlite.pragma("journal_mode = WAL");
sqlite.exec("create table image_view_days (day text, image_id integer, views integer)");
const insert = sqlite.prepare("insert into image_view_days values (?, ?, ?)");
for (let i = 0; i < 200; i++) insert.run(`2026-11-${String(1 + (i % 28)).padStart(2, "0")}`, i, i);
const main = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
const offLoop = sqliteOffLoop(file);

/** Counts to `n` in SQL: a read that keeps SQLite busy for a while and touches no table. */
const slowCount = (n: number) =>
  sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n})
    select count(*) as n from c`;

/** Whether a 20 ms timer fired before the read had its answer. */
async function timerFiredDuring(read: () => Promise<unknown>): Promise<boolean> {
  let fired = false;
  const timer = setTimeout(() => (fired = true), 20);
  await read();
  const firedBefore = fired;
  clearTimeout(timer);
  return firedBefore;
}

afterAll(async () => {
  await offLoop.close();
  await main.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe("SQLite reads off the event loop", () => {
  it("gives the rows the app's own connection gives, parameters and all", async () => {
    const query = (db: Kysely<Database>) =>
      db
        .selectFrom("image_view_days")
        .select((eb) => ["day", eb.fn.sum<number>("views").as("views")])
        .where("day", ">=", "2026-11-10")
        .groupBy("day")
        .orderBy("day")
        .execute();
    const rows = await query(offLoop.db);
    expect(rows).toHaveLength(19);
    expect(rows).toEqual(await query(main));
  });

  it("sees what the app's connection committed since", async () => {
    insert.run("2026-12-01", 999, 7);
    const rows = await offLoop.db
      .selectFrom("image_view_days")
      .select("views")
      .where("image_id", "=", 999)
      .execute();
    expect(rows).toEqual([{ views: 7 }]);
  });

  it("leaves the event loop free while a long read runs (the app's connection does not)", async () => {
    const n = 3_000_000;
    expect(await timerFiredDuring(() => slowCount(n).execute(offLoop.db))).toBe(true);
    // The same read on the app's own connection holds the loop until it ends: what the thread
    // is for, and what makes this test able to fail.
    expect(await timerFiredDuring(() => slowCount(n).execute(main))).toBe(false);
    const [row] = (await slowCount(1000).execute(offLoop.db)).rows;
    expect(row?.n).toBe(1000);
  });

  it("only reads: a write or a transaction is refused, and the thread goes on answering", async () => {
    await expect(
      offLoop.db
        .insertInto("image_view_days")
        .values({ day: "x", image_id: 1, views: 1 })
        .execute(),
    ).rejects.toThrow(/only reads/);
    await expect(offLoop.db.transaction().execute(async () => undefined)).rejects.toThrow(
      /no transactions/,
    );
    await expect(sql`select * from no_such_table`.execute(offLoop.db)).rejects.toThrow(
      /no such table/,
    );
    const [row] = (await slowCount(3).execute(offLoop.db)).rows;
    expect(row?.n).toBe(3);
  });

  it("answers a statement its cache (of two, here) dropped, prepared again", async () => {
    const small = sqliteOffLoop(file, 2);
    try {
      const views = (id: number) =>
        small.db.selectFrom("image_view_days").select("views").where("image_id", "=", id);
      // Three texts through a cache of two: the first is dropped, then asked again.
      const texts = [
        () => views(7).execute(),
        () => views(8).limit(1).execute(),
        () => slowCount(5).execute(small.db),
      ];
      for (const text of [...texts, ...texts]) await text();
      expect(await views(7).execute()).toEqual([{ views: 7 }]);
      expect((await slowCount(5).execute(small.db)).rows).toEqual([{ n: 5 }]);
    } finally {
      await small.close();
    }
  });
});
