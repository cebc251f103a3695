import { MESSAGES } from "@sawdust/shared";

/** "2026-12-01" → "December 1, 2026", read in UTC as the usage period is. */
export function formatResetDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** This month's downloads against last month's, in words. */
export function monthOverMonthText(changePercent: number | null): string {
  if (changePercent === null) return MESSAGES.dashboard.noDownloadsLastMonth;
  if (changePercent === 0) return MESSAGES.dashboard.sameAsLastMonth;
  return MESSAGES.dashboard.changeFromLastMonth(changePercent);
}

/** How full a limited figure is, 0–100. */
export function percentUsed(used: number, limit: number): number {
  return limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
}
