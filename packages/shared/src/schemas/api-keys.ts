import { z } from "zod";
import { EDITION_FILTER_VALUES, PAGING } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { groupDigits } from "../text.js";
import { COLOUR_FILTER_NAMES, COLOUR_FILTER_SPELLINGS } from "./colour-names.js";
import { commaList } from "./images.js";
import { fromDigits, strictQuery, wholeNumber } from "./query.js";
import { zRowId } from "./row-id.js";
import { ZTagCount } from "./tags.js";
import { zOneLine } from "./typed-text.js";

/**
 * The partner API's fixed facts (spec sections 2, 3 and 7 "API keys", design sections 4 and 6):
 * where it lives, what a key looks like and the default rate limit.
 */
export const PARTNER_API = {
  basePath: "/api/v1/marketing",
  /** The OpenAPI 3.1 document of the marketing API. */
  documentPath: "/api/v1/marketing/docs",
  /** The page that reads it. */
  docsPagePath: "/api/docs/marketing",
  keyPrefix: "sdk_",
  /** Requests a key may make in a clock hour (UTC), unless an admin sets its own. */
  defaultRequestsPerHour: 1000,
  maxRequestsPerHour: 1_000_000,
  nameMax: 100,
  /** Days of per-day request counts the admin page shows (today included). */
  usageDays: 7,
} as const;

/** The orders the marketing list offers. */
export const MARKETING_SORTS = ["newest", "most_downloaded"] as const;
export type MarketingSort = (typeof MARKETING_SORTS)[number];

const v = MESSAGES.validation;

const ZApiKeyName = zOneLine(v.oneLine("An API key name"), { error: v.apiKeyNameRequired })
  .min(1, v.apiKeyNameRequired)
  .max(PARTNER_API.nameMax, `An API key name must be at most ${PARTNER_API.nameMax} characters`);

// Said to the API's clients and under the form's field alike: the field's label, and its name.
const perHour = `Requests per hour (rateLimitPerHour) must be a whole number from 1 to ${groupDigits(PARTNER_API.maxRequestsPerHour)}`;
const ZRequestsPerHour = z
  .number({ error: perHour })
  .int(perHour)
  .min(1, perHour)
  .max(PARTNER_API.maxRequestsPerHour, perHour)
  .describe("Requests the key may make in a clock hour (UTC)");

/** POST /api/v1/api-keys. The limit defaults to PARTNER_API.defaultRequestsPerHour. */
export const ZApiKeyCreateBody = z.object({
  name: ZApiKeyName,
  rateLimitPerHour: ZRequestsPerHour.optional(),
});
export type ApiKeyCreateBody = z.input<typeof ZApiKeyCreateBody>;

/** PATCH /api/v1/api-keys/{id}: only the fields sent change. */
export const ZApiKeyUpdateBody = z
  .object({ name: ZApiKeyName.optional(), rateLimitPerHour: ZRequestsPerHour.optional() })
  .refine((body) => body.name !== undefined || body.rateLimitPerHour !== undefined, {
    error: "Send a name or a rateLimitPerHour to change",
  });
export type ApiKeyUpdateBody = z.input<typeof ZApiKeyUpdateBody>;

/** Requests a key made on one UTC day. */
export const ZApiKeyDailyRequests = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  requests: z.number().int(),
});
export type ApiKeyDailyRequests = z.infer<typeof ZApiKeyDailyRequests>;

/** An API key as the admin sees it: never the key itself, only a partial display of it. */
export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The prefix, the first two random characters and the last four: `sdk_ab…wxyz`. */
  display: z.string(),
  createdAt: z.string(),
  /** When the key was last used (kept to the minute); null when never. */
  lastUsed: z.string().nullable(),
  isActive: z.boolean(),
  revokedAt: z.string().nullable(),
  rateLimitPerHour: z.number().int(),
  /** The last PARTNER_API.usageDays UTC days, oldest first, days without requests included. */
  requestsPerDay: z.array(ZApiKeyDailyRequests),
});
export type ApiKey = z.infer<typeof ZApiKey>;

/** POST /api/v1/api-keys answers the key once, beside its record. */
export const ZApiKeyCreated = ZApiKey.extend({
  apiKey: z.string().describe("The key itself: shown this once and never again"),
});
export type ApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** Where partners find the API, on this site's real origin (PUBLIC_URL). */
export const ZPartnerApiInfo = z.object({
  baseUrl: z.string(),
  documentUrl: z.string(),
  docsPageUrl: z.string(),
  defaultRateLimitPerHour: z.number().int(),
});
export type PartnerApiInfo = z.infer<typeof ZPartnerApiInfo>;

