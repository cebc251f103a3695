import { type ApiKey, type ApiKeyDailyRequests, PARTNER_API } from "@sawdust/shared";
import type { ApiKeyRow } from "../../db/schema.js";
import { DAY_MS, HOUR_MS } from "./api-keys.constants.js";
import type { HourlyUsage } from "./api-keys.repo.js";

/** The first millisecond of the UTC day `days` before the one `now` falls in. */
export function dayStart(now: number, daysBefore = 0): number {
  return now - (now % DAY_MS) - daysBefore * DAY_MS;
}

/** The first millisecond of the clock hour (UTC) `now` falls in: a rate-limit window's start. */
export function hourStart(now: number): number {
  return now - (now % HOUR_MS);
}

/**
 * A key's requests on each of the last PARTNER_API.usageDays UTC days, oldest first, from its
 * hourly counts (a day is the sum of its hours).
 */
export function requestsPerDay(usage: HourlyUsage[], now: number): ApiKeyDailyRequests[] {
  const first = dayStart(now, PARTNER_API.usageDays - 1);
  const days = Array.from({ length: PARTNER_API.usageDays }, (_, i) => ({
    start: first + i * DAY_MS,
    requests: 0,
  }));
  for (const hour of usage) {
    const day = days[Math.floor((hour.hourStart - first) / DAY_MS)];
    if (day) day.requests += hour.requests;
  }
  return days.map((d) => ({
    day: new Date(d.start).toISOString().slice(0, 10),
    requests: d.requests,
  }));
}

/** A key as the admin sees it: never the key, only its display. */
export function presentApiKey(row: ApiKeyRow, usage: HourlyUsage[], now: number): ApiKey {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: row.id,
    name: row.name,
    display: row.display,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsed: iso(row.last_used_at),
    isActive: row.revoked_at === null,
    revokedAt: iso(row.revoked_at),
    rateLimitPerHour: row.rate_limit_per_hour,
    requestsPerDay: requestsPerDay(usage, now),
  };
}
