import { createHash, randomBytes } from "node:crypto";
import { canViewImage, type Principal } from "@sawdust/shared";
import { addressGroupOf, addressOf } from "../../lib/address-group.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import type { RateLimitsRepo } from "../auth/rate-limits.repo.js";
import { IMAGE_MESSAGES } from "../images/images.constants.js";
import type { ImagesRepo } from "../images/images.repo.js";
import type { SettingsRepo } from "../settings/settings.repo.js";
import { SALT_KEY_PREFIX, type ViewsRepo } from "./views.repo.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of view rows kept: today and yesterday (a process whose clock lags a little still dedupes). */
const DAYS_KEPT = 2;
/**
 * Visitors' views one address (an IPv6 /64) may count in an hour. A visitor is an address and a
 * user agent, and a new user agent is free: without a bound one client could add a row and a
 * view a request, hundreds a second. Past it, views are answered and not counted.
 */
export const VISITOR_VIEWS = { perAddress: 1000, windowMs: 60 * 60 * 1000 } as const;

export interface ViewRequester {
  /** Set when a member is signed in. */
  userId?: number;
  ip: string;
  userAgent: string;
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Image views, counted once per viewer and UTC day. A member is their user id; a visitor is a
 * hash of IP address, user agent and a secret salt of the day, so no address is stored and a
 * visitor cannot be followed from one day to the next.
 */
export class ViewsService {
  /** The current day's salt, once read. */
  private salt: { day: string; value: string } | undefined;

  constructor(
    private readonly deps: {
      views: ViewsRepo;
      settings: SettingsRepo;
      images: ImagesRepo;
      rateLimits: RateLimitsRepo;
      clock: Clock;
    },
  ) {}

  /** Counts a view of an image this requester may see (404 otherwise); returns the new total. */
  async record(
    imageId: number,
    viewer: Principal,
    requester: ViewRequester,
  ): Promise<{ views: number }> {
    const row = await this.deps.images.findReadyById(imageId);
    if (!row || !canViewImage(viewer, { isPublic: row.is_public === 1 })) {
      throw notFound(IMAGE_MESSAGES.notFound);
    }
    const now = this.deps.clock.now();
    const day = utcDay(now);
    if (requester.userId !== undefined) {
      return { views: await this.deps.views.record(imageId, `u:${requester.userId}`, day) };
    }
    const address = addressGroupOf(requester.ip);
    const { count } = await this.deps.rateLimits.hit(
      `views:ip:${address}`,
      now,
      VISITOR_VIEWS.windowMs,
    );
    if (count > VISITOR_VIEWS.perAddress) return { views: row.views };
    const visitor = createHash("sha256")
      .update(`${await this.saltOf(day)}\n${addressOf(requester.ip)}\n${requester.userAgent}`)
      .digest("hex");
    return { views: await this.deps.views.record(imageId, `v:${visitor}`, day) };
  }

  /** Drops the view rows and salts of days no longer kept (the janitor calls it). */
  prune(): Promise<number> {
    const oldestKept = utcDay(this.deps.clock.now() - (DAYS_KEPT - 1) * DAY_MS);
    return this.deps.views.pruneBefore(oldestKept);
  }

  private async saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      // Made by whichever process asks first; the others read it.
      const value = await this.deps.settings.getOrCreate(`${SALT_KEY_PREFIX}${day}`, () =>
        randomBytes(32).toString("base64url"),
      );
      this.salt = { day, value };
    }
    return this.salt.value;
  }
}
