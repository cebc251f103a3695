import { describe, expect, it } from "vitest";
import { keepingPreparedOnce } from "./prepared-once.js";
import { SQLite } from "./sqlite-driver.js";

describe("statements kept by their SQL text", () => {
  it("compiles one shape once, keeps at most the bound, and drops the least recently used", () => {
    const db = keepingPreparedOnce(new SQLite(":memory:"), 3);
    const first = db.prepare("select ? as n");
    expect(db.prepare("select ? as n")).toBe(first);
    expect(first.get(1)).toEqual({ n: 1 });
    expect(db.prepare("select ? as n").get(2)).toEqual({ n: 2 });

    const second = db.prepare("select 2");
    db.prepare("select 3");
    db.prepare("select ? as n"); // used again: now the most recent
    db.prepare("select 4"); // full: "select 2", the least recently used, goes
    expect(db.size).toBe(3);
    expect(db.prepare("select ? as n")).toBe(first);
    expect(db.prepare("select 2")).not.toBe(second);
    expect(db.size).toBe(3);
    db.close();
  });

  it("makes the same row objects better-sqlite3 makes, for readers only", () => {
    const plain = new SQLite(":memory:");
    const db = keepingPreparedOnce(plain);
    plain.exec("create table t (id integer primary key, name text, blob blob, n real)");
    plain.prepare("insert into t (name, blob, n) values (?, ?, ?)").run("a", Buffer.from([1]), 1.5);
    plain.prepare("insert into t (name, blob, n) values (?, ?, ?)").run(null, null, null);
    const texts = [
      "select * from t order by id",
      'select id, name as id, n as "2", name as "with space", n as "1" from t order by id',
      "select id, 1 as x, name from t where id = ? order by id",
      "select * from t where id > 99",
    ];
    for (const text of texts) {
      const reference = plain.prepare(text);
      const params = text.includes("?") ? [1] : [];
      const rows = db.prepare(text).all(...params);
      expect(rows).toEqual(reference.all(...params));
      for (const [i, row] of rows.entries()) {
        const expected = reference.all(...params)[i] as object;
        expect(Object.keys(row as object)).toEqual(Object.keys(expected));
        expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      }
      expect(db.prepare(text).get(...params)).toEqual(reference.get(...params));
      expect([...db.prepare(text).iterate(...params)]).toEqual(reference.all(...params));
    }
    // A statement without rows runs as before; a column named __proto__ is left to better-sqlite3.
    expect(db.prepare("insert into t (name) values (?)").run("c").changes).toBe(1);
    expect(db.prepare('select 1 as "__proto__", 2 as b').get()).toEqual(
      plain.prepare('select 1 as "__proto__", 2 as b').get(),
    );
    db.close();
  });
});
