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
});
