import {
  DEFAULT_SITE_SETTINGS,
  isAdmin,
  MESSAGES,
  type Principal,
  type SiteSettings,
  ZSiteSettings,
} from "@sawdust/shared";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { conflict, forbidden, preconditionFailed, unauthorized } from "../../lib/errors.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import { ifMatchAllows, versionTagOf } from "../../lib/version-tag.js";
import type { SettingsRepo } from "./settings.repo.js";

/** The settings row that holds the site settings, as one JSON object. */
export const SITE_SETTINGS_KEY = "site_settings";

/**
 * How long a process keeps its copy of the site settings. A save clears the copy at once in the
 * process that saved and in every other process: on PostgreSQL by `settings.changed` over
 * LISTEN/NOTIFY, on SQLite through `bus_events` (a separate worker; db/sqlite-change-watch.ts).
 */
export const SITE_SETTINGS_CACHE_MS = 5_000;

const defaults: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  freeTier: { ...DEFAULT_SITE_SETTINGS.freeTier },
  licencePrices: { ...DEFAULT_SITE_SETTINGS.licencePrices },
};

/**
 * The site settings of the admin console (design section 4): the site's name, whether
 * registration is open, the free tier's limits, the default edition type and the default
 * licence prices (issue 19). Read on every
 * download, sign-up and upload, so each process keeps a copy for a moment and drops it when any
 * process saves.
 */
export class SiteSettingsService {
  private cached: { value: Promise<SiteSettings>; expiresAt: number } | undefined;

  constructor(
    private readonly deps: {
      settings: SettingsRepo;
      events: EventBus;
      clock: Clock;
      /** Whether a member has two-factor sign-in on (requiring it of admins needs the saver's). */
      twoFactorEnabled?: (userId: number) => Promise<boolean>;
    },
  ) {
    deps.events.on((event) => {
      if (event.type === "settings.changed" || event.type === "resync") this.cached = undefined;
    });
  }

  /** The settings now (the defaults for whatever was never saved). */
  current(): Promise<SiteSettings> {
    const now = this.deps.clock.now();
    if (this.cached && this.cached.expiresAt > now) return this.cached.value;
    const value = this.deps.settings.get(SITE_SETTINGS_KEY).then(settingsFromStored);
    const entry = { value, expiresAt: now + SITE_SETTINGS_CACHE_MS };
    this.cached = entry;
    // A failed read is not kept: the next caller asks the database again.
    value.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return value;
  }

  /** The settings for an admin's form (401/403 for anyone else). */
  async forAdmin(viewer: Principal): Promise<SiteSettings> {
    assertAdmin(viewer);
    return this.current();
  }

  /**
   * Replaces the settings (already checked against ZSiteSettings) and writes the audit entry with
   * what changed, before and after, in one transaction; then every process drops its copy.
   * `ifMatch` (the request's `If-Match`) names the version the admin's form was made from: when
   * another save came in between, nothing is written (412) rather than putting back what it
   * changed.
   */
  async save(body: SiteSettings, viewer: Principal, ifMatch?: string): Promise<SiteSettings> {
    assertAdmin(viewer);
    const next = ZSiteSettings.parse(body);
    const { twoFactorEnabled } = this.deps;
    if (
      next.requireTwoFactorForAdmins &&
      twoFactorEnabled &&
      !(await twoFactorEnabled(viewer.userId))
    ) {
      // Saved, it would shut the saver out of the console they are standing in.
      throw conflict(MESSAGES.twoFactor.enableYoursFirst, "two_factor_required_first");
    }
    await this.deps.settings.replaceAudited(
      SITE_SETTINGS_KEY,
      JSON.stringify(next),
      (stored) => ({
        actorId: viewer.userId,
        action: "settings.updated",
        subject: "settings:site",
        details: changesBetween(settingsFromStored(stored), next),
      }),
      this.deps.clock.now(),
      (stored) => {
        if (!ifMatchAllows(ifMatch, settingsVersion(settingsFromStored(stored)))) {
          throw preconditionFailed(MESSAGES.siteSettings.changedElsewhere, "changed_elsewhere");
        }
      },
    );
    this.cached = undefined;
    await this.deps.events.emit({ type: "settings.changed" });
    return next;
  }
}

/** The ETag of a version of the settings: what the admin's form sends back as `If-Match`. */
export const settingsVersion = (settings: SiteSettings): string => versionTagOf(settings);

/**
 * The stored settings over the defaults, field by field: a field that is missing or no longer
 * valid (bounds changed since it was saved) reads as its default rather than failing every page.
 */
export function settingsFromStored(stored: string | undefined): SiteSettings {
  if (stored === undefined) return defaults;
  const raw = parseStoredObject(stored);
  const rawTier = (raw.freeTier ?? {}) as Record<string, unknown>;
  const pick = <K extends keyof SiteSettings>(key: K): SiteSettings[K] => {
    const field = ZSiteSettings.shape[key].safeParse(raw[key]);
    return field.success ? (field.data as SiteSettings[K]) : defaults[key];
  };
  const tierShape = ZSiteSettings.shape.freeTier.shape;
  const tier = <K extends keyof SiteSettings["freeTier"]>(key: K) => {
    const field = tierShape[key].safeParse(rawTier[key]);
    return field.success ? field.data : defaults.freeTier[key];
  };
  return {
    siteName: pick("siteName"),
    registrationOpen: pick("registrationOpen"),
    defaultEditionType: pick("defaultEditionType"),
    requireTwoFactorForAdmins: pick("requireTwoFactorForAdmins"),
    licencePrices: pick("licencePrices"),
    freeTier: {
      monthlyDownloads: tier("monthlyDownloads"),
      monthlyBandwidthBytes: tier("monthlyBandwidthBytes"),
      collections: tier("collections"),
    },
  };
}

/** The fields that differ, as `{ before, after }` keyed by field (`freeTier.collections`). */
export function changesBetween(
  before: SiteSettings,
  after: SiteSettings,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const flat = (settings: SiteSettings): Record<string, unknown> => {
    const { freeTier, licencePrices, ...rest } = settings;
    return {
      ...rest,
      ...Object.fromEntries(Object.entries(freeTier).map(([k, v]) => [`freeTier.${k}`, v])),
      ...Object.fromEntries(
        Object.entries(licencePrices).map(([k, v]) => [`licencePrices.${k}`, v]),
      ),
    };
  };
  const a = flat(before);
  const b = flat(after);
  const changed = Object.keys(b).filter((key) => a[key] !== b[key]);
  return {
    before: Object.fromEntries(changed.map((key) => [key, a[key]])),
    after: Object.fromEntries(changed.map((key) => [key, b[key]])),
  };
}

function assertAdmin(viewer: Principal): asserts viewer is Extract<Principal, { kind: "member" }> {
  if (viewer.kind !== "member") throw unauthorized(MESSAGES.auth.notSignedIn);
  if (!isAdmin(viewer)) throw forbidden(MESSAGES.auth.adminOnly);
}
