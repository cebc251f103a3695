import { rm } from "node:fs/promises";
import {
  EDITION_TYPES,
  type EditionType,
  type Image,
  type ImageListParams,
  type ImageListQuery,
  type ImageListResponse,
  type ImagePatchBody,
  normalizeColor,
  normalizeStyle,
  slugifyTag,
  UPLOAD,
  unique,
  ZImageListQuery,
} from "@sawdust/shared";
import sharp, { type Metadata } from "sharp";
import type { ImageRow, RenditionRow } from "../../db/schema.js";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, forbidden, notFound } from "../../lib/errors.js";
import { colourNameForFilter } from "../../media/analysis/colour.js";
import type { MediaStore } from "../../media/media-store.js";
import {
  decodeOnce,
  EAGER_RENDITIONS,
  encodeRendition,
  RENDITIONS,
  type RenditionName,
  SHARP_INPUT_OPTIONS,
  thumbhashOf,
} from "../../media/renditions.js";
import { EXTENSION_OF, type SniffedFormat } from "../../media/sniff.js";
import {
  isAdmin,
  parseObject,
  presentImage,
  seesProSizes,
  type Viewer,
} from "./images.presenter.js";
import type { ImageFilter, ImagesRepo, NewRendition } from "./images.repo.js";
import type { ListCache } from "./list-cache.js";
import { searchTermsOf } from "./search-query.js";

export const ANALYZE_JOB = "analyze-image";
export const ANALYZE_MAX_ATTEMPTS = 5;

export const IMAGE_MESSAGES = {
  notFound: "Image not found",
  badEditionType: `Edition type must be one of: ${EDITION_TYPES.join(", ")}`,
  badPrice: "Price must be a whole number of cents, at least 0",
  unreadable: "The image could not be read: the file may be damaged",
  tooSmall: (w: number, h: number) =>
    `The image must be at least ${UPLOAD.minWidth}×${UPLOAD.minHeight} pixels (this one is ${w}×${h})`,
  tooManyPixels: (w?: number, h?: number) =>
    `The image is too large: at most ${UPLOAD.maxPixels / 1_000_000} megapixels${
      w && h ? ` (this one is ${w}×${h}, ${((w * h) / 1_000_000).toFixed(1)} megapixels)` : ""
    }`,
  formatMismatch: "The file's contents do not match a supported image format",
  badCursor: "The cursor is not valid: start again without one",
  badSignature: "This image link has expired or is not valid: reload the page for a fresh one",
} as const;

export interface UploadInput {
  path: string;
  bytes: number;
  format: SniffedFormat;
  filename: string;
  fields: Record<string, string>;
}

export interface ShareCard {
  id: number;
  title: string | null;
  description: string | null;
  /** A public rendition: its URL (relative to the site unless storage is elsewhere) and size. */
  image: { url: string; width: number; height: number } | null;
}

export interface ImagesServiceOptions {
  /** How long an upload may take before the janitor treats it as abandoned. */
  uploadLeaseMs: number;
}

/** sharp calls AVIF "heif". */
const SHARP_FORMAT: Record<SniffedFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
};

/** Visitors and free members all see the same list pages. */
function seesSharedPages(viewer: Viewer | null): boolean {
  return !seesProSizes(viewer) && !isAdmin(viewer);
}

