import { hasFreeLimits, type Member, type Usage } from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import type { CollectionsService } from "../collections/collections.service.js";
import type { DownloadsRepo } from "../downloads/downloads.repo.js";
import { monthOf, nextResetOf } from "../downloads/usage-period.js";
import type { SiteSettingsService } from "../settings/settings.service.js";

export class UsageService {
  constructor(
    private readonly deps: {
      downloads: DownloadsRepo;
      collections: Pick<CollectionsService, "countOwnedBy">;
      /** The free tier's limits now (the site settings). */
      siteSettings: Pick<SiteSettingsService, "current">;
      clock: Clock;
    },
  ) {}

  /**
   * The member's usage this calendar month (UTC) against the free limits (design section 4);
   * Pro, pro_plus and admins have none. A free member's figures are what the limits count: what
   * they downloaded while free, not what they downloaded as Pro earlier this month (the bar says
   * how many are left). With no limits, the figures are everything downloaded this month, as
   * the admin's subscriber list counts it. The month-over-month change is from every real
   * download of both months: how much the member downloads, whatever the tier.
   */
  async of(viewer: Member): Promise<Usage> {
    const now = this.deps.clock.now();
    const period = monthOf(now);
    const [current, previous, collections, settings] = await Promise.all([
      this.deps.downloads.usage(viewer.userId, period),
      this.deps.downloads.usage(viewer.userId, previousMonthOf(now)),
      this.deps.collections.countOwnedBy(viewer.userId),
      this.deps.siteSettings.current(),
    ]);
    const { freeTier } = settings;
    // The same rule the download route enforces: only free members have limits.
    const limited = hasFreeLimits(viewer);
    const used = limited ? current.whileFree : current;
    return {
      period,
      resetsOn: nextResetOf(now).toISOString().slice(0, 10),
      downloads: {
        used: used.downloads,
        limit: limited ? freeTier.monthlyDownloads : null,
      },
      bandwidthBytes: {
        used: used.bytes,
        limit: limited ? freeTier.monthlyBandwidthBytes : null,
      },
      collections: { used: collections, limit: limited ? freeTier.collections : null },
      previousMonthDownloads: previous.downloads,
      downloadsChangePercent: changePercent(current.downloads, previous.downloads),
    };
  }
}

/** The UTC month (YYYY-MM) before the one holding this instant. */
export function previousMonthOf(epochMs: number): string {
  const d = new Date(epochMs);
  return monthOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
}

/**
 * The change from `previous` to `current` in whole percent, halves rounded away from zero (so a
 * fall reads as large as the same rise); null when there is no base.
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const percent = ((current - previous) / previous) * 100;
  return Math.sign(percent) * Math.round(Math.abs(percent)) || 0;
}