/** GET /api/v1/api-keys. */
export const ZApiKeyList = z.object({
  apiKeys: z.array(ZApiKey),
  partnerApi: ZPartnerApiInfo,
});
export type ApiKeyList = z.infer<typeof ZApiKeyList>;

/* ----------------------------------------------------------------- the marketing API itself */

/**
 * Written out in digits: an empty `min_price=` (or `0x10`, `1e3`) is refused, not read as a
 * number. Documented as what it is read as, a whole number from 0 (round 58: the pattern of the
 * digits was documented, which let `-1` and `1.5` through a client generated from it). The
 * maximum is checked first: past it a number is no longer a safe integer, and `.int()` would
 * call `9007199254740992` not whole.
 */
const cents = (name: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value),
    z
      .number({ error: `${name} must be a number of cents` })
      .max(
        Number.MAX_SAFE_INTEGER,
        MESSAGES.apiKeys.centsOverMaximum(name, groupDigits(Number.MAX_SAFE_INTEGER)),
      )
      .int(`${name} must be a whole number of cents`)
      .min(0, `${name} must be at least 0`),
  );

/** The colour names a filter takes, other spellings beside theirs: `…, gray (or grey), white`. */
const colourNames = COLOUR_FILTER_NAMES.map((name) => {
  const others = Object.keys(COLOUR_FILTER_SPELLINGS).filter(
    (spelling) => COLOUR_FILTER_SPELLINGS[spelling] === name,
  );
  return others.length > 0 ? `${name} (or ${others.join(", ")})` : name;
}).join(", ");

/**
 * A colour filter's value as the catalogue reads it: a name, `#` or not, in any case (another
 * spelling as its name), or a hex colour of 3 or 6 digits, `#` or not; undefined for anything else.
 */
