import { describe, expect, it } from "vitest";
import {
  bucketKeyOfDay,
  dayOfIndex,
  emptyBuckets,
  planRange,
  sumBuckets,
} from "./analytics-buckets.js";
import { csvFilename, seriesCsv } from "./analytics-csv.js";

const NOW = Date.UTC(2026, 0, 3, 23, 59, 59, 999); // the last millisecond of 3 January 2026

describe("analytics ranges", () => {
  it("7d is today and the six UTC days before it, across a year's end", () => {
    const plan = planRange("7d", NOW);
    expect(plan.unit).toBe("day");
    expect(plan.buckets.map((b) => b.key)).toEqual([
      "2025-12-28",
      "2025-12-29",
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
    ]);
    expect(plan.window).toEqual({
      fromMs: Date.UTC(2025, 11, 28),
      toMs: Date.UTC(2026, 0, 4),
      fromDay: "2025-12-28",
      toDayExclusive: "2026-01-04",
    });
  });

  it("30d has thirty days ending today", () => {
    const plan = planRange("30d", NOW);
    expect(plan.buckets).toHaveLength(30);
    expect(plan.buckets[0]?.key).toBe("2025-12-05");
    expect(plan.buckets.at(-1)?.key).toBe("2026-01-03");
  });

  it("12m is this UTC month and the eleven before it", () => {
    const plan = planRange("12m", NOW);
    expect(plan.unit).toBe("month");
    expect(plan.buckets.map((b) => b.key)).toEqual([
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
    expect(plan.window.fromDay).toBe("2025-02-01");
    expect(plan.window.toDayExclusive).toBe("2026-02-01");
    expect(plan.window.toMs).toBe(Date.UTC(2026, 1, 1));
  });

  it("puts a day in its bucket", () => {
    expect(dayOfIndex(Math.floor(NOW / 86_400_000))).toBe("2026-01-03");
    expect(bucketKeyOfDay("2026-01-03", "day")).toBe("2026-01-03");
    expect(bucketKeyOfDay("2026-01-03", "month")).toBe("2026-01");
  });

  it("adds every figure up", () => {
    const buckets = emptyBuckets(planRange("7d", NOW));
    (buckets[0] as (typeof buckets)[0]).views = 2;
    (buckets[6] as (typeof buckets)[0]).views = 3;
    (buckets[6] as (typeof buckets)[0]).downloads.hd = 4;
    (buckets[6] as (typeof buckets)[0]).downloads.total = 4;
    (buckets[3] as (typeof buckets)[0]).revenueCents = 1499;
    const totals = sumBuckets(buckets);
    expect(totals.views).toBe(5);
    expect(totals.downloads).toEqual({
      preview: 0,
      basic: 0,
      hd: 4,
      xlarge: 0,
      ultra: 0,
      total: 4,
    });
    expect(totals.revenueCents).toBe(1499);
  });
});

describe("analytics CSV", () => {
  it("has a header row and an ISO date per row", () => {
    const buckets = emptyBuckets(planRange("12m", NOW)).slice(-2);
    (buckets[1] as (typeof buckets)[0]).revenueCents = 13487;
    expect(seriesCsv("revenue", buckets)).toBe(
      "date,revenue_cents,revenue_usd\r\n2025-12-01,0,0.00\r\n2026-01-01,13487,134.87\r\n",
    );
    expect(seriesCsv("downloads", buckets).split("\r\n")[0]).toBe(
      "date,preview,basic,hd,xlarge,ultra,total",
    );
    expect(csvFilename("views", "30d", NOW)).toBe("sawdust-views-30d-2026-01-03.csv");
  });
});
