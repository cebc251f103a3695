import {
  BILLING_RULES,
  PRO_PRICES_CENTS,
  PRO_STATUSES,
  PRO_TIERS,
  type SubscriptionStatus,
} from "@sawdust/shared";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { containsPattern } from "../../db/contains-pattern.js";
import type { Db } from "../../db/database.js";
import type { Database, SubscriptionRow } from "../../db/schema.js";

/** A subscription row with whether it carries Pro at the time asked about. */
export interface SubscriptionWithAccess extends SubscriptionRow {
  carries_pro: boolean;
}

export interface AdminSubscriptionRow extends SubscriptionWithAccess {
  username: string;
  email: string;
}

export interface SubscriberRow {
  id: number;
  username: string;
  email: string;
  role: string;
  created_at: number;
  monthly_downloads: number;
}

export interface SubscriptionTotals {
  /** Members with a subscription of any status. */
  subscribers: number;
  /** Subscriptions carrying Pro now. */
  pro: number;
  /** What the paying (active, Pro-carrying) subscriptions bill a cycle, by cycle, in cents. */
  monthlyCents: number;
  yearlyCents: number;
}

type SubscriptionsEb = ExpressionBuilder<Database, "subscriptions">;

/**
 * The tier rule of design section 4 as SQL, at `now`: Pro-tier subscriptions that are active or
 * trialing until their paid period ends (plus the renewal leeway unless they cancel at period
 * end), and past_due ones until their grace ends. Written once here, so a member's tier, the admin
 * counts and the revenue all come from the same rule (a row made by hand with no end is active
 * for good).
 */
export function carriesPro(
  eb: SubscriptionsEb,
  now: number,
  /** Where the renewal leeway starts; a parameter of its own for a statement compiled once. */
  renewalFrom: number = now - BILLING_RULES.renewalLeewayMs,
): Expression<SqlBool> {
  return eb.and([
    eb("subscriptions.tier", "in", PRO_TIERS),
    eb.or([
      eb.and([
        eb("subscriptions.status", "in", PRO_STATUSES),
        eb.or([
          eb("subscriptions.expiry_date", "is", null),
          eb.and([
            eb("subscriptions.cancel_at_period_end", "=", 1),
            eb("subscriptions.expiry_date", ">", now),
          ]),
          eb.and([
            eb("subscriptions.cancel_at_period_end", "=", 0),
            eb("subscriptions.expiry_date", ">", renewalFrom),
          ]),
        ]),
      ]),
      eb.and([
        eb("subscriptions.status", "=", "past_due" satisfies SubscriptionStatus),
        eb("subscriptions.grace_until", ">", now),
      ]),
    ]),
  ]);
}

const carriesProColumn = (eb: SubscriptionsEb, now: number) =>
  eb.case().when(carriesPro(eb, now)).then(1).else(0).end().as("carries_pro");

/** A case-insensitive "contains" on both dialects (PostgreSQL's LIKE is case-sensitive). */
function usernameOrEmailContains(q: string): Expression<SqlBool> {
  const pattern = containsPattern(q);
  return sql<SqlBool>`(lower(users.username) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`;
}

const withAccess = <T extends { carries_pro: number | boolean }>(row: T) => ({
  ...row,
  carries_pro: Number(row.carries_pro) === 1,
});

export class SubscriptionsRepo {
  constructor(private readonly db: Db) {}

  /** The member's subscriptions, newest first, each with whether it carries Pro at `now`. */
  async findForUser(userId: number, now: number): Promise<SubscriptionWithAccess[]> {
    return this.findForUsers([userId], now);
  }

  /** The subscriptions of these members, newest first. */
  async findForUsers(userIds: number[], now: number): Promise<SubscriptionWithAccess[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("subscriptions")
      .selectAll()
      .select((eb) => carriesProColumn(eb, now))
      .where("user_id", "in", userIds)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(withAccess);
  }

