import { rm } from "node:fs/promises";
import {
  type Image,
  type LicenceDefaults,
  UPLOAD_REFUSED_FOR_CONTENT as REFUSED,
  UPLOAD,
  type UploadFields,
  ZUploadFields,
} from "@sawdust/shared";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest } from "../../lib/errors.js";
import { unavailableMessage } from "../../lib/unavailable.js";
import { readImageHeader } from "../../media/image-header.js";
import type { MediaStore } from "../../media/media-store.js";
import {
  decodeOnceToFile,
  EAGER_RENDITIONS,
  encodeRendition,
  thumbhashOf,
} from "../../media/renditions.js";
import { EXTENSION_OF, type SniffedFormat } from "../../media/sniff.js";
import {
  ANALYZE_JOB,
  ANALYZE_MAX_ATTEMPTS,
  analysisJobPayload,
  IMAGE_MESSAGES,
} from "./images.constants.js";
import { presentImage } from "./images.presenter.js";
import type { ImagesRepo, NewRendition } from "./images.repo.js";

export interface UploadInput {
  path: string;
  bytes: number;
  format: SniffedFormat;
  filename: string;
  fields: Record<string, string>;
}

export interface IngestOptions {
  /** How long an upload may take before the janitor treats it as abandoned. */
  uploadLeaseMs: number;
}

/**
 * Uploads becoming images: the checks, the renditions from one decode, and the one transaction
 * that makes an image ready with its analysis job. Also the janitor's clean-up after a crash.
 */
export class IngestService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      media: MediaStore;
      clock: Clock;
      /** The site settings' licence prices, for pieces with none of their own (issue 19). */
      licenceDefaults?: () => Promise<LicenceDefaults>;
      events: EventBus;
      options: IngestOptions;
      /** Called after a job was committed, so an idle worker in this process starts at once. */
      onJobQueued?: () => void;
      /** The edition type of an upload that names none (the site settings). */
      defaultEditionType?: () => Promise<string>;
    },
  ) {}

  /**
   * Admin upload: validate, make the eager renditions from one decode, store them, then in one
   * transaction make the image ready, queue its analysis and write its audit entry (the uploader,
   * the file's name). A failure leaves nothing behind. The image stays private until its content
   * rating has run, unless `publishNow`.
   */
  async ingest(
    upload: UploadInput,
    uploaderId: number,
    options: {
      publishNow?: boolean;
      requestId?: string;
      /**
       * False when no admin chose this upload and the caller writes one entry of its own for the
       * lot (the demo catalogue): the log never credits an admin with what the system did.
       */
      audited?: boolean;
    } = {},
  ): Promise<Image> {
    const { images, media, clock } = this.deps;
    const decodedFile = `${upload.path}.v`;
    try {
      const { editionType, priceCents } = parseUploadFields(
        upload.fields.editionType?.trim()
          ? upload.fields
          : { ...upload.fields, editionType: (await this.deps.defaultEditionType?.()) ?? "" },
      );
      const { width, height } = await checkedDimensions(upload.path, upload.format);
      const originalName = upload.filename.slice(0, 255) || null;

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
        originalName,
        processingExpiresAt: clock.now() + this.deps.options.uploadLeaseMs,
        now: clock.now(),
      });
      try {
        // Decoded into a file next to the upload (removed below), not a Buffer: see DecodedImage.
        const decoded = await decodeOnceToFile(upload.path, decodedFile).catch((error) => {
          // A full disk fails the decoded file's write, not the upload: that is a 503.
          if (unavailableMessage(error)) throw error;
          throw badRequest(IMAGE_MESSAGES.unreadable, REFUSED.unreadable);
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
          {
            kind: ANALYZE_JOB,
            payload: analysisJobPayload(imageId, options.requestId),
            maxAttempts: ANALYZE_MAX_ATTEMPTS,
          },
          clock.now(),
          options.audited === false
            ? undefined
            : {
                actorId: uploaderId,
                action: "image.uploaded",
                subject: `image:${imageId}`,
                details: {
                  fileName: originalName,
                  editionType,
                  price: priceCents,
                  isPublic: options.publishNow === true,
                },
              },
        );
      } catch (error) {
        // Undone as far as it can be, and the upload's own failure is what is answered: on a full
        // disk the clean-up can fail too ("no transaction is active" hid SQLITE_FULL, a 500 instead
        // of the 503 that says so). What stays is removed when its lease ends (recoverAbandoned).
        await media.removeImage(imageId).catch(() => undefined);
        await images.deleteById(imageId).catch(() => undefined);
        throw error;
      }
      await this.deps.events.emit({ type: "image.created", imageId });
      this.deps.onJobQueued?.();
      return this.present(imageId, uploaderId);
    } finally {
      await rm(upload.path, { force: true });
      await rm(decodedFile, { force: true });
    }
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
      await this.deps.events.emit({ type: "image.deleted", imageId: id });
    }
    return ids.length;
  }

  /** The new image as its uploader, an admin, sees it. */
  private async present(imageId: number, uploaderId: number): Promise<Image> {
    const row = await this.deps.images.findReadyById(imageId);
    if (!row) throw new Error(`image ${imageId} vanished after its upload`);
    const renditions = await this.deps.images.findRenditions([imageId]);
    const uploader = { kind: "member", userId: uploaderId, role: "admin", tier: "free" } as const;
    return presentImage(row, renditions, uploader, this.deps.media, this.deps.clock.now(), {
      licenceDefaults: await this.deps.licenceDefaults?.(),
    });
  }
}

/** The upload form's fields (edition type, price in cents), by the shared schema. */
function parseUploadFields(fields: Record<string, string>): UploadFields {
  const parsed = ZUploadFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const code = issue?.path[0] === "price" ? "bad_price" : "bad_edition_type";
  throw badRequest(issue?.message ?? IMAGE_MESSAGES.badEditionType, code);
}

/** Refuses bombs, tiny images and disguised files from the header, before decoding a pixel. */
async function checkedDimensions(path: string, format: SniffedFormat) {
  const header = await readImageHeader(path, format);
  if (!header.ok) {
    if (header.reason === "too-many-pixels")
      throw badRequest(IMAGE_MESSAGES.tooManyPixels(), REFUSED.tooManyPixels);
    if (header.reason === "format-mismatch")
      throw badRequest(IMAGE_MESSAGES.formatMismatch, REFUSED.formatMismatch);
    if (header.reason === "animated") throw badRequest(IMAGE_MESSAGES.animated, REFUSED.animated);
    throw badRequest(IMAGE_MESSAGES.unreadable, REFUSED.unreadable);
  }
  const { width, height } = header;
  if (width * height > UPLOAD.maxPixels) {
    throw badRequest(IMAGE_MESSAGES.tooManyPixels(width, height), REFUSED.tooManyPixels);
  }
  if (width < UPLOAD.minWidth || height < UPLOAD.minHeight) {
    throw badRequest(IMAGE_MESSAGES.tooSmall(width, height), REFUSED.tooSmall);
  }
  return { width, height };
}
