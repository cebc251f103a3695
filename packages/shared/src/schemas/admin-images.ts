import { z } from "zod";
import { EDITION_LABELS, IMAGE_TEXT, PAGING } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { dollarsToCents, groupDigits, isOneLine } from "../text.js";
import {
  type AnyEditionType,
  EDITION_SIZE,
  IMAGE_LABELS,
  type ImagePatchBody,
  ZAnyEditionType,
  ZImage,
  ZImageListQuery,
  ZImagePatchBody,
  ZMaxEditions,
  ZPriceCents,
} from "./images.js";
import { MODERATION_KINDS } from "./moderation.js";
import { strictQuery } from "./query.js";
import { zTypedText } from "./typed-text.js";

/** The admin image table's and batch operations' bounds (ours: the spec names none). */
export const ADMIN_IMAGES = {
  /** Images one batch request may change. */
  batchMax: 1000,
  /** Tags an image carries at most (as PATCH /api/v1/images/{id} takes them). */
  tagsMax: IMAGE_LABELS.tagsMax,
  tagMaxChars: IMAGE_LABELS.tagMaxChars,
  /** Tags the table shows before '+N more' (spec section 9). */
  tagsShown: PAGING.tagsPerTile,
} as const;

export const ANALYSIS_STATUSES = ["pending", "done", "failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

export const ADMIN_VISIBILITY_FILTERS = ["all", "public", "private"] as const;
export type AdminVisibilityFilter = (typeof ADMIN_VISIBILITY_FILTERS)[number];

/** Every edition type by its label: the upload's three and a numbered run. */
export const EDITION_TYPE_LABELS: Record<AnyEditionType, string> = {
  ...EDITION_LABELS,
  limited_edition: "Limited Edition",
};

/**
 * Whether an edition type carries a price (spec sections 4 and 5: the price field is there only
 * for one_of_one and open_edition). Gallery pieces are free; a limited edition's run is its
 * offer, and the spec gives it no price field.
 */
export function editionTakesPrice(editionType: string): boolean {
  return editionType === "one_of_one" || editionType === "open_edition";
}

/** `true`/`false` in a query string, a boolean in JSON. */
const ZFlagged = z.union([
  z.boolean(),
  z
    .enum(["true", "false"], { error: "flagged must be true or false" })
    .transform((v) => v === "true"),
]);

/**
 * What the admin table lists (GET /api/v1/admin/images) and what a batch may select by: the
 * spec's visibility filter, a search over titles, descriptions, tags and styles, the edition
 * type, the analysis status, and whether the image waits for a moderator (flagged, unrated or
 * reported).
 */
export const ZAdminImageFilter = z.object({
  visibility: z
    .enum(ADMIN_VISIBILITY_FILTERS, { error: "visibility must be all, public or private" })
    .optional(),
  q: ZImageListQuery.shape.q,
  editionType: ZAnyEditionType.optional(),
  analysis: z
    .enum(ANALYSIS_STATUSES, { error: `analysis must be one of: ${ANALYSIS_STATUSES.join(", ")}` })
    .optional(),
  flagged: ZFlagged.optional(),
});
export type AdminImageFilter = z.output<typeof ZAdminImageFilter>;
export type AdminImageFilterInput = z.input<typeof ZAdminImageFilter>;

/** GET /api/v1/admin/images. */
export const ZAdminImageListQuery = strictQuery("the admin image list", {
  ...ZAdminImageFilter.shape,
  limit: ZImageListQuery.shape.limit,
  cursor: ZImageListQuery.shape.cursor,
});
export type AdminImageListQuery = z.output<typeof ZAdminImageListQuery>;

/** An image as the admin table shows it: the API's image, and why it waits for a moderator. */
export const ZAdminImage = ZImage.extend({
  moderation: z.enum(MODERATION_KINDS).nullable(),
  moderationReason: z.string().nullable(),
  /** Why the analysis failed for good (`analysisStatus` "failed"), as it was recorded; else null. */
  analysisError: z.string().nullable(),
});
export type AdminImage = z.infer<typeof ZAdminImage>;

export const ZAdminImageList = z.object({
  images: z.array(ZAdminImage),
  nextCursor: z.string().nullable(),
  stats: z.object({ totalImages: z.number().int() }),
});
export type AdminImageList = z.infer<typeof ZAdminImageList>;

const ZBatchImageId = z
  .number({ error: "Image ids must be numbers" })
  .int("Image ids must be whole numbers")
  .positive("Image ids must be positive")
  .max(2 ** 52, "An image id is too large");

const batchMax = `A batch takes at most ${ADMIN_IMAGES.batchMax} images`;

/** Which images a batch changes: these ids, or every image the filter matches (at most 1000). */
export const ZAdminImageSelection = z.union(
  [
    z
      .object({
        ids: z
          .array(ZBatchImageId)
          .min(1, "Select at least one image")
          .max(ADMIN_IMAGES.batchMax, batchMax),
      })
      .strict(),
    z.object({ filter: ZAdminImageFilter }).strict(),
  ],
  { error: "selection must be {ids: [...]} or {filter: {...}}" },
);
export type AdminImageSelection = z.input<typeof ZAdminImageSelection>;

const tagsRule = `tags must be 1 to ${ADMIN_IMAGES.tagsMax} tags of at most ${ADMIN_IMAGES.tagMaxChars} characters`;
const ZBatchTags = z
  .array(zTypedText({ error: tagsRule }).min(1, tagsRule).max(ADMIN_IMAGES.tagMaxChars, tagsRule))
  .min(1, tagsRule)
  .max(ADMIN_IMAGES.tagsMax, tagsRule);

export const BATCH_OPERATIONS = [
  "make_public",
  "make_private",
  "delete",
  "reanalyse",
  "set_edition",
  "add_tags",
  "remove_tags",
] as const;
export type BatchOperationType = (typeof BATCH_OPERATIONS)[number];

/**
 * What a batch does to each selected image. Each operation takes only its own fields: a field it
 * does not take (`price` for `priceCents`) is refused by name, not ignored while the batch
 * changes every image without it (round 61).
 */
export const ZAdminImageOperation = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("make_public") }),
    z.strictObject({ type: z.literal("make_private") }),
    z.strictObject({ type: z.literal("delete") }),
    z.strictObject({ type: z.literal("reanalyse") }),
    z.strictObject({
      type: z.literal("set_edition"),
      editionType: ZAnyEditionType,
      /** Cents, for one_of_one and open_edition; absent keeps each image's price, null clears it. */
      priceCents: ZPriceCents.nullable().optional(),
      /** Needed for limited_edition; never below an image's sold editions. */
      maxEditions: ZMaxEditions.optional(),
    }),
    z.strictObject({ type: z.literal("add_tags"), tags: ZBatchTags }),
    z.strictObject({ type: z.literal("remove_tags"), tags: ZBatchTags }),
  ],
  { error: `operation.type must be one of: ${BATCH_OPERATIONS.join(", ")}` },
);
export type AdminImageOperation = z.infer<typeof ZAdminImageOperation>;

