import { z } from "zod";
import {
  DOWNLOAD_SIZES,
  EDITION_AVAILABILITY,
  EDITION_FILTER_VALUES,
  EDITION_TYPES,
  IMAGE_TEXT,
  LIST_TOTALS,
  PAGING,
  UPLOAD,
} from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { groupDigits } from "../text.js";
import { strictQuery, zPageLimit } from "./query.js";
import { zOneLine, zShownText, zTypedText } from "./typed-text.js";

/** Search text limits (the list's `q`). */
export const SEARCH = {
  maxQueryChars: 200,
  /** Words past this many are ignored: a longer query narrows nothing a person would notice. */
  maxTerms: 12,
} as const;

export const DOWNLOAD_SIZE_NAMES = Object.keys(DOWNLOAD_SIZES) as Array<
  keyof typeof DOWNLOAD_SIZES
>;
export const ZDownloadSize = z.enum(DOWNLOAD_SIZE_NAMES as [keyof typeof DOWNLOAD_SIZES]);

export const ZEditionType = z.enum(EDITION_TYPES, {
  error: `Edition type must be one of: ${EDITION_TYPES.join(", ")}`,
});

/** A colour swatch of the image's palette: hex without '#', and its share of the image (0–1). */
export const ZSwatch = z.object({
  hex: z.string(),
  share: z.number(),
  name: z.string().optional(),
});

/**
 * What the analysis found. A list entry (GET /images) carries only the small display fields of
 * LIST_AI_ANALYSIS_FIELDS; the detail (GET /images/{id}) carries everything, `generation` (the
 * prompt and settings the file embedded, possibly a whole ComfyUI workflow) included.
 */
