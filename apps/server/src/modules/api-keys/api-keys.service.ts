import {
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyUpdateBody,
  isAdmin,
  MESSAGES,
  type Member,
  PARTNER_API,
  type Partner,
  type PartnerApiInfo,
} from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.js";
import { displayOf, hashApiKey, isWellFormedKey, newApiKey } from "./api-key-format.js";
import {
  API_KEY_MESSAGES,
  BEARER_CHALLENGE,
  HOUR_MS,
  KNOWN_KEYS_MAX,
  LAST_USED_EVERY_MS,
  USAGE_RETENTION_MS,
} from "./api-keys.constants.js";
import { dayStart, hourStart, presentApiKey } from "./api-keys.presenter.js";
import type { ApiKeysRepo, HourlyUsage } from "./api-keys.repo.js";

/** A key's rate-limit window as a response states it. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** When the window ends and the count starts again (epoch ms), and in how many seconds. */
  resetsAt: number;
  resetsInSeconds: number;
}

/** A request with a key: let through as the key's partner, or refused for its window. */
export type KeyedRequest =
  | { allowed: true; partner: Partner; window: RateWindow }
  | { allowed: false; window: RateWindow };

/**
 * Partners' API keys (spec sections 2, 3 and 7, design section 6): an admin creates one (shown
 * once, stored as a hash), lists them with their use, changes a key's limit and revokes it for
 * good; every marketing API request is let through or refused by `admit`. Callers check that the
 * admin is one (the routes do, with `adminViewerOf`); the service checks again.
 */
