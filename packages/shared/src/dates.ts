let utcDayFormat: Intl.DateTimeFormat | undefined;

/**
 * An instant's calendar day in UTC as the site writes dates ('MMM d, yyyy': "Nov 30, 2026"), for
 * words the server writes (a certificate's revocation) and the pages' UTC days alike; "" when it
 * is not a time. A module of its own, made on first use: no visitor's page carries it.
 */
export function formatUtcDay(time: number): string {
  if (!Number.isFinite(time)) return "";
  utcDayFormat ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return utcDayFormat.format(time);
}
