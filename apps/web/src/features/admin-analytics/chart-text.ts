import { formatShortDay } from "@/lib/date-time";

/** A bucket's name on an axis and in a table: "Nov 21" for a day, "Nov 2026" for a month (UTC). */
export function bucketLabel(key: string, unit: "day" | "month"): string {
  if (unit === "day") return formatShortDay(key);
  return new Date(`${key}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** One line (or set of bars) of a chart: its name and a value per bucket. */
export interface ChartLine {
  label: string;
  values: number[];
}

/**
 * What a chart shows, in a sentence, for those who do not see it: each line's total over the
 * range and its highest bucket.
 */
export function chartSummary(
  title: string,
  rangeLabel: string,
  labels: string[],
  lines: ChartLine[],
  format: (value: number) => string,
): string {
  const parts = lines.map((line) => {
    const total = line.values.reduce((sum, v) => sum + v, 0);
    if (total === 0) return `${line.label}: none`;
    let best = 0;
    line.values.forEach((v, i) => {
      if (v > (line.values[best] ?? 0)) best = i;
    });
    return `${line.label}: ${format(total)} in all, most on ${labels[best]} (${format(line.values[best] ?? 0)})`;
  });
  return `${title}, last ${rangeLabel}. ${parts.join(". ")}.`;
}
