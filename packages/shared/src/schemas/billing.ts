import { z } from "zod";
import { PRO_PRICES_CENTS, ROLES, TIERS } from "../constants.js";
import { ZImage } from "./images.js";
import { fromDigits, strictQuery, wholeNumber, zAdminPageLimit, zListCursor } from "./query.js";

/**
 * Billing's contract (spec sections 3 and 7 "Subscriptions", design sections 4 and 6): Pro
 * subscriptions through a payment provider, Stripe or the built-in sandbox, on one code path.
 * Times are ISO 8601 strings; money is integer cents (USD).
 */

export const BILLING_CYCLES = Object.keys(PRO_PRICES_CENTS) as (keyof typeof PRO_PRICES_CENTS)[];
export const ZBillingCycle = z.enum(["monthly", "yearly"], {
  error: "billingCycle must be monthly or yearly",
});

/** Statuses as the provider reports them (Stripe's names; the sandbox uses the same). */
export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

export const ZTier = z.enum(TIERS);

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The tier rule's constants (design section 4). A subscription carries Pro while `active` or
 * `trialing` until the end of its paid period, plus `renewalLeewayMs` when it is set to renew (the
 * renewal's webhook may land a little after the period ends; a cancel at period end ends on the
 * dot); while `past_due` for `gracePeriodMs` from the failed renewal; never otherwise.
 */
export const BILLING_RULES = {
  graceDays: 7,
  gracePeriodMs: 7 * DAY_MS,
  renewalLeewayMs: 48 * HOUR_MS,
  /** The sandbox's checkout and portal sessions last this long, like Stripe's checkout. */
  sandboxSessionMs: DAY_MS,
} as const;

/** The statuses that carry Pro until the paid period ends (past_due has its grace instead). */
export const PRO_STATUSES = ["active", "trialing"] as const;
export const ZBillingProvider = z.enum(["stripe", "sandbox"]);
export type BillingProvider = z.infer<typeof ZBillingProvider>;

/** POST /api/v1/subscriptions/create */
export const ZCreateSubscriptionBody = z.object({ billingCycle: ZBillingCycle });
export type CreateSubscriptionBody = z.infer<typeof ZCreateSubscriptionBody>;

/** The answer of create (a checkout address) and of portal (a billing portal address). */
export const ZRedirectUrl = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof ZRedirectUrl>;

/** One subscription as its member sees it. */
export const ZSubscription = z.object({
  id: z.number().int(),
  tier: ZTier,
  status: ZSubscriptionStatus,
  billingCycle: ZBillingCycle,
  createdAt: z.string(),
  /** The end of the paid period (the next billing date while it renews); null if not known. */
  expiryDate: z.string().nullable(),
  /** True after a cancel at period end: Pro until expiryDate, then free. */
  cancelAtPeriodEnd: z.boolean(),
  /** While past_due: Pro until this instant unless the card is updated (the grace period). */
  graceUntil: z.string().nullable(),
  /** What one billing cycle costs, in cents. */
  priceCents: z.number().int(),
  provider: ZBillingProvider,
});
export type Subscription = z.infer<typeof ZSubscription>;

/** GET /api/v1/subscriptions/current: the member's tier now and the subscription behind it. */
export const ZCurrentSubscription = z.object({
  tier: ZTier,
  /** Whether the tier carries Pro access now (the rule of design section 4). */
  isPro: z.boolean(),
  /** The member's latest subscription, whatever its status; null if they never had one. */
  subscription: ZSubscription.nullable(),
  /** Which provider takes payments on this site (the sandbox is labelled as such everywhere). */
  provider: ZBillingProvider,
});
export type CurrentSubscription = z.infer<typeof ZCurrentSubscription>;

/** POST /api/v1/billing/webhook: the acknowledgement the provider waits for. */
export const ZWebhookAck = z.object({
  received: z.literal(true),
  /** The event id was applied before: nothing changed. */
  duplicate: z.boolean().optional(),
  /** An event type (or object) Sawdust does not act on: acknowledged and left alone. */
  ignored: z.boolean().optional(),
});
export type WebhookAck = z.infer<typeof ZWebhookAck>;

/** GET /api/v1/admin/subscriptions (paged by `cursor`, newest first). */
export const ZAdminSubscriptionsQuery = strictQuery("the subscription list", {
  limit: zAdminPageLimit(),
  cursor: zListCursor(),
  status: ZSubscriptionStatus.optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminSubscriptionsQuery = z.infer<typeof ZAdminSubscriptionsQuery>;

export const ZAdminSubscription = ZSubscription.extend({
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
});
export type AdminSubscription = z.infer<typeof ZAdminSubscription>;

export const ZSubscriptionStats = z.object({
  /** Members with a subscription of any status. */
  totalSubscribers: z.number().int(),
  /** Subscriptions that carry Pro access now. */
  activePro: z.number().int(),
  /** Sum of the Pro subscriptions' real prices, a yearly one counted as a twelfth, in cents. */
  monthlyRevenueCents: z.number().int(),
});
export type SubscriptionStats = z.infer<typeof ZSubscriptionStats>;

export const ZAdminSubscriptionList = z.object({
  subscriptions: z.array(ZAdminSubscription),
  nextCursor: z.string().nullable(),
  stats: ZSubscriptionStats,
});
export type AdminSubscriptionList = z.infer<typeof ZAdminSubscriptionList>;

/** GET /api/v1/admin/subscribers (members with their subscription; paged and searchable). */
export const ZAdminSubscribersQuery = strictQuery("the subscriber list", {
  limit: zAdminPageLimit(),
  cursor: zListCursor(),
  /** Part of a username or email. */
  q: z.string().trim().max(100).optional(),
});
export type AdminSubscribersQuery = z.infer<typeof ZAdminSubscribersQuery>;

export const ZSubscriber = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES).or(z.string()),
  createdAt: z.string(),
  tier: ZTier,
  subscription: ZSubscription.nullable(),
  /** Downloads counted this UTC month. */
  monthlyDownloads: z.number().int(),
});
export type Subscriber = z.infer<typeof ZSubscriber>;