export const ZAiAnalysis = z
  .object({
    title: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    colorScheme: z.record(z.string(), z.string()).optional(),
    palette: z.array(ZSwatch).optional(),
    /** Detail only. */
    generation: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown());
export type AiAnalysis = z.infer<typeof ZAiAnalysis>;

/** The `aiAnalysis` fields a list entry keeps: what a tile or the admin table shows. */
export const LIST_AI_ANALYSIS_FIELDS = [
  "title",
  "description",
  "colorScheme",
  "palette",
  "colorThemes",
  "lightness",
  "chroma",
  "orientation",
  "aspectRatio",
  "dimensions",
  "suggestedStyle",
  "moderation",
] as const;

export const ZDownloadStats = z.object(
  Object.fromEntries(DOWNLOAD_SIZE_NAMES.map((s) => [s, z.number().int()])) as Record<
    keyof typeof DOWNLOAD_SIZES,
    z.ZodNumber
  >,
);

/** An image as the API shows it. Pro sizes and per-quality stats appear only where allowed. */
export const ZImage = z.object({
  id: z.number().int(),
  urlSmall: z.string(),
  urlMedium: z.string(),
  urlLarge: z.string(),
  /** A grid tile's file (384×480 box); "" for an image stored before it existed, until it is made. */
  urlThumb: z.string(),
  urlXLarge: z.string().optional(),
  urlUltra: z.string().optional(),
  width: z.number().int(),
  height: z.number().int(),
  /** Base64 ThumbHash: a blurred placeholder while the image loads. */
  thumbhash: z.string().nullable(),
  aiAnalysis: ZAiAnalysis,
  analysisStatus: z.enum(["pending", "done", "failed"]),
  tags: z.array(z.string()),
  style: z.string().nullable(),
  isPublic: z.boolean(),
  views: z.number().int(),
  totalDownloads: z.number().int(),
  collectionsCount: z.number().int(),
  downloadStats: ZDownloadStats.optional(),
  /**
   * Admins only: the licence prices set on the piece itself (cents; null: the site's default),
   * which `licencePrices` shows after the defaults are applied.
   */
  ownLicencePrices: z
    .object({ standard: z.number().int().nullable(), commercial: z.number().int().nullable() })
    .optional(),
  price: z.number().int().nullable(),
  editionType: z.string(),
  maxEditions: z.number().int().nullable(),
  soldEditions: z.number().int(),
  /** What the piece costs under each licence (cents); null when it is not for sale (issue 19). */
  licencePrices: z
    .object({ standard: z.number().int(), commercial: z.number().int() })
    .nullable()
    .optional(),
  /** A sold 1/1's collector, by display name (the image's own page only). */
  collectedBy: z.string().nullable().optional(),
  /** A sold 1/1 whose collector chose not to be named ("collected privately"). */
  collectedPrivately: z.boolean().optional(),
  /** The licence this viewer owns the piece under, if they bought it. */
  ownedLicence: z.enum(["standard", "commercial"]).nullable().optional(),
  /** Download sizes made by enlarging a smaller source. */
  upscaledSizes: z.array(ZDownloadSize),
  createdAt: z.string(),
});
export type Image = z.infer<typeof ZImage>;

/**
 * A query parameter of comma-separated values, as a trimmed list without blanks. NUL never belongs
 * to a tag, style or colour, and PostgreSQL refuses it in text: it goes. No example value: the API
 * documents' "Try it out" would fill a filter in with it, and the list would come back empty.
 */
export const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .replaceAll("\u0000", "")
            .split(",")
            .map((v) => v.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(item));

export const ZImageListQuery = strictQuery("the image list", {
  visibility: z
    .enum(["public", "private", "all"], { error: "visibility must be public, private or all" })
    .optional(),
  limit: zPageLimit(PAGING.maxLimit, PAGING.defaultLimit),
  cursor: z.string().max(200).optional(),
  /** Free text over titles, descriptions, tags and styles; words are ANDed, the last is a prefix. */
  q: zTypedText({ error: "q must be text" })
    .max(SEARCH.maxQueryChars, `q must be at most ${SEARCH.maxQueryChars} characters`)
    .optional(),
  tag: commaList(z.string()),
  style: commaList(z.string()),
  color: commaList(z.string()),
  editionType: commaList(
    z.enum(EDITION_FILTER_VALUES, {
      error: `editionType must be among: ${EDITION_FILTER_VALUES.join(", ")}`,
    }),
  ),
  /** For sale and still buyable, or sold out (issue 19); all when absent. */
  availability: z
    .enum(EDITION_AVAILABILITY, {
      error: `availability must be one of: ${EDITION_AVAILABILITY.join(", ")}`,
    })
    .optional(),
});
export type ImageListQuery = z.infer<typeof ZImageListQuery>;

export const ZImageListResponse = z.object({
  images: z.array(ZImage),
  nextCursor: z.string().nullable(),
  stats: z.object({
    totalImages: z.number().int(),
    totalIsLowerBound: z
      .boolean()
      .describe(
        `true when the filter matches more than totalImages (${LIST_TOTALS.countedUpTo}) images: a search or combined filters are counted that far and no further`,
      ),
  }),
});
export type ImageListResponse = z.infer<typeof ZImageListResponse>;

/** How deep an edited analysis may nest: enough for any real analysis, far from a stack's end. */
export const MAX_ANALYSIS_DEPTH = 32;

/** The nesting depth of a JSON value, counted without recursion (it may be hostile). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_ANALYSIS_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Every edition type an image may have: the upload's three and limited_edition (a numbered run). */
export const ZAnyEditionType = z.enum(EDITION_FILTER_VALUES, {
  error: `Edition type must be one of: ${EDITION_FILTER_VALUES.join(", ")}`,
});
export type AnyEditionType = z.infer<typeof ZAnyEditionType>;

/** A limited edition's size bounds (ours: the spec names none). */
export const EDITION_SIZE = { min: 1, max: 1_000_000 } as const;
const editionSizeRule = `maxEditions must be a whole number from ${EDITION_SIZE.min} to ${EDITION_SIZE.max}`;
export const ZMaxEditions = z
  .number({ error: editionSizeRule })
  .int(editionSizeRule)
  .min(EDITION_SIZE.min, editionSizeRule)
  .max(EDITION_SIZE.max, editionSizeRule);

/** A price in cents: whole, at least 0; null for none. */
export const ZPriceCents = z
  .number({ error: "price must be a number of cents" })
  .int("price must be whole cents")
  .min(0, "price must be at least 0")
  .max(999_999_999, "price must be at most 999999999 cents");

/** An image's tags and style bounds (ours: the spec names none), as PATCH /api/v1/images/{id} takes them. */
export const IMAGE_LABELS = { tagsMax: 50, tagMaxChars: 64, styleMaxChars: 200 } as const;

export const ZImagePatchBody = z.object({
  aiAnalysis: ZAiAnalysis.extend({
    title: zOneLine(MESSAGES.validation.oneLine("A title"))
      .max(IMAGE_TEXT.titleMax, `A title must be at most ${IMAGE_TEXT.titleMax} characters`)
      .nullable()
      .optional(),
    description: zShownText()
      .max(
        IMAGE_TEXT.descriptionMax,
        `A description must be at most ${groupDigits(IMAGE_TEXT.descriptionMax)} characters`,
      )
      .nullable()
      .optional(),
  })
    .refine((value) => jsonDepth(value) <= MAX_ANALYSIS_DEPTH, {
      error: `aiAnalysis is nested too deeply (at most ${MAX_ANALYSIS_DEPTH} levels)`,
    })
    .optional(),
  tags: z
    .array(
      zTypedText().max(
        IMAGE_LABELS.tagMaxChars,
        MESSAGES.adminImages.tagTooLong(IMAGE_LABELS.tagMaxChars),
      ),
    )
    .max(IMAGE_LABELS.tagsMax, MESSAGES.adminImages.tooManyTags(IMAGE_LABELS.tagsMax))
    .optional(),
  // Shown as chips on the public detail: no override may reverse them (round 40).
  style: zOneLine(MESSAGES.validation.oneLine("A style"))
    .max(IMAGE_LABELS.styleMaxChars, MESSAGES.adminImages.styleTooLong(IMAGE_LABELS.styleMaxChars))
    .nullable()
    .optional(),
  /** Cents; kept only for one_of_one and open_edition (editionTakesPrice). */
  price: ZPriceCents.nullable().optional(),
  editionType: ZAnyEditionType.optional(),
  /** A limited edition's size: needed to make an image one, never below its sold editions. */
  maxEditions: ZMaxEditions.optional(),
});
export type ImagePatchBody = z.infer<typeof ZImagePatchBody>;

/** Which of an image form's fields the admin changed (react-hook-form's dirty fields). */
export type ImagePatchChanges = Partial<
  Record<
    "title" | "description" | "tags" | "style" | "editionType" | "price" | "maxEditions",
    boolean | undefined
  >
>;

/**
 * An image form's body cut to the fields the admin changed: the server changes only the fields
 * sent, so a save from a form opened before another admin's does not put back what they changed
 * since. The edition's fields (type, price, size) go together when any of them changed: the
 * server checks them as one. Both the console's edit page and the detail's Edit details use it.
 */
export function changedImagePatch(
  body: ImagePatchBody,
  changed: ImagePatchChanges,
): ImagePatchBody {
  const patch: ImagePatchBody = {};
  const title = changed.title ? body.aiAnalysis?.title : undefined;
  const description = changed.description ? body.aiAnalysis?.description : undefined;
  if (title !== undefined || description !== undefined) {
    patch.aiAnalysis = {
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
    };
  }
  if (changed.tags && body.tags !== undefined) patch.tags = body.tags;
  if (changed.style && body.style !== undefined) patch.style = body.style;
  if (changed.editionType || changed.price || changed.maxEditions) {
    if (body.editionType !== undefined) patch.editionType = body.editionType;
    if (body.price !== undefined) patch.price = body.price;
    if (body.maxEditions !== undefined) patch.maxEditions = body.maxEditions;
  }
  return patch;
}

export const ZVisibilityBody = z.object({
  isPublic: z.boolean({ error: "isPublic must be true or false" }),
});

export const ZUploadResponse = z.object({
  uploaded: z.array(ZImage),
  error: z.string().optional(),
});

export const ZDownloadQuery = strictQuery("a download", {
  size: ZDownloadSize.default("preview"),
});

/** POST /api/v1/images/{id}/views: the image's view count after this one. */
export const ZViewCount = z.object({ views: z.number().int() });
export type ViewCount = z.infer<typeof ZViewCount>;

/** What the upload refuses in its form fields (the same words the edit form's schema uses). */
export const UPLOAD_FIELD_MESSAGES = {
  editionType: `Edition type must be one of: ${EDITION_TYPES.join(", ")}`,
  price: "Price must be a whole number of cents from 0 to 999999999 (at most 9 digits)",
} as const;

/** A multipart field as text; a blank one counts as not sent. */
const blankAsAbsent = (value: unknown) =>
  typeof value === "string" ? value.trim() || undefined : value;

/** The text fields of the upload form, as sent (every multipart field is text). */
export const ZUploadFormFields = z.object({
  editionType: z
    .preprocess(blankAsAbsent, ZEditionType.default("open_edition"))
    .describe("How the image is offered; blank or absent: open_edition"),
  price: z
    .preprocess(blankAsAbsent, z.string().optional())
    .describe(
      "Price in whole cents (digits only, at most 9); blank or absent: no price. Ignored for sawdust_gallery",
    ),
});

/**
 * POST /api/v1/images/upload's fields (multipart/form-data, beside the file in `images`), read
 * into what an upload stores: the edition type, and the price in cents, kept only for an edition
 * that is sold (a sawdust_gallery image has none, whatever was sent).
 */
export const ZUploadFields = ZUploadFormFields.transform((fields, ctx) => {
  const { editionType, price } = fields;
  if (editionType === "sawdust_gallery" || price === undefined) {
    return { editionType, priceCents: null };
  }
  if (!/^\d{1,9}$/.test(price)) {
    ctx.addIssue({ code: "custom", message: UPLOAD_FIELD_MESSAGES.price, path: ["price"] });
    return z.NEVER;
  }
  return { editionType, priceCents: Number(price) };
});
export type UploadFields = z.output<typeof ZUploadFields>;

/** The whole upload form as the API documents it: one image file and the fields. */
export const ZUploadForm = ZUploadFormFields.extend({
  images: z.file().describe(`The image: JPEG, PNG, WebP or AVIF, at most ${UPLOAD.maxBytes} bytes`),
});