/** POST /api/v1/admin/images/batch. */
export const ZAdminImageBatchBody = z.object({
  selection: ZAdminImageSelection,
  operation: ZAdminImageOperation,
});
export type AdminImageBatchBody = z.input<typeof ZAdminImageBatchBody>;

export const ZBatchImageResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** Why this image was not changed. */
  error: z.string().optional(),
});
export type BatchImageResult = z.infer<typeof ZBatchImageResult>;

/**
 * What a batch did, image by image. The images it changed were changed in one transaction; the
 * others (no such image, or a rule that refused it) are reported and were left as they were.
 */
export const ZAdminImageBatchResult = z.object({
  operation: z.enum(BATCH_OPERATIONS),
  /** Images the selection named (the filter's matches, or the distinct ids). */
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(ZBatchImageResult),
});
export type AdminImageBatchResult = z.infer<typeof ZAdminImageBatchResult>;

const m = MESSAGES.adminImages;

/** What the edit page's form holds: every field as typed. */
export interface ImageEditFormValues {
  title: string;
  /** Comma-separated. */
  tags: string;
  /** Comma-separated. */
  style: string;
  description: string;
  editionType: AnyEditionType;
  /** Dollars, as typed (step 0.01). */
  price: string;
  /** A limited edition's size, as typed. */
  maxEditions: string;
}

/** Comma-separated text → its trimmed, non-empty parts. */
export function splitCommaList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A field's refusal by another schema, said on the field: its first message, under it. */
function refuseWithFirst(ctx: z.RefinementCtx, checked: z.ZodSafeParseResult<unknown>): void {
  const [issue] = checked.error?.issues ?? [];
  if (issue) ctx.addIssue({ code: "custom", message: issue.message });
}

const priceRule = "Price must be a number of dollars, at least 0";
/** The PATCH's bound (ZPriceCents: 999,999,999 cents), said in the form's dollars. */
const MAX_PRICE_DOLLARS = 9_999_999.99;
const priceTooHigh = `Price must be at most $${MAX_PRICE_DOLLARS.toLocaleString("en-US")}`;

/**
 * What is wrong with a price typed in dollars (the edit and upload forms), in the form's words;
 * undefined when it is empty (no price) or one the server takes.
 */
