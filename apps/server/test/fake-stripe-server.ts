import { randomBytes } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import type { StripeSettings } from "../src/modules/billing/stripe-provider.js";

/**
 * A loopback server speaking Stripe's API protocol for exactly the calls `StripeProvider` makes:
 * form-encoded bodies in bracket notation, `Authorization: Bearer sk_test_…`, idempotency keys,
 * JSON objects shaped as API version 2026-10-28 shapes them (billing periods on the subscription
 * items), and Stripe's error bodies and statuses. State lives in memory; the test drives what
 * Stripe would do on its own (a customer paying, a renewal failing) through the controls below,
 * and delivers webhook events signed with the SDK's own `generateTestHeaderString`.
 *
 * Nothing here talks to anything but the process that started it: the checkout and portal URLs it
 * hands out point back at itself.
 */

export interface FakeStripePrice {
  id: string;
  unitAmount: number;
  interval: "week" | "month" | "year";
  /** The product it is a price of: Pro's unless given (another product the account sells). */
  product?: string;
  /** "usd" unless given. */
  currency?: string;
}

export interface FakeStripeOptions {
  /** The only API key it accepts. */
  secretKey: string;
  /** The secret its webhook deliveries are signed with. */
  webhookSecret: string;
  prices: FakeStripePrice[];
  /** Stripe's clock, epoch ms (the checkout's period starts "now"). */
  now?: () => number;
}

/** One API request as the fake received it, body and query decoded from bracket notation. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  status: number;
  /** The `Request-Id` it answered with (what Stripe's errors name). */
  requestId: string;
}

type Json = Record<string, unknown>;

interface CheckoutSessionState {
  id: string;
  customer: string;
  /** Subscription mode: the price. Payment mode: none (the line carries its own price_data). */
  priceId: string;
  mode: "subscription" | "payment";
  /** Payment mode: the line's amount, and the payment intent once paid. */
  amountTotal: number;
  paymentIntent: string | null;
  paymentIntentMetadata: Record<string, string>;
  status: "open" | "complete" | "expired";
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  subscription: string | null;
  created: number;
}

interface SubscriptionState {
  id: string;
  itemId: string;
  customer: string;
  priceId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Epoch seconds, as Stripe keeps them. */
  periodStart: number;
  periodEnd: number;
  created: number;
  canceledAt: number | null;
  endedAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string;
}

/** A one-off payment (Checkout in payment mode), and whether it was refunded. */
interface PaymentState {
  id: string;
  chargeId: string;
  amount: number;
  customer: string;
  metadata: Record<string, string>;
  refunded: boolean;
  created: number;
}

/** What the test may change about a subscription, as Stripe would on its own. */
export interface SubscriptionChange {
  status?: string;
  cancelAtPeriodEnd?: boolean;
  currentPeriodStart?: Date;
  currentPeriodEnd?: Date;
  priceId?: string;
}

/** An error body a failed request answers: Stripe's `type`, `message` and `code`. */
export interface FakeStripeError {
  type?: string;
  message?: string;
  code?: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const API_VERSION = "2026-10-28.endive";
const PRODUCT_ID = "prod_sawdust_pro";

export class FakeStripeServer {
  /** Every API request received, in order (the checkout and portal pages are not API calls). */
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  private readonly checkoutSessions = new Map<string, CheckoutSessionState>();
  private readonly portalSessions = new Map<string, Json>();
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private readonly payments = new Map<string, PaymentState>();
  /** Refunds created through the API, in order: which payment intent each gave back. */
  readonly refunds: Array<{ id: string; paymentIntent: string; amount: number }> = [];
  private readonly idempotent = new Map<string, { request: string; status: number; body: Json }>();
  private failures: Array<{ status: number; error?: FakeStripeError }> = [];
  private server: Server | undefined;
  private port = 0;
  private origin = "";
  private readonly now: () => number;

