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
import { PERSONAL_EXIF_FIELDS } from "../../media/analysis/generation/exif-tiff.js";
import type { MediaStore } from "../../media/media-store.js";
import type { ListRow } from "./images.repo.js";

/** How long a signed pro-size URL works, at least. */
export const SIGNED_URL_SECONDS = 15 * 60;
/**
 * Signed URLs expire on whole minutes (SIGNED_URL_SECONDS after they are handed out, rounded up
 * to the next minute): every URL of an image and size handed out within a minute is the same one,
 * so its signature is made once (media-store.ts).
 */
export const SIGNED_URL_STEP_SECONDS = 60;

/** When a signed URL handed out at `nowMs` expires (epoch seconds). */
export function signedUrlExpiry(nowMs: number): number {
  const earliest = Math.floor(nowMs / 1000) + SIGNED_URL_SECONDS;
  return Math.ceil(earliest / SIGNED_URL_STEP_SECONDS) * SIGNED_URL_STEP_SECONDS;
}

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
  else withoutPersonalFields(analysis.generation);
  const image: Image = {
    id: row.id,
    urlSmall: publicUrl("small"),
    urlMedium: publicUrl("medium"),
    urlLarge: publicUrl("large"),
    urlThumb: publicUrl("thumb"),
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
    upscaledSizes: enlargedSizes(row.width, row.height, DOWNLOAD_SIZES, DOWNLOAD_SIZE_NAMES),
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (hasProAccess(viewer)) {
    const expires = signedUrlExpiry(nowMs);
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

/**
 * A list entry as JSON text: exactly `JSON.stringify(presentImage(row, …, { compact: true }))`
 * (list-projection.int.test.ts holds it to that), written from the row's columns without
 * parsing what is stored as JSON text and only copied: the list-sized analysis (`list_analysis`,
 * always written by listAnalysisOf) gets the title and description columns put in place, and the
 * tags are copied when they are a plain array of strings. The renditions are the row's keys.
 */
export function listEntryJson(
  row: ListRow,
  viewer: Principal,
  media: MediaStore,
  nowMs: number,
  licenceDefaults: LicenceDefaults = DEFAULT_SITE_SETTINGS.licencePrices,
): string {
  const pro = hasProAccess(viewer);
  const url = (key: string | null) => (key === null ? '""' : JSON.stringify(media.publicUrl(key)));
  const licencePrices = editionForSale(row.edition_type)
    ? JSON.stringify(
        licencePricesOf(
          {
            priceCents: row.price_cents,
            standardCents: row.price_standard_cents,
            commercialCents: row.price_commercial_cents,
          },
          licenceDefaults,
        ),
      )
    : "null";
  let json = `{"id":${JSON.stringify(row.id)},"urlSmall":${url(row.key_small)},"urlMedium":${url(row.key_medium)},"urlLarge":${url(row.key_large)},"urlThumb":${url(row.key_thumb)},"width":${JSON.stringify(row.width)},"height":${JSON.stringify(row.height)},"thumbhash":${JSON.stringify(row.thumbhash)},"aiAnalysis":${listAnalysisJson(row.list_analysis, row.title, row.description, pro)},"analysisStatus":${JSON.stringify(row.analysis_status)},"tags":${tagsJson(row.tags)},"style":${JSON.stringify(row.style)},"isPublic":${row.is_public === 1},"views":${JSON.stringify(row.views)},"totalDownloads":${JSON.stringify(row.total_downloads)},"collectionsCount":${JSON.stringify(row.collections_count)},"price":${JSON.stringify(row.price_cents)},"editionType":${JSON.stringify(row.edition_type)},"maxEditions":${JSON.stringify(row.max_editions)},"soldEditions":${JSON.stringify(row.sold_editions)},"licencePrices":${licencePrices},"upscaledSizes":${upscaledSizesJson(row.width, row.height)},"createdAt":${JSON.stringify(new Date(row.created_at).toISOString())}`;
  if (pro) {
    const expires = signedUrlExpiry(nowMs);
    json += `,"urlXLarge":${JSON.stringify(media.signedUrl(row.id, "xlarge", expires))},"urlUltra":${JSON.stringify(media.signedUrl(row.id, "ultra", expires))}`;
  }
  if (isAdmin(viewer)) {
    json += `,"ownLicencePrices":${JSON.stringify({ standard: row.price_standard_cents, commercial: row.price_commercial_cents })},"downloadStats":${JSON.stringify({ preview: row.dl_preview, basic: row.dl_basic, hd: row.dl_hd, xlarge: row.dl_xlarge, ultra: row.dl_ultra })}`;
  }
  return `${json}}`;
}

/**
 * The `aiAnalysis` of a list entry as JSON: `{ ...stored, title, description }` written out, with
 * `stored` the list-sized analysis text. That text is JSON.stringify's output over
 * LIST_AI_ANALYSIS_FIELDS in order (listAnalysisOf), so a title and a description can only come
 * first: they are replaced where they stand and the rest is copied. Anything else is parsed.
 */
export function listAnalysisJson(
  stored: string,
  title: string | null,
  description: string | null,
  pro: boolean,
): string {
  const spliced = spliceListAnalysis(stored, JSON.stringify(title), JSON.stringify(description));
  if (spliced !== undefined && (pro || !spliced.includes('"generation"'))) return spliced;
  const analysis = parseStoredObject(stored);
  if (!pro) delete analysis.generation;
  return JSON.stringify({ ...analysis, title, description });
}

function spliceListAnalysis(text: string, title: string, description: string) {
  const last = text.length - 1;
  if (text.charCodeAt(0) !== 0x7b || text.charCodeAt(last) !== 0x7d) return undefined;
  let at = 1;
  let hasTitle = false;
  let hasDescription = false;
  for (const [name, found] of [
    ['"title":', () => (hasTitle = true)],
    ['"description":', () => (hasDescription = true)],
  ] as const) {
    if (!text.startsWith(name, at)) continue;
    const end = jsonScalarEnd(text, at + name.length);
    if (end < 0) return undefined;
    found();
    const next = text.charCodeAt(end);
    if (next === 0x2c) at = end + 1;
    else if (end === last) at = end;
    else return undefined;
  }
  const rest = text.slice(at, last);
  // Only listAnalysisOf's order is spliced; a title or description further on is parsed.
  if (rest.includes('"title":') || rest.includes('"description":')) return undefined;
  const more = rest.length > 0 ? `,${rest}` : "";
  if (hasTitle && hasDescription) return `{"title":${title},"description":${description}${more}}`;
  if (hasTitle) return `{"title":${title}${more},"description":${description}}`;
  if (hasDescription) return `{"description":${description}${more},"title":${title}}`;
  return `{${rest}${rest.length > 0 ? "," : ""}"title":${title},"description":${description}}`;
}

/** Where a JSON string or null starting at `at` ends (just past it); -1 for anything else. */
function jsonScalarEnd(text: string, at: number): number {
  if (text.startsWith("null", at)) return at + 4;
  if (text.charCodeAt(at) !== 0x22) return -1;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return -1;
}

/** A JSON array of strings JSON.stringify would write as it is (no escapes, no surrogates). */
const PLAIN_STRINGS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters JSON.stringify escapes.
  /^\[(?:"[^"\\\u0000-\u001f\ud800-\udfff]*"(?:,"[^"\\\u0000-\u001f\ud800-\udfff]*")*)?\]$/;

/** The stored tags as a list entry writes them (parseArray's reading). */
function tagsJson(text: string): string {
  return PLAIN_STRINGS.test(text) ? text : JSON.stringify(parseArray(text));
}

function upscaledSizesJson(width: number, height: number): string {
  return JSON.stringify(enlargedSizes(width, height, DOWNLOAD_SIZES, DOWNLOAD_SIZE_NAMES));
}

/**
 * Which of these sizes an original of `width`×`height` fills only by being enlarged (its
 * rendition is made to fill the box, smaller originals included): `upscaledSizes` here, and the
 * marketing API's `upscaled_renditions`.
 */
export function enlargedSizes<Name extends string>(
  width: number,
  height: number,
  boxes: Record<Name, { width: number; height: number }>,
  names: readonly Name[],
): Name[] {
  return names.filter((name) => fitInside(width, height, boxes[name]).width > width);
}

/**
 * The public display URLs (small, medium, and the tile's thumb: "" while an image stored before
 * it has none) of each image that has small and medium, by id.
 */
export function displayUrlsOf(
  renditions: RenditionRow[],
  media: MediaStore,
): Map<number, { thumb: string; small: string; medium: string }> {
  const bySize = new Map<string, Map<number, string>>();
  for (const r of renditions) {
    if (r.size !== "thumb" && r.size !== "small" && r.size !== "medium") continue;
    const urls = bySize.get(r.size) ?? new Map<number, string>();
    urls.set(r.image_id, media.publicUrl(r.storage_key));
    bySize.set(r.size, urls);
  }
  const urls = new Map<number, { thumb: string; small: string; medium: string }>();
  for (const [id, small] of bySize.get("small") ?? []) {
    const medium = bySize.get("medium")?.get(id);
    if (medium) urls.set(id, { thumb: bySize.get("thumb")?.get(id) ?? "", small, medium });
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

/**
 * An author's name, a camera and a document path that images analysed before the metadata reader
 * left them out still keep among their raw fields (exif-tiff.ts): never shown.
 */
function withoutPersonalFields(generation: unknown): void {
  const raw = (generation as { raw?: unknown } | undefined)?.raw;
  if (typeof raw !== "object" || raw === null) return;
  for (const name of PERSONAL_EXIF_FIELDS) delete (raw as Record<string, unknown>)[name];
}
