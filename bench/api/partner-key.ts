/**
 * The marketing API's target (`mkt-p1`) needs a partner's key: one is made straight through the
 * server's own repository and key format (as an admin's would be, with its audit entry), with an
 * hourly limit no run can reach, so the bench measures the key check and the count, never a 429.
 */
import type { Db } from "../../apps/server/src/db/database.js";
import {
  displayOf,
  hashApiKey,
  newApiKey,
} from "../../apps/server/src/modules/api-keys/api-key-format.js";
import { ApiKeysRepo } from "../../apps/server/src/modules/api-keys/api-keys.repo.js";

/** Far above what the API lets an admin set (1,000,000): a bench run makes ~10⁵ requests. */
const BENCH_REQUESTS_PER_HOUR = 1_000_000_000;

export async function createBenchPartnerKey(db: Db): Promise<string> {
  const key = newApiKey();
  await new ApiKeysRepo(db).insert(
    {
      name: `bench ${new Date().toISOString()}`,
      keyHash: hashApiKey(key),
      display: displayOf(key),
      rateLimitPerHour: BENCH_REQUESTS_PER_HOUR,
      createdBy: null,
      now: Date.now(),
    },
    (id) => ({ actorId: null, action: "api_key.created", subject: `api_key:${id}`, details: {} }),
  );
  return key;
}
