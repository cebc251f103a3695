import { createHash, randomBytes } from "node:crypto";
import {
  type AdminSubscribersQuery,
  type AdminSubscriptionList,
  type AdminSubscriptionsQuery,
  type BillingCycle,
  type CurrentSubscription,
  isAdmin,
  MESSAGES,
  type Member,
  PRO_TIERS,
  type Principal,
  paths,
  type RedirectUrl,
  type SubscriberList,
  TIERS,
  type Tier,
} from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import { conflict, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { decodeIdCursor, encodeIdCursor } from "../../lib/id-cursor.js";
import type { BillingRepo } from "../billing/billing.repo.js";
import type { PaymentProvider } from "../billing/payment-provider.js";
import { monthOf } from "../downloads/usage-period.js";
import type { SettingsRepo } from "../settings/settings.repo.js";
import type { UsersRepo } from "../users/users.repo.js";
import { presentSubscription } from "./subscriptions.presenter.js";
import type { SubscriptionsRepo, SubscriptionWithAccess } from "./subscriptions.repo.js";

const m = MESSAGES.payments;

/** Where checkout and the billing portal send the member back (paths of the web app). */
export const BILLING_RETURN = {
  success: `${paths.subscriptions.getHref()}?checkout=success`,
  cancel: `${paths.subscriptions.getHref()}?checkout=cancelled`,
  portal: paths.subscriptions.getHref(),
} as const;

/**
 * The settings key of this database's own random id: the idempotency keys of the provider calls
 * that make customers carry it, so a database made afresh (a reset, a second site on the same
 * Stripe account) never meets the keys an earlier one sent within Stripe's 24 hours.
 */
export const BILLING_INSTALL_ID_SETTING = "billing_install_id";

/**
 * Pro subscriptions as members and admins see them (spec sections 3 and 7 "Subscriptions",
 * design section 4): a member's tier, starting checkout and the billing portal through the payment
 * provider, and the admin lists. What the provider reports arrives by webhook (webhooks.service.ts).
 */
export class SubscriptionsService {
  /** This database's id (BILLING_INSTALL_ID_SETTING), read once. */
  private installId: Promise<string> | undefined;

  constructor(
    private readonly deps: {
      subscriptions: SubscriptionsRepo;
      billing: BillingRepo;
      users: UsersRepo;
      settings: SettingsRepo;
      provider: PaymentProvider;
      clock: Clock;
      /** The site's origin: checkout and the portal return to it. */
      publicUrl: string;
    },
  ) {}

  /** The member's tier now: the highest of their subscriptions that carry Pro; free when none. */
  async tierOf(userId: number): Promise<Tier> {
    const rows = await this.deps.subscriptions.findForUser(userId, this.deps.clock.now());
    return highestTier(rows.filter((r) => r.carries_pro).map((r) => r.tier));
  }

  /** The member's tier and the subscription behind it (else their latest, whatever its status). */
  async current(viewer: Member): Promise<CurrentSubscription> {
    const rows = await this.deps.subscriptions.findForUser(viewer.userId, this.deps.clock.now());
    const { tier, subscription } = this.standing(rows);
    return {
      tier,
      isPro: PRO_TIERS.includes(tier),
      subscription,
      provider: this.deps.provider.name,
    };
  }

  /**
   * A checkout for Pro on this cycle, for the member's customer at the provider (made on their
   * first checkout and kept). Refused while a subscription of theirs carries Pro, or while the
   * provider holds one for their customer that bills or may yet (a checkout paid whose webhook
   * has not arrived): a second one would bill twice.
   */
  async startCheckout(viewer: Member, billingCycle: BillingCycle): Promise<RedirectUrl> {
    const { provider, clock } = this.deps;
    // An unconfirmed email address may browse and collect, not pay (issue 22).
    const member = await this.deps.users.findById(viewer.userId);
    if (member && member.email_verified_at === null) {
      throw forbidden(MESSAGES.account.verifyFirst, "email_unverified");
    }
    const rows = await this.deps.subscriptions.findForUser(viewer.userId, clock.now());
    if (rows.some((r) => r.carries_pro)) throw conflict(m.alreadySubscribed, "already_subscribed");
    const kept = await this.deps.billing.findCustomer(viewer.userId);
    if (
      kept?.provider === provider.name &&
      (await provider.hasOpenSubscription(kept.customer_id))
    ) {
      throw conflict(m.subscriptionOpen, "subscription_open");
    }
    const customerId = await this.customerOf(viewer);
    const checkout = await provider.createCheckout({
      customerId,
      userId: viewer.userId,
      billingCycle,
      successUrl: this.absolute(BILLING_RETURN.success),
      cancelUrl: this.absolute(BILLING_RETURN.cancel),
    });
    return { url: checkout.url };
  }

  /** The provider's billing portal for the member's customer (Manage Billing). */
  async openPortal(viewer: Member): Promise<RedirectUrl> {
    const customer = await this.deps.billing.findCustomer(viewer.userId);
    if (customer && customer.provider !== this.deps.provider.name) {
      throw conflict(m.otherProvider(customer.provider), "other_provider");
    }
    if (!customer) {
      throw notFound(m.noBillingAccount, "no_billing_account");
    }
    return this.deps.provider.createPortal({
      customerId: customer.customer_id,
      returnUrl: this.absolute(BILLING_RETURN.portal),
    });
  }

  /**
   * Every subscription with its member, newest first, and the figures over all of them: Monthly
   * Revenue is what the active Pro subscriptions bill at their real prices, a yearly one counted
   * as a twelfth (the twelfth taken of their sum, rounded to the cent once).
   */
  async adminSubscriptions(
    query: AdminSubscriptionsQuery,
    viewer: Principal,
  ): Promise<AdminSubscriptionList> {
    assertAdmin(viewer);
    const now = this.deps.clock.now();
    const rows = await this.deps.subscriptions.findAdminPage(
      {
        limit: query.limit + 1,
        beforeId: decodeIdCursor(query.cursor),
        status: query.status,
        q: query.q || undefined,
      },
      now,
    );
    const page = rows.slice(0, query.limit);
    const totals = await this.deps.subscriptions.totals(now);
    const last = page.at(-1);
    return {
      subscriptions: page.map((row) => ({
        ...presentSubscription(row, this.deps.provider.name),
        user: { id: row.user_id, username: row.username, email: row.email },
      })),
      nextCursor: rows.length > query.limit && last ? encodeIdCursor(last.id) : null,
      stats: {
        totalSubscribers: totals.subscribers,
        activePro: totals.pro,
        monthlyRevenueCents: totals.monthlyCents + Math.round(totals.yearlyCents / 12),
      },
    };
  }

  /** Members, newest first, each with their tier, subscription and downloads this UTC month. */
  async subscribers(query: AdminSubscribersQuery, viewer: Principal): Promise<SubscriberList> {
    assertAdmin(viewer);
    const now = this.deps.clock.now();
    const q = query.q || undefined;
    const rows = await this.deps.subscriptions.findSubscriberPage({
      limit: query.limit + 1,
      beforeId: decodeIdCursor(query.cursor),
      q,
      month: monthOf(now),
    });
    const page = rows.slice(0, query.limit);
    const subscriptions = await this.deps.subscriptions.findForUsers(
      page.map((r) => r.id),
      now,
    );
    const last = page.at(-1);
    return {
      subscribers: page.map((row) => {
        const { tier, subscription } = this.standing(
          subscriptions.filter((s) => s.user_id === row.id),
        );
        return {
          id: row.id,
          username: row.username,
          email: row.email,
          role: row.role,
          createdAt: new Date(row.created_at).toISOString(),
          tier,
          subscription,
          monthlyDownloads: row.monthly_downloads,
        };
      }),
      nextCursor: rows.length > query.limit && last ? encodeIdCursor(last.id) : null,
      total: await this.deps.subscriptions.countMembers(q),
    };
  }

  /** A member's tier and the subscription to show: the newest carrying Pro, else the newest. */
  private standing(rows: SubscriptionWithAccess[]) {
    const carrying = rows.filter((r) => r.carries_pro);
    const shown = carrying[0] ?? rows[0];
    return {
      tier: highestTier(carrying.map((r) => r.tier)),
      subscription: shown ? presentSubscription(shown, this.deps.provider.name) : null,
    };
  }

  /**
   * The member's customer at the provider, made on their first checkout and kept. Made once even
   * when checkouts start together (a double click, two tabs, two processes): the first makes it
   * while the others wait for it, then find it kept. The provider call also carries an
   * idempotency key of this database, the member and the details sent, so one repeated after a
   * crash that lost its answer (Stripe made the customer, Sawdust never stored it) gets the same
   * customer back within Stripe's 24 hours rather than a second one.
   */
  /** The member's customer at the provider: made on their first checkout (of any kind), kept. */
  async customerOf(viewer: Member): Promise<string> {
    const { billing, provider, users, clock } = this.deps;
    const kept = await billing.findCustomer(viewer.userId);
    if (kept && kept.provider === provider.name) return kept.customer_id;
    return billing.serialised(`customer:${viewer.userId}`, async (locked) => {
      const keptMeanwhile = await locked.findCustomer(viewer.userId);
      if (keptMeanwhile && keptMeanwhile.provider === provider.name) {
        return keptMeanwhile.customer_id;
      }
      const user = await users.findById(viewer.userId);
      if (!user) throw unauthorized(MESSAGES.auth.notSignedIn);
      const details = { userId: user.id, email: user.email, username: user.username };
      const made = await provider.createCustomer({
        ...details,
        idempotencyKey: await this.customerIdempotencyKey(details),
      });
      return locked.saveCustomer(user.id, provider.name, made, clock.now());
    });
  }

  /**
   * `sawdust-customer-<install id>-<user id>-<digest of the details>`: Stripe refuses a key
   * reused with other parameters, so a member whose email changed since gets a key of its own.
   */
  private async customerIdempotencyKey(details: {
    userId: number;
    email: string;
    username: string;
  }): Promise<string> {
    this.installId ??= this.deps.settings
      .getOrCreate(BILLING_INSTALL_ID_SETTING, () => randomBytes(16).toString("hex"))
      .catch((error: unknown) => {
        this.installId = undefined;
        throw error;
      });
    const digest = createHash("sha256")
      .update(JSON.stringify([details.email, details.username]))
      .digest("hex")
      .slice(0, 16);
    return `sawdust-customer-${await this.installId}-${details.userId}-${digest}`;
  }

  private absolute(path: string): string {
    return `${this.deps.publicUrl.replace(/\/+$/, "")}${path}`;
  }
}

function assertAdmin(viewer: Principal): void {
  if (viewer.kind !== "member") throw unauthorized(MESSAGES.auth.notSignedIn);
  if (!isAdmin(viewer)) throw forbidden(MESSAGES.auth.adminOnly);
}

export function highestTier(tiers: readonly string[]): Tier {
  let best: Tier = "free";
  for (const tier of tiers) {
    const rank = TIERS.indexOf(tier as Tier);
    if (rank > TIERS.indexOf(best)) best = tier as Tier;
  }
  return best;
}
