import {
  type BillingCycle,
  type BillingProvider,
  PRO_PRICES_CENTS,
  type Subscription,
  type SubscriptionStatus,
  type Tier,
} from "@sawdust/shared";
import type { SubscriptionRow } from "../../db/schema.js";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * A subscription as the API shows it (shared `ZSubscription`). A row made by hand (no provider,
 * no price) reads as the site's provider at the configured price of its cycle.
 */
export function presentSubscription(
  row: SubscriptionRow,
  siteProvider: BillingProvider,
): Subscription {
  const billingCycle: BillingCycle = row.billing_cycle === "yearly" ? "yearly" : "monthly";
  return {
    id: row.id,
    tier: row.tier as Tier,
    status: row.status as SubscriptionStatus,
    billingCycle,
    createdAt: new Date(row.created_at).toISOString(),
    expiryDate: iso(row.expiry_date),
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    graceUntil: row.status === "past_due" ? iso(row.grace_until) : null,
    priceCents: row.price_cents ?? PRO_PRICES_CENTS[billingCycle],
    provider: (row.provider as BillingProvider | null) ?? siteProvider,
  };
}
