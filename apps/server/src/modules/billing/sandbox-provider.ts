import {
  BILLING_RULES,
  type BillingCycle,
  isAdmin,
  MESSAGES,
  type Member,
  PRO_PRICES_CENTS,
  type Principal,
  paths,
  SANDBOX_CARDS,
  type SandboxCheckout,
  type SandboxClock,
  type SandboxPayBody,
  type SandboxPortal,
  type SandboxPortalAction,
  type Subscription,
  type SubscriptionStatus,
} from "@sawdust/shared";
import Stripe from "stripe";
import type { SandboxCheckoutRow, SandboxSubscriptionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from "../../lib/errors.js";
import { KeyedLock } from "../../lib/keyed-lock.js";
import type { SettingsRepo } from "../settings/settings.repo.js";
import { periodEndOf } from "./billing-periods.js";
import {
  expiryOf,
  InvalidWebhookSignature,
  isLiveSubscription,
  type NewCustomer,
  PAYMENT_SESSION_GRACE_MS,
  type PaymentCheckoutInput,
  type PaymentProvider,
  type ProviderSubscription,
  type WebhookEvent,
} from "./payment-provider.js";
import type { SandboxRepo } from "./sandbox.repo.js";
import {
  checkoutObject,
  eventRow,
  invoiceObject,
  refundedChargeObject,
  sandboxId,
  subscriptionObject,
} from "./sandbox-events.js";

const m = MESSAGES.payments;

/** Settings keys: the clock's offset and the secret the sandbox signs its webhooks with. */
export const SANDBOX_SETTINGS = {
  clockOffset: "billing_sandbox_clock_offset_ms",
  webhookSecret: "billing_sandbox_webhook_secret",
} as const;

/** Stripe's window for a signature's timestamp, which the sandbox keeps too. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many invoices the portal lists. */
const PORTAL_INVOICES = 50;
/** How often the sandbox delivers again what it could not deliver (Stripe retries for days). */
const REDELIVERY_INTERVAL_MS = 60_000;
/** However far the clock moves, the periods it processes are bounded (120 years of months). */
const MAX_STEPS_PER_ADVANCE = 1440;

type CardKind = keyof typeof SANDBOX_CARDS;
const CARD_BY_NUMBER = new Map(
  (Object.entries(SANDBOX_CARDS) as Array<[CardKind, { number: string }]>).map(([kind, card]) => [
    card.number.replace(/\s/g, ""),
    kind,
  ]),
);

/** Where the sandbox's webhooks go: the same handler the webhook route calls. */
export type WebhookDelivery = (rawBody: Buffer, signature: string) => Promise<unknown>;

export interface SandboxOptions {
  repo: SandboxRepo;
  settings: SettingsRepo;
  /** The app's clock; the sandbox's own time runs ahead of it by an offset an admin can move. */
  clock: Clock;
  publicUrl: string;
  webhookSecret: string;
  deliver: WebhookDelivery;
  log?: { warn(object: object, message: string): void };
  /** The admin audit log: moving the clock is an admin action. */
  audit?: {
    record(
      actorId: number | null,
      action: string,
      subject: string,
      details?: Record<string, unknown>,
    ): Promise<void>;
  };
}

/**
 * The built-in payment provider when Stripe is not configured (design section 4): checkout and a
 * billing portal served by Sawdust's own pages (sandbox.routes.ts answers them), test cards,
 * renewals on a clock that can be moved on, and the same webhook events Stripe sends, signed as
 * Stripe signs them and delivered to the same handler. Its state lives in its own tables, as
 * Stripe's lives at Stripe; Sawdust's subscriptions learn of it only through the webhooks.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  private readonly deliveries = new KeyedLock();

  constructor(private readonly deps: SandboxOptions) {}

  /** The sandbox's time: the app's clock plus the offset in the settings (every process agrees). */
  async now(): Promise<number> {
    return this.deps.clock.now() + (await this.offset());
  }

  // ——— PaymentProvider ———

  async createCustomer(input: NewCustomer) {
    return this.deps.repo.insertCustomer({
      id: sandboxId("cus"),
      user_id: input.userId,
      email: input.email,
      name: input.username,
      card: null,
      card_last4: null,
      idempotency_key: input.idempotencyKey,
      created_at: await this.now(),
    });
  }

  async createCheckout(input: {
    customerId: string;
    userId: number;
    billingCycle: BillingCycle;
    successUrl: string;
    cancelUrl: string;
  }) {
    const now = await this.now();
    const id = sandboxId("cs");
    // One open checkout for Pro a customer at a time, as the Stripe provider keeps it.
    await this.deps.repo.insertOnlyOpenSubscriptionCheckout({
      id,
      customer_id: input.customerId,
      user_id: input.userId,
      billing_cycle: input.billingCycle,
      price_cents: PRO_PRICES_CENTS[input.billingCycle],
      status: "open",
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      subscription_id: null,
      created_at: now,
      expires_at: now + BILLING_RULES.sandboxSessionMs,
    });
    return { id, url: this.pageUrl("checkout", id) };
  }

  async createPaymentCheckout(input: PaymentCheckoutInput) {
    const now = await this.now();
    const id = sandboxId("cs");
    await this.deps.repo.insertCheckout({
      id,
      customer_id: input.customerId,
      user_id: input.userId,
      billing_cycle: "none",
      price_cents: input.amountCents,
      status: "open",
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      subscription_id: null,
      created_at: now,
      expires_at: now + input.expiresInMs + PAYMENT_SESSION_GRACE_MS,
      mode: "payment",
      product_name: input.productName,
      metadata: JSON.stringify(input.metadata),
    });
    return { id, url: this.pageUrl("checkout", id) };
  }

  /**
   * Refunds a one-off checkout's payment once, and writes its `charge.refunded`. The event goes
   * with the next delivery, started here but not waited for: a refund asked for while a delivery
   * is being handled (a payment declined by the webhook handler) must not wait on that delivery.
   */
  async refund(paymentId: string, _idempotencyKey: string): Promise<void> {
    const checkout = await this.deps.repo.findCheckoutByPayment(paymentId);
    if (!checkout) throw notFound(m.paymentNotFound, "payment_not_found");
    const now = await this.now();
    await this.deps.repo.transaction(async (repo) => {
      if (!(await repo.markRefunded(checkout.id, now))) return;
      await repo.insertEvents([
        eventRow("charge.refunded", refundedChargeObject({ ...checkout, refunded_at: now }), now),
      ]);
    });
    this.flushLater("a refund's event");
  }

  /**
   * Starts a delivery without waiting for it: for an event written while a delivery is being
   * handled, which waits for its caller (a flush under the `deliveries` lock).
   */
  private flushLater(what: string): void {
    this.flush().catch((error: unknown) => {
      this.deps.log?.warn({ err: error }, `the sandbox could not deliver ${what}`);
    });
  }

  async createPortal(input: { customerId: string; returnUrl: string }) {
    const customer = await this.deps.repo.findCustomer(input.customerId);
    if (!customer) throw notFound(m.noBillingAccount, "no_billing_account");
    const now = await this.now();
    const id = sandboxId("bps");
    await this.deps.repo.insertPortalSession({
      id,
      customer_id: customer.id,
      user_id: customer.user_id,
      return_url: input.returnUrl,
      created_at: now,
      expires_at: now + BILLING_RULES.sandboxSessionMs,
    });
    return { url: this.pageUrl("portal", id) };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const s = await this.deps.repo.findSubscription(id);
    return s ? providerSubscriptionOf(s) : null;
  }

  hasOpenSubscription(customerId: string): Promise<boolean> {
    return this.deps.repo.hasSubscriptionBlockingCheckout(customerId);
  }

  async expireOpenCheckouts(customerId: string): Promise<void> {
    await this.deps.repo.expireOpenCheckouts(customerId);
  }

  async expireCheckout(id: string): Promise<void> {
    await this.deps.repo.expireCheckout(id);
  }

  async cancelNow(id: string, options: { duringDelivery?: boolean } = {}): Promise<void> {
    const s = await this.deps.repo.findSubscription(id);
    if (!s || !isLiveSubscription(s.status)) return;
    const now = await this.now();
    await this.deps.repo.transaction(async (repo) => {
      const ended = { ...s, status: "canceled", ended_at: now, retry_until: null, updated_at: now };
      if (!(await repo.updateSubscription(s, ended))) return;
      await repo.settleOpenInvoices(s.provider_id, "uncollectible");
      await repo.insertEvents([
        eventRow("customer.subscription.deleted", subscriptionObject(ended), now),
      ]);
    });
    // From a webhook's handler, the flush delivering it waits for this call: waiting for the
    // next flush here would wait for that one (round 58: every later payment hung).
    if (options.duringDelivery) this.flushLater("a cancellation's event");
    else await this.flush();
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    if (!signature) throw new InvalidWebhookSignature("The Stripe-Signature header is missing");
    let event: {
      id?: unknown;
      type?: unknown;
      created?: unknown;
      data?: { object?: unknown };
    } | null;
    try {
      event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.deps.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        // The sandbox signs with the app's clock (not its own, moved one): the same time checks it.
        this.deps.clock.now(),
      );
    } catch (error) {
      if (error instanceof SyntaxError) throw error;
      throw new InvalidWebhookSignature(
        error instanceof Error ? error.message : "The webhook signature does not verify",
      );
    }
    const object = event?.data?.object;
    if (
      !event ||
      typeof event.id !== "string" ||
      typeof event.type !== "string" ||
      typeof event.created !== "number" ||
      typeof object !== "object" ||
      object === null ||
      Array.isArray(object)
    ) {
      throw new InvalidWebhookSignature("The signed payload is not an event");
    }
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      data: { object: object as WebhookEvent["data"]["object"] },
    };
  }

  // ——— The checkout page ———

  async checkout(id: string, viewer: Member): Promise<SandboxCheckout> {
    const now = await this.now();
    await this.deps.repo.expireCheckouts(now);
    const checkout = await this.ownCheckout(id, viewer);
    const customer = await this.deps.repo.findCustomer(checkout.customer_id);
    const payment = checkout.mode === "payment";
    return {
      id: checkout.id,
      status: checkout.status as SandboxCheckout["status"],
      mode: payment ? "payment" : "subscription",
      billingCycle: payment ? null : cycleOf(checkout.billing_cycle),
      planName: payment ? (checkout.product_name ?? "") : m.planName,
      priceCents: checkout.price_cents,
      email: customer?.email ?? "",
      expiresAt: new Date(checkout.expires_at).toISOString(),
      successUrl: successUrlOf(checkout),
      cancelUrl: checkout.cancel_url,
    };
  }

  /**
   * Pays a checkout with a test card: the subscription starts now with its first invoice paid,
   * and Stripe's events for it are delivered before this answers (so the member comes back to
   * Pro). A declined card creates nothing.
   */
  async pay(id: string, body: SandboxPayBody, viewer: Member): Promise<{ url: string }> {
    const now = await this.now();
    await this.deps.repo.expireCheckouts(now);
    const checkout = await this.ownCheckout(id, viewer);
    if (checkout.status === "complete") throw conflict(m.checkoutComplete, "checkout_complete");
    if (checkout.status !== "open") {
      const message = checkout.mode === "payment" ? m.editionCheckoutExpired : m.checkoutExpired;
      throw new AppError(410, message, "checkout_expired");
    }
    const card = chargeableCard(body.cardNumber, body.expiry, now);
    if (checkout.mode === "payment") return this.payOnce(checkout, now);
    const cycle = cycleOf(checkout.billing_cycle);
    const subscription: SandboxSubscriptionRow = {
      id: 0,
      provider_id: sandboxId("sub"),
      customer_id: checkout.customer_id,
      user_id: checkout.user_id,
      status: "active",
      billing_cycle: cycle,
      price_cents: checkout.price_cents,
      pending_billing_cycle: null,
      current_period_start: now,
      current_period_end: periodEndOf(now, cycle),
      cancel_at_period_end: 0,
      retry_until: null,
      ended_at: null,
      created_at: now,
      updated_at: now,
    };
    const invoice = {
      id: sandboxId("in"),
      subscription_id: subscription.provider_id,
      customer_id: checkout.customer_id,
      status: "paid",
      amount_cents: checkout.price_cents,
      billing_cycle: cycle,
      period_start: now,
      period_end: subscription.current_period_end,
      created_at: now,
    };
    await this.deps.repo.transaction(async (repo) => {
      // The card goes on the customer first: that write holds the customer's row (PostgreSQL)
      // until the commit, so two checkouts of one customer paid at once take turns, and the
      // second sees the first's subscription below (and, refused, writes nothing).
      await repo.setCustomerCard(checkout.customer_id, card.kind, card.last4);
      if (await repo.findLiveSubscriptionOf(checkout.customer_id)) {
        throw conflict(m.alreadySubscribed, "already_subscribed");
      }
      if (!(await repo.completeCheckout(checkout.id, subscription.provider_id, now))) {
        throw conflict(m.checkoutComplete, "checkout_complete");
      }
      const { id: _generated, ...values } = subscription;
      await repo.insertSubscription(values);
      await repo.insertInvoice(invoice);
      const completed = {
        ...checkout,
        status: "complete",
        subscription_id: subscription.provider_id,
      };
      await repo.insertEvents([
        eventRow("customer.subscription.created", subscriptionObject(subscription), now),
        eventRow("invoice.paid", invoiceObject(invoice, subscription), now),
        eventRow("checkout.session.completed", checkoutObject(completed), now),
      ]);
    });
    await this.flush();
    return { url: successUrlOf(checkout) };
  }

  /** Pays a one-off checkout: its `checkout.session.completed` is delivered before this answers. */
  private async payOnce(checkout: SandboxCheckoutRow, now: number): Promise<{ url: string }> {
    const paymentIntentId = sandboxId("pi");
    await this.deps.repo.transaction(async (repo) => {
      if (!(await repo.completePaymentCheckout(checkout.id, paymentIntentId, now))) {
        throw conflict(m.checkoutComplete, "checkout_complete");
      }
      // The card pays this once and is not put on file, as with Stripe: a subscription's renewals
      // stay on the card the member chose for it (round 58: an edition bought with another card
      // replaced it, and a renewal then failed, or a failing one was mended, unasked).
      const completed = { ...checkout, status: "complete", payment_intent_id: paymentIntentId };
      await repo.insertEvents([
        eventRow("checkout.session.completed", checkoutObject(completed), now),
      ]);
    });
    await this.flush();
    return { url: successUrlOf(checkout) };
  }

  // ——— The billing portal ———

  async portal(id: string, viewer: Member): Promise<SandboxPortal> {
    const session = await this.ownPortalSession(id, viewer);
    const { repo } = this.deps;
    const [customer, subscription, invoices, now] = await Promise.all([
      repo.findCustomer(session.customer_id),
      repo.findLatestSubscriptionOf(session.customer_id),
      repo.findInvoicesOf(session.customer_id, PORTAL_INVOICES),
      this.now(),
    ]);
    return {
      subscription: subscription ? presentSandboxSubscription(subscription) : null,
      cardLast4: customer?.card_last4 ?? null,
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        status: invoice.status as SandboxPortal["invoices"][number]["status"],
        amountCents: invoice.amount_cents,
        billingCycle: cycleOf(invoice.billing_cycle),
        periodStart: new Date(invoice.period_start).toISOString(),
        periodEnd: new Date(invoice.period_end).toISOString(),
        createdAt: new Date(invoice.created_at).toISOString(),
      })),
      returnUrl: session.return_url,
      pendingBillingCycle: subscription?.pending_billing_cycle
        ? cycleOf(subscription.pending_billing_cycle)
        : null,
      now: new Date(now).toISOString(),
    };
  }

  /**
   * What the portal lets a member do: cancel at period end (Pro until then), resume, switch
   * cycle from the next period, or put a new card on file (which pays an open invoice at once).
   */
  async portalAction(
    id: string,
    action: SandboxPortalAction,
    viewer: Member,
  ): Promise<SandboxPortal> {
    const session = await this.ownPortalSession(id, viewer);
    const now = await this.now();
    const { repo } = this.deps;
    if (action.action === "update_card") {
      const card = chargeableCard(action.cardNumber, null, now);
      await repo.transaction(async (trx) => {
        await trx.setCustomerCard(session.customer_id, card.kind, card.last4);
        const s = await trx.findLiveSubscriptionOf(session.customer_id);
        if (s?.status !== "past_due") return;
        const recovered = { ...s, status: "active", retry_until: null, updated_at: now };
        if (!(await trx.updateSubscription(s, recovered))) return;
        const paid = await trx.settleOpenInvoices(s.provider_id, "paid");
        await trx.insertEvents([
          ...paid.map((invoice) =>
            eventRow("invoice.paid", invoiceObject(invoice, recovered), now),
          ),
          eventRow("customer.subscription.updated", subscriptionObject(recovered), now, {
            status: s.status,
          }),
        ]);
      });
    } else {
      const s = await repo.findLiveSubscriptionOf(session.customer_id);
      if (!s) {
        const latest = await repo.findLatestSubscriptionOf(session.customer_id);
        throw conflict(latest ? m.subscriptionEnded : m.noSubscription, "no_live_subscription");
      }
      if (action.action === "switch") {
        const pending = action.billingCycle === s.billing_cycle ? null : action.billingCycle;
        await repo.updateSubscription(s, { pending_billing_cycle: pending, updated_at: now });
      } else {
        const cancel = action.action === "cancel" ? 1 : 0;
        if (cancel !== s.cancel_at_period_end) {
          const changed = { ...s, cancel_at_period_end: cancel, updated_at: now };
          await repo.transaction(async (trx) => {
            if (!(await trx.updateSubscription(s, changed))) return;
            await trx.insertEvents([
              eventRow("customer.subscription.updated", subscriptionObject(changed), now, {
                cancel_at_period_end: s.cancel_at_period_end === 1,
              }),
            ]);
          });
        }
      }
    }
    await this.flush();
    return this.portal(id, viewer);
  }

  // ——— The clock ———

  /**
   * Moves the sandbox's time on (admins; tests) and does what fell due meanwhile, in order: each
   * renewal (paid, or failed for the card that fails at renewal: past_due, retried until the grace
   * ends), each cancel at period end, each past_due whose retries ran out. Every step emits its
   * events, all delivered before this answers.
   */
  async advanceClock(days: number, viewer: Principal): Promise<SandboxClock> {
    if (viewer.kind !== "member") throw unauthorized(MESSAGES.auth.notSignedIn);
    if (!isAdmin(viewer)) throw forbidden(m.adminOnlyClock);
    const offsetBefore = await this.offset();
    const offsetMs = offsetBefore + Math.round(days * DAY_MS);
    await this.deps.settings.set(SANDBOX_SETTINGS.clockOffset, String(offsetMs));
    await this.deps.audit?.record(
      viewer.userId,
      "billing.sandbox_clock_advanced",
      "billing:sandbox",
      {
        days,
        before: { offsetMs: offsetBefore },
        after: { offsetMs },
      },
    );
    const now = this.deps.clock.now() + offsetMs;
    await this.processDueBy(now);
    const delivered = await this.flush();
    return { now: new Date(now).toISOString(), offsetMs, delivered };
  }

  /**
   * Does, in order, every step due by `now` (sandbox time): the clock's advance, and the
   * redelivery tick for steps that fall due as real time passes. Steps another process takes at
   * the same moment are done once (each is a conditional update of the row it read).
   */
  private async processDueBy(now: number): Promise<void> {
    await this.deps.repo.expireCheckouts(now);
    for (let step = 0; step < MAX_STEPS_PER_ADVANCE; step++) {
      const due = await this.deps.repo.findFirstDue(now);
      if (!due) break;
      await this.processDue(due);
    }
  }

  /** One due step of one subscription, at the moment it fell due. */
  private async processDue(s: SandboxSubscriptionRow): Promise<void> {
    const at =
      s.status === "past_due" ? (s.retry_until ?? s.current_period_end) : s.current_period_end;
    await this.deps.repo.transaction(async (repo) => {
      if (s.status === "past_due" || s.cancel_at_period_end === 1) {
        const ended = { ...s, status: "canceled", ended_at: at, retry_until: null, updated_at: at };
        if (!(await repo.updateSubscription(s, ended))) return;
        await repo.settleOpenInvoices(s.provider_id, "uncollectible");
        await repo.insertEvents([
          eventRow("customer.subscription.deleted", subscriptionObject(ended), at),
        ]);
        return;
      }
      const customer = await repo.findCustomer(s.customer_id);
      const cycle = cycleOf(s.pending_billing_cycle ?? s.billing_cycle);
      const fails = customer?.card === "failsAtRenewal" || !customer?.card;
      const renewed: SandboxSubscriptionRow = {
        ...s,
        status: fails ? "past_due" : "active",
        billing_cycle: cycle,
        price_cents: PRO_PRICES_CENTS[cycle],
        pending_billing_cycle: null,
        current_period_start: s.current_period_end,
        current_period_end: periodEndOf(s.current_period_end, cycle, s.created_at),
        retry_until: fails ? at + BILLING_RULES.gracePeriodMs : null,
        updated_at: at,
      };
      if (!(await repo.updateSubscription(s, renewed))) return;
      const invoice = {
        id: sandboxId("in"),
        subscription_id: s.provider_id,
        customer_id: s.customer_id,
        status: fails ? "open" : "paid",
        amount_cents: renewed.price_cents,
        billing_cycle: cycle,
        period_start: renewed.current_period_start,
        period_end: renewed.current_period_end,
        created_at: at,
      };
      await repo.insertInvoice(invoice);
      await repo.insertEvents([
        eventRow("customer.subscription.updated", subscriptionObject(renewed), at, {
          status: s.status,
          items: subscriptionObject(s).items,
        }),
        eventRow(
          fails ? "invoice.payment_failed" : "invoice.paid",
          invoiceObject(invoice, renewed),
          at,
        ),
      ]);
    });
  }

  // ——— Delivery ———

  /**
   * Delivers the events not delivered yet, oldest first, each signed afresh as Stripe signs:
   * `t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<body>")`. One that fails stays in the log and goes
   * with the next delivery (or startRedelivery's). Returns how many were delivered.
   */
  async flush(): Promise<number> {
    return this.deliveries.run("flush", async () => {
      let delivered = 0;
      const pending = await this.deps.repo.findUndelivered(10_000);
      for (const event of pending) {
        const signature = Stripe.webhooks.generateTestHeaderString({
          payload: event.payload,
          secret: this.deps.webhookSecret,
          timestamp: Math.floor(this.deps.clock.now() / 1000),
        });
        try {
          await this.deps.deliver(Buffer.from(event.payload), signature);
          await this.deps.repo.markDelivered(event.id, this.deps.clock.now());
          delivered += 1;
        } catch (error) {
          this.deps.log?.warn(
            { err: error, eventId: event.event_id, type: event.type },
            "a sandbox webhook delivery failed; it goes again with the next one",
          );
        }
      }
      return delivered;
    });
  }

  /**
   * Delivers what is still undelivered now and then every `intervalMs`, as Stripe retries a
   * delivery that failed: an event the sandbox wrote but whose delivery a crash cut short, or one
   * the handler refused, reaches Sawdust without waiting for the member's or an admin's next
   * action. Every process that takes webhooks runs it; a delivery two of them make at once is
   * applied once (the event id). `stop` waits for a delivery in flight.
   */
  startRedelivery(intervalMs = REDELIVERY_INTERVAL_MS): { stop(): Promise<void> } {
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = this.now()
        .then((now) => this.processDueBy(now))
        .then(() => this.flush())
        .catch((error: unknown) => {
          this.deps.log?.warn({ err: error }, "the sandbox could not bring its billing up to date");
        });
    };
    tick();
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await running;
      },
    };
  }

  // ——— Helpers ———

  private async offset(): Promise<number> {
    const value = Number(await this.deps.settings.get(SANDBOX_SETTINGS.clockOffset));
    return Number.isFinite(value) ? value : 0;
  }

  /** The web app's sandbox page for a session (its route, in the shared `paths`). */
  private pageUrl(kind: "checkout" | "portal", id: string): string {
    const route = kind === "checkout" ? paths.sandboxCheckout : paths.sandboxPortal;
    return `${this.deps.publicUrl.replace(/\/+$/, "")}${route.path.replace(":sessionId", id)}`;
  }

  private async ownCheckout(id: string, viewer: Member): Promise<SandboxCheckoutRow> {
    const checkout = await this.deps.repo.findCheckout(id);
    if (!checkout) throw notFound(m.checkoutNotFound, "checkout_not_found");
    if (checkout.user_id !== viewer.userId) throw forbidden(m.checkoutNotYours, "not_yours");
    return checkout;
  }

  private async ownPortalSession(id: string, viewer: Member) {
    const session = await this.deps.repo.findPortalSession(id);
    if (!session) throw notFound(m.portalNotFound, "portal_not_found");
    if (session.user_id !== viewer.userId) throw forbidden(m.portalNotYours, "not_yours");
    if (session.expires_at <= (await this.now())) {
      throw new AppError(410, m.portalExpired, "portal_expired");
    }
    return session;
  }
}

