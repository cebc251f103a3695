import { MESSAGES, type Subscriber, type SubscriptionStatus } from "@sawdust/shared";

/**
 * The member's plan now (spec section 2): 'PRO', 'PRO PLUS', or 'FREE' when nothing carries Pro,
 * whether they never subscribed or their subscription has ended.
 */
export function planLabel(subscriber: Pick<Subscriber, "tier">): string {
  return subscriber.tier === "free"
    ? MESSAGES.subscribers.freePlan
    : subscriber.tier.replace("_", " ").toUpperCase();
}

/** Statuses after which a subscription neither bills nor can be taken up again. */
const ENDED_STATUSES: readonly SubscriptionStatus[] = ["canceled", "incomplete_expired"];

/**
 * The subscription status to show beside the plan, while it still matters: one carrying Pro, or
 * one that may yet bill (a payment outstanding after the grace, paused). None once it has ended,
 * and none for a member who never subscribed.
 */
export function shownStatus(
  subscriber: Pick<Subscriber, "subscription">,
): SubscriptionStatus | null {
  const status = subscriber.subscription?.status;
  return status === undefined || ENDED_STATUSES.includes(status) ? null : status;
}
