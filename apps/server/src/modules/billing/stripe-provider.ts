import {
  type BillingCycle,
  MESSAGES,
  PRO_PRICES_CENTS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from "@sawdust/shared";
import Stripe from "stripe";
import type { Config } from "../../config.js";
import { AppError } from "../../lib/errors.js";
import {
  blocksCheckout,
  InvalidWebhookSignature,
  type NewCustomer,
  type NotProSubscription,
  PAYMENT_SESSION_GRACE_MS,
  type PaymentCheckoutInput,
  type PaymentProvider,
  type ProviderSubscription,
  type WebhookEvent,
} from "./payment-provider.js";

export type StripeSettings = NonNullable<Config["stripe"]>;

/** Where the SDK sends its API calls: api.stripe.com unless a test points it at a loopback fake. */
export interface StripeTransport {
  host: string;
  port: number;
  protocol: "http" | "https";
}

/** Stripe's own window for a webhook's `Stripe-Signature` timestamp (design section 6). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * A webhook re-reads the subscription while Stripe waits for the answer: one or two quick retries
 * ride out a dropped connection or a 5xx (POSTs carry the SDK's idempotency key, so a retried
 * create never makes two customers), and a short timeout keeps the whole re-read well inside
 * Stripe's delivery timeout. A re-read that still fails answers 5xx and Stripe delivers again.
 */
const MAX_NETWORK_RETRIES = 2;
const REQUEST_TIMEOUT_MS = 10_000;

/** Stripe Checkout's shortest session. */
const STRIPE_MIN_SESSION_MS = 30 * 60 * 1000;

const KNOWN_STATUSES: ReadonlySet<string> = new Set(SUBSCRIPTION_STATUSES);

/** Where the provider reports Stripe's refusals and failures. */
export interface StripeProviderLog {
  error(object: object, message: string): void;
}

/**
 * Payments through Stripe: Checkout in subscription mode, the Customer Portal, signed webhooks.
 * Every call goes through `call`: what Stripe refuses or fails (an API key rotated away, a rate
 * limit, a request it finds invalid, an outage) is logged here with Stripe's words and request
 * id, and answered as a 502 with a message of Sawdust's, never Stripe's status and words: a
 * member is not told about the site's API key, and a webhook whose work failed answers 5xx, so
 * Stripe delivers it again.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;
  private proProductAsked: Promise<{ product: string; currency: string }> | undefined;

  constructor(
    private readonly settings: StripeSettings,
    private readonly publicUrl: string,
    /** api.stripe.com when undefined (a test points it at a loopback fake). */
    transport: StripeTransport | undefined,
    /** The process's log (services.ts gives it the server's or the worker's). */
    private readonly log: StripeProviderLog,
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      // Pinned: the mapping below reads this version's shapes (periods on the items).
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: MAX_NETWORK_RETRIES,
      timeout: REQUEST_TIMEOUT_MS,
      appInfo: { name: "Sawdust" },
      ...transport,
    });
  }

  async createCustomer(input: NewCustomer) {
    const customer = await this.call("customers.create", () =>
      this.stripe.customers.create(
        {
          email: input.email,
          name: input.username,
          metadata: { userId: String(input.userId) },
        },
        // Also the key of the SDK's own retries of this call.
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return customer.id;
  }

  createCheckout(input: Parameters<PaymentProvider["createCheckout"]>[0]) {
    return this.call("checkout.sessions.create", () => this.createCheckoutAtStripe(input));
  }

  private async createCheckoutAtStripe(input: Parameters<PaymentProvider["createCheckout"]>[0]) {
    const userId = String(input.userId);
    const session = await this.stripe.checkout.sessions.create({
      mode: "subscription",
      customer: input.customerId,
      line_items: [{ price: this.priceIdOf(input.billingCycle), quantity: 1 }],
      success_url: this.absolute(input.successUrl),
      cancel_url: this.absolute(input.cancelUrl),
      client_reference_id: userId,
      // When it was started, to the millisecond (Stripe's `created` is in seconds): the newest
      // open one is the one kept (keepNewestSubscriptionCheckout).
      metadata: { userId, startedAt: String(Date.now()) },
      subscription_data: { metadata: { userId } },
    });
    if (!session.url)
      throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    await this.keepNewestSubscriptionCheckout(input.customerId);
    return { id: session.id, url: session.url };
  }

  /**
   * One open checkout for Pro a customer at a time: one left open in another tab could otherwise
   * be paid as well, and Stripe would bill both subscriptions. Run after each new one is made, it
   * expires every open one but the newest (by the `startedAt` it carries, then id). Checkouts started at the
   * same instant all run it: the newest of all is never expired by any of them (each sees a
   * subset with it as its newest, or sees it not yet), and the last to list sees every other.
   */
  private async keepNewestSubscriptionCheckout(customerId: string): Promise<void> {
    const open = (await this.openSessions(customerId)).filter((s) => s.mode === "subscription");
    const startedAt = (session: Stripe.Checkout.Session) =>
      Number(session.metadata?.startedAt) || session.created * 1000;
    open.sort((a, b) => startedAt(b) - startedAt(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    await this.expireSessions(open.slice(1));
  }

  expireOpenCheckouts(customerId: string): Promise<void> {
    return this.call("checkout.sessions.expire", async () => {
      await this.expireSessions(await this.openSessions(customerId));
    });
  }

  expireCheckout(id: string): Promise<void> {
    return this.call("checkout.sessions.expire", () =>
      this.expireSessions([{ id } as Stripe.Checkout.Session]),
    );
  }

  /** The customer's checkout sessions still open, of both modes. */
  private async openSessions(customerId: string): Promise<Stripe.Checkout.Session[]> {
    const open: Stripe.Checkout.Session[] = [];
    for await (const session of this.stripe.checkout.sessions.list({
      customer: customerId,
      status: "open",
      limit: 100,
    })) {
      open.push(session);
    }
    return open;
  }

  private async expireSessions(sessions: Stripe.Checkout.Session[]): Promise<void> {
    for (const session of sessions) {
      try {
        await this.stripe.checkout.sessions.expire(session.id);
      } catch (error) {
        // Completed or expired since the list: nothing left to close.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    }
  }

  createPaymentCheckout(input: PaymentCheckoutInput) {
    return this.call("checkout.sessions.create", () => this.createPaymentCheckoutAtStripe(input));
  }

  private async createPaymentCheckoutAtStripe(input: PaymentCheckoutInput) {
    const session = await this.stripe.checkout.sessions.create({
      mode: "payment",
      customer: input.customerId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: input.amountCents,
            product_data: { name: input.productName },
          },
        },
      ],
      success_url: this.absolute(input.successUrl),
      cancel_url: this.absolute(input.cancelUrl),
      client_reference_id: String(input.userId),
      metadata: input.metadata,
      payment_intent_data: { metadata: input.metadata },
      // Stripe keeps a session at least 30 minutes; it outlives the hold by the grace.
      expires_at: Math.floor(
        (Date.now() +
          Math.max(input.expiresInMs, STRIPE_MIN_SESSION_MS) +
          PAYMENT_SESSION_GRACE_MS) /
          1000,
      ),
    });
    if (!session.url)
      throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  refund(paymentId: string, idempotencyKey: string): Promise<void> {
    return this.call("refunds.create", async () => {
      try {
        await this.stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
      } catch (error) {
        // Refunded already (by the dashboard, or an earlier call): nothing more to give back.
        if (
          error instanceof Stripe.errors.StripeError &&
          error.code === "charge_already_refunded"
        ) {
          return;
        }
        throw error;
      }
    });
  }

  async createPortal(input: { customerId: string; returnUrl: string }) {
    const session = await this.call("billingPortal.sessions.create", () =>
      this.stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: this.absolute(input.returnUrl),
      }),
    );
    return { url: session.url };
  }

  retrieveSubscription(id: string): Promise<ProviderSubscription | NotProSubscription | null> {
    return this.call("subscriptions.retrieve", async () => {
      try {
        const subscription = await this.stripe.subscriptions.retrieve(id, {
          expand: ["items.data.price"],
        });
        return this.toProviderSubscription(subscription);
      } catch (error) {
        if (isResourceMissing(error)) return null;
        throw error;
      }
    });
  }

  /**
   * Every subscription of the customer, whatever its status, read until one to Pro blocks
   * checkout (one to another product of the account never does).
   */
  hasOpenSubscription(customerId: string): Promise<boolean> {
    return this.call("subscriptions.list", async () => {
      for await (const subscription of this.stripe.subscriptions.list({
        customer: customerId,
        status: "all",
        limit: 100,
      })) {
        if (blocksCheckout(subscription.status) && (await this.proItemOf(subscription))) {
          return true;
        }
      }
      return false;
    });
  }

  cancelNow(id: string): Promise<void> {
    return this.call("subscriptions.cancel", async () => {
      try {
        await this.stripe.subscriptions.cancel(id);
      } catch (error) {
        // Already gone at Stripe: there is nothing left to bill.
        if (!isResourceMissing(error)) throw error;
      }
    });
  }

  /**
   * Runs calls to Stripe, answering what Stripe refused or failed as Sawdust's 502 after logging
   * it (the class's comment says why). A card declined is the member's own to fix and keeps
   * Stripe's words; what the caller handles on purpose (a refund made already, a subscription
   * gone) is caught inside `work`.
   */
  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (
        !(error instanceof Stripe.errors.StripeError) ||
        error instanceof Stripe.errors.StripeCardError
      ) {
        throw error;
      }
      this.log.error(
        {
          call: what,
          stripe: {
            message: error.message,
            requestId: error.requestId,
            status: error.statusCode,
            type: error.type,
            code: error.code,
          },
        },
        "a call to Stripe failed",
      );
      throw new AppError(502, MESSAGES.payments.providerUnavailable, "payment_provider_error");
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    if (!signature) throw new InvalidWebhookSignature("The Stripe-Signature header is missing");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new InvalidWebhookSignature(
        error instanceof Error ? error.message : "The webhook signature does not verify",
      );
    }
    const object: unknown = event?.data?.object;
    if (typeof event.id !== "string" || typeof event.type !== "string" || !isRecord(object)) {
      throw new InvalidWebhookSignature("The signed payload is not a Stripe event");
    }
    return { id: event.id, type: event.type, created: event.created, data: { object } };
  }

  private priceIdOf(cycle: BillingCycle): string {
    return cycle === "yearly" ? this.settings.priceYearly : this.settings.priceMonthly;
  }

  /**
   * Stripe wants absolute return addresses; a path is taken as one of ours. Joined as text, not
   * through `URL`, which would escape the `{CHECKOUT_SESSION_ID}` placeholder Stripe fills in.
   */
  private absolute(url: string): string {
    return url.startsWith("/") ? `${this.publicUrl.replace(/\/+$/, "")}${url}` : url;
  }

  /**
   * The subscription's item on a Pro price: one of the two configured (README: the ids of two
   * recurring prices of one Pro product), or another recurring price of that product — a price
   * the two replaced, which subscribers from before a change of price keep at Stripe. None: it is
   * a subscription to something else the account sells, which grants nothing, whatever its status.
   */
  private async proItemOf(
    subscription: Stripe.Subscription,
  ): Promise<Stripe.SubscriptionItem | undefined> {
    const items = subscription.items.data;
    const pro = [this.settings.priceMonthly, this.settings.priceYearly];
    const configured = items.find((item) => pro.includes(item.price.id));
    if (configured) return configured;
    // A plain price by the month or the year (the two a member can be shown and counted in
    // Monthly Revenue): not by the week or every 3 months, not metered, not tiered.
    const recurring = items.filter(
      ({ price }) =>
        price.unit_amount !== null &&
        price.recurring?.usage_type === "licensed" &&
        price.recurring.interval_count === 1 &&
        (price.recurring.interval === "month" || price.recurring.interval === "year"),
    );
    if (recurring.length === 0) return undefined;
    const { product, currency } = await this.proProduct();
    // In the configured prices' currency: what Monthly Revenue adds up is in one currency.
    return recurring.find(
      (item) => idOf(item.price.product) === product && item.price.currency === currency,
    );
  }

  /**
   * The Pro product and its currency, asked of Stripe once a process (from the monthly price)
   * when first needed; asked again after a failure (the webhook is then answered 5xx, and Stripe
   * delivers it again).
   */
  private proProduct(): Promise<{ product: string; currency: string }> {
    this.proProductAsked ??= this.stripe.prices.retrieve(this.settings.priceMonthly).then(
      (price) => ({ product: idOf(price.product), currency: price.currency }),
      (error: unknown) => {
        this.proProductAsked = undefined;
        throw error;
      },
    );
    return this.proProductAsked;
  }

  /**
   * Stripe's subscription in Sawdust's terms, read from its item on a Pro price (never from
   * another item: a subscription with none is not Pro). Since API version 2025-03-31 the billing
   * period lives on each item, not on the subscription.
   */
  private async toProviderSubscription(
    subscription: Stripe.Subscription,
  ): Promise<ProviderSubscription | NotProSubscription> {
    const customerId =
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
    const item = await this.proItemOf(subscription);
    if (!item) return { id: subscription.id, customerId, notPro: true };
    const billingCycle: BillingCycle =
      item.price.id === this.settings.priceYearly ||
      (item.price.id !== this.settings.priceMonthly && item.price.recurring?.interval === "year")
        ? "yearly"
        : "monthly";
    const userId = Number(subscription.metadata?.userId);
    return {
      id: subscription.id,
      customerId,
      userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
      status: toStatus(subscription.status),
      billingCycle,
      priceCents: item.price.unit_amount ?? PRO_PRICES_CENTS[billingCycle],
      currentPeriodStart: item.current_period_start * 1000,
      currentPeriodEnd: item.current_period_end * 1000,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      createdAt: subscription.created * 1000,
      endedAt: subscription.ended_at ? subscription.ended_at * 1000 : null,
    };
  }
}

/**
 * Stripe's status as Sawdust's. A status this code does not know yet grants nothing: it reads as
 * `incomplete` (free) until someone teaches the code what it means.
 */
function toStatus(status: string): SubscriptionStatus {
  return KNOWN_STATUSES.has(status) ? (status as SubscriptionStatus) : "incomplete";
}

/** An id Stripe gives either as it is or inside the object it names (when expanded). */
function idOf(ref: string | { id: string }): string {
  return typeof ref === "string" ? ref : ref.id;
}

function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === "resource_missing";
}

function isRecord(value: unknown): value is { [field: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