/** The sandbox's subscription as a provider reports one (what Stripe's retrieve gives). */
function providerSubscriptionOf(s: SandboxSubscriptionRow): ProviderSubscription {
  return {
    id: s.provider_id,
    customerId: s.customer_id,
    userId: s.user_id,
    status: s.status as SubscriptionStatus,
    billingCycle: cycleOf(s.billing_cycle),
    priceCents: s.price_cents,
    currentPeriodStart: s.current_period_start,
    currentPeriodEnd: s.current_period_end,
    cancelAtPeriodEnd: s.cancel_at_period_end === 1,
    createdAt: s.created_at,
    endedAt: s.ended_at,
  };
}

/** The sandbox's subscription in the API's terms (the portal shows the provider's own view). */
function presentSandboxSubscription(s: SandboxSubscriptionRow): Subscription {
  return {
    id: s.id,
    tier: "pro",
    status: s.status as SubscriptionStatus,
    billingCycle: cycleOf(s.billing_cycle),
    createdAt: new Date(s.created_at).toISOString(),
    expiryDate: new Date(expiryOf(providerSubscriptionOf(s)) as number).toISOString(),
    cancelAtPeriodEnd: s.cancel_at_period_end === 1,
    graceUntil:
      s.status === "past_due" && s.retry_until ? new Date(s.retry_until).toISOString() : null,
    priceCents: s.price_cents,
    provider: "sandbox",
  };
}