  constructor(private readonly options: FakeStripeOptions) {
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    // The SDK keeps its connections alive; a server closing an idle one just as the SDK reuses it
    // would cost a retried request. Longer than any test: `stop` closes them all.
    this.server.keepAliveTimeout = 10 * 60 * 1000;
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.origin = `http://127.0.0.1:${this.port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The SDK's `host`, `port` and `protocol` options that send its calls here. */
  get transport(): { host: string; port: number; protocol: "http" } {
    return { host: "127.0.0.1", port: this.port, protocol: "http" };
  }

  /** The requests as `METHOD /path`, for asserting what was called. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  /**
   * The next `count` API requests fail with this status before doing anything (a Stripe blip),
   * answering `error` (an API key rotated away: 401 `Invalid API Key provided`, say).
   */
  failNext(count: number, status = 500, error?: FakeStripeError): void {
    for (let i = 0; i < count; i++) this.failures.push({ status, error });
  }

  // ——— What Stripe does on its own, driven by the test ———

  /**
   * The customer pays on the checkout page: the session completes and its subscription starts
   * now, for one interval of the session's price. Returns the new subscription's id.
   */
  completeCheckout(sessionId: string, status = "active"): string {
    // (Payment mode: the customer pays once; returns the payment intent's id.)
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`checkout session ${sessionId} is not open`);
    if (session.mode === "payment") {
      const payment: PaymentState = {
        id: newId("pi"),
        chargeId: newId("ch"),
        amount: session.amountTotal,
        customer: session.customer,
        metadata: { ...session.paymentIntentMetadata },
        refunded: false,
        created: this.seconds(),
      };
      this.payments.set(payment.id, payment);
      session.status = "complete";
      session.paymentIntent = payment.id;
      return payment.id;
    }
    const price = this.price(session.priceId);
    const subscription = this.subscribe(
      session.customer,
      price,
      status,
      session.subscriptionMetadata,
    );
    session.status = "complete";
    session.subscription = subscription.id;
    return subscription.id;
  }

  /**
   * A one-off payment given back in full from Stripe's dashboard (not through the API): what
   * `chargeRefundedEvent` then reports.
   */
  refundInDashboard(paymentIntentId: string): void {
    const payment = this.payments.get(paymentIntentId);
    if (!payment) throw new Error(`no payment intent ${paymentIntentId}`);
    payment.refunded = true;
  }

  /** A price made in the dashboard after the fake started (of another product, say). */
  addPrice(price: FakeStripePrice): void {
    this.options.prices.push(price);
  }

  /**
   * A subscription the customer took at Stripe without Sawdust (another product the account
   * sells, through its own checkout or the dashboard): `status` from now, for one interval of
   * the price, carrying `metadata` (none unless given). Returns its id.
   */
  createSubscription(
    customer: string,
    priceId: string,
    options: { status?: string; metadata?: Record<string, string> } = {},
  ): string {
    if (!this.customers.has(customer)) throw new Error(`no customer ${customer}`);
    const price = this.price(priceId);
    return this.subscribe(customer, price, options.status ?? "active", options.metadata).id;
  }

  /** A new subscription of `customer` to `price`, `status` from now, for one interval. */
  private subscribe(
    customer: string,
    price: FakeStripePrice,
    status: string,
    metadata: Record<string, string> | undefined,
  ): SubscriptionState {
    const now = this.seconds();
    const subscription: SubscriptionState = {
      id: newId("sub"),
      itemId: newId("si"),
      customer,
      priceId: price.id,
      status,
      cancelAtPeriodEnd: false,
      periodStart: now,
      periodEnd: addInterval(now, price.interval),
      created: now,
      canceledAt: null,
      endedAt: null,
      metadata: { ...metadata },
      latestInvoice: newId("in"),
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Changes a subscription as Stripe would (a renewal, a failed payment, the portal). */
  updateSubscription(id: string, change: SubscriptionChange): void {
    const subscription = this.subscriptionState(id);
    if (change.status !== undefined) subscription.status = change.status;
    if (change.cancelAtPeriodEnd !== undefined) {
      subscription.cancelAtPeriodEnd = change.cancelAtPeriodEnd;
    }
    if (change.currentPeriodStart) subscription.periodStart = toSeconds(change.currentPeriodStart);
    if (change.currentPeriodEnd) subscription.periodEnd = toSeconds(change.currentPeriodEnd);
    if (change.priceId !== undefined) subscription.priceId = this.price(change.priceId).id;
  }

  /** Ends a subscription at once, as Stripe does before sending `customer.subscription.deleted`. */
  cancelSubscription(id: string): void {
    const subscription = this.subscriptionState(id);
    const now = this.seconds();
    subscription.status = "canceled";
    subscription.canceledAt ??= now;
    subscription.endedAt ??= now;
  }

  /** Forgets a subscription entirely (test-mode data deleted): retrieving it answers 404. */
  forgetSubscription(id: string): void {
    this.subscriptions.delete(id);
  }

  /** A subscription as the API would answer it now. */
  subscription(id: string): Json {
    return this.subscriptionJson(this.subscriptionState(id));
  }

  /** The ids of the customer's checkout sessions still open, of both modes. */
  openCheckoutSessions(customer: string): string[] {
    return [...this.checkoutSessions.values()]
      .filter((session) => session.customer === customer && session.status === "open")
      .map((session) => session.id);
  }

  checkoutSession(id: string): Json {
    const session = this.checkoutSessions.get(id);
    if (!session) throw new Error(`no checkout session ${id}`);
    return this.checkoutSessionJson(session);
  }

  // ——— Webhook events ———

  /** A webhook event envelope around a snapshot of `object`, as Stripe builds one. */
  event(type: string, object: Json, previousAttributes?: Json): Json {
    return {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: this.seconds(),
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  checkoutCompletedEvent(sessionId: string): Json {
    return this.event("checkout.session.completed", this.checkoutSession(sessionId));
  }

  /**
   * `charge.refunded` for a payment intent, as Stripe sends it once a refund went through;
   * `partCents`, a partial refund made in the dashboard (Stripe sends the same event, with
   * `refunded: false`).
   */
  chargeRefundedEvent(paymentIntentId: string, partCents?: number): Json {
    const payment = this.payments.get(paymentIntentId);
    if (!payment) throw new Error(`no payment intent ${paymentIntentId}`);
    if (partCents !== undefined) {
      return this.event("charge.refunded", {
        id: payment.chargeId,
        object: "charge",
        amount: payment.amount,
        amount_refunded: partCents,
        payment_intent: payment.id,
        refunded: partCents >= payment.amount,
        status: "succeeded",
      });
    }
    return this.event("charge.refunded", {
      id: payment.chargeId,
      object: "charge",
      amount: payment.amount,
      amount_captured: payment.amount,
      amount_refunded: payment.refunded ? payment.amount : 0,
      captured: true,
      created: payment.created,
      currency: "usd",
      customer: payment.customer,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: payment.id,
      refunded: payment.refunded,
      status: "succeeded",
    });
  }

  /**
   * `charge.dispute.closed` for a payment intent's charge, disputed in full: `lost` (the bank
   * gave the money back to the cardholder), `won`, or `warning_closed` (an inquiry that ended).
   */
  disputeClosedEvent(paymentIntentId: string, status: "lost" | "won" | "warning_closed"): Json {
    const payment = this.payments.get(paymentIntentId);
    if (!payment) throw new Error(`no payment intent ${paymentIntentId}`);
    return this.event("charge.dispute.closed", {
      id: newId("dp"),
      object: "dispute",
      amount: payment.amount,
      balance_transactions: [],
      charge: payment.chargeId,
      created: this.seconds(),
      currency: "usd",
      evidence_details: { due_by: null, has_evidence: true, past_due: false, submission_count: 1 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: payment.id,
      reason: "fraudulent",
      status,
    });
  }

  subscriptionEvent(
    type:
      | "customer.subscription.created"
      | "customer.subscription.updated"
      | "customer.subscription.deleted",
    subscriptionId: string,
  ): Json {
    return this.event(type, this.subscription(subscriptionId));
  }

  /**
   * An invoice event for the subscription's current period. In this API version the invoice
   * names its subscription at `parent.subscription_details.subscription`.
   */
  invoiceEvent(type: "invoice.paid" | "invoice.payment_failed", subscriptionId: string): Json {
    const subscription = this.subscriptionState(subscriptionId);
    const price = this.price(subscription.priceId);
    const paid = type === "invoice.paid";
    const now = this.seconds();
    return this.event(type, {
      id: subscription.latestInvoice,
      object: "invoice",
      account_country: "US",
      amount_due: price.unitAmount,
      amount_paid: paid ? price.unitAmount : 0,
      amount_remaining: paid ? 0 : price.unitAmount,
      attempt_count: 1,
      attempted: true,
      billing_reason: "subscription_cycle",
      collection_method: "charge_automatically",
      created: now,
      currency: "usd",
      customer: subscription.customer,
      lines: {
        object: "list",
        data: [],
        has_more: false,
        url: `/v1/invoices/${subscription.latestInvoice}/lines`,
      },
      livemode: false,
      next_payment_attempt: paid ? null : now + 3 * 24 * 3600,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: {
          metadata: { ...subscription.metadata },
          subscription: subscription.id,
        },
      },
      period_start: subscription.periodStart,
      period_end: subscription.periodEnd,
      status: paid ? "paid" : "open",
      total: price.unitAmount,
    });
  }

  /**
   * The event as Stripe delivers it: the JSON body and its `Stripe-Signature` header, signed by
   * the SDK's own helper. `secret` and `timestamp` (epoch seconds) let a test forge or age it.
   */
  sign(event: Json, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.options.webhookSecret,
      timestamp: options.timestamp,
    });
    return { payload, signature };
  }

  /** Delivers a signed event to the app's webhook endpoint, as Stripe's servers would. */
  deliver(
    app: Pick<FastifyInstance, "inject">,
    event: Json,
    options: { secret?: string; timestamp?: number; signature?: string } = {},
  ) {
    const signed = this.sign(event, options);
    return app.inject({
      method: "POST",
      url: "/api/v1/billing/webhook",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "stripe-signature": options.signature ?? signed.signature,
      },
      payload: signed.payload,
    });
  }

  // ——— The API ———

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.origin);
    if (req.method === "GET" && /^\/(c\/pay|p\/session)\/[\w-]+$/.test(url.pathname)) {
      return this.page(url.pathname, res);
    }
    const raw = await readBody(req);
    const method = req.method ?? "GET";
    const query = decodeForm(url.search.slice(1));
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query,
      body: {},
      headers: req.headers,
      status: 0,
      requestId: newId("req"),
    };
    this.requests.push(record);
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      record.status = status;
      res
        .writeHead(status, {
          "content-type": "application/json",
          "request-id": record.requestId,
          "stripe-version": String(req.headers["stripe-version"] ?? API_VERSION),
          ...extra,
        })
        .end(JSON.stringify(body, null, 2));
    };
    const fail = (error: ApiError) =>
      send(error.status, {
        error: {
          type: error.type,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
          ...(error.code ? { doc_url: `https://stripe.com/docs/error-codes/${error.code}` } : {}),
        },
      });

    const failure = this.failures.shift();
    if (failure) {
      return fail(
        new ApiError(
          failure.status,
          failure.error?.type ?? "api_error",
          failure.error?.message ?? "An unknown error occurred",
          failure.error?.code,
        ),
      );
    }
    const authorization = req.headers.authorization ?? "";
    if (authorization !== `Bearer ${this.options.secretKey}`) {
      const key = authorization.replace(/^Bearer\s+/, "");
      return fail(
        new ApiError(
          401,
          "invalid_request_error",
          key ? `Invalid API Key provided: ${redact(key)}` : "You did not provide an API key.",
        ),
      );
    }
    if (method === "POST") {
      const contentType = req.headers["content-type"] ?? "";
      if (!contentType.startsWith("application/x-www-form-urlencoded")) {
        return fail(
          new ApiError(400, "invalid_request_error", "Stripe takes form-encoded request bodies"),
        );
      }
      record.body = decodeForm(raw);
    }

    // Stripe answers a repeated idempotency key with the first answer, and refuses it for a
    // different request.
    const key = req.headers["idempotency-key"];
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (typeof key === "string" && method === "POST") {
      const seen = this.idempotent.get(key);
      if (seen && seen.request !== fingerprint) {
        return fail(
          new ApiError(
            400,
            "idempotency_error",
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      }
      if (seen) return send(seen.status, seen.body, { "idempotent-replayed": "true" });
    }

    let body: Json;
    try {
      body = this.route(method, url.pathname, method === "POST" ? record.body : query);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return fail(error);
    }
    if (typeof key === "string" && method === "POST") {
      this.idempotent.set(key, { request: fingerprint, status: 200, body });
    }
    return send(200, body);
  }

  private route(method: string, path: string, params: Record<string, unknown>): Json {
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === "POST" && path === "/v1/customers") return this.createCustomer(params);
    if (method === "POST" && path === "/v1/checkout/sessions") return this.createCheckout(params);
    if (method === "GET" && path === "/v1/checkout/sessions") return this.listCheckouts(params);
    if (method === "GET" && path === "/v1/subscriptions") return this.listSubscriptions(params);
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === "POST" && expire?.[1]) return this.expireCheckout(decodeURIComponent(expire[1]));
    if (method === "POST" && path === "/v1/billing_portal/sessions")
      return this.createPortal(params);
    if (method === "POST" && path === "/v1/refunds") return this.createRefund(params);
    const price = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === "GET" && price?.[1]) {
      const id = decodeURIComponent(price[1]);
      const found = this.options.prices.find((p) => p.id === id);
      if (!found) throw noSuch("price", id, "price");
      return this.priceJson(found, this.seconds());
    }
    if (method === "GET" && subscription?.[1]) {
      return this.subscriptionJson(this.existingSubscription(decodeURIComponent(subscription[1])));
    }
    if (method === "DELETE" && subscription?.[1]) {
      const state = this.existingSubscription(decodeURIComponent(subscription[1]));
      this.cancelSubscription(state.id);
      return this.subscriptionJson(state);
    }
    throw new ApiError(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  private createCustomer(params: Record<string, unknown>): Json {
    const customer = {
      id: newId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: this.seconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: stringOrNull(params.description),
      email: stringOrNull(params.email),
      invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: stringRecord(params.metadata),
      name: stringOrNull(params.name),
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** GET /v1/checkout/sessions: newest first, by `customer` and `status` when given, one page. */
  private listCheckouts(params: Record<string, unknown>): Json {
    const limit = Math.min(100, Number(params.limit ?? 10) || 10);
    const found = [...this.checkoutSessions.values()]
      .filter((c) => params.customer === undefined || c.customer === params.customer)
      .filter((c) => params.status === undefined || c.status === params.status)
      .reverse();
    return {
      object: "list",
      data: found.slice(0, limit).map((c) => this.checkoutSessionJson(c)),
      has_more: found.length > limit,
      url: "/v1/checkout/sessions",
    };
  }

  /**
   * GET /v1/subscriptions: newest first, by `customer` when given; by `status` as Stripe reads
   * it (none given: all but canceled; `all`: every one); a page of `limit` after `starting_after`.
   */
  private listSubscriptions(params: Record<string, unknown>): Json {
    const limit = Math.min(100, Number(params.limit ?? 10) || 10);
    const status = params.status === undefined ? null : String(params.status);
    let found = [...this.subscriptions.values()]
      .filter((s) => params.customer === undefined || s.customer === params.customer)
      .filter((s) =>
        status === null ? s.status !== "canceled" : status === "all" || s.status === status,
      )
      .reverse();
    if (typeof params.starting_after === "string") {
      const at = found.findIndex((s) => s.id === params.starting_after);
      found = at === -1 ? [] : found.slice(at + 1);
    }
    return {
      object: "list",
      data: found.slice(0, limit).map((s) => this.subscriptionJson(s)),
      has_more: found.length > limit,
      url: "/v1/subscriptions",
    };
  }

  /** POST /v1/checkout/sessions/{id}/expire: only an open session can be expired. */
  private expireCheckout(id: string): Json {
    const session = this.checkoutSessions.get(id);
    if (!session) throw noSuch("checkout.session", id, "session");
    if (session.status !== "open") {
      throw new ApiError(
        400,
        "invalid_request_error",
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    session.status = "expired";
    return this.checkoutSessionJson(session);
  }

  private createCheckout(params: Record<string, unknown>): Json {
    if (params.mode === "payment") return this.createPaymentCheckout(params);
    if (params.mode !== "subscription") {
      throw new ApiError(
        400,
        "invalid_request_error",
        "This fake answers Checkout in subscription and payment modes only",
        "parameter_invalid_string",
        "mode",
      );
    }
    const customer = String(params.customer ?? "");
    if (!this.customers.has(customer)) {
      throw noSuch("customer", customer, "customer");
    }
    const lineItems = Array.isArray(params.line_items) ? (params.line_items as Json[]) : [];
    const [line] = lineItems;
    if (lineItems.length !== 1 || !line) {
      throw new ApiError(
        400,
        "invalid_request_error",
        "Missing required param: line_items.",
        "parameter_missing",
        "line_items",
      );
    }
    const priceId = String(line.price ?? "");
    if (!this.options.prices.some((p) => p.id === priceId)) {
      throw noSuch("price", priceId, "line_items[0][price]");
    }
    if (typeof params.success_url !== "string" || !/^https?:\/\//.test(params.success_url)) {
      throw new ApiError(
        400,
        "invalid_request_error",
        "Not a valid URL",
        "url_invalid",
        "success_url",
      );
    }
    const subscriptionData = (params.subscription_data ?? {}) as Json;
    const session: CheckoutSessionState = {
      id: newId("cs_test"),
      customer,
      priceId,
      status: "open",
      clientReferenceId: stringOrNull(params.client_reference_id),
      metadata: stringRecord(params.metadata),
      subscriptionMetadata: stringRecord(subscriptionData.metadata),
      successUrl: params.success_url,
      cancelUrl: stringOrNull(params.cancel_url),
      subscription: null,
      created: this.seconds(),
      mode: "subscription",
      amountTotal: this.price(priceId).unitAmount,
      paymentIntent: null,
      paymentIntentMetadata: {},
    };
    this.checkoutSessions.set(session.id, session);
    return this.checkoutSessionJson(session);
  }

  /** Checkout in payment mode: one line with its own `price_data`, paid once. */
  private createPaymentCheckout(params: Record<string, unknown>): Json {
    const customer = String(params.customer ?? "");
    if (!this.customers.has(customer)) throw noSuch("customer", customer, "customer");
    const lineItems = Array.isArray(params.line_items) ? (params.line_items as Json[]) : [];
    const [line] = lineItems;
    const priceData = (line?.price_data ?? {}) as Json;
    const amount = Number(priceData.unit_amount);
    if (lineItems.length !== 1 || !line || Number(line.quantity) !== 1) {
      throw new ApiError(400, "invalid_request_error", "Missing required param: line_items.");
    }
    if (!Number.isSafeInteger(amount) || amount < 50 || priceData.currency !== "usd") {
      throw new ApiError(
        400,
        "invalid_request_error",
        "Invalid integer: unit_amount must be at least 50 cents in usd",
        "parameter_invalid_integer",
        "line_items[0][price_data][unit_amount]",
      );
    }
    if (typeof (priceData.product_data as Json | undefined)?.name !== "string") {
      throw new ApiError(
        400,
        "invalid_request_error",
        "Missing required param: line_items[0][price_data][product_data][name].",
        "parameter_missing",
      );
    }
    for (const key of ["success_url", "cancel_url"] as const) {
      if (typeof params[key] !== "string" || !/^https?:\/\//.test(params[key] as string)) {
        throw new ApiError(400, "invalid_request_error", "Not a valid URL", "url_invalid", key);
      }
    }
    const expiresAt = Number(params.expires_at);
    const now = this.seconds();
    if (!Number.isSafeInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 86_400) {
      throw new ApiError(
        400,
        "invalid_request_error",
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.",
        "parameter_invalid_integer",
        "expires_at",
      );
    }
    const paymentIntentData = (params.payment_intent_data ?? {}) as Json;
    const session: CheckoutSessionState = {
      id: newId("cs_test"),
      customer,
      priceId: "",
      mode: "payment",
      amountTotal: amount,
      paymentIntent: null,
      paymentIntentMetadata: stringRecord(paymentIntentData.metadata),
      status: "open",
      clientReferenceId: stringOrNull(params.client_reference_id),
      metadata: stringRecord(params.metadata),
      subscriptionMetadata: {},
      successUrl: params.success_url as string,
      cancelUrl: stringOrNull(params.cancel_url),
      subscription: null,
      created: now,
    };
    this.checkoutSessions.set(session.id, session);
    return this.checkoutSessionJson(session);
  }

  /** A refund of a payment intent, whole; a second one is refused as Stripe refuses it. */
  private createRefund(params: Record<string, unknown>): Json {
    const id = String(params.payment_intent ?? "");
    const payment = this.payments.get(id);
    if (!payment) throw noSuch("payment_intent", id, "payment_intent");
    if (payment.refunded) {
      throw new ApiError(
        400,
        "invalid_request_error",
        `Charge ${payment.chargeId} has already been refunded.`,
        "charge_already_refunded",
      );
    }
    payment.refunded = true;
    const refund = {
      id: newId("re"),
      object: "refund",
      amount: payment.amount,
      charge: payment.chargeId,
      created: this.seconds(),
      currency: "usd",
      metadata: {},
      payment_intent: payment.id,
      reason: null,
      status: "succeeded",
    };
    this.refunds.push({ id: refund.id, paymentIntent: payment.id, amount: payment.amount });
    return refund;
  }

  private createPortal(params: Record<string, unknown>): Json {
    const customer = String(params.customer ?? "");
    if (!this.customers.has(customer)) throw noSuch("customer", customer, "customer");
    const id = newId("bps");
    const session = {
      id,
      object: "billing_portal.session",
      configuration: "bpc_fake_default",
      created: this.seconds(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: stringOrNull(params.return_url),
      url: `${this.origin}/p/session/${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  private checkoutSessionJson(session: CheckoutSessionState): Json {
    const complete = session.status === "complete";
    return {
      id: session.id,
      object: "checkout.session",
      amount_subtotal: session.amountTotal,
      amount_total: session.amountTotal,
      cancel_url: session.cancelUrl,
      client_reference_id: session.clientReferenceId,
      created: session.created,
      currency: "usd",
      customer: session.customer,
      customer_email: null,
      expires_at: session.created + 24 * 3600,
      invoice: complete
        ? (this.subscriptions.get(session.subscription ?? "")?.latestInvoice ?? null)
        : null,
      livemode: false,
      metadata: { ...session.metadata },
      mode: session.mode,
      payment_intent: session.paymentIntent,
      payment_method_types: ["card"],
      payment_status: complete ? "paid" : "unpaid",
      status: session.status,
      subscription: session.subscription,
      success_url: session.successUrl,
      ui_mode: "hosted",
      url: complete ? null : `${this.origin}/c/pay/${session.id}`,
    };
  }

  /** A price as Stripe gives it (GET /v1/prices/{id}, and inside a subscription's item). */
  private priceJson(price: FakeStripePrice, created: number): Json {
    return {
      id: price.id,
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created,
      currency: price.currency ?? "usd",
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: price.product ?? PRODUCT_ID,
      recurring: {
        interval: price.interval,
        interval_count: 1,
        meter: null,
        trial_period_days: null,
        usage_type: "licensed",
      },
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "recurring",
      unit_amount: price.unitAmount,
      unit_amount_decimal: String(price.unitAmount),
    };
  }

  private subscriptionJson(s: SubscriptionState): Json {
    const price = this.price(s.priceId);
    const priceJson = this.priceJson(price, s.created);
    return {
      id: s.id,
      object: "subscription",
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: s.periodStart,
      billing_cycle_anchor_config: null,
      billing_mode: { type: "flexible" },
      billing_thresholds: null,
      cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      cancellation_details: {
        comment: null,
        feedback: null,
        reason: s.canceledAt ? "cancellation_requested" : null,
      },
      collection_method: "charge_automatically",
      created: s.created,
      currency: "usd",
      customer: s.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      ended_at: s.endedAt,
      invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
      items: {
        object: "list",
        data: [
          {
            id: s.itemId,
            object: "subscription_item",
            billing_thresholds: null,
            created: s.created,
            current_period_end: s.periodEnd,
            current_period_start: s.periodStart,
            discounts: [],
            metadata: {},
            plan: {
              id: price.id,
              object: "plan",
              active: true,
              amount: price.unitAmount,
              amount_decimal: String(price.unitAmount),
              billing_scheme: "per_unit",
              created: s.created,
              currency: "usd",
              interval: price.interval,
              interval_count: 1,
              livemode: false,
              metadata: {},
              meter: null,
              nickname: null,
              product: price.product ?? PRODUCT_ID,
              tiers_mode: null,
              transform_usage: null,
              trial_period_days: null,
              usage_type: "licensed",
            },
            price: priceJson,
            quantity: 1,
            subscription: s.id,
            tax_rates: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${s.id}`,
      },
      latest_invoice: s.latestInvoice,
      livemode: false,
      metadata: { ...s.metadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: "off",
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: s.created,
      status: s.status,
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
      trial_start: null,
    };
  }

  /** Stand-ins for Stripe's hosted pages, so a browser sent there stays on this machine. */
  private page(path: string, res: ServerResponse): void {
    const what = path.startsWith("/c/") ? "Checkout" : "Customer Portal";
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(`<!doctype html><title>Fake Stripe ${what}</title><h1>Fake Stripe ${what}</h1>`);
  }

  private existingSubscription(id: string): SubscriptionState {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw noSuch("subscription", id, "id");
    return subscription;
  }

  private subscriptionState(id: string): SubscriptionState {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return subscription;
  }

  private price(id: string): FakeStripePrice {
    const price = this.options.prices.find((p) => p.id === id);
    if (!price) throw new Error(`no price ${id}`);
    return price;
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }
}

function noSuch(object: string, id: string, param: string): ApiError {
  return new ApiError(
    object === "subscription" ? 404 : 400,
    "invalid_request_error",
    `No such ${object}: '${id}'`,
    "resource_missing",
    param,
  );
}

/**
 * Decodes Stripe's form encoding: `a[b][0][c]=v` into `{ a: { b: [{ c: "v" }] } }` (objects whose
 * keys are 0..n-1 become arrays, as the API reads them).
 */
export function decodeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [, head, rest = ""] = /^([^[]+)(.*)$/.exec(key) ?? [];
    if (!head) continue;
    const path = [head, ...[...rest.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node = root;
    for (const [index, segment] of path.entries()) {
      if (index === path.length - 1) {
        node[segment] = value;
        break;
      }
      const next = node[segment];
      const child = typeof next === "object" && next !== null ? next : {};
      node[segment] = child;
      node = child as Record<string, unknown>;
    }
  }
  return arraysOf(root) as Record<string, unknown>;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arraysOf(v)] as const,
  );
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

function addInterval(seconds: number, interval: FakeStripePrice["interval"]): number {
  const date = new Date(seconds * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else if (interval === "week") date.setUTCDate(date.getUTCDate() + 7);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

function redact(key: string): string {
  return `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** A fake answering for these settings, started: Pro at $14.99 a month or $119.88 a year. */
export function startFakeStripe(settings: StripeSettings): Promise<FakeStripeServer> {
  return new FakeStripeServer({
    secretKey: settings.secretKey,
    webhookSecret: settings.webhookSecret,
    prices: [
      { id: settings.priceMonthly, unitAmount: 1499, interval: "month" },
      { id: settings.priceYearly, unitAmount: 11988, interval: "year" },
    ],
  }).start();
}

/** The STRIPE_* environment of an app in Stripe mode with these settings. */
export function stripeModeEnv(settings: StripeSettings): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: settings.secretKey,
    STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
    STRIPE_PRICE_MONTHLY: settings.priceMonthly,
    STRIPE_PRICE_YEARLY: settings.priceYearly,
  };
}
