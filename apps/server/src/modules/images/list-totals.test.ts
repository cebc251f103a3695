import { describe, expect, it } from "vitest";
import { ListTotals } from "./list-totals.js";

function clockAt(start: number) {
  const clock = { ms: start, now: () => clock.ms };
  return clock;
}

describe("ListTotals", () => {
  it("counts a filter once while it is fresh, again after the TTL", async () => {
    const clock = clockAt(0);
    const totals = new ListTotals(clock, 1000);
    let queries = 0;
    const count = async () => ++queries;

    expect(await totals.get("a", count)).toBe(1);
    clock.ms = 999;
    expect(await totals.get("a", count)).toBe(1);
    expect(await totals.get("b", count)).toBe(2);
    clock.ms = 1000;
    expect(await totals.get("a", count)).toBe(3);
  });

  it("forgets everything when this process changes the catalogue", async () => {
    const totals = new ListTotals(clockAt(0), 60_000);
    let queries = 0;
    const count = async () => ++queries;
    await totals.get("a", count);
    totals.invalidate();
    expect(await totals.get("a", count)).toBe(2);
  });

  it("shares one query between concurrent requests for the same filter", async () => {
    const totals = new ListTotals(clockAt(0), 60_000);
    let queries = 0;
    let finish: (n: number) => void = () => {};
    const count = () => {
      queries++;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const answers = Promise.all([totals.get("a", count), totals.get("a", count)]);
    finish(42);
    expect(await answers).toEqual([42, 42]);
    expect(queries).toBe(1);
  });

  it("does not keep a failed count", async () => {
    const totals = new ListTotals(clockAt(0), 60_000);
    await expect(totals.get("a", () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(await totals.get("a", async () => 7)).toBe(7);
  });
});