/**
 * Which test card this is, if it can be charged: the declined card is refused (402, as Stripe's
 * card errors are), and so is a card whose MM/YY expiry has passed; any other number is not one
 * of the sandbox's cards.
 */
function chargeableCard(
  cardNumber: string,
  expiry: string | null,
  now: number,
): { kind: CardKind; last4: string } {
  const kind = CARD_BY_NUMBER.get(cardNumber);
  if (!kind) {
    const cards = Object.values(SANDBOX_CARDS)
      .map((card) => card.number)
      .join(", ");
    throw badRequest(m.unknownCard(cards), "unknown_card");
  }
  if (kind === "declined") throw new AppError(402, m.cardDeclined, "card_declined");
  if (expiry) {
    const [month, year] = expiry.split("/").map((part) => Number(part.trim()));
    // Valid through the last moment of its month.
    if (Date.UTC(2000 + (year ?? 0), month ?? 0, 1) <= now) {
      throw new AppError(402, m.cardExpired, "expired_card");
    }
  }
  return { kind, last4: cardNumber.slice(-4) };
}

function cycleOf(value: string): BillingCycle {
  return value === "yearly" ? "yearly" : "monthly";
}

/** Where a paid checkout returns to, with the session's id filled in where asked, as Stripe does. */
function successUrlOf(checkout: Pick<SandboxCheckoutRow, "id" | "success_url">): string {
  return checkout.success_url.replaceAll("{CHECKOUT_SESSION_ID}", checkout.id);
}