export class ImagesService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      media: MediaStore;
      clock: Clock;
      options: ImagesServiceOptions;
      listCache: ListCache;
      /** Where this service announces what it changed (the list cache listens). */
      events: EventBus;
      /** Called after a job was committed, so an idle worker in this process starts at once. */
      onJobQueued?: () => void;
    },
  ) {}

  /**
   * Admin upload: validate, make the eager renditions from one decode, store them, then in one
   * transaction make the image ready and queue its analysis. A failure leaves nothing behind.
   * The image stays private until its content rating has run, unless `publishNow`.
   */
  async ingest(
    upload: UploadInput,
    uploaderId: number,
    options: { publishNow?: boolean } = {},
  ): Promise<Image> {
    const { images, media, clock } = this.deps;
    try {
      const { editionType, priceCents } = parseUploadFields(upload.fields);
      const { width, height } = await readDimensions(upload.path, upload.format);

      const imageId = await images.insertProcessing({
        uploaderId,
        editionType,
        priceCents,
        // Private until the content rater has seen it (analysis publishes it, or holds it for
        // an admin): an explicit picture is never public, not even for the seconds in between.
        // `publishNow` is for pictures Sawdust made itself (the demo catalogue).
        isPublic: options.publishNow === true,
        publishWhenRated: options.publishNow !== true,
        width,
        height,
        originalFormat: upload.format,
        originalBytes: upload.bytes,
        originalName: upload.filename.slice(0, 255) || null,
        processingExpiresAt: clock.now() + this.deps.options.uploadLeaseMs,
        now: clock.now(),
      });
      try {
        const decoded = await decodeOnce(upload.path).catch(() => {
          throw badRequest(IMAGE_MESSAGES.unreadable, "unreadable_image");
        });
        const originalKey = media.originalKey(imageId, EXTENSION_OF[upload.format]);
        await media.storage.putFile(originalKey, upload.path, `image/${upload.format}`);
        const renditions: NewRendition[] = [];
        for (const name of EAGER_RENDITIONS) {
          const encoded = await encodeRendition(decoded, name);
          const key = media.renditionKey(imageId, encoded);
          await media.storage.put(key, encoded.data, "image/webp");
          renditions.push({
            size: name,
            storageKey: key,
            width: encoded.width,
            height: encoded.height,
            bytes: encoded.data.length,
            upscaled: encoded.upscaled,
          });
        }
        const thumbhash = await thumbhashOf(decoded);
        await images.completeUpload(
          imageId,
          renditions,
          thumbhash,
          { kind: ANALYZE_JOB, payload: { imageId }, maxAttempts: ANALYZE_MAX_ATTEMPTS },
          clock.now(),
        );
      } catch (error) {
        await media.removeImage(imageId);
        await images.deleteById(imageId);
        throw error;
      }
      await this.deps.events.emit({ type: "image.created", imageId });
      this.deps.onJobQueued?.();
      const image = await this.get(imageId, { role: "admin", tier: "free" });
      return image;
    } finally {
      await rm(upload.path, { force: true });
    }
  }

  /**
   * The list as JSON text. Visitors and free members see identical pages (no pro sizes, no
   * stats), so theirs come from the short-lived page cache (list-cache.ts); Pro members' pages
   * carry freshly signed URLs and admins' private images, so theirs are made each time.
   * `url` (the request's, as sent) lets `readyListJson` answer that exact URL again.
   */
  async listJson(query: ImageListQuery, viewer: Viewer | null, url?: string): Promise<string> {
    if (!seesSharedPages(viewer)) return JSON.stringify(await this.list(query, viewer));
    const key = JSON.stringify([this.filterOf(query, null), query.cursor ?? "", query.limit]);
    return this.deps.listCache.page(
      key,
      async () => JSON.stringify(await this.list(query, null)),
      url,
    );
  }

  /**
   * The page `listJson` last answered this exact request URL with, while it is fresh, for a
   * viewer who sees the shared pages; undefined otherwise. Synchronous and without parsing the
   * query: most list requests are visitors asking again for the same first pages.
   */
  readyListJson(url: string, viewer: Viewer | null): string | undefined {
    return seesSharedPages(viewer) ? this.deps.listCache.pageForUrl(url) : undefined;
  }

  async list(query: ImageListQuery, viewer: Viewer | null): Promise<ImageListResponse> {
    const filter = this.filterOf(query, viewer);
    const afterId = decodeCursor(query.cursor);
    const total = await this.total(filter);
    const rows = await this.deps.images.findPage(
      filter,
      afterId,
      query.limit + 1,
      await this.isSelective(filter, total, query.limit),
    );
    const page = rows.slice(0, query.limit);
    const renditions = await this.deps.images.findRenditions(page.map((r) => r.id));
    const now = this.deps.clock.now();
    const last = page[page.length - 1];
    return {
      images: page.map((row) =>
        presentImage(
          row,
          renditions.filter((r) => r.image_id === row.id),
          viewer,
          this.deps.media,
          now,
          { compact: true },
        ),
      ),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.id) : null,
      stats: { totalImages: total },
    };
  }

  /** What a list query asks for, normalised (so equal questions share cache entries). */
  private filterOf(query: ImageListQuery, viewer: Viewer | null): ImageFilter {
    return {
      visibility: isAdmin(viewer) ? (query.visibility ?? "all") : "public",
      tags: unique(query.tag.map(slugifyTag)),
      styles: unique(query.style.map(normalizeStyle)),
      // A colour filter is a name or a hex colour; a hex means its nearest named colour.
      colors: unique(query.color.map((c) => colourNameForFilter(c) ?? normalizeColor(c))),
      editionTypes: unique(query.editionType),
      search: searchTermsOf(query.q),
    };
  }

  /** The filter's total, from the short-lived cache (list-cache.ts). */
  private total(filter: ImageFilter): Promise<number> {
    return this.deps.listCache.total(JSON.stringify(filter), () => this.deps.images.count(filter));
  }

  /**
   * Whether so few images match a facet filter that its page is found faster from the facet rows
   * than by walking the catalogue: walking costs about limit × catalogue ÷ matches rows, starting
   * from the facets costs about `matches` rows; they meet at matches² = limit × catalogue.
   */
  private async isSelective(filter: ImageFilter, matches: number, limit: number) {
    if (filter.tags.length + filter.styles.length + filter.colors.length === 0) return false;
    const catalogue = await this.total({
      ...filter,
      tags: [],
      styles: [],
      colors: [],
      search: [],
    });
    return matches * matches < (limit + 1) * catalogue;
  }

  async get(id: number, viewer: Viewer | null): Promise<Image> {
    const row = await this.visibleRow(id, viewer);
    const renditions = await this.deps.images.findRenditions([id]);
    return presentImage(row, renditions, viewer, this.deps.media, this.deps.clock.now());
  }

  /**
   * What a shared link's preview card shows (Open Graph): a public image's title, description
   * and largest public rendition. Null for a missing or private image.
   */
  async shareCard(id: number): Promise<ShareCard | null> {
    const row = await this.deps.images.findReadyById(id);
    if (row?.is_public !== 1) return null;
    const renditions = await this.deps.images.findRenditions([id]);
    const picture =
      renditions.find((r) => r.size === "large") ?? renditions.find((r) => r.size === "medium");
    return {
      id,
      title: row.title,
      description: row.description,
      image: picture
        ? {
            url: this.deps.media.publicUrl(picture.storage_key),
            width: picture.width,
            height: picture.height,
          }
        : null,
    };
  }

  /** The first image a visitor sees in this list (from the page cache), for preload hints. */
  /** A visitor's first page of the list with these parameters, as JSON text (cached 5 s). */
  publicFirstPageJson(params: ImageListParams): Promise<string> {
    const query = ZImageListQuery.parse({
      ...params,
      editionType: params.editionType?.join(","),
      limit: params.limit === undefined ? undefined : String(params.limit),
    });
    return this.listJson(query, null);
  }

  async firstPublicImage(params: ImageListParams): Promise<Image | undefined> {
    const page = JSON.parse(await this.publicFirstPageJson(params)) as ImageListResponse;
    return page.images.find((image) => image.urlSmall !== "");
  }

  /** Whether the catalogue holds any image at all, in any state (demo seeding needs none). */
  hasAnyImage(): Promise<boolean> {
    return this.deps.images.hasAnyImage();
  }

  async update(id: number, body: ImagePatchBody, viewer: Viewer): Promise<Image> {
    const row = await this.visibleRow(id, viewer);
    const analysis = parseObject(row.ai_analysis);
    const sources = { ...((analysis.fieldSources as Record<string, string> | undefined) ?? {}) };
    const changes: Parameters<ImagesRepo["update"]>[1] = {};
    const facets: Parameters<ImagesRepo["update"]>[2] = {};

    if (body.aiAnalysis) {
      const { title, description, ...rest } = body.aiAnalysis;
      if (title !== undefined && title !== row.title) {
        changes.title = title?.trim() || null;
        sources.title = "admin";
      }
      if (description !== undefined && description !== row.description) {
        changes.description = description?.trim() || null;
        sources.description = "admin";
      }
      const { fieldSources: _ignored, ...kept } = rest as Record<string, unknown>;
      Object.assign(analysis, kept);
    }
    if (body.tags) {
      const tags = unique(body.tags.map(slugifyTag).filter(Boolean));
      changes.tags = JSON.stringify(tags);
      facets.tag = tags;
      sources.tags = "admin";
    }
    if (body.style !== undefined) {
      const styles = unique((body.style ?? "").split(",").map(normalizeStyle).filter(Boolean));
      changes.style = styles.length > 0 ? styles.join(", ") : null;
      facets.style = styles;
      sources.style = "admin";
    }
    const editionType = body.editionType ?? (row.edition_type as EditionType);
    if (body.editionType) changes.edition_type = body.editionType;
    if (body.price !== undefined) changes.price_cents = body.price;
    if (editionType === "sawdust_gallery") changes.price_cents = null;
    changes.ai_analysis = JSON.stringify({ ...analysis, fieldSources: sources });

    await this.deps.images.update(id, changes, facets, this.deps.clock.now());
    await this.deps.events.emit({ type: "image.updated", imageId: id });
    return this.get(id, viewer);
  }

  async setVisibility(id: number, isPublic: boolean, viewer: Viewer): Promise<Image> {
    await this.visibleRow(id, viewer);
    // An admin's choice stands: a later rating no longer publishes the image.
    await this.deps.images.update(
      id,
      { is_public: isPublic ? 1 : 0, publish_when_rated: 0 },
      {},
      this.deps.clock.now(),
    );
    await this.deps.events.emit({ type: isPublic ? "image.shown" : "image.hidden", imageId: id });
    return this.get(id, viewer);
  }

  /** The public display URLs (small, medium) of these images, by id. */
  async displayUrls(ids: number[]): Promise<Map<number, { small: string; medium: string }>> {
    const renditions = await this.deps.images.findRenditions(ids);
    const urls = new Map<number, { small: string; medium: string }>();
    for (const id of ids) {
      const of = (size: string) => renditions.find((r) => r.image_id === id && r.size === size);
      const small = of("small");
      const medium = of("medium");
      if (small && medium) {
        urls.set(id, {
          small: this.deps.media.publicUrl(small.storage_key),
          medium: this.deps.media.publicUrl(medium.storage_key),
        });
      }
    }
    return urls;
  }

  /** The file names images were uploaded under. */
  originalNames(): Promise<string[]> {
    return this.deps.images.findOriginalNames();
  }

  /** Queues the image's analysis again (an admin's "analyse again"); edited fields stay. */
  async requestAnalysis(id: number, viewer: Viewer): Promise<Image> {
    await this.visibleRow(id, viewer);
    await this.deps.images.queueAnalysis(
      id,
      ANALYZE_JOB,
      ANALYZE_MAX_ATTEMPTS,
      this.deps.clock.now(),
    );
    this.deps.onJobQueued?.();
    return this.get(id, viewer);
  }

  /** Removes the image, its files, renditions, facets, jobs and collection entries. */
  async delete(id: number, viewer: Viewer): Promise<void> {
    await this.visibleRow(id, viewer);
    await this.deps.images.markDeleting(id, this.deps.clock.now());
    await this.deps.events.emit({ type: "image.deleted", imageId: id });
    await this.deps.media.removeImage(id);
    await this.deps.images.deleteById(id);
  }

  /**
   * Finishes what a crashed process left: uploads and deletions whose lease ran out lose their
   * files and rows. Returns how many images it cleaned.
   */
  async recoverAbandoned(): Promise<number> {
    const ids = await this.deps.images.findStaleProcessing(this.deps.clock.now());
    for (const id of ids) {
      await this.deps.media.removeImage(id);
      await this.deps.images.deleteById(id);
    }
    for (const id of ids) await this.deps.events.emit({ type: "image.deleted", imageId: id });
    return ids.length;
  }

  /**
   * The stored rendition of an image, made now from the original if it is a lazy size not made
   * yet (once: concurrent callers share the work).
   */
  async ensureRendition(row: ImageRow, name: RenditionName): Promise<RenditionRow> {
    const { images, media, clock } = this.deps;
    const existing = (await images.findRenditions([row.id])).find((r) => r.size === name);
    if (existing && (await media.storage.size(existing.storage_key)) !== undefined) return existing;
    const made = await media.renderFromOriginal(
      row.id,
      media.originalKey(row.id, EXTENSION_OF[row.original_format as SniffedFormat] ?? "png"),
      name,
    );
    const rendition = {
      size: name,
      storageKey: made.key,
      width: made.width,
      height: made.height,
      bytes: made.data.length,
      upscaled: made.upscaled,
    };
    await images.insertRendition(row.id, rendition, clock.now());
    const stored = (await images.findRenditions([row.id])).find((r) => r.size === name);
    if (!stored) throw new Error(`rendition ${name} of image ${row.id} vanished`);
    return stored;
  }

  /**
   * Whether this image's files may be served to this viewer: anyone while it is public, only
   * admins while it is hidden, flagged or waiting for its rating. `viewer` is asked only then, so
   * the common case costs one primary-key lookup and no session lookup.
   */
  async mayServeFiles(id: number, viewer: () => Promise<Viewer | null>): Promise<boolean> {
    if (await this.deps.images.isReadyAndPublic(id)) return true;
    return isAdmin(await viewer());
  }

  /** Refuses (403) a signed media URL whose signature is wrong or has expired. */
  verifySignature(id: number, name: string, expiresAt: number, signature: string): void {
    const nowSeconds = Math.floor(this.deps.clock.now() / 1000);
    if (
      !(name in RENDITIONS) ||
      !this.deps.media.verify(id, name, expiresAt, signature, nowSeconds)
    ) {
      throw forbidden(IMAGE_MESSAGES.badSignature, "bad_signature");
    }
  }

  /** A pro-size rendition behind a signed URL (made now if it is a lazy size). */
  async openSigned(
    id: number,
    name: string,
    expiresAt: number,
    signature: string,
  ): Promise<RenditionRow> {
    this.verifySignature(id, name, expiresAt, signature);
    const row = await this.deps.images.findReadyById(id);
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    return this.ensureRendition(row, name as RenditionName);
  }

  /** The ready image, if this viewer may see it: a private image is 404 to non-admins. */
  async visibleRow(id: number, viewer: Viewer | null) {
    const row = await this.deps.images.findReadyById(id);
    if (!row || (row.is_public !== 1 && !isAdmin(viewer))) throw notFound(IMAGE_MESSAGES.notFound);
    return row;
  }
}

