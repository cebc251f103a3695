import { describe, expect, it } from "vitest";
import { periodEndOf } from "./billing-periods.js";

const at = (iso: string) => Date.parse(iso);

describe("periodEndOf", () => {
  it.each([
    ["2026-11-21T12:00:00.000Z", "monthly", "2026-12-21T12:00:00.000Z"],
    ["2026-12-15T08:30:00.000Z", "monthly", "2027-01-15T08:30:00.000Z"],
    ["2027-01-31T00:00:00.000Z", "monthly", "2027-02-28T00:00:00.000Z"],
    ["2028-01-31T00:00:00.000Z", "monthly", "2028-02-29T00:00:00.000Z"],
    ["2026-11-21T12:00:00.000Z", "yearly", "2027-11-21T12:00:00.000Z"],
    ["2028-02-29T10:00:00.000Z", "yearly", "2029-02-28T10:00:00.000Z"],
  ] as const)("%s + %s → %s", (start, cycle, end) => {
    expect(new Date(periodEndOf(at(start), cycle)).toISOString()).toBe(end);
  });
});
