import {
  canViewImage,
  FREE_TIER as DEFAULT_FREE_TIER,
  DOWNLOAD_SIZES,
  type DownloadSize,
  downloadAccess,
  formatBytes,
  hasFreeLimits,
  type Licence,
  MESSAGES,
  type Principal,
  type SiteSettings,
  slugifyTag,
} from "@sawdust/shared";
import { addressGroupOf } from "../../lib/address-group.js";
import type { Clock } from "../../lib/clock.js";
import { forbidden, notFound, tooManyRequests, unauthorized } from "../../lib/errors.js";
import { RENDITION_FOR_DOWNLOAD } from "../../media/renditions.js";
import type { RateLimitsRepo, WindowCount } from "../auth/rate-limits.repo.js";
import { IMAGE_MESSAGES } from "../images/images.constants.js";
import type { ImagesRepo } from "../images/images.repo.js";
import type { RenditionsService } from "../images/renditions.service.js";
import type { SiteSettingsService } from "../settings/settings.service.js";
import type { DownloadsRepo } from "./downloads.repo.js";
import { formatResetDate, monthOf, nextResetOf } from "./usage-period.js";

export const DOWNLOAD_MESSAGES = {
  signInForBasic: "Sign in to download the Basic size",
  signInForPro: "Sign in with a Pro subscription to download this size",
  upgradeForPro: (size: string) => `Upgrade to Pro to download the ${size} size`,
  quota: (reset: string, limits: { monthlyDownloads: number; monthlyBandwidthBytes: number }) =>
    `You have reached this month's free limit: ${limits.monthlyDownloads} downloads or ${formatBytes(limits.monthlyBandwidthBytes)}, whichever comes first. Your downloads reset on ${reset} at 00:00 UTC; Pro has no limit.`,
  previewRate: (seconds: number) =>
    `Too many preview downloads from your address. ${MESSAGES.tryAgainIn(seconds)}`,
  fromAnotherSite:
    "This download was started by another site. Open the image on this site and download it there.",
} as const;

/** Visitors' previews are not counted against anyone, but are limited per address. */
export const PREVIEW_LIMIT = { perWindow: 300, windowMs: 60 * 60 * 1000 };

export interface PreparedDownload {
  imageId: number;
  size: DownloadSize;
  storageKey: string;
  bytes: number;
  etag: string;
  filename: string;
  /** The licence the member owns this piece under (issue 19): every size, never counted. */
  ownedLicence: Licence | null;
}

export class DownloadsService {
  constructor(
    private readonly deps: {
      downloads: DownloadsRepo;
      images: ImagesRepo;
      renditions: RenditionsService;
      rateLimits: RateLimitsRepo;
      /** The free tier's limits now (the site settings). */
      siteSettings: Pick<SiteSettingsService, "current">;
      clock: Clock;
      /** Which licence a member owns a piece under (bought editions), if any. */
      ownership?: { licenceOf(userId: number, imageId: number): Promise<Licence | null> };
    },
  ) {}

  /** Checks access (spec sections 5 and 6) and finds, or makes, the file to send. */
  async prepare(imageId: number, size: DownloadSize, viewer: Principal): Promise<PreparedDownload> {
    const row = await this.deps.images.findReadyById(imageId);
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    const ownedLicence =
      viewer.kind === "member" && this.deps.ownership
        ? await this.deps.ownership.licenceOf(viewer.userId, imageId)
        : null;
    // A piece bought stays its owner's to download while an admin has it hidden.
    if (!ownedLicence && !canViewImage(viewer, { isPublic: row.is_public === 1 })) {
      throw notFound(IMAGE_MESSAGES.notFound);
    }
    // An owner downloads every size of their piece, whatever their tier.
    if (!ownedLicence) assertMayDownload(size, viewer);
    const rendition = await this.deps.renditions.ensureRendition(row, RENDITION_FOR_DOWNLOAD[size]);
    const hash = rendition.storage_key.match(/-([0-9a-f]+)\.webp$/)?.[1] ?? String(rendition.bytes);
    return {
      imageId,
      size,
      storageKey: rendition.storage_key,
      bytes: rendition.bytes,
      etag: `"${hash}"`,
      filename: `${slugifyTag(row.title ?? "") || `sawdust-${row.id}`}-${size}${
        ownedLicence ? `-${ownedLicence}-licence` : ""
      }.webp`,
      ownedLicence,
    };
  }

