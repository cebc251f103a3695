import { describe, expect, it } from "vitest";
import { bucketLabel, chartSummary } from "./chart-text";

describe("chart text", () => {
  it("names days and months in UTC", () => {
    expect(bucketLabel("2026-11-01", "day")).toBe("Nov 1");
    expect(bucketLabel("2027-01", "month")).toBe("Jan 2027");
  });

  it("says each line's total and its highest bucket", () => {
    const summary = chartSummary(
      "Views per day",
      "7 days",
      ["Nov 1", "Nov 2", "Nov 3"],
      [
        { label: "Views", values: [2, 5, 1] },
        { label: "Cancelled", values: [0, 0, 0] },
      ],
      String,
    );
    expect(summary).toBe(
      "Views per day, last 7 days. Views: 8 in all, most on Nov 2 (5). Cancelled: none.",
    );
  });
});
