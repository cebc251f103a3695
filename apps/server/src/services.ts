import type { DatabaseHandle } from "./db/database.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { type AuthLimits, AuthService, DEFAULT_AUTH_LIMITS } from "./modules/auth/auth.service.js";
import { RateLimitsRepo } from "./modules/auth/rate-limits.repo.js";
import { SessionsRepo } from "./modules/auth/sessions.repo.js";
import { SubscriptionsRepo } from "./modules/subscriptions/subscriptions.repo.js";
import { SubscriptionsService } from "./modules/subscriptions/subscriptions.service.js";
import { UsersRepo } from "./modules/users/users.repo.js";

export interface ServiceOptions {
  clock?: Clock;
  authLimits?: Partial<AuthLimits>;
}

/** The composition root: repositories over one database, services over the repositories. */
export function createServices(database: DatabaseHandle, options: ServiceOptions = {}) {
  const clock = options.clock ?? systemClock;
  const { db } = database;
  const subscriptions = new SubscriptionsService(new SubscriptionsRepo(db), clock);
  const auth = new AuthService({
    users: new UsersRepo(db),
    sessions: new SessionsRepo(db),
    rateLimits: new RateLimitsRepo(db),
    subscriptions,
    clock,
    limits: { ...DEFAULT_AUTH_LIMITS, ...options.authLimits },
  });
  return { auth, subscriptions };
}

export type Services = ReturnType<typeof createServices>;
