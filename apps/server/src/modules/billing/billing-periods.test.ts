import { describe, expect, it } from "vitest";
import { periodEndOf } from "./billing-periods.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("periodEndOf", () => {
  it.each([
    ["2026-11-21T12:00:00.000Z", "monthly", "2026-12-21T12:00:00.000Z"],
    ["2026-12-15T08:30:00.000Z", "monthly", "2027-01-15T08:30:00.000Z"],
    ["2027-01-31T00:00:00.000Z", "monthly", "2027-02-28T00:00:00.000Z"],
    ["2028-01-31T00:00:00.000Z", "monthly", "2028-02-29T00:00:00.000Z"],
    ["2026-11-21T12:00:00.000Z", "yearly", "2027-11-21T12:00:00.000Z"],
    ["2028-02-29T10:00:00.000Z", "yearly", "2029-02-28T10:00:00.000Z"],
  ] as const)("%s + %s → %s", (start, cycle, end) => {
    expect(iso(periodEndOf(at(start), cycle))).toBe(end);
  });

  it("keeps the first day's date through short months, as Stripe's billing anchor does", () => {
    const anchor = at("2027-01-31T10:00:00.000Z");
    const ends: string[] = [];
    for (let start = anchor, i = 0; i < 5; i++) {
      start = periodEndOf(start, "monthly", anchor);
      ends.push(iso(start));
    }
    expect(ends).toEqual([
      "2027-02-28T10:00:00.000Z",
      "2027-03-31T10:00:00.000Z",
      "2027-04-30T10:00:00.000Z",
      "2027-05-31T10:00:00.000Z",
      "2027-06-30T10:00:00.000Z",
    ]);
    const leap = at("2028-02-29T00:00:00.000Z");
    const years = [periodEndOf(leap, "yearly", leap)];
    for (let i = 0; i < 3; i++) years.push(periodEndOf(years[i] as number, "yearly", leap));
    expect(years.map(iso)).toEqual([
      "2029-02-28T00:00:00.000Z",
      "2030-02-28T00:00:00.000Z",
      "2031-02-28T00:00:00.000Z",
      "2032-02-29T00:00:00.000Z",
    ]);
  });
});