export function typedPriceProblem(typed: string): string | undefined {
  const text = typed.trim();
  if (text === "") return undefined;
  const dollars = Number(text);
  if (!Number.isFinite(dollars) || dollars < 0) return priceRule;
  return dollars > MAX_PRICE_DOLLARS ? priceTooHigh : undefined;
}

/**
 * The edit page's form (/admin/images/{id}/edit) → the PATCH body, checked by the server's own
 * schema. The rules of spec section 5 "Image edit": tags comma-separated and trimmed; the price in
 * dollars becomes cents (times 100, rounded) and is left out when empty or zero, and it is there
 * only while the stored edition type takes one (`editionTakesPrice`); a limited edition's size is
 * at least 1 and never below the copies already sold.
 */
export function imageEditFormSchema(stored: { editionType: string; soldEditions: number }) {
  const priceShown = editionTakesPrice(stored.editionType);
  return z
    .object({
      // The PATCH body's bounds, here where the form shows them (under the field).
      title: z
        .string()
        .refine((text) => text.trim().length <= IMAGE_TEXT.titleMax, {
          error: `A title must be at most ${IMAGE_TEXT.titleMax} characters`,
        })
        // A tab pasted from a spreadsheet: the PATCH body's refusal, here under the field
        // (at its own path, aiAnalysis.title, it showed nowhere and Save did nothing; round 41).
        .refine((text) => isOneLine(text.trim()), {
          error: MESSAGES.validation.oneLine("A title"),
        }),
      // The PATCH body's own tag and style rules, checked here on the field as typed: refused
      // by the body alone, a tag too long was an error at `tags.1`, which no field shows, and
      // Save did nothing at all.
      tags: z.string().superRefine((text, ctx) => {
        refuseWithFirst(ctx, ZImagePatchBody.shape.tags.safeParse(splitCommaList(text)));
      }),
      style: z.string().superRefine((text, ctx) => {
        refuseWithFirst(
          ctx,
          ZImagePatchBody.shape.style.safeParse(splitCommaList(text).join(", ")),
        );
      }),
      description: z.string().refine((text) => text.trim().length <= IMAGE_TEXT.descriptionMax, {
        error: `A description must be at most ${groupDigits(IMAGE_TEXT.descriptionMax)} characters`,
      }),
      editionType: ZAnyEditionType,
      price: z
        .string()
        .trim()
        .superRefine((text, ctx) => {
          const problem = typedPriceProblem(text);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      maxEditions: z.string().trim(),
    })
    .superRefine((form, ctx) => {
      if (form.editionType !== "limited_edition") return;
      const size = Number(form.maxEditions);
      if (form.maxEditions !== "" && Number.isFinite(size) && !Number.isInteger(size)) {
        ctx.addIssue({ code: "custom", path: ["maxEditions"], message: m.maxEditionsWhole });
      } else if (form.maxEditions === "" || !Number.isInteger(size) || size < 1) {
        ctx.addIssue({ code: "custom", path: ["maxEditions"], message: m.maxEditionsRequired });
      } else if (size > EDITION_SIZE.max) {
        ctx.addIssue({
          code: "custom",
          path: ["maxEditions"],
          message: m.maxEditionsTooLarge(EDITION_SIZE.max),
        });
      } else if (size < stored.soldEditions) {
        ctx.addIssue({
          code: "custom",
          path: ["maxEditions"],
          message: m.maxEditionsBelowSold(stored.soldEditions),
        });
      }
    })
    .transform((form): ImagePatchBody => {
      const body: ImagePatchBody = {
        aiAnalysis: { title: form.title.trim(), description: form.description.trim() },
        tags: splitCommaList(form.tags),
        style: splitCommaList(form.style).join(", "),
        editionType: form.editionType,
      };
      const cents = form.price === "" ? 0 : dollarsToCents(Number(form.price));
      if (priceShown && editionTakesPrice(form.editionType) && cents > 0) body.price = cents;
      if (form.editionType === "limited_edition") body.maxEditions = Number(form.maxEditions);
      return body;
    })
    .pipe(ZImagePatchBody);
}

/**
 * The codes an upload is refused with for what the file is: not an image, damaged, a format or an
 * animation Sawdust does not take, too small, too many pixels, over 50 MB. The same file is
 * refused the same way however often it is sent, so the upload page does not offer it again.
 */
export const UPLOAD_REFUSED_FOR_CONTENT = {
  notAnImage: "not_an_image",
  unreadable: "unreadable_image",
  formatMismatch: "format_mismatch",
  animated: "animated_image",
  tooSmall: "too_small",
  tooManyPixels: "too_many_pixels",
  tooLarge: "file_too_large",
} as const;
