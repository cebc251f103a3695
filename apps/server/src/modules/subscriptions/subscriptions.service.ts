import { TIERS, type Tier } from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import type { SubscriptionsRepo } from "./subscriptions.repo.js";

export class SubscriptionsService {
  constructor(
    private readonly repo: SubscriptionsRepo,
    private readonly clock: Clock,
  ) {}

  /** The user's tier: the highest of their active, unexpired subscriptions; free when none. */
  async tierOf(userId: number): Promise<Tier> {
    const tiers = await this.repo.findActiveTiers(userId, this.clock.now());
    return highestTier(tiers);
  }
}

export function highestTier(tiers: readonly string[]): Tier {
  let best: Tier = "free";
  for (const tier of tiers) {
    const rank = TIERS.indexOf(tier as Tier);
    if (rank > TIERS.indexOf(best)) best = tier as Tier;
  }
  return best;
}
