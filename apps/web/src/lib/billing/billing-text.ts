import {
  type BillingCycle,
  formatCents,
  MESSAGES,
  PRO_PRICES_CENTS,
  type Subscription,
  type SubscriptionStatus,
} from "@sawdust/shared";
import { formatDate, formatTime } from "@/lib/date-time";

const MONTHS_PER_YEAR = 12;

/**
 * A deadline as 'MMM d, yyyy at HH:mm' in the viewer's time zone ('N/A' when absent): a grace
 * period ends at the hour its renewal failed, so the day alone read as "until that day's end"
 * (round 54: Pro had ended that morning).
 */
export function formatBillingDeadline(iso: string | null | undefined): string {
  const day = formatDate(iso);
  return day
    ? `${day} at ${formatTime(new Date(iso as string))}`
    : MESSAGES.subscriptions.notAvailable;
}

/** An ISO instant as 'MMM d, yyyy' in the viewer's time zone; 'N/A' when absent or unreadable. */
export function formatBillingDate(iso: string | null | undefined): string {
  return formatDate(iso) || MESSAGES.subscriptions.notAvailable;
}

/** Cents as a price ("$14.99"), the spec's rule: cents ÷ 100 with two decimals. */
export function formatPriceCents(cents: number): string {
  return `$${formatCents(cents)}`;
}

const REVENUE_FORMAT = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A money total with thousands separators ("$1,234.50"), for the admin's revenue figure. */
export function formatMoneyTotal(cents: number): string {
  return REVENUE_FORMAT.format(cents / 100);
}

const PERIOD: Record<BillingCycle, string> = { monthly: "month", yearly: "year" };

/** "$14.99 / month", "$119.88 / year". */
export function priceWithCycle(cents: number, cycle: BillingCycle): string {
  return `${formatPriceCents(cents)} / ${PERIOD[cycle]}`;
}

/** The word for a billing period: "month" or "year". */
export function periodOf(cycle: BillingCycle): string {
  return PERIOD[cycle];
}

/** "Monthly" or "Yearly". */
export function cycleLabel(cycle: BillingCycle): string {
  return MESSAGES.subscriptions.cycles[cycle];
}

/** What paying yearly saves against twelve monthly payments, in whole percent (33 at our prices). */
export function yearlySavingPercent(
  prices: Record<BillingCycle, number> = PRO_PRICES_CENTS,
): number {
  return Math.round((1 - prices.yearly / (MONTHS_PER_YEAR * prices.monthly)) * 100);
}

/** The yearly price spread over its months ("$9.99"). */
export function yearlyPerMonth(prices: Record<BillingCycle, number> = PRO_PRICES_CENTS): string {
  return formatPriceCents(Math.round(prices.yearly / MONTHS_PER_YEAR));
}

/** A provider status as a member reads it ("past_due" → "Past due"). */
export function statusLabel(status: SubscriptionStatus | string): string {
  const labels: Record<string, string> = MESSAGES.subscriptions.statuses;
  return labels[status] ?? status.replaceAll("_", " ");
}

/**
 * Statuses that mean the subscription has ended or failed for good: shown in the destructive
 * style (spec section 4: cancelled is destructive).
 */
export function isEndedStatus(status: SubscriptionStatus | string): boolean {
  return ["canceled", "cancelled", "unpaid", "incomplete_expired"].includes(status);
}

/** Statuses that need the member to act (a failed payment), shown in a warning style. */
export function needsAttention(status: SubscriptionStatus | string): boolean {
  return status === "past_due" || status === "incomplete";
}

/** 'Pro Plan' or 'Free Plan' (spec section 2). */
export function planName(isPro: boolean): string {
  return isPro ? MESSAGES.subscriptions.proPlan : MESSAGES.subscriptions.freePlan;
}

export type RenewalLine = { label: string; date: string };

/**
 * The billing card's date line: the next billing date while it renews, "Cancels on" after a cancel
 * at period end, "Ended on" once it is over.
 */
export function renewalLine(
  subscription: Pick<Subscription, "status" | "expiryDate" | "cancelAtPeriodEnd"> | null,
): RenewalLine {
  const m = MESSAGES.subscriptions;
  if (!subscription) return { label: m.nextBillingDate, date: m.notAvailable };
  const date = formatBillingDate(subscription.expiryDate);
  if (isEndedStatus(subscription.status)) return { label: m.endedOn, date };
  if (subscription.cancelAtPeriodEnd) return { label: m.cancelsOn, date };
  if (subscription.status === "past_due") return { label: m.paymentDue, date };
  return { label: m.nextBillingDate, date };
}

/**
 * A provider's address (checkout, billing portal) if it is one a browser may be sent to: http or
 * https only, so a bad answer can never run script in this page.
 */
export function safeExternalUrl(url: string | undefined | null, base?: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
