import { describe, expect, it } from "vitest";
import { formatResetDate, monthOf, nextResetOf } from "./usage-period.js";

describe("usage period", () => {
  it("is the UTC calendar month", () => {
    expect(monthOf(Date.UTC(2026, 10, 30, 23, 59))).toBe("2026-11");
    expect(monthOf(Date.UTC(2026, 11, 1, 0, 0))).toBe("2026-12");
  });
  it("resets on the first day of the next month, across a year end", () => {
    expect(nextResetOf(Date.UTC(2026, 10, 21)).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(nextResetOf(Date.UTC(2026, 11, 31, 23)).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(formatResetDate(nextResetOf(Date.UTC(2026, 11, 5)))).toBe("January 1, 2027");
  });
});