function colourFilterValue(value: string): string | undefined {
  const v = value.toLowerCase().replace(/^#/, "");
  if ((COLOUR_FILTER_NAMES as readonly string[]).includes(v)) return value;
  const spelled = COLOUR_FILTER_SPELLINGS[v];
  if (spelled !== undefined) return spelled;
  return /^(?:[0-9a-f]{3}){1,2}$/.test(v) ? value : undefined;
}

/**
 * One colour of the `color` filter: one the catalogue does not know matched nothing, as if no
 * image had it (round 60); it is refused, naming what is known, as a misspelt edition_type is.
 */
const zColourFilter = z
  .string()
  .max(32, "color: a colour must be at most 32 characters")
  .refine((value) => colourFilterValue(value) !== undefined, {
    error: (issue) =>
      `color: ${JSON.stringify(issue.input)} is not a colour the filter knows: give a name (${colourNames}) or a hex colour such as #ff0000 or ff0000`,
  })
  .transform((value) => colourFilterValue(value) ?? value);

/**
 * GET /api/v1/marketing/images. Several values of one filter (comma-separated) match any of them;
 * different filters must all match. A price bound leaves out images without a price.
 */
export const ZMarketingImageQuery = strictQuery("the marketing API", {
  limit: fromDigits(
    wholeNumber("limit", { min: 1, max: PAGING.maxLimit })
      .default(PAGING.defaultLimit)
      .describe(`Images a page, 1 to ${PAGING.maxLimit}`)
      .meta({ examples: [PAGING.defaultLimit] }),
  ),
  cursor: z
    .string()
    .max(200, MESSAGES.badCursor)
    .optional()
    .describe("next_cursor of the previous page; absent for the first"),
  edition_type: commaList(
    z.enum(EDITION_FILTER_VALUES, {
      error: `edition_type must be among: ${EDITION_FILTER_VALUES.join(", ")}`,
    }),
  ).describe(
    `Comma-separated, any of: ${EDITION_FILTER_VALUES.join(", ")} (e.g. \`one_of_one,open_edition\`)`,
  ),
  tags: commaList(z.string().max(64, "tags: a tag must be at most 64 characters")).describe(
    "Comma-separated tags; an image with any of them matches (e.g. `sunset,ocean`)",
  ),
  style: commaList(z.string().max(64, "style: a style must be at most 64 characters")).describe(
    "Comma-separated styles; any of them matches (e.g. `watercolor`)",
  ),
  color: commaList(zColourFilter).describe(
    `Comma-separated colour names (${colourNames}) or hex colours (#ff0000 or ff0000: the nearest name); any of them matches, any other value is refused (e.g. \`blue\`)`,
  ),
  min_price: cents("min_price")
    .optional()
    .describe(
      "Lowest listed `price`, in cents (e.g. `1000`): pieces without one (not for sale, a limited edition) are left out",
    ),
  max_price: cents("max_price")
    .optional()
    .describe(
      "Highest listed `price`, in cents (e.g. `50000`): pieces without one (not for sale, a limited edition) are left out",
    ),
  sort: z
    .enum(MARKETING_SORTS, { error: `sort must be one of: ${MARKETING_SORTS.join(", ")}` })
    .default("newest")
    .describe("newest first (the default), or most downloaded first (e.g. `most_downloaded`)"),
}).refine(
  (query) =>
    query.min_price === undefined ||
    query.max_price === undefined ||
    query.min_price <= query.max_price,
  { error: "min_price must not be more than max_price", path: ["min_price"] },
);
export type MarketingImageQuery = z.output<typeof ZMarketingImageQuery>;

/** GET /api/v1/marketing/images/{id}. */
export const ZMarketingImageParams = z.object({
  id: zRowId("image", { examples: [1] }),
});

/** A colour of the image's palette: hex, its name, and its share of the picture (0–1). */
export const ZMarketingColor = z.object({
  hex: z.string(),
  name: z.string().nullable(),
  share: z.number(),
});

/** The display renditions a partner gets a URL of (`urls`), smallest first. */
export const MARKETING_RENDITIONS = ["thumb", "small", "medium", "large"] as const;
export type MarketingRendition = (typeof MARKETING_RENDITIONS)[number];

/** An image as a partner gets it: public, ready, with absolute URLs. */
export const ZMarketingImage = z.object({
  id: z.number().int().positive(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  styles: z.array(z.string()),
  colors: z.array(ZMarketingColor),
  edition_type: z.enum(EDITION_FILTER_VALUES),
  /** Cents: the piece's listed price; null when it has none or is not for sale now. */
  price: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe(
      "The piece's listed price in cents; null when it has none, or is not for sale (a Sawdust Gallery piece, a sold 1/1, a sold-out limited edition). What a buyer is charged is `licence_prices`.",
    ),
  /** What a buyer is charged now under each licence (cents); null when it is not for sale. */
  licence_prices: z
    .object({
      standard: z.number().int().nonnegative(),
      commercial: z.number().int().nonnegative(),
    })
    .nullable()
    .describe(
      "What a buyer is charged now, in cents, for the standard and the commercial licence; null when the piece is not for sale (a Sawdust Gallery piece, a sold 1/1, a sold-out limited edition).",
    ),
  currency: z.literal("USD"),
  max_editions: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe("A limited edition's size; null otherwise"),
  sold_editions: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
  /** The original's pixels. */
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  /** Display sizes (WebP) that fit 384×480, 512×640, 1024×1280 and 1536×1920; null if not made. */
  urls: z.object({
    thumb: z.url().nullable(),
    small: z.url().nullable(),
    medium: z.url().nullable(),
    large: z.url().nullable(),
  }),
  upscaled_renditions: z
    .array(z.enum(MARKETING_RENDITIONS))
    .describe(
      "The keys of `urls` whose file is an enlarged copy of a smaller original (a 1000×1000 original's `medium` and `large`): no more detail than the original's `width` and `height`. Empty when none is.",
    ),
  /** The image's page on the site: the link to share. */
  share_url: z.url(),
  created_at: z.iso.datetime(),
  updated_at: z.iso
    .datetime()
    .describe(
      "When the image was last changed: its title, description, tags, style, prices or edition by an admin, or its tags by an analysis run. A download or a sale (`downloads`, `sold_editions`) does not move it.",
    ),
});
export type MarketingImage = z.infer<typeof ZMarketingImage>;

export const ZMarketingImagePage = z.object({
  images: z.array(ZMarketingImage),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type MarketingImagePage = z.infer<typeof ZMarketingImagePage>;

/** GET /api/v1/marketing/tags: every tag of the public catalogue, most used first. */
/** GET /api/v1/marketing/tags takes no parameters: any is refused by name, as the lists do. */
export const ZMarketingTagsQuery = strictQuery("the marketing API's tags", {});

/** GET /api/v1/marketing/images/{id} takes no parameters either: one sent is refused by name. */
export const ZMarketingImageDetailQuery = strictQuery("the marketing API's image", {});

export const ZMarketingTagList = z.object({ tags: z.array(ZTagCount) });
export type MarketingTagList = z.infer<typeof ZMarketingTagList>;