export const ZSubscriberList = z.object({
  subscribers: z.array(ZSubscriber),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type SubscriberList = z.infer<typeof ZSubscriberList>;

// ——— The built-in sandbox provider (no Stripe settings) ———

/** The sandbox's test cards (README and the checkout page list them). Spaces are ignored. */
export const SANDBOX_CARDS = {
  pays: {
    number: "4242 4242 4242 4242",
    behaviour: "Pays, and every renewal pays",
    oneOffBehaviour: "Pays",
  },
  declined: {
    number: "4000 0000 0000 0002",
    behaviour: "Declined at checkout",
    oneOffBehaviour: "Declined at checkout",
  },
  failsAtRenewal: {
    number: "4000 0000 0000 0341",
    behaviour: "Pays today; the first renewal is declined",
    // A one-off payment has no renewal.
    oneOffBehaviour: "Pays today (declined later only on a subscription)",
  },
} as const;

/** GET /api/v1/billing/sandbox/checkout/{sessionId}: what the sandbox checkout page shows. */
export const ZSandboxCheckout = z.object({
  id: z.string(),
  status: z.enum(["open", "complete", "expired"]),
  /** subscription: Pro; payment: a one-off purchase (an edition, issue 19). */
  mode: z.enum(["subscription", "payment"]),
  /** The Pro cycle; null for a one-off payment. */
  billingCycle: ZBillingCycle.nullable(),
  planName: z.string(),
  priceCents: z.number().int(),
  email: z.string(),
  expiresAt: z.string(),
  /** Where the page sends the member after paying, and when they give up. */
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type SandboxCheckout = z.infer<typeof ZSandboxCheckout>;

/** POST /api/v1/billing/sandbox/checkout/{sessionId}/pay */
export const ZSandboxPayBody = z.object({
  cardNumber: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "Enter a card number of 12 to 19 digits")),
  /** MM/YY, or MMYY as a phone's number pad (which has no "/") types it; stored as MM/YY. */
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/?\s*\d{2}$/, "Enter the expiry date as MM/YY")
    .transform((text) => {
      const digits = text.replace(/\D/g, "");
      return `${digits.slice(0, 2)}/${digits.slice(2)}`;
    }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Enter the 3 or 4 digit security code"),
  name: z.string().trim().max(100).optional(),
});
export type SandboxPayBody = z.infer<typeof ZSandboxPayBody>;

/** A sandbox invoice (the portal lists them). */
export const ZSandboxInvoice = z.object({
  id: z.string(),
  status: z.enum(["paid", "open", "void", "uncollectible"]),
  amountCents: z.number().int(),
  billingCycle: ZBillingCycle,
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
});
export type SandboxInvoice = z.infer<typeof ZSandboxInvoice>;

/** GET /api/v1/billing/sandbox/portal/{sessionId}: the sandbox billing portal. */
export const ZSandboxPortal = z.object({
  subscription: ZSubscription.nullable(),
  /** The card on file, last four digits. */
  cardLast4: z.string().nullable(),
  invoices: z.array(ZSandboxInvoice),
  returnUrl: z.string(),
  /** A switch of cycle asked for, taking effect at the next renewal; null when none. */
  pendingBillingCycle: ZBillingCycle.nullable(),
  /** The sandbox clock's time now. */
  now: z.string(),
});
export type SandboxPortal = z.infer<typeof ZSandboxPortal>;

/** POST /api/v1/billing/sandbox/portal/{sessionId} */
export const ZSandboxPortalAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("switch"), billingCycle: ZBillingCycle }),
  z.object({ action: z.literal("update_card"), cardNumber: ZSandboxPayBody.shape.cardNumber }),
]);
export type SandboxPortalAction = z.infer<typeof ZSandboxPortalAction>;

/** POST /api/v1/billing/sandbox/clock (admins, sandbox mode only): move the sandbox's time on. */
export const ZSandboxClockBody = z.object({
  /** Days to move on (fractions allowed), at most ten years. */
  days: z.number().positive().max(3660),
});
export const ZSandboxClock = z.object({
  now: z.string(),
  offsetMs: z.number(),
  /** Webhook events the advance delivered. */
  delivered: z.number().int(),
});
export type SandboxClock = z.infer<typeof ZSandboxClock>;

// ——— Pro perks ———

/** GET /api/v1/images/{id}/similar (Pro and admins): "More like this". */
export const SIMILAR_IMAGES = { defaultLimit: 8, maxLimit: 24 } as const;
export const ZSimilarImagesQuery = z.object({
  limit: fromDigits(
    wholeNumber("limit", { min: 1, max: SIMILAR_IMAGES.maxLimit, between: false }).default(
      SIMILAR_IMAGES.defaultLimit,
    ),
  ),
});
export type SimilarImagesQuery = z.infer<typeof ZSimilarImagesQuery>;
export const ZSimilarImages = z.object({
  /** Public images that share the most tags and the closest palette, as list entries. */
  images: z.array(ZImage),
});
export type SimilarImages = z.infer<typeof ZSimilarImages>;
