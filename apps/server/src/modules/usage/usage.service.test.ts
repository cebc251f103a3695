import { describe, expect, it } from "vitest";
import { changePercent, previousMonthOf } from "./usage.service.js";

describe("usage figures", () => {
  it("finds the previous UTC month, across a year", () => {
    expect(previousMonthOf(Date.UTC(2026, 10, 21))).toBe("2026-10");
    expect(previousMonthOf(Date.UTC(2027, 0, 1, 0, 0))).toBe("2026-12");
    expect(previousMonthOf(Date.UTC(2026, 2, 31, 23, 59))).toBe("2026-02");
  });

  it("rounds the change to whole percent, halves away from zero, null without a base", () => {
    expect(changePercent(3, 2)).toBe(50);
    expect(changePercent(5, 8)).toBe(-38);
    expect(changePercent(11, 8)).toBe(38);
    expect(changePercent(0, 3)).toBe(-100);
    expect(changePercent(4, 4)).toBe(0);
    expect(Object.is(changePercent(999, 1000), 0)).toBe(true);
    expect(changePercent(4, 0)).toBeNull();
  });
});
