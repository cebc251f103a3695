import type { BillingCycle, BillingProvider, SubscriptionStatus } from "@sawdust/shared";

/**
 * What Sawdust asks of a payment provider (design sections 4 and 6). Two implementations keep one
 * code path: `StripeProvider` (the `stripe` SDK, when STRIPE_SECRET_KEY is set) and
 * `SandboxProvider` (the built-in sandbox, the embedded default). Everything above this interface
 * — the subscriptions service, the webhook handler, the routes — is the same for both.
 */
export interface PaymentProvider {
  readonly name: BillingProvider;

  /**
   * Creates the provider's customer record for a member (called once; the id is kept). A call
   * repeated with the same `idempotencyKey` answers the customer the first one made (Stripe keeps
   * a key 24 hours).
   */
  createCustomer(input: NewCustomer): Promise<string>;

  /**
   * A hosted checkout for a Pro subscription of this cycle (Checkout in subscription mode). The
   * subscription the provider creates carries `userId` in its metadata.
   */
  createCheckout(input: {
    customerId: string;
    userId: number;
    billingCycle: BillingCycle;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;

  /**
   * A hosted checkout for a one-off payment (Checkout in payment mode): an edition, say. Its
   * `checkout.session.completed` event carries `metadata` back, and the payment's id as
   * `payment_intent`. The session lapses after `expiresInMs` (Stripe: at least 30 minutes).
   */
  createPaymentCheckout(input: PaymentCheckoutInput): Promise<{ id: string; url: string }>;

  /**
   * Refunds a payment in full (by its payment intent's id). Repeated with the same
   * `idempotencyKey`, or for a payment already refunded, it refunds nothing more. The provider
   * then sends `charge.refunded`.
   */
  refund(paymentId: string, idempotencyKey: string): Promise<void>;

  /** A billing portal session for Manage Billing. */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;

  /**
   * The subscription as the provider holds it now (webhooks re-read it rather than trusting the
   * order events arrive in); `NotProSubscription` when it is not a subscription to Pro; null when
   * the provider does not know it.
   */
  retrieveSubscription(id: string): Promise<ProviderSubscription | NotProSubscription | null>;

  /**
   * Whether the customer has a subscription to Pro at the provider that bills or may yet
   * (SUBSCRIPTION_STATUSES_BLOCKING_CHECKOUT): asked before a new checkout for Pro, since a paid
   * one's webhook may not have arrived yet, and a second checkout would bill twice. Their
   * subscriptions to anything else do not count.
   */
  hasOpenSubscription(customerId: string): Promise<boolean>;

  /**
   * Ends a subscription at once (an account being deleted). `duringDelivery`: asked by a webhook's
   * handler, so the cancellation's own event must not be waited for (the sandbox delivers it
   * after the delivery in hand, which is waiting for this call).
   */
  cancelNow(id: string, options?: { duringDelivery?: boolean }): Promise<void>;

  /**
   * Expires every checkout of the customer still open, of both modes (an account being deleted:
   * no page left open elsewhere can be paid for it afterwards).
   */
  expireOpenCheckouts(customerId: string): Promise<void>;

  /**
   * Expires one checkout if it is still open (a buyer's newer checkout for the same piece replaces
   * it: paid too, it would charge them twice). One already completed or expired is left alone.
   */
  expireCheckout(id: string): Promise<void>;

  /**
   * Checks a webhook delivery's `Stripe-Signature` header against the raw body (Stripe's scheme:
   * HMAC-SHA256 of `${t}.${body}`, 300 s tolerance) and parses it. Throws
   * `InvalidWebhookSignature` on a missing, bad or stale signature.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

/** The statuses in which a provider still bills a subscription. */
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due"] as const;

export function isLiveSubscription(status: string): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/**
 * The statuses in which a subscription at the provider refuses the member a new checkout for Pro:
 * those that bill, and those still waiting on a payment (`unpaid`, `incomplete`) that would.
 */
export const SUBSCRIPTION_STATUSES_BLOCKING_CHECKOUT = [
  ...LIVE_SUBSCRIPTION_STATUSES,
  "unpaid",
  "incomplete",
] as const;

export function blocksCheckout(status: string): boolean {
  return (SUBSCRIPTION_STATUSES_BLOCKING_CHECKOUT as readonly string[]).includes(status);
}

/**
 * How much longer a one-off checkout session lives than the hold it was made for: Stripe keeps a
 * session at least 30 minutes, and a payment in the last moments of a hold must still go through
 * (sold if it can be, else refunded) rather than fail at the provider.
 */
export const PAYMENT_SESSION_GRACE_MS = 60_000;

export interface PaymentCheckoutInput {
  customerId: string;
  userId: number;
  amountCents: number;
  productName: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  expiresInMs: number;
}

/**
 * A handler of one-off payments' webhook events (editions), which the webhook handler hands
 * such events to instead of treating them as a subscription's.
 */
export interface OneOffPaymentHandler {
  handles(event: WebhookEvent): boolean;
  handle(event: WebhookEvent): Promise<{ received: true; duplicate?: boolean; ignored?: boolean }>;
}

export interface NewCustomer {
  userId: number;
  email: string;
  username: string;
  idempotencyKey: string;
}

/** A subscription in the provider's terms, reduced to what Sawdust keeps. Times: epoch ms. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The member, from the subscription's metadata; null if it carries none. */
  userId: number | null;
  status: SubscriptionStatus;
  billingCycle: BillingCycle;
  /** One cycle's price, in cents. */
  priceCents: number;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  createdAt: number;
  /** When a canceled subscription ended (at its period's end, at once, or when retries ran out). */
  endedAt: number | null;
}

/**
 * A subscription the provider holds that is not to Pro: none of its items is on one of the site's
 * two Pro prices (the Stripe account also sells something else, a newsletter say). It grants
 * nothing and counts in no revenue: Sawdust keeps none of it.
 */
export interface NotProSubscription {
  id: string;
  customerId: string;
  notPro: true;
}

export function isNotPro(
  subscription: ProviderSubscription | NotProSubscription,
): subscription is NotProSubscription {
  return "notPro" in subscription;
}

/**
 * The end of what was paid for, the date a member's plan shows: while past_due or unpaid the new
 * period is not paid, so it is the period's start; once canceled, when it ended if that came
 * before the period's end (cancelled at once, or its failed renewal's retries ran out).
 */
export function expiryOf(
  s: Pick<ProviderSubscription, "status" | "currentPeriodStart" | "currentPeriodEnd" | "endedAt">,
): number | null {
  if (s.status === "past_due" || s.status === "unpaid") {
    return s.currentPeriodStart ?? s.currentPeriodEnd;
  }
  if (s.status === "canceled" && s.endedAt !== null && s.currentPeriodEnd !== null) {
    return Math.min(s.endedAt, s.currentPeriodEnd);
  }
  return s.currentPeriodEnd;
}

/** A verified webhook event: Stripe's envelope, of which Sawdust reads these fields. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** Epoch seconds, as Stripe sends it. */
  created: number;
  data: { object: { id?: string; object?: string; [field: string]: unknown } };
}

export class InvalidWebhookSignature extends Error {
  override name = "InvalidWebhookSignature";
}
