import { type DownloadSize, FREE_TIER, slugifyTag } from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import { forbidden, tooManyRequests, unauthorized } from "../../lib/errors.js";
import { RENDITION_FOR_DOWNLOAD } from "../../media/renditions.js";
import type { RateLimitsRepo } from "../auth/rate-limits.repo.js";
import { isAdmin, seesProSizes, type Viewer } from "../images/images.presenter.js";
import type { ImagesService } from "../images/images.service.js";
import type { DownloadsRepo } from "./downloads.repo.js";
import { formatResetDate, monthOf, nextResetOf } from "./usage-period.js";

export const DOWNLOAD_MESSAGES = {
  signInForBasic: "Sign in to download the Basic size",
  signInForPro: "Sign in with a Pro subscription to download this size",
  upgradeForPro: (size: string) => `Upgrade to Pro to download the ${size} size`,
  quota: (reset: string) =>
    `You have used this month's ${FREE_TIER.monthlyDownloads} downloads (or 1 GiB). Your downloads reset on ${reset}; Pro has no limit.`,
  previewRate: "Too many preview downloads from your address. Try again later.",
} as const;

const SIZE_LABEL: Record<DownloadSize, string> = {
  preview: "Preview",
  basic: "Basic",
  hd: "HD",
  xlarge: "XLarge",
  ultra: "Ultra",
};

/** Visitors' previews are not counted against anyone, but are limited per address. */
export const PREVIEW_LIMIT = { perWindow: 300, windowMs: 60 * 60 * 1000 };

export interface DownloadViewer extends Viewer {
  userId: number;
}

export interface PreparedDownload {
  imageId: number;
  size: DownloadSize;
  storageKey: string;
  bytes: number;
  etag: string;
  filename: string;
}

export class DownloadsService {
  constructor(
    private readonly deps: {
      downloads: DownloadsRepo;
      images: ImagesService;
      rateLimits: RateLimitsRepo;
      clock: Clock;
    },
  ) {}

  /** Checks access (spec sections 5 and 6) and finds, or makes, the file to send. */
  async prepare(
    imageId: number,
    size: DownloadSize,
    viewer: DownloadViewer | null,
  ): Promise<PreparedDownload> {
    const row = await this.deps.images.visibleRow(imageId, viewer);
    assertMayDownload(size, viewer);
    const rendition = await this.deps.images.ensureRendition(row, RENDITION_FOR_DOWNLOAD[size]);
    const hash = rendition.storage_key.match(/-([0-9a-f]+)\.webp$/)?.[1] ?? String(rendition.bytes);
    return {
      imageId,
      size,
      storageKey: rendition.storage_key,
      bytes: rendition.bytes,
      etag: `"${hash}"`,
      filename: `${slugifyTag(row.title ?? "") || `sawdust-${row.id}`}-${size}.webp`,
    };
  }

  /**
   * Counts a download (`resume`: a byte range after the first byte, free when this member's
   * download of it was counted this month): per-quality stats, totals, the event and the member's monthly usage,
   * atomically, refusing a free member past the limits with 429 and the reset date. A visitor's
   * previews are limited per address instead.
   */
  async count(
    download: PreparedDownload,
    viewer: DownloadViewer | null,
    ip: string,
    resume = false,
  ): Promise<void> {
    const { downloads, rateLimits, clock } = this.deps;
    const now = clock.now();
    if (!viewer) {
      const window = await rateLimits.hit(`preview:ip:${ip}`, now, PREVIEW_LIMIT.windowMs);
      if (window.count > PREVIEW_LIMIT.perWindow) {
        throw tooManyRequests(DOWNLOAD_MESSAGES.previewRate, (window.windowEndsAt - now) / 1000);
      }
    }
    const limited = viewer !== null && !isAdmin(viewer) && !seesProSizes(viewer);
    const recorded = await downloads.record({
      imageId: download.imageId,
      userId: viewer?.userId ?? null,
      size: download.size,
      bytes: download.bytes,
      month: monthOf(now),
      now,
      resume,
      usage:
        viewer && download.size !== "preview"
          ? {
              limits: limited
                ? { downloads: FREE_TIER.monthlyDownloads, bytes: FREE_TIER.monthlyBandwidthBytes }
                : undefined,
            }
          : undefined,
    });
    if (recorded === "refused") {
      const reset = nextResetOf(now);
      throw tooManyRequests(
        DOWNLOAD_MESSAGES.quota(formatResetDate(reset)),
        (reset.getTime() - now) / 1000,
      );
    }
  }
}

function assertMayDownload(size: DownloadSize, viewer: Viewer | null): void {
  if (size === "preview") return;
  if (size === "basic") {
    if (!viewer) throw unauthorized(DOWNLOAD_MESSAGES.signInForBasic, "sign_in_required");
    return;
  }
  if (!viewer) throw unauthorized(DOWNLOAD_MESSAGES.signInForPro, "sign_in_required");
  if (!seesProSizes(viewer))
    throw forbidden(DOWNLOAD_MESSAGES.upgradeForPro(SIZE_LABEL[size]), "upgrade_required");
}