export class ApiKeysService {
  /** Key ids by hash, so a known key costs no lookup; the mapping never changes. */
  private readonly known = new Map<string, number>();
  /** When this process last wrote each key's `last_used_at`. */
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly deps: {
      keys: ApiKeysRepo;
      clock: Clock;
      /** The site's origin as users see it (PUBLIC_URL). */
      publicUrl: string;
    },
  ) {}

  async create(
    body: { name: string; rateLimitPerHour?: number },
    admin: Member,
  ): Promise<ApiKeyCreated> {
    assertAdmin(admin);
    const now = this.deps.clock.now();
    const key = newApiKey();
    const display = displayOf(key);
    const rateLimitPerHour = body.rateLimitPerHour ?? PARTNER_API.defaultRequestsPerHour;
    const row = await this.deps.keys.insert(
      {
        name: body.name,
        keyHash: hashApiKey(key),
        display,
        rateLimitPerHour,
        createdBy: admin.userId,
        now,
      },
      (id) => ({
        actorId: admin.userId,
        action: "api_key.created",
        subject: `api_key:${id}`,
        details: { name: body.name, display, rateLimitPerHour },
      }),
    );
    return { ...presentApiKey(row, [], now), apiKey: key };
  }

  /** Every key, newest first, with its requests per day, and where partners find the API. */
  async list(admin: Member): Promise<ApiKeyList> {
    assertAdmin(admin);
    const now = this.deps.clock.now();
    await this.deps.keys.deleteUsageBefore(hourStart(now - USAGE_RETENTION_MS));
    const [rows, usage] = await Promise.all([
      this.deps.keys.findAll(),
      this.deps.keys.usageSince(dayStart(now, PARTNER_API.usageDays - 1)),
    ]);
    const byKey = new Map<number, HourlyUsage[]>();
    for (const hour of usage) byKey.set(hour.keyId, [...(byKey.get(hour.keyId) ?? []), hour]);
    return {
      apiKeys: rows.map((row) => presentApiKey(row, byKey.get(row.id) ?? [], now)),
      partnerApi: this.partnerApi(),
    };
  }

  /**
   * Renames an active key or sets its limit; the new limit holds from its next request. Only the
   * fields that differ from the stored key are written and audited (before and after): saving a
   * key as it is changes nothing and leaves no entry in the audit log.
   */
  async update(id: number, body: ApiKeyUpdateBody, admin: Member): Promise<ApiKey> {
    assertAdmin(admin);
    const row = await this.row(id);
    if (row.revoked_at !== null) throw conflict(API_KEY_MESSAGES.revoked, "api_key_revoked");
    const stored = { name: row.name, rateLimitPerHour: row.rate_limit_per_hour };
    const before: { name?: string; rateLimitPerHour?: number } = {};
    const after: { name?: string; rateLimitPerHour?: number } = {};
    if (body.name !== undefined && body.name !== stored.name) {
      before.name = stored.name;
      after.name = body.name;
    }
    if (body.rateLimitPerHour !== undefined && body.rateLimitPerHour !== stored.rateLimitPerHour) {
      before.rateLimitPerHour = stored.rateLimitPerHour;
      after.rateLimitPerHour = body.rateLimitPerHour;
    }
    if (Object.keys(after).length > 0) {
      await this.deps.keys.update(id, after, this.deps.clock.now(), {
        actorId: admin.userId,
        action: "api_key.updated",
        subject: `api_key:${id}`,
        details: { display: row.display, before, after },
      });
    }
    return this.present(id);
  }

  /**
   * Revokes a key, irreversibly. Every process refuses it from its next request on: each request
   * counts itself with a statement that reads the key's state (`ApiKeysRepo.takeRequest`).
   * Revoking a revoked key changes nothing.
   */
  async revoke(id: number, admin: Member): Promise<ApiKey> {
    assertAdmin(admin);
    const row = await this.row(id);
    if (row.revoked_at === null) {
      await this.deps.keys.revoke(id, admin.userId, this.deps.clock.now(), {
        actorId: admin.userId,
        action: "api_key.revoked",
        subject: `api_key:${id}`,
        details: { name: row.name, display: row.display },
      });
      for (const [hash, keyId] of this.known) if (keyId === id) this.known.delete(hash);
    }
    return this.present(id);
  }

  /**
   * Lets a marketing API request through, or not: 401 without a key, or with one that is
   * malformed (checked offline, before any lookup), unknown or revoked; refused (the caller
   * answers 429) when the key's hour is full. A request let through is counted in one statement,
   * which also keeps the key's requests per day.
   */
  async admit(presented: string | undefined): Promise<KeyedRequest> {
    if (!presented) throw apiKeyRefused(API_KEY_MESSAGES.missing, "missing_api_key");
    if (!isWellFormedKey(presented)) throw apiKeyRefused(API_KEY_MESSAGES.invalid);
    const hash = hashApiKey(presented);
    const id = this.known.get(hash) ?? (await this.lookUp(hash));

    const now = this.deps.clock.now();
    const start = hourStart(now);
    const resetsAt = start + HOUR_MS;
    const resetsInSeconds = Math.max(1, Math.ceil((resetsAt - now) / 1000));
    const counted = await this.deps.keys.takeRequest(id, start);
    if (counted) {
      if (this.isTouchDue(id, now)) await this.touch(id, now);
      return {
        allowed: true,
        partner: { kind: "partner", apiKeyId: id },
        window: {
          limit: counted.rateLimit,
          remaining: Math.max(0, counted.rateLimit - counted.requests),
          resetsAt,
          resetsInSeconds,
        },
      };
    }
    const hour = await this.deps.keys.hourOf(id, start);
    if (!hour || hour.revoked) {
      this.known.delete(hash);
      throw apiKeyRefused(API_KEY_MESSAGES.invalid);
    }
    return {
      allowed: false,
      window: { limit: hour.rateLimit, remaining: 0, resetsAt, resetsInSeconds },
    };
  }

  /** Where partners find the API, on the site's real origin. */
  partnerApi(): PartnerApiInfo {
    const origin = this.deps.publicUrl;
    return {
      baseUrl: `${origin}${PARTNER_API.basePath}`,
      documentUrl: `${origin}${PARTNER_API.documentPath}`,
      docsPageUrl: `${origin}${PARTNER_API.docsPagePath}`,
      defaultRateLimitPerHour: PARTNER_API.defaultRequestsPerHour,
    };
  }

  private async lookUp(hash: string): Promise<number> {
    const row = await this.deps.keys.findByHash(hash);
    if (!row || row.revoked_at !== null) throw apiKeyRefused(API_KEY_MESSAGES.invalid);
    if (this.known.size >= KNOWN_KEYS_MAX) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(hash, row.id);
    return row.id;
  }

  /** Whether this process has not written the key's `last_used_at` for a minute. */
  private isTouchDue(id: number, now: number): boolean {
    const last = this.touched.get(id);
    return last === undefined || now - last >= LAST_USED_EVERY_MS;
  }

  /** `last_used_at`, written at most once a minute per key: by this process, and by all. */
  private async touch(id: number, now: number): Promise<void> {
    this.touched.set(id, now);
    await this.deps.keys.touchLastUsed(id, now, LAST_USED_EVERY_MS);
  }

  private async row(id: number) {
    const row = await this.deps.keys.findById(id);
    if (!row) throw notFound(API_KEY_MESSAGES.notFound);
    return row;
  }

  private async present(id: number): Promise<ApiKey> {
    const now = this.deps.clock.now();
    const row = await this.row(id);
    const usage = await this.deps.keys.usageSince(dayStart(now, PARTNER_API.usageDays - 1), id);
    return presentApiKey(row, usage, now);
  }
}

function assertAdmin(principal: Member): void {
  if (!isAdmin(principal)) throw forbidden(MESSAGES.auth.adminOnly);
}

/** A 401 that tells the client which scheme to use (RFC 6750). */
export function apiKeyRefused(message: string, code = "invalid_api_key"): AppError {
  return new AppError(401, message, code, { "www-authenticate": BEARER_CHALLENGE });
}
