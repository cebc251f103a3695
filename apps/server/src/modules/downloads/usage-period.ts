/** The usage period is the calendar month in UTC (design section 4). */
export function monthOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 7);
}

/** The first instant of the next UTC month: when the free limits reset. */
export function nextResetOf(epochMs: number): Date {
  const d = new Date(epochMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

export function formatResetDate(date: Date): string {
  return date.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}
