import type { Licence, Principal } from "@sawdust/shared";
import type { ImageRow, RenditionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { isOutOfReach } from "../../lib/unavailable.js";
import type { MediaStore } from "../../media/media-store.js";
import { RENDITIONS, type RenditionName } from "../../media/renditions.js";
import { EXTENSION_OF, type SniffedFormat } from "../../media/sniff.js";
import { isMissing } from "../../media/storage/storage.js";
import { IMAGE_MESSAGES } from "./images.constants.js";
import type { ImagesRepo } from "./images.repo.js";

/**
 * An image's files as they are reached: who may have them, the lazy sizes made on first request,
 * and the signatures of the pro sizes' expiring URLs.
 */
export class RenditionsService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      media: MediaStore;
      clock: Clock;
      /** The licence a member bought this image's edition under, if they did (editions). */
      ownership?: { licenceOf(userId: number, imageId: number): Promise<Licence | null> };
    },
  ) {}

  /**
   * Whether this image's files may be served to this principal: anyone while it is public; while
   * it is hidden, flagged or waiting for its rating, admins, and a member who bought an edition of
   * it (a piece bought stays theirs to see and download). `principal` is asked only then, so the
   * common case costs one primary-key lookup and no session lookup.
   */
  async mayServeFiles(id: number, principal: () => Promise<Principal>): Promise<boolean> {
    if (await this.deps.images.isReadyAndPublic(id)) return true;
    const viewer = await principal();
    if (viewer.kind !== "member") return false;
    return viewer.role === "admin" || (await this.ownsReady(viewer.userId, id));
  }

  /** Whether this member bought an edition of this image, and it is still there (not deleted). */
  private async ownsReady(userId: number, imageId: number): Promise<boolean> {
    const { ownership, images } = this.deps;
    if (!ownership || (await ownership.licenceOf(userId, imageId)) === null) return false;
    return (await images.findReadyById(imageId)) !== undefined;
  }

  /**
   * The stored rendition of an image, made now from the original if it is a lazy size not made
   * yet (once: concurrent callers share the work).
   */
  async ensureRendition(row: ImageRow, name: RenditionName): Promise<RenditionRow> {
    const { images, media, clock } = this.deps;
    const existing = (await images.findRenditions([row.id])).find((r) => r.size === name);
    if (existing && (await media.storage.size(existing.storage_key)) !== undefined) return existing;
    const made = await media
      .renderFromOriginal(
        row.id,
        media.originalKey(row.id, EXTENSION_OF[row.original_format as SniffedFormat] ?? "png"),
        name,
      )
      .catch((error: unknown) => {
        // A restore without its pictures, a file removed by hand: nothing to make it from.
        if (isMissing(error)) throw notFound(IMAGE_MESSAGES.originalMissing, "original_missing");
        throw error;
      });
    try {
      await images.insertRendition(
        row.id,
        {
          size: name,
          storageKey: made.key,
          width: made.width,
          height: made.height,
          bytes: made.data.length,
          upscaled: made.upscaled,
        },
        clock.now(),
      );
    } catch (error) {
      // Deleted while it was being made: its file goes too, and the answer is the deletion's.
      if ((await images.findReadyById(row.id)) !== undefined) throw error;
      await media.storage.delete(made.key);
      throw notFound(IMAGE_MESSAGES.notFound);
    }
    const stored = (await images.findRenditions([row.id])).find((r) => r.size === name);
    if (!stored) throw new Error(`rendition ${name} of image ${row.id} vanished`);
    return stored;
  }

  /**
   * Makes the `thumb` of up to `batch` ready images that have none (stored before it existed),
   * newest first below `beforeId`: what one `make-thumbs` job does. Says where the next batch
   * starts (null: none left) and which images failed (their original unreadable or gone), which
   * keep using `small`. An outage (the storage or database out of reach) fails the whole batch
   * instead, before any next one is queued: the worker runs it again once it is over.
   */
  async makeMissingThumbs(
    beforeId: number | null,
    batch: number,
  ): Promise<{
    nextBeforeId: number | null;
    failed: Array<{ imageId: number; error: string }>;
  }> {
    const rows = await this.deps.images.findReadyWithoutThumb(beforeId, batch);
    const failed: Array<{ imageId: number; error: string }> = [];
    for (const row of rows) {
      try {
        await this.ensureRendition(row, "thumb");
      } catch (error) {
        if (isOutOfReach(error)) throw error;
        // Deleted meanwhile (or being deleted): nothing is missing, nothing to report.
        if ((await this.deps.images.findReadyById(row.id)) === undefined) continue;
        failed.push({ imageId: row.id, error: thumbFailure(error) });
      }
    }
    const last = rows.at(-1);
    return {
      nextBeforeId: rows.length === batch && last ? last.id : null,
      failed,
    };
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
}

/** Why a thumb could not be made, in words that name no path on the server's disk. */
function thumbFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT" || code === "original_missing") return "its original is missing";
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/(?:\/[^\s'"]+)+/g, "…");
}