function parseUploadFields(fields: Record<string, string>): {
  editionType: EditionType;
  priceCents: number | null;
} {
  const raw = fields.editionType?.trim() || "open_edition";
  if (!(EDITION_TYPES as readonly string[]).includes(raw)) {
    throw badRequest(IMAGE_MESSAGES.badEditionType, "bad_edition_type");
  }
  const editionType = raw as EditionType;
  const priceText = fields.price?.trim();
  if (editionType === "sawdust_gallery" || !priceText) return { editionType, priceCents: null };
  if (!/^\d{1,9}$/.test(priceText)) throw badRequest(IMAGE_MESSAGES.badPrice, "bad_price");
  return { editionType, priceCents: Number(priceText) };
}

/** Reads only the header: refuses bombs and tiny images before decoding a single pixel. */
async function readDimensions(path: string, format: SniffedFormat) {
  let meta: Metadata;
  try {
    meta = await sharp(path, SHARP_INPUT_OPTIONS).metadata();
  } catch (error) {
    // sharp refuses to even describe a file past limitInputPixels: that is the flood guard.
    if (/pixel limit/i.test(String(error)))
      throw badRequest(IMAGE_MESSAGES.tooManyPixels(), "too_many_pixels");
    throw badRequest(IMAGE_MESSAGES.unreadable, "unreadable_image");
  }
  if (meta.format !== SHARP_FORMAT[format])
    throw badRequest(IMAGE_MESSAGES.formatMismatch, "format_mismatch");
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  if (width * height > UPLOAD.maxPixels) {
    throw badRequest(IMAGE_MESSAGES.tooManyPixels(width, height), "too_many_pixels");
  }
  if (width < UPLOAD.minWidth || height < UPLOAD.minHeight) {
    throw badRequest(IMAGE_MESSAGES.tooSmall(width, height), "too_small");
  }
  return { width, height };
}

/** Opaque to clients: base64url of the last id seen. "0" or nothing starts from the top. */
export function encodeCursor(id: number): string {
  return Buffer.from(JSON.stringify({ id })).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor || cursor === "0") return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { id?: unknown };
    if (typeof value.id === "number" && Number.isSafeInteger(value.id) && value.id > 0)
      return value.id;
  } catch {
    // fall through
  }
  throw badRequest(IMAGE_MESSAGES.badCursor, "bad_cursor");
}