  /**
   * Counts a download (`part`: a byte range of the file, of this many bytes; not a download again
   * when this member's download of it was counted this month, or is being counted, only bandwidth):
   * per-quality stats, totals, the event and the member's monthly usage, atomically, refusing a
   * free member past the limits with 429 and the reset date (the limits count what they
   * downloaded while free: a Pro member's downloads are not, should they be free again this
   * month). A visitor's previews are limited per address instead.
   */
  async count(
    download: PreparedDownload,
    viewer: Principal,
    ip: string,
    part?: { bytes: number },
  ): Promise<void> {
    const { downloads, rateLimits, clock } = this.deps;
    const now = clock.now();
    const member = viewer.kind === "member" ? viewer : null;
    if (!member) {
      const window = await rateLimits.hit(previewKey(ip), now, PREVIEW_LIMIT.windowMs);
      if (window.count > PREVIEW_LIMIT.perWindow) throw previewRateReached(window, now);
    }
    // An owner's downloads of their piece are not counted against the free tier's limits.
    const limited = hasFreeLimits(viewer) && !download.ownedLicence;
    const freeTier = limited ? (await this.deps.siteSettings.current()).freeTier : undefined;
    const recorded = await downloads.record({
      imageId: download.imageId,
      userId: member?.userId ?? null,
      size: download.size,
      bytes: download.bytes,
      month: monthOf(now),
      now,
      part,
      usage:
        member && download.size !== "preview" && !download.ownedLicence
          ? {
              limits: freeTier
                ? { downloads: freeTier.monthlyDownloads, bytes: freeTier.monthlyBandwidthBytes }
                : undefined,
            }
          : undefined,
    });
    if (recorded === "refused") throw quotaReached(now, freeTier);
  }

  /**
   * Refuses (429, as `count` would) a free member whose month's limits this download would pass,
   * or a visitor whose address has used its previews, counting nothing: a HEAD answers as its GET
   * would, so a download manager's probe is not told a file is there that the download itself
   * will refuse.
   */
  async assertWithinLimits(
    download: PreparedDownload,
    viewer: Principal,
    ip: string,
  ): Promise<void> {
    if (viewer.kind !== "member") {
      // A visitor's previews: the address's window, full already, refuses the HEAD too.
      const now = this.deps.clock.now();
      const window = await this.deps.rateLimits.peek(previewKey(ip), now);
      if (window.count >= PREVIEW_LIMIT.perWindow) throw previewRateReached(window, now);
      return;
    }
    if (!hasFreeLimits(viewer) || download.ownedLicence) return;
    if (download.size === "preview") return;
    const now = this.deps.clock.now();
    const { freeTier } = await this.deps.siteSettings.current();
    const used = (await this.deps.downloads.usage(viewer.userId, monthOf(now))).whileFree;
    if (
      used.downloads >= freeTier.monthlyDownloads ||
      used.bytes + download.bytes > freeTier.monthlyBandwidthBytes
    ) {
      throw quotaReached(now, freeTier);
    }
  }
}

/** The window of a visitor's previews: per address (group), as other per-address limits. */
const previewKey = (ip: string) => `preview:ip:${addressGroupOf(ip)}`;

/** The address's previews are used up for this window: 429, and when to try again. */
function previewRateReached(window: WindowCount, now: number) {
  const seconds = (window.windowEndsAt - now) / 1000;
  return tooManyRequests(DOWNLOAD_MESSAGES.previewRate(seconds), seconds);
}

/** The free tier's month is used up: 429 with the reset date, and when to try again. */
function quotaReached(now: number, freeTier: SiteSettings["freeTier"] | undefined) {
  const reset = nextResetOf(now);
  return tooManyRequests(
    DOWNLOAD_MESSAGES.quota(formatResetDate(reset), freeTier ?? DEFAULT_FREE_TIER),
    (reset.getTime() - now) / 1000,
  );
}

function assertMayDownload(size: DownloadSize, viewer: Principal): void {
  const access = downloadAccess(viewer, size);
  if (access === "allowed") return;
  if (access === "sign-in") {
    throw unauthorized(
      size === "basic" ? DOWNLOAD_MESSAGES.signInForBasic : DOWNLOAD_MESSAGES.signInForPro,
      "sign_in_required",
    );
  }
  throw forbidden(DOWNLOAD_MESSAGES.upgradeForPro(DOWNLOAD_SIZES[size].label), "upgrade_required");
}
