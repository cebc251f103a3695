import { BILLING_RULES, MESSAGES, paths, type WebhookAck } from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import { badRequest } from "../../lib/errors.js";
import { inUtcWords, mailTemplates } from "../mail/mail-templates.js";
import type {
  BillingRepo,
  PaymentRecord,
  ProviderSubscriptionRow,
  StoredSubscriptionState,
} from "./billing.repo.js";
import {
  expiryOf,
  InvalidWebhookSignature,
  isLiveSubscription,
  isNotPro,
  type OneOffPaymentHandler,
  type PaymentProvider,
  type ProviderSubscription,
  type WebhookEvent,
} from "./payment-provider.js";

/**
 * The events Sawdust acts on (an allow-list, as dub's handler keeps): every one of them is about
 * a subscription, which is re-read from the provider. Anything else is acknowledged and ignored,
 * and not recorded (there is nothing of it to dedupe).
 */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
  // A one-off payment's refund, or its dispute's end (an edition's): the one-off payment
  // handler's. A lost dispute gives the money back as a refund does.
  "charge.refunded",
  "charge.dispute.closed",
]);

/** The events that say an invoice was paid: each records the payment (once per invoice). */
const PAYMENT_EVENTS: ReadonlySet<string> = new Set(["invoice.paid", "invoice.payment_succeeded"]);

/**
 * Payment provider webhooks (design section 6), the one handler for Stripe's deliveries and the
 * sandbox's. A delivery is verified against its raw bytes; the subscription it is about is read
 * again from the provider (events arrive in no particular order, and at least once) and stored,
 * keyed on the provider's id, in the same transaction that records the event id, so a redelivery
 * changes nothing. Deliveries about one subscription are applied one at a time, each reading the
 * provider after the one before it was stored: in this process, and on PostgreSQL across every
 * process on the database (BillingRepo.serialised), so a slow re-read that started first can
 * never overwrite a newer one that another process made meanwhile.
 */
