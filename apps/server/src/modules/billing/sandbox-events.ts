import { randomBytes } from "node:crypto";
import type {
  SandboxCheckoutRow,
  SandboxInvoiceRow,
  SandboxSubscriptionRow,
} from "../../db/schema.js";

/**
 * The sandbox's objects and events in Stripe's shapes (API version 2026-10-28: a subscription's
 * period on its item, an invoice's subscription under `parent.subscription_details`), carrying
 * what Stripe's carry of the fields Sawdust, or anyone reading the events, would look at.
 */

export const SANDBOX_API_VERSION = "2026-10-28.sandbox";

/** A Stripe-like id: the prefix, then random hex. */
export function sandboxId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(12).toString("hex")}`;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function metadataOf(userId: number) {
  return { userId: String(userId) };
}

function priceOf(cycle: string, amount: number) {
  return {
    id: `price_sbx_pro_${cycle}`,
    object: "price",
    currency: "usd",
    unit_amount: amount,
    recurring: { interval: cycle === "yearly" ? "year" : "month", interval_count: 1 },
  };
}

export function subscriptionObject(s: SandboxSubscriptionRow) {
  const cancelAtPeriodEnd = s.cancel_at_period_end === 1;
  return {
    id: s.provider_id,
    object: "subscription",
    customer: s.customer_id,
    status: s.status,
    created: seconds(s.created_at),
    cancel_at_period_end: cancelAtPeriodEnd,
    cancel_at: cancelAtPeriodEnd ? seconds(s.current_period_end) : null,
    ended_at: s.ended_at === null ? null : seconds(s.ended_at),
    livemode: false,
    metadata: metadataOf(s.user_id),
    items: {
      object: "list",
      data: [
        {
          id: `si_${s.provider_id}`,
          object: "subscription_item",
          quantity: 1,
          current_period_start: seconds(s.current_period_start),
          current_period_end: seconds(s.current_period_end),
          price: priceOf(s.billing_cycle, s.price_cents),
        },
      ],
    },
  };
}

export function invoiceObject(invoice: SandboxInvoiceRow, s: SandboxSubscriptionRow) {
  const paid = invoice.status === "paid";
  return {
    id: invoice.id,
    object: "invoice",
    customer: invoice.customer_id,
    status: invoice.status,
    currency: "usd",
    amount_due: invoice.amount_cents,
    amount_paid: paid ? invoice.amount_cents : 0,
    amount_remaining: paid ? 0 : invoice.amount_cents,
    billing_reason:
      invoice.period_start === s.created_at ? "subscription_create" : "subscription_cycle",
    created: seconds(invoice.created_at),
    period_start: seconds(invoice.period_start),
    period_end: seconds(invoice.period_end),
    // The period paid for, where Stripe says it: on the invoice's line for the subscription.
    lines: {
      object: "list",
      has_more: false,
      data: [
        {
          id: `il_${invoice.id}`,
          object: "line_item",
          amount: invoice.amount_cents,
          currency: "usd",
          period: { start: seconds(invoice.period_start), end: seconds(invoice.period_end) },
        },
      ],
    },
    livemode: false,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: s.provider_id, metadata: metadataOf(s.user_id) },
    },
  };
}

export function checkoutObject(c: SandboxCheckoutRow) {
  return {
    id: c.id,
    object: "checkout.session",
    mode: c.mode,
    status: c.status,
    payment_status: c.status === "complete" ? "paid" : "unpaid",
    customer: c.customer_id,
    subscription: c.subscription_id,
    payment_intent: c.payment_intent_id,
    client_reference_id: String(c.user_id),
    metadata: c.metadata
      ? (JSON.parse(c.metadata) as Record<string, string>)
      : metadataOf(c.user_id),
    amount_total: c.price_cents,
    currency: "usd",
    created: seconds(c.created_at),
    expires_at: seconds(c.expires_at),
    success_url: c.success_url,
    cancel_url: c.cancel_url,
    livemode: false,
  };
}

/** A one-off checkout's charge, refunded (the object of `charge.refunded`). */
export function refundedChargeObject(c: SandboxCheckoutRow) {
  return {
    id: `ch_${c.payment_intent_id}`,
    object: "charge",
    amount: c.price_cents,
    amount_refunded: c.price_cents,
    currency: "usd",
    customer: c.customer_id,
    payment_intent: c.payment_intent_id,
    paid: true,
    refunded: true,
    status: "succeeded",
    metadata: c.metadata ? (JSON.parse(c.metadata) as Record<string, string>) : {},
    livemode: false,
  };
}

/** An event row for the sandbox's log: Stripe's envelope around the object. */
export function eventRow(
  type: string,
  object: { id: string },
  at: number,
  previousAttributes?: Record<string, unknown>,
) {
  const id = sandboxId("evt");
  const payload = {
    id,
    object: "event",
    api_version: SANDBOX_API_VERSION,
    created: seconds(at),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object, ...(previousAttributes && { previous_attributes: previousAttributes }) },
  };
  return { event_id: id, type, payload: JSON.stringify(payload), created_at: at };
}
