import type { BillingCycle } from "@sawdust/shared";

/**
 * The end of a billing period that starts at `start`: a calendar month or year later in UTC, as
 * Stripe bills. The day and time are the `anchor`'s (the subscription's first day; by default the
 * period's own start), the day clamped to the month's length: a subscription begun on 31 January
 * renews on 28 (or 29) February, then on 31 March, not on the 28th for ever after.
 */
export function periodEndOf(start: number, cycle: BillingCycle, anchor: number = start): number {
  const from = new Date(start);
  const day = new Date(anchor);
  const months = cycle === "yearly" ? 12 : 1;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(day.getUTCDate(), lastDay),
    day.getUTCHours(),
    day.getUTCMinutes(),
    day.getUTCSeconds(),
    day.getUTCMilliseconds(),
  );
}
