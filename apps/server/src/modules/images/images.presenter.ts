import {
  DEFAULT_SITE_SETTINGS,
  DOWNLOAD_SIZE_NAMES,
  DOWNLOAD_SIZES,
  editionForSale,
  fitInside,
  hasProAccess,
  type Image,
  isAdmin,
  type LicenceDefaults,
  licencePricesOf,
  type Principal,
} from "@sawdust/shared";
import type { ImageRow, RenditionRow } from "../../db/schema.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import type { MediaStore } from "../../media/media-store.js";
import type { ListRow } from "./images.repo.js";

/** How long a signed pro-size URL works. */
export const SIGNED_URL_SECONDS = 15 * 60;

/**
 * An image as the API shows it to this principal: pro sizes (Pro and admins) and per-quality
 * stats (admins) only where the access rules (shared `access.ts`) allow. A compact
 * one (a list entry) keeps only the display fields of its analysis: the generation metadata can
 * weigh tens of kilobytes an image, and only the detail shows it. A piece for sale shows its
 * licence prices over `licenceDefaults`, the site settings' (their initial values when absent).
 */
export function presentImage(
  row: ImageRow,
  renditions: RenditionRow[],
  viewer: Principal,
  media: MediaStore,
  nowMs: number,
  options?: { compact?: false; licenceDefaults?: LicenceDefaults },
): Image;
/** A list entry, from the list's columns: its analysis is the list-sized one (list-analysis.ts). */
export function presentImage(
  row: ListRow,
  renditions: RenditionRow[],
  viewer: Principal,
  media: MediaStore,
  nowMs: number,
  options: { compact: true; licenceDefaults?: LicenceDefaults },
): Image;
export function presentImage(
  row: ListRow & { ai_analysis?: string },
  renditions: RenditionRow[],
  viewer: Principal,
  media: MediaStore,
  nowMs: number,
  options: { compact?: boolean; licenceDefaults?: LicenceDefaults } = {},
): Image {
  const byName = new Map(renditions.map((r) => [r.size, r]));
  const publicUrl = (name: string) => {
    const rendition = byName.get(name);
    return rendition ? media.publicUrl(rendition.storage_key) : "";
  };
  const analysis = parseStoredObject(
    options.compact ? row.list_analysis : (row.ai_analysis ?? "{}"),
  );
  // The generation details (prompt, model, sampler, seed…) are a Pro perk: "advanced AI tools".
  if (!hasProAccess(viewer)) delete analysis.generation;
  const image: Image = {
    id: row.id,
    urlSmall: publicUrl("small"),
    urlMedium: publicUrl("medium"),
    urlLarge: publicUrl("large"),
    width: row.width,
    height: row.height,
    thumbhash: row.thumbhash,
    aiAnalysis: { ...analysis, title: row.title, description: row.description },
    analysisStatus: row.analysis_status as Image["analysisStatus"],
    tags: parseArray(row.tags),
    style: row.style,
    isPublic: row.is_public === 1,
    views: row.views,
    totalDownloads: row.total_downloads,
    collectionsCount: row.collections_count,
    price: row.price_cents,
    editionType: row.edition_type,
    maxEditions: row.max_editions,
    soldEditions: row.sold_editions,
    licencePrices: editionForSale(row.edition_type)
      ? licencePricesOf(
          {
            priceCents: row.price_cents,
            standardCents: row.price_standard_cents,
            commercialCents: row.price_commercial_cents,
          },
          options.licenceDefaults ?? DEFAULT_SITE_SETTINGS.licencePrices,
        )
      : null,
    upscaledSizes: DOWNLOAD_SIZE_NAMES.filter(
      (size) => fitInside(row.width, row.height, DOWNLOAD_SIZES[size]).width > row.width,
    ),
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (hasProAccess(viewer)) {
    const expires = Math.floor(nowMs / 1000) + SIGNED_URL_SECONDS;
    image.urlXLarge = media.signedUrl(row.id, "xlarge", expires);
    image.urlUltra = media.signedUrl(row.id, "ultra", expires);
  }
  if (isAdmin(viewer)) {
    image.ownLicencePrices = {
      standard: row.price_standard_cents,
      commercial: row.price_commercial_cents,
    };
    image.downloadStats = {
      preview: row.dl_preview,
      basic: row.dl_basic,
      hd: row.dl_hd,
      xlarge: row.dl_xlarge,
      ultra: row.dl_ultra,
    };
  }
  return image;
}

/** The public display URLs (small, medium) of each image that has both, by id. */
export function displayUrlsOf(
  renditions: RenditionRow[],
  media: MediaStore,
): Map<number, { small: string; medium: string }> {
  const urls = new Map<number, { small: string; medium: string }>();
  const small = new Map<number, string>();
  const medium = new Map<number, string>();
  for (const r of renditions) {
    if (r.size === "small") small.set(r.image_id, media.publicUrl(r.storage_key));
    if (r.size === "medium") medium.set(r.image_id, media.publicUrl(r.storage_key));
  }
  for (const [id, url] of small) {
    const other = medium.get(id);
    if (other) urls.set(id, { small: url, medium: other });
  }
  return urls;
}

function parseArray(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export { parseArray };
