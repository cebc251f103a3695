import {
  type AdminUser,
  type AdminUserList,
  type AdminUsersQuery,
  type AdminUserUpdateBody,
  type BillingProvider,
  type EndedSessions,
  isAdmin,
  MESSAGES,
  type Member,
  type Principal,
} from "@sawdust/shared";
import type { UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { decodeIdCursor, encodeIdCursor } from "../../lib/id-cursor.js";
import { monthOf } from "../downloads/usage-period.js";
import { presentSubscription } from "../subscriptions/subscriptions.presenter.js";
import type { SubscriptionsRepo } from "../subscriptions/subscriptions.repo.js";
import { highestTier } from "../subscriptions/subscriptions.service.js";
import type { AdminUserRow, StandingChange, UsersRepo } from "./users.repo.js";

const m = MESSAGES.adminUsers;

/**
 * The Users page of the admin console: members with their standing, plan and use; role changes,
 * suspensions and ended sessions. Two rules hold whatever arrives together: the last active
 * administrator (role admin, not suspended) is never demoted or suspended, and nobody suspends
 * themself. Every change writes its audit entry in its own transaction.
 */
export class AdminUsersService {
  constructor(
    private readonly deps: {
      users: UsersRepo;
      subscriptions: SubscriptionsRepo;
      /** The site's payment provider (a subscription made by hand reads as it). */
      provider: BillingProvider;
      clock: Clock;
      /** Which users have two-factor sign-in on (TwoFactorService). */
      twoFactor?: { enabledAmong(userIds: number[]): Promise<Set<number>> };
    },
  ) {}

  /** Users newest first, filtered, a page at a time, with how many match. */
  async list(query: AdminUsersQuery, viewer: Principal): Promise<AdminUserList> {
    assertAdmin(viewer);
    const now = this.deps.clock.now();
    const filters = { q: query.q || undefined, role: query.role, status: query.status };
    const rows = await this.deps.users.findAdminPage(
      { ...filters, limit: query.limit + 1, beforeId: decodeIdCursor(query.cursor) },
      monthOf(now),
      now,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      users: await this.present(page),
      nextCursor: rows.length > query.limit && last ? encodeIdCursor(last.id) : null,
      total: await this.deps.users.countAdminPage(filters),
    };
  }

  async get(id: number, viewer: Principal): Promise<AdminUser> {
    assertAdmin(viewer);
    return this.one(id);
  }

  /** A new role, or a suspension or reactivation: one change a call. */
  async update(id: number, body: AdminUserUpdateBody, viewer: Principal): Promise<AdminUser> {
    assertAdmin(viewer);
    const now = this.deps.clock.now();
    const outcome = await this.deps.users.changeStanding(
      id,
      (user, activeAdminIds) => {
        if (body.suspended === true && user.id === viewer.userId) {
          throw badRequest(m.notYourself, "suspend_self");
        }
        const change = standingChange(user, body, viewer.userId, now);
        if (!change) return null;
        const wasActiveAdmin = user.role === "admin" && user.suspended_at === null;
        const after = { ...user, ...change.set };
        const staysActiveAdmin = after.role === "admin" && after.suspended_at === null;
        if (wasActiveAdmin && !staysActiveAdmin && !activeAdminIds.some((a) => a !== user.id)) {
          throw conflict(m.lastAdmin, "last_admin");
        }
        return change;
      },
      now,
    );
    if (outcome.kind === "missing") throw notFound(m.notFound, "user_not_found");
    return this.one(id);
  }

  /** Signs the user out everywhere (they can sign in again). */
  async endSessions(id: number, viewer: Principal): Promise<EndedSessions> {
    assertAdmin(viewer);
    const ended = await this.deps.users.endSessions(
      id,
      (user, count) => ({
        actorId: viewer.userId,
        action: "user.sessions_ended",
        subject: `user:${user.id}`,
        details: { username: user.username, sessionsEnded: count },
      }),
      this.deps.clock.now(),
    );
    if (ended === undefined) throw notFound(m.notFound, "user_not_found");
    return { ended };
  }

  private async one(id: number): Promise<AdminUser> {
    const now = this.deps.clock.now();
    const row = await this.deps.users.findAdminRow(id, monthOf(now), now);
    if (!row) throw notFound(m.notFound, "user_not_found");
    const [user] = await this.present([row]);
    return user as AdminUser;
  }

  private async present(rows: AdminUserRow[]): Promise<AdminUser[]> {
    const now = this.deps.clock.now();
    const subscriptions = await this.deps.subscriptions.findForUsers(
      rows.map((row) => row.id),
      now,
    );
    const withTwoFactor =
      (await this.deps.twoFactor?.enabledAmong(rows.map((row) => row.id))) ?? new Set<number>();
    return rows.map((row) => {
      const own = subscriptions.filter((s) => s.user_id === row.id);
      const carrying = own.filter((s) => s.carries_pro);
      const shown = carrying[0] ?? own[0];
      return {
        id: row.id,
        username: row.username,
        email: row.email,
        role: row.role,
        createdAt: new Date(row.created_at).toISOString(),
        suspendedAt: row.suspended_at === null ? null : new Date(row.suspended_at).toISOString(),
        tier: highestTier(carrying.map((s) => s.tier)),
        subscription: shown ? presentSubscription(shown, this.deps.provider) : null,
        downloadsThisMonth: row.downloads,
        bytesThisMonth: row.bytes,
        collections: row.collections,
        liveSessions: row.live_sessions,
        twoFactorEnabled: withTwoFactor.has(row.id),
        emailVerified: row.email_verified_at !== null,
      };
    });
  }
}

/** What the body changes about this user, with its audit entry; null when nothing changes. */
function standingChange(
  user: UserRow,
  body: AdminUserUpdateBody,
  actorId: number,
  now: number,
): StandingChange | null {
  const subject = `user:${user.id}`;
  if (body.role !== undefined) {
    if (body.role === user.role) return null;
    return {
      set: { role: body.role },
      endSessions: false,
      audit: () => ({
        actorId,
        action: "user.role_changed",
        subject,
        details: {
          username: user.username,
          before: { role: user.role },
          after: { role: body.role },
        },
      }),
    };
  }
  const suspend = body.suspended === true;
  if (suspend === (user.suspended_at !== null)) return null;
  return {
    set: { suspended_at: suspend ? now : null },
    // Suspended: signed out everywhere at once; the open page's next call is a 401.
    endSessions: suspend,
    audit: (sessionsEnded) => ({
      actorId,
      action: suspend ? "user.suspended" : "user.reactivated",
      subject,
      details: {
        username: user.username,
        before: { suspended: !suspend },
        after: { suspended: suspend },
        ...(suspend ? { sessionsEnded } : {}),
      },
    }),
  };
}

function assertAdmin(viewer: Principal): asserts viewer is Member {
  if (viewer.kind !== "member") throw unauthorized(MESSAGES.auth.notSignedIn);
  if (!isAdmin(viewer)) throw forbidden(MESSAGES.auth.adminOnly);
}
