import { setTimeout as sleep } from "node:timers/promises";
import type { Clock } from "../../lib/clock.js";
import { type RateLimit, type RateLimitsRepo, refusal } from "./rate-limits.repo.js";

/** How long a check waits for places other checks of the same key are still using. */
const WAIT_FOR_RUNNING_MS = 5000;

/** A place a check holds in a key's window until its outcome. */
export interface CheckPlace {
  /** The check failed (a wrong password or code, or a suspended account): the place stays. */
  failed(): Promise<void>;
  /** The check passed, or was not made: the place is given back. */
  passed(): Promise<void>;
}

/**
 * Places for checks whose outcome decides whether they count: passwords and codes, limited per
 * account and address. A place is taken atomically before the check (a burst of parallel guesses
 * gets no more checks than the limit), and a refusal that is only the window's places still being
 * checked waits for them, up to 5 s: parallel right passwords each get their turn, where they were
 * refused "Try again in 15 minutes" although nothing had failed (round 24). Wrong ones still get
 * exactly the limit's checks: once their places are failures, the rest are refused at once.
 */
export class CheckedAttempts {
  constructor(
    private readonly rateLimits: RateLimitsRepo,
    private readonly clock: Clock,
  ) {}

  /** A place in `key`'s window, or 429 `message` and when one frees. */
  async take(key: string, limit: RateLimit, message: string): Promise<CheckPlace> {
    const started = performance.now();
    let pause = 25;
    for (;;) {
      const now = this.clock.now();
      const reservation = await this.rateLimits.reserveCheck(key, now, limit);
      if (reservation.taken) return this.placeOf(key, reservation.id);
      if (!reservation.inFlight || performance.now() - started + pause > WAIT_FOR_RUNNING_MS) {
        throw refusal(message, reservation.freesAt, now, limit);
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 400);
    }
  }

  private placeOf(key: string, id: number): CheckPlace {
    return {
      failed: () => this.rateLimits.settleFailed(key, id),
      passed: () => this.rateLimits.releaseCheck(id),
    };
  }
}
