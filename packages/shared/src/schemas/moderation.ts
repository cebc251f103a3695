import { z } from "zod";
import * as MESSAGES from "../messages/index.js";
import { blankToNull } from "../text.js";
import { fromDigits, strictQuery, wholeNumber, zPageLimit } from "./query.js";
import { zShownText } from "./typed-text.js";

const m = MESSAGES.moderation;

/** Why a member reports an image: a short list, and a note of their own if they like. */
export const REPORT_REASONS = [
  "sexual_content",
  "violence",
  "hateful",
  "copyright",
  "spam",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  sexual_content: "Sexual or explicit content",
  violence: "Violence or gore",
  hateful: "Hateful or harassing",
  copyright: "Copyright infringement",
  spam: "Spam or misleading",
  other: "Something else",
};

/**
 * The moderation rules (ours). A report never hides an image by itself: one member, or a few
 * accounts made for the purpose, could otherwise take any piece down; an admin decides.
 */
export const MODERATION_RULES = {
  noteMax: 500,
  /** Images one decision may name. */
  decisionMax: 100,
  /** Queue entries a page holds, by default and at most. */
  pageSize: 24,
  pageMax: 100,
  /** The newest notes shown with each queued image. */
  notesShown: 3,
} as const;

/** Why an image waits in the queue: the rater flagged it, could not rate it, or members reported it. */
export const MODERATION_KINDS = ["flagged", "unrated", "reported"] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

export const MODERATION_DECISIONS = ["approve", "keep_private", "delete"] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** POST /api/v1/images/{id}/reports. */
export const ZImageReportBody = z.object({
  reason: z.enum(REPORT_REASONS, { error: m.reasonRequired }),
  // Shown to admins in the queue: an override reversed "NIMDA" into "ADMIN" there (round 40).
  note: zShownText({ error: MESSAGES.validation.notText("The note") })
    .max(MODERATION_RULES.noteMax, m.noteTooLong(MODERATION_RULES.noteMax))
    .nullable()
    .optional()
    .transform(blankToNull),
});
export type ImageReportBody = z.input<typeof ZImageReportBody>;

export const ZImageReport = z.object({
  imageId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type ImageReport = z.infer<typeof ZImageReport>;

const ZId = z
  .number()
  .int()
  .positive()
  .max(2 ** 52);

/** GET /api/v1/admin/moderation. */
export const ZModerationQueueQuery = strictQuery("the moderation queue", {
  kind: z.enum(["all", ...MODERATION_KINDS]).default("all"),
  /** Entries older than this image id (the previous page's nextCursor). */
  cursor: fromDigits(
    wholeNumber("cursor", { min: 1, max: 2 ** 52, error: MESSAGES.badCursor }).optional(),
  ),
  limit: zPageLimit(MODERATION_RULES.pageMax, MODERATION_RULES.pageSize),
});
export type ModerationQueueQuery = z.infer<typeof ZModerationQueueQuery>;

export const ZModerationItem = z.object({
  imageId: z.number().int(),
  title: z.string().nullable(),
  /** Display renditions; an admin's session may load them while the image is private. */
  urlSmall: z.string(),
  urlMedium: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbhash: z.string().nullable(),
  isPublic: z.boolean(),
  editionType: z.string(),
  createdAt: z.string(),
  moderation: z.enum(MODERATION_KINDS),
  /** The rater's reason (flagged, unrated), or the first report's reason in words. */
  moderationReason: z.string().nullable(),
  reports: z.object({
    /** Reports not yet resolved. */
    open: z.number().int(),
    reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
    /** The newest open reports that carry a note. */
    notes: z.array(
      z.object({
        reason: z.enum(REPORT_REASONS),
        note: z.string(),
        reporter: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type ModerationItem = z.infer<typeof ZModerationItem>;

export const ZModerationQueue = z.object({
  items: z.array(ZModerationItem),
  nextCursor: z.number().int().nullable(),
  counts: z.object({
    all: z.number().int(),
    flagged: z.number().int(),
    unrated: z.number().int(),
    reported: z.number().int(),
  }),
});
export type ModerationQueue = z.infer<typeof ZModerationQueue>;

/** POST /api/v1/admin/moderation/decisions: one decision for one image or many. */
export const ZModerationDecisionBody = z.object({
  imageIds: z
    .array(ZId, { error: m.imageIdsRequired })
    .min(1, m.imageIdsRequired)
    .max(MODERATION_RULES.decisionMax, m.imageIdsTooMany(MODERATION_RULES.decisionMax))
    .transform((ids) => [...new Set(ids)]),
  decision: z.enum(MODERATION_DECISIONS, { error: m.decisionInvalid }),
});
export type ModerationDecisionBody = z.input<typeof ZModerationDecisionBody>;

export const MODERATION_OUTCOMES = ["approved", "kept_private", "deleted", "skipped"] as const;
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number];

export const ZModerationDecisionResult = z.object({
  results: z.array(
    z.object({
      imageId: z.number().int(),
      outcome: z.enum(MODERATION_OUTCOMES),
      /** Why an image was skipped. */
      message: z.string().optional(),
    }),
  ),
});
export type ModerationDecisionResult = z.infer<typeof ZModerationDecisionResult>;