export class WebhooksService {
  constructor(
    private readonly deps: {
      provider: PaymentProvider;
      billing: BillingRepo;
      clock: Clock;
      log?: { warn(object: object, message: string): void };
      /** One-off payments (editions): their events go to it, deduplicated there. */
      oneOffPayments?: OneOffPaymentHandler;
      /**
       * With these, a paid invoice queues the member's receipt (issue 22's mail), and a failed
       * renewal or the end of Pro the member's notice (renewalNoticeOf).
       */
      receipts?: { siteName: () => Promise<string>; publicUrl: string; onJobQueued: () => void };
    },
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookAck> {
    const event = this.verify(rawBody, signature);
    if (!HANDLED_EVENTS.has(event.type)) return { received: true, ignored: true };
    if (this.deps.oneOffPayments?.handles(event)) return this.deps.oneOffPayments.handle(event);
    if (event.type === "charge.refunded" || event.type === "charge.dispute.closed") {
      return { received: true, ignored: true };
    }
    const subscriptionId = subscriptionIdOf(event);
    const receivedAt = this.deps.clock.now();
    const record = { id: event.id, type: event.type, receivedAt };
    if (!subscriptionId) {
      // A one-off payment's checkout, say: nothing of Pro's to change.
      const outcome = await this.deps.billing.applyEvent(record, null);
      return { received: true, ignored: true, ...(outcome === "duplicate" && { duplicate: true }) };
    }
    // The re-read happens under the subscription's lock, after the previous delivery about it
    // committed, and its result is written before the next one reads.
    return this.deps.billing.serialised(`subscription:${subscriptionId}`, async (billing) => {
      // Cheap first look: a redelivery never costs a call to the provider.
      if (await billing.hasEvent(event.id)) return { received: true, duplicate: true };
      const retrieved = await this.deps.provider.retrieveSubscription(subscriptionId);
      if (retrieved && isNotPro(retrieved)) {
        return this.forgetNotPro(billing, record, subscriptionId, retrieved.customerId);
      }
      let subscription = retrieved;
      // Paid for an account deleted meanwhile (a checkout finished at the instant of deletion):
      // nobody can use or cancel it, so it ends now rather than bill a deleted account.
      const owner = subscription ? await this.ownerOf(billing, subscription) : null;
      if (subscription && owner !== null && isLiveSubscription(subscription.status)) {
        if (await billing.memberDeleted(owner)) {
          await this.deps.provider.cancelNow(subscription.id, { duringDelivery: true });
          this.deps.log?.warn(
            { eventId: event.id, subscriptionId, userId: owner },
            "a subscription started for a deleted account: cancelled at the provider",
          );
          const after = await this.deps.provider.retrieveSubscription(subscriptionId);
          subscription =
            after && !isNotPro(after) ? after : { ...subscription, status: "canceled" };
        }
      }
      const row = subscription ? await this.rowOf(billing, subscription, event) : null;
      if (subscription && !row) {
        this.deps.log?.warn(
          { eventId: event.id, subscriptionId, customerId: subscription.customerId },
          "a subscription event names no member of this site: recorded and ignored",
        );
      }
      const payment = row ? this.paymentOf(event, subscriptionId) : null;
      const receipt =
        row && payment
          ? await this.receiptFor(row, payment, paidPeriodEndOf(event.data.object))
          : undefined;
      const notices = row ? await this.noticesFor(row) : undefined;
      const outcome = await billing.applyEvent(record, row, payment, {
        ...(receipt && { receipt }),
        ...(notices && { notices }),
      });
      // A notice may have been queued (only a row past due or no longer live can owe one): an
      // idle worker here looks at once; waking it for nothing costs one empty claim.
      if ((receipt || notices) && outcome === "applied") this.deps.receipts?.onJobQueued();
      if (outcome === "duplicate") return { received: true, duplicate: true };
      return {
        received: true,
        ...(row === null || outcome === "no-user" ? { ignored: true } : {}),
      };
    });
  }

  /**
   * An event about a subscription to something other than Pro (another product of the same Stripe
   * account): acknowledged, so the provider stops sending it, and nothing of it kept — no tier, no
   * payment, no receipt, no revenue. A row stored for it (a Pro subscription since moved onto
   * another price at the provider) is removed in the same transaction, so it carries Pro no more.
   */
  private async forgetNotPro(
    billing: BillingRepo,
    record: { id: string; type: string; receivedAt: number },
    subscriptionId: string,
    customerId: string,
  ): Promise<WebhookAck> {
    const { outcome, removed } = await billing.applyNotProEvent(
      record,
      this.deps.provider.name,
      subscriptionId,
    );
    if (removed) {
      this.deps.log?.warn(
        { eventId: record.id, subscriptionId, customerId },
        "a stored subscription is on no Pro price at the provider now: removed, it carries Pro no more",
      );
    }
    return { received: true, ignored: true, ...(outcome === "duplicate" && { duplicate: true }) };
  }

  /**
   * The member's receipt for this payment of this subscription (none without `receipts`): the
   * plan is paid until the end of the period the invoice is for (`paidUntil`), else, when the
   * invoice names none, the subscription's current end. Renewals caught up together, or an
   * invoice's event delivered late, each name their own period (round 54: all said the last).
   */
  private async receiptFor(
    row: ProviderSubscriptionRow,
    payment: PaymentRecord,
    paidUntil: number | null,
  ) {
    const receipts = this.deps.receipts;
    if (!receipts) return undefined;
    const siteName = await receipts.siteName();
    const currency = payment.currency.toUpperCase();
    const amount =
      currency === "USD"
        ? `$${(payment.amount_cents / 100).toFixed(2)}`
        : `${(payment.amount_cents / 100).toFixed(2)} ${currency}`;
    const end = paidUntil ?? row.expiry_date;
    const until = end === null || end === undefined ? null : inUtcWords(Number(end));
    return (member: { username: string; email: string }) =>
      mailTemplates.proReceipt(member.email, siteName, {
        username: member.username,
        amount,
        cycle: row.billing_cycle === "yearly" ? "yearly" : "monthly",
        until,
        // Round 58: a receipt paid after a cancel at the period's end said it would renew.
        endsThen: Number(row.cancel_at_period_end) === 1,
        manageUrl: `${receipts.publicUrl}${paths.subscriptions.getHref()}`,
      });
  }

  /**
   * The member's notices for what this re-read of the subscription changed (none without
   * `receipts`): a renewal that failed, and Pro that ended (renewal notices). Decided inside the
   * event's transaction against the row it replaces, so each goes once per change, however often
   * or late the provider's events arrive.
   */
  private async noticesFor(row: ProviderSubscriptionRow) {
    const receipts = this.deps.receipts;
    // Only a row now past_due or no longer live can be news worth a mail.
    if (!receipts || (row.status !== "past_due" && isLiveSubscription(row.status))) {
      return undefined;
    }
    const siteName = await receipts.siteName();
    const planUrl = `${receipts.publicUrl}${paths.subscriptions.getHref()}`;
    return (before: StoredSubscriptionState, member: { username: string; email: string }) => {
      const notice = renewalNoticeOf(before, row);
      if (notice === null) return [];
      if (notice === "payment_failed") {
        return [
          mailTemplates.proPaymentFailed(member.email, siteName, {
            username: member.username,
            cycle: row.billing_cycle === "yearly" ? "yearly" : "monthly",
            proUntil: row.grace_until == null ? null : inUtcWords(Number(row.grace_until)),
            manageUrl: planUrl,
          }),
        ];
      }
      return [
        mailTemplates.proEnded(member.email, siteName, {
          username: member.username,
          why: notice,
          endedOn: row.canceled_at == null ? null : inUtcWords(Number(row.canceled_at)),
          planUrl,
        }),
      ];
    };
  }

  private verify(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    try {
      return this.deps.provider.verifyWebhook(rawBody, signature);
    } catch (error) {
      // Verifying is local work over the bytes sent (no call leaves the process), so whatever it
      // throws is about them: a signed body that is not JSON, or not an event, is as unusable as
      // a bad signature.
      if (!(error instanceof InvalidWebhookSignature || error instanceof SyntaxError)) {
        this.deps.log?.warn({ err: error }, "a webhook delivery could not be read");
      }
      throw badRequest(MESSAGES.payments.invalidSignature, "invalid_signature");
    }
  }

  /** The member a subscription is for: its metadata, else its customer's. */
  private async ownerOf(billing: BillingRepo, subscription: ProviderSubscription) {
    return subscription.userId ?? (await billing.userIdOfCustomer(subscription.customerId));
  }

  /**
   * The subscription in Sawdust's columns, for its member: the one its metadata names, else the
   * owner of its customer. `expiry_date` is the end of what was paid for (`expiryOf`); the grace
   * runs from the failed renewal (the unpaid period's start) for BILLING_RULES.gracePeriodMs.
   */
  private async rowOf(
    billing: BillingRepo,
    subscription: ProviderSubscription,
    event: WebhookEvent,
  ): Promise<ProviderSubscriptionRow | null> {
    const userId = await this.ownerOf(billing, subscription);
    if (userId === null) return null;
    const failedAt = subscription.currentPeriodStart ?? event.created * 1000;
    return {
      user_id: userId,
      tier: "pro",
      status: subscription.status,
      billing_cycle: subscription.billingCycle,
      created_at: subscription.createdAt,
      expiry_date: expiryOf(subscription),
      provider: this.deps.provider.name,
      provider_subscription_id: subscription.id,
      provider_customer_id: subscription.customerId,
      price_cents: subscription.priceCents,
      cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
      current_period_start: subscription.currentPeriodStart,
      grace_until:
        subscription.status === "past_due" ? failedAt + BILLING_RULES.gracePeriodMs : null,
      updated_at: this.deps.clock.now(),
      // When it ended, as the provider says (its clock, as payments' times are: the sandbox's may
      // run ahead of this site's); else when this site learned it. The repository keeps the first.
      canceled_at:
        subscription.status === "canceled" ? (subscription.endedAt ?? this.deps.clock.now()) : null,
    };
  }

  /**
   * The money an invoice event says was received: the invoice's `amount_paid` in its currency's
   * smallest unit, paid at `status_transitions.paid_at` (Stripe) or, where the sender gives none
   * (the sandbox), when the event happened. Null for other events and for nothing paid.
   */
  private paymentOf(event: WebhookEvent, subscriptionId: string): PaymentRecord | null {
    if (!PAYMENT_EVENTS.has(event.type)) return null;
    const invoice = event.data.object;
    const amount = invoice.amount_paid;
    if (
      typeof invoice.id !== "string" ||
      !Number.isSafeInteger(amount) ||
      (amount as number) <= 0
    ) {
      return null;
    }
    const transitions = invoice.status_transitions as { paid_at?: unknown } | null | undefined;
    const paidAtSeconds =
      typeof transitions?.paid_at === "number" ? transitions.paid_at : event.created;
    return {
      provider: this.deps.provider.name,
      provider_invoice_id: invoice.id,
      provider_subscription_id: subscriptionId,
      amount_cents: amount as number,
      currency: typeof invoice.currency === "string" ? invoice.currency.toLowerCase() : "usd",
      paid_at: paidAtSeconds * 1000,
      created_at: this.deps.clock.now(),
    };
  }
}

/** Which notice a subscription's change from what was stored deserves. */
export type RenewalNotice =
  /** A renewal's payment failed: Pro holds through the grace unless the card is updated. */
  | "payment_failed"
  /** Pro ended because renewals went unpaid (the grace ran out, or the provider gave up). */
  | "ended_unpaid"
  /** Pro ended as the member's cancellation at the period's end took effect. */
  | "ended_cancelled"
  /** Pro ended otherwise (cancelled at once at the provider, paused). */
  | "ended";

/**
 * The notice a member is owed when a subscription stored as `before` is now as `after`, or null.
 * A failed renewal is news when a live subscription first turns past_due; the end of Pro when a
 * live one stops being live. A subscription the site never stored live (a checkout never paid,
 * one ended before its first event was applied) owes nothing, and neither does a change seen
 * already: the same state again (a redelivery, an older event re-read) says nothing new.
 */
export function renewalNoticeOf(
  before: StoredSubscriptionState,
  after: Pick<ProviderSubscriptionRow, "status" | "cancel_at_period_end">,
): RenewalNotice | null {
  if (before === null || !isLiveSubscription(before.status)) return null;
  if (after.status === "past_due") return before.status === "past_due" ? null : "payment_failed";
  if (isLiveSubscription(after.status)) return null;
  if (before.status === "past_due" || after.status === "unpaid") return "ended_unpaid";
  if (before.cancel_at_period_end === 1 || Number(after.cancel_at_period_end) === 1) {
    return "ended_cancelled";
  }
  return "ended";
}

/**
 * Which subscription an event is about: the object itself for `customer.subscription.*`, the
 * session's subscription for checkout, and for an invoice where API version 2026-10-28 puts it
 * (`parent.subscription_details.subscription`), or where older versions did.
 */
export function subscriptionIdOf(event: WebhookEvent): string | null {
  const object = event.data.object;
  if (event.type.startsWith("customer.subscription.")) return idOf(object);
  if (event.type.startsWith("checkout.session.")) return idOf(object.subscription);
  if (event.type.startsWith("invoice.")) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
  }
  return null;
}

/**
 * The end of the period an invoice paid for, in ms: the latest end of its lines' periods (Stripe's
 * invoice-level `period_end` looks back one period, so it is not read). Null when it lists none.
 */
export function paidPeriodEndOf(invoice: Record<string, unknown>): number | null {
  const lines = (invoice.lines as { data?: unknown } | null | undefined)?.data;
  if (!Array.isArray(lines)) return null;
  let end: number | null = null;
  for (const line of lines) {
    const lineEnd = (line as { period?: { end?: unknown } } | null)?.period?.end;
    if (typeof lineEnd === "number" && Number.isSafeInteger(lineEnd) && lineEnd > 0) {
      end = Math.max(end ?? 0, lineEnd);
    }
  }
  return end === null ? null : end * 1000;
}

/** An id, or an expanded object's id. */
function idOf(value: unknown): string | null {
  if (typeof value === "string" && value.length > 0) return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") {
    return (value as { id: string }).id;
  }
  return null;
}
