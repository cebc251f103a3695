import { formatUtcDay } from "@sawdust/shared";

/**
 * The app's dates (spec section 2, "API keys": 'MMM d, yyyy', and with time 'HH:mm'), one way
 * everywhere: in the viewer's time zone for an instant, in UTC for a calendar day the server
 * names (a usage period's reset, an analytics bucket). Member and admin pages only: a page the
 * server renders for visitors would format in the server's zone and then differ on hydration.
 */
const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const UTC_SHORT_DAY = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const pad = (n: number) => String(n).padStart(2, "0");

function instantOf(iso: string | null | undefined): Date | undefined {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : undefined;
}

/** An instant as 'Nov 21, 2026'; "" when absent or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const date = instantOf(iso);
  return date ? DATE.format(date) : "";
}

/** An instant as 'Nov 21, 2026 14:05'; "" when absent or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = instantOf(iso);
  return date ? `${DATE.format(date)} ${formatTime(date)}` : "";
}

/** The time of day as 'HH:mm', or 'HH:mm:ss' with `seconds`. */
export function formatTime(date: Date, seconds = false): string {
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return seconds ? `${time}:${pad(date.getSeconds())}` : time;
}

/** A calendar day the server names ('2026-12-01', UTC) as 'Dec 1, 2026'; the text when unreadable. */
export function formatDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : formatUtcDay(time);
}

/**
 * A calendar day the server names ('2026-12-01', UTC) without its year, as 'Dec 1', where the
 * year is plain from around it (a usage sparkline, a chart's axis); the text when unreadable.
 */
export function formatShortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : UTC_SHORT_DAY.format(date);
}