  /** One page of every subscription with its member, newest first, after the cursor id. */
  async findAdminPage(
    query: { limit: number; beforeId?: number; status?: string; q?: string },
    now: number,
  ): Promise<AdminSubscriptionRow[]> {
    let select = this.db
      .selectFrom("subscriptions")
      .innerJoin("users", "users.id", "subscriptions.user_id")
      .selectAll("subscriptions")
      // A deleted account keeps its payments, not its name: shown as the name it is later given.
      .select([
        sql<string>`case when users.deleted_at is null then users.username else 'deleted-' || cast(users.id as text) end`.as(
          "username",
        ),
        "users.email",
      ])
      .select((eb) => carriesProColumn(eb, now))
      .orderBy("subscriptions.id", "desc")
      .limit(query.limit);
    if (query.beforeId !== undefined)
      select = select.where("subscriptions.id", "<", query.beforeId);
    if (query.status) select = select.where("subscriptions.status", "=", query.status);
    if (query.q) select = select.where(usernameOrEmailContains(query.q));
    return (await select.execute()).map(withAccess);
  }

  /** The admin page's figures, over every subscription (never just a page of them). */
  async totals(now: number): Promise<SubscriptionTotals> {
    const subscribers = await this.db
      .selectFrom("subscriptions")
      .select((eb) => eb.fn.count<number>("user_id").distinct().as("n"))
      .executeTakeFirstOrThrow();
    const paying = sql`subscriptions.status = 'active'`;
    const yearly = sql`subscriptions.billing_cycle = 'yearly'`;
    const monthly = sql`subscriptions.billing_cycle <> 'yearly'`;
    const pro = await this.db
      .selectFrom("subscriptions")
      .select((eb) => [
        eb.fn.countAll<number>().as("pro"),
        sql<number>`coalesce(sum(case when ${paying} and ${monthly} then coalesce(subscriptions.price_cents, ${PRO_PRICES_CENTS.monthly}) else 0 end), 0)`.as(
          "monthly_cents",
        ),
        sql<number>`coalesce(sum(case when ${paying} and ${yearly} then coalesce(subscriptions.price_cents, ${PRO_PRICES_CENTS.yearly}) else 0 end), 0)`.as(
          "yearly_cents",
        ),
      ])
      .where((eb) => carriesPro(eb, now))
      .executeTakeFirstOrThrow();
    return {
      subscribers: Number(subscribers.n),
      pro: Number(pro.pro),
      monthlyCents: Number(pro.monthly_cents),
      yearlyCents: Number(pro.yearly_cents),
    };
  }

  /** One page of members, newest first, with their downloads counted in `month`. */
  async findSubscriberPage(query: {
    limit: number;
    beforeId?: number;
    q?: string;
    month: string;
  }): Promise<SubscriberRow[]> {
    let select = this.members(query.q)
      .leftJoin("usage_monthly", (join) =>
        join
          .onRef("usage_monthly.user_id", "=", "users.id")
          .on("usage_monthly.month", "=", query.month),
      )
      .select(["users.id", "users.username", "users.email", "users.role", "users.created_at"])
      .select((eb) => eb.fn.coalesce("usage_monthly.downloads", eb.lit(0)).as("monthly_downloads"))
      .orderBy("users.id", "desc")
      .limit(query.limit);
    if (query.beforeId !== undefined) select = select.where("users.id", "<", query.beforeId);
    const rows = await select.execute();
    return rows.map((row) => ({ ...row, monthly_downloads: Number(row.monthly_downloads) }));
  }

  async countMembers(q?: string): Promise<number> {
    const select = this.members(q).select((eb) => eb.fn.countAll<number>().as("n"));
    return Number((await select.executeTakeFirstOrThrow()).n);
  }

  /** The accounts the subscribers list shows: not deleted ones (as the users page and the dashboard), matching `q`. */
  private members(q?: string) {
    const live = this.db.selectFrom("users").where("users.deleted_at", "is", null);
    return q ? live.where(usernameOrEmailContains(q)) : live;
  }
}
