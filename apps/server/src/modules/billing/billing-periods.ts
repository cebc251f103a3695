import type { BillingCycle } from "@sawdust/shared";

/**
 * The end of a billing period that starts at `start`: a calendar month or year later in UTC, the
 * day clamped to the month's length (31 January + 1 month = 28 or 29 February), as Stripe bills.
 */
export function periodEndOf(start: number, cycle: BillingCycle): number {
  const d = new Date(start);
  const months = cycle === "yearly" ? 12 : 1;
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}
