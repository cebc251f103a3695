import { MESSAGES, type Subscriber } from "@sawdust/shared";

/** 'PRO', 'PRO PLUS', or 'FREE' for a member who never subscribed (spec section 2). */
export function planLabel(subscriber: Pick<Subscriber, "subscription">): string {
  return subscriber.subscription
    ? subscriber.subscription.tier.replace("_", " ").toUpperCase()
    : MESSAGES.subscribers.freePlan;
}
