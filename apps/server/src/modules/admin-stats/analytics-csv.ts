import {
  type AnalyticsBucket,
  type AnalyticsSeries,
  DOWNLOAD_SIZE_NAMES,
  formatCents,
} from "@sawdust/shared";

/**
 * One series as CSV (RFC 4180, CRLF line ends): a header row, then a row per bucket, oldest
 * first. The first column, `date`, is the bucket's first day as an ISO date (YYYY-MM-DD; a
 * month's first day for the 12-month range). Every value is a plain number: nothing needs quoting.
 */
export function seriesCsv(series: AnalyticsSeries, buckets: readonly AnalyticsBucket[]): string {
  const { header, row } = COLUMNS[series];
  const lines = [
    ["date", ...header].join(","),
    ...buckets.map((b) => [b.start.slice(0, 10), ...row(b)].join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

const COLUMNS: Record<
  AnalyticsSeries,
  { header: string[]; row: (b: AnalyticsBucket) => Array<string | number> }
> = {
  views: { header: ["views"], row: (b) => [b.views] },
  downloads: {
    header: [...DOWNLOAD_SIZE_NAMES, "total"],
    row: (b) => [...DOWNLOAD_SIZE_NAMES.map((size) => b.downloads[size]), b.downloads.total],
  },
  bandwidth: { header: ["bytes"], row: (b) => [b.bandwidthBytes] },
  signups: { header: ["signups"], row: (b) => [b.signups] },
  subscriptions: {
    header: ["new", "cancelled"],
    row: (b) => [b.newSubscriptions, b.cancelledSubscriptions],
  },
  revenue: {
    header: ["revenue_cents", "revenue_usd"],
    row: (b) => [b.revenueCents, formatCents(b.revenueCents)],
  },
  editions: {
    header: [
      "one_of_one_cents",
      "limited_edition_cents",
      "open_edition_cents",
      "total_cents",
      "total_usd",
    ],
    row: (b) => {
      const r = b.editionRevenueCents;
      return [r.one_of_one, r.limited_edition, r.open_edition, r.total, formatCents(r.total)];
    },
  },
};

/** The file name a browser saves it as: `sawdust-views-30d-2026-11-21.csv`. */
export function csvFilename(series: AnalyticsSeries, range: string, now: number): string {
  return `sawdust-${series}-${range}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
