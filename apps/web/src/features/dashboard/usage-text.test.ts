import { MESSAGES } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { greeting, monthOverMonthText, percentUsed } from "./usage-text";

describe("usage text", () => {
  it("words the month-over-month change", () => {
    expect(monthOverMonthText(null)).toBe(MESSAGES.dashboard.noDownloadsLastMonth);
    expect(monthOverMonthText(50)).toBe("+50% from last month");
    expect(monthOverMonthText(-67)).toBe("-67% from last month");
    expect(monthOverMonthText(0)).toBe(MESSAGES.dashboard.sameAsLastMonth);
  });

  it("greets a member in their first day as new, and anyone after it as returning", () => {
    const now = Date.parse("2026-12-02T12:00:00Z");
    expect(greeting("Mira", "2026-12-02T11:59:00Z", now)).toBe("Welcome, Mira");
    expect(greeting("Mira", "2026-12-01T12:00:01Z", now)).toBe("Welcome, Mira");
    expect(greeting("Mira", "2026-12-01T11:59:59Z", now)).toBe("Welcome back, Mira");
    expect(greeting("Mira", "not a date", now)).toBe("Welcome back, Mira");
  });

  it("caps the bar at full", () => {
    expect(percentUsed(3, 10)).toBe(30);
    expect(percentUsed(12, 10)).toBe(100);
  });
});
