import { UPLOAD, UPLOAD_FIELD_MESSAGES } from "@sawdust/shared";

export const ANALYZE_JOB = "analyze-image";
/**
 * Analysis attempts an image gets before it is recorded as failed. An outage (the storage, the
 * database or the vision model's server out of reach) uses none of them: the worker waits it
 * out on its own budget (OUTAGE_MAX_FAILURES).
 */
export const ANALYZE_MAX_ATTEMPTS = 5;
/**
 * Makes the `thumb` rendition of images stored before it existed (migration 0036), a batch a
 * job; each job queues the next while there are more. Not retried: an image whose original cannot
 * be read keeps using `small`, and the job's failure names it. An outage of the storage is waited
 * out, like every job's (OUTAGE_MAX_FAILURES).
 */
export const THUMBS_JOB = "make-thumbs";
export const THUMBS_BATCH = 20;

/** An analysis job's payload; `requestId` names the request that queued it in the worker's log. */
export function analysisJobPayload(imageId: number, requestId?: string) {
  return requestId === undefined ? { imageId } : { imageId, requestId };
}

/**
 * How many list totals one process counts at once (CatalogueService.total): a few of the
 * PostgreSQL pool's 10 connections (db/database.ts), so counts never hold them all.
 */
export const COUNTING_SLOTS = 3;

export const IMAGE_MESSAGES = {
  notFound: "Image not found",
  badEditionType: UPLOAD_FIELD_MESSAGES.editionType,
  badPrice: UPLOAD_FIELD_MESSAGES.price,
  unreadable: "The image could not be read: the file may be damaged",
  /** A size made from the original when first asked for, whose original is not in the storage. */
  originalMissing:
    "This size cannot be made: the image's original file is missing from the site's storage. Please tell the site's administrators.",
  tooSmall: (w: number, h: number) =>
    `The image must be at least ${UPLOAD.minWidth}×${UPLOAD.minHeight} pixels (this one is ${w}×${h})`,
  tooManyPixels: (w?: number, h?: number) =>
    `The image is too large: at most ${UPLOAD.maxPixels / 1_000_000} megapixels${
      w && h ? ` (this one is ${w}×${h}, ${((w * h) / 1_000_000).toFixed(1)} megapixels)` : ""
    }`,
  formatMismatch: "The file's contents do not match a supported image format",
  animated:
    "The image is animated, and Sawdust shows still images only: every size would keep just its first frame. Upload a still image instead",
  badSignature: "This image link has expired or is not valid: reload the page for a fresh one",
} as const;
