/**
 * The business constants of the specification (section 9) and the decisions of design section 4.
 * Both the server and the web app read them from here; nowhere else writes them down.
 */

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

export const TIERS = ["free", "pro", "pro_plus"] as const;
export type Tier = (typeof TIERS)[number];

export const EDITION_TYPES = ["sawdust_gallery", "one_of_one", "open_edition"] as const;
export type EditionType = (typeof EDITION_TYPES)[number];
/** Display and filter values: the three upload values plus limited_edition (spec section 1). */
export const EDITION_FILTER_VALUES = [...EDITION_TYPES, "limited_edition"] as const;
export const DEFAULT_EDITION_TYPE: EditionType = "open_edition";
export const EDITION_LABELS: Record<EditionType, string> = {
  sawdust_gallery: "Sawdust Gallery",
  one_of_one: "1/1 Collection",
  open_edition: "Open Edition",
};
/** What each edition type means, in the words of spec section 1 (shown where an admin picks one). */
export const EDITION_DESCRIPTIONS: Record<EditionType, string> = {
  sawdust_gallery: "Free access, for sharing with the community.",
  one_of_one: "Exclusive one-of-a-kind pieces, shown in the 1/1 Collection.",
  open_edition: "Multiple copies for purchase, with unlimited prints.",
};

export const DOWNLOAD_SIZES = {
  preview: { label: "Preview", width: 512, height: 640, maxBytes: 250 * 1024, access: "visitor" },
  basic: { label: "Basic", width: 1536, height: 1920, maxBytes: 1024 * 1024, access: "member" },
  hd: { label: "HD", width: 1920, height: 2400, maxBytes: 4 * 1024 * 1024, access: "pro" },
  xlarge: { label: "XLarge", width: 3840, height: 4800, maxBytes: 8 * 1024 * 1024, access: "pro" },
  ultra: { label: "Ultra", width: 18000, height: 9000, maxBytes: 16 * 1024 * 1024, access: "pro" },
} as const;
export type DownloadSize = keyof typeof DOWNLOAD_SIZES;

/**
 * The public display renditions (design section 5): small is the preview box, large the basic box,
 * medium between them. The web app builds `srcset` from these. `thumb` (ours, issue 20) is what a
 * grid tile or card needs: a tile is 296 px wide on a desktop and about 173 px on a phone, so with
 * only `small` a phone at 2× or a desktop at 1× fetched a 512 px file for it (about 1.7× the bytes).
 */
export const DISPLAY_SIZES = {
  thumb: { width: 384, height: 480 },
  small: { width: DOWNLOAD_SIZES.preview.width, height: DOWNLOAD_SIZES.preview.height },
  medium: { width: 1024, height: 1280 },
  large: { width: DOWNLOAD_SIZES.basic.width, height: DOWNLOAD_SIZES.basic.height },
} as const;

/** Pro prices in cents (design section 4: one config, the dialog's yearly figure). */
export const PRO_PRICES_CENTS = { monthly: 1499, yearly: 11988 } as const;
export type BillingCycle = keyof typeof PRO_PRICES_CENTS;

export const FREE_TIER = {
  monthlyDownloads: 10,
  monthlyBandwidthBytes: 1024 * 1024 * 1024,
  collections: 5,
} as const;

/**
 * What an admin may change without a restart (/admin/settings, design section 4), and the values
 * a site starts with: the free tier's limits above, the upload form's default edition type.
 */
export const DEFAULT_SITE_SETTINGS = {
  siteName: "Sawdust",
  registrationOpen: true,
  defaultEditionType: DEFAULT_EDITION_TYPE,
  freeTier: { ...FREE_TIER },
  /** Administrators must turn on two-factor sign-in before the admin console serves them. */
  requireTwoFactorForAdmins: false,
  /** What a piece costs under each licence when it has no price of its own (issue 19, cents). */
  licencePrices: { standardCents: 2500, commercialCents: 9900 },
} as const;

/** The bounds an admin's settings must stay within (ours: generous, but never absurd). */
export const SITE_SETTINGS_BOUNDS = {
  siteNameMax: 60,
  monthlyDownloadsMax: 100_000,
  /** 10 TiB a month. */
  monthlyBandwidthBytesMax: 10 * 1024 ** 4,
  collectionsMax: 1000,
} as const;

export const UPLOAD = {
  maxBytes: 52_428_800,
  minWidth: 800,
  minHeight: 800,
  maxPixels: 100_000_000,
  priceStep: 0.01,
} as const;

export const PAGING = {
  defaultLimit: 20,
  maxLimit: 100,
  firstCursor: "0",
  galleryPlaceholders: 12,
  tagSkeletonSquares: 8,
  tagsPerTile: 3,
  maxSwatches: 5,
  thumbnailRetries: 3,
  infiniteScrollThreshold: 0.1,
} as const;

/**
 * A list's total (`stats.totalImages`) is counted up to this many images when the kept per-facet
 * counts cannot answer it (a search, combined filters); past it the page reports this many and
 * `stats.totalIsLowerBound`, and the app shows "1,000+ images". A count costs about one row read
 * per match counted, and every distinct filter is a new count.
 */
export const LIST_TOTALS = { countedUpTo: 1_000 } as const;

export const UI = {
  sharePopup: { width: 600, height: 400 },
  zoom: 2.5,
  copiedLabelMs: 2000,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  scrollAreaHideDelayMs: 600,
} as const;

/** Spec section 9 "Notifications". */
export const TOASTS = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeDirection: "right",
  swipeThresholdPx: 50,
  hotkey: ["F8"],
  maxWidthPx: 420,
} as const;

/** Spec section 9 "Data cache". */
export const DATA_CACHE = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTimeMs: 5 * 60 * 1000,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

/** Spec section 9 "Profile limits", plus bounds of ours where the spec names none. */
export const PROFILE_LIMITS = {
  displayNameMin: 2,
  displayNameMax: 80,
  bioMax: 500,
  artistStatementMax: 1000,
  websiteMax: 2048,
  socialLinkMax: 300,
  specialtiesMax: 20,
  specialtyMax: 50,
} as const;

export const SOCIAL_NETWORKS = ["instagram", "twitter", "facebook", "behance", "dribbble"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** An image's title and description as an admin writes them (ours: the spec names no bound). */
export const IMAGE_TEXT = { titleMax: 200, descriptionMax: 5000 } as const;

/**
 * Collection bounds (ours; the spec names none). The free limit is FREE_TIER.collections.
 * imagesMax bounds one collection, whose detail answers every image at once.
 */
export const COLLECTION_RULES = { nameMax: 100, descriptionMax: 1000, imagesMax: 1000 } as const;

/** Account rules (the spec gives none; these are ours, documented in the README). */
export const ACCOUNT_RULES = {
  usernameMin: 3,
  usernameMax: 32,
  usernamePattern: /^[A-Za-z0-9_.-]+$/,
  passwordMin: 8,
  passwordMax: 256,
  emailMax: 254,
} as const;

export const BYTE_UNITS = ["Bytes", "KB", "MB", "GB", "TB"] as const;

/**
 * Selling editions (issue 19): the two licences a buyer picks between, what a piece costs under
 * each when the admin set no price of its own, and how long a checkout holds an edition. The hold
 * is Stripe Checkout's shortest session (30 minutes), so an abandoned checkout at Stripe and its
 * hold end together.
 */
export const LICENCES = ["standard", "commercial"] as const;
export type Licence = (typeof LICENCES)[number];
export const LICENCE_LABELS: Record<Licence, string> = {
  standard: "Standard",
  commercial: "Commercial",
};
export const LICENCE_SUMMARIES: Record<Licence, string> = {
  standard: "Personal and promotional use, up to 500 printed copies, no merchandise.",
  commercial: "Everything Standard allows, plus merchandise and products you sell.",
};
export const EDITION_SALES = {
  reservationMs: 30 * 60 * 1000,
  /** The site settings' initial licence prices; the admin changes them in /admin/settings. */
  defaultPricesCents: {
    standard: DEFAULT_SITE_SETTINGS.licencePrices.standardCents,
    commercial: DEFAULT_SITE_SETTINGS.licencePrices.commercialCents,
  },
  /** A default licence price's bounds: Stripe's smallest US charge ($0.50) to $100,000. */
  defaultPriceBoundsCents: { min: 50, max: 10_000_000 },
} as const;

/** The site's default licence prices (the site settings' `licencePrices`), in cents. */
export interface LicenceDefaults {
  standardCents: number;
  commercialCents: number;
}

/**
 * The edition pages' filter (issue 19): every piece, those that can still be bought (a 1/1 not
 * yet collected, a limited edition not sold out, any open edition), or those sold out (a
 * collected 1/1, a limited edition with every edition sold; an open edition never is).
 */
export const EDITION_AVAILABILITY = ["all", "available", "sold"] as const;
export type EditionAvailability = (typeof EDITION_AVAILABILITY)[number];
export const EDITION_AVAILABILITY_LABELS: Record<EditionAvailability, string> = {
  all: "All",
  available: "Available",
  sold: "Sold",
};

/**
 * How many editions of a piece can ever be owned at once: 1 for a 1/1, its size for a limited
 * edition, no bound (null) for an open edition; 0 for a Sawdust Gallery piece (not for sale).
 */
export function editionCapOf(editionType: string, maxEditions: number | null): number | null {
  if (editionType === "one_of_one") return 1;
  if (editionType === "limited_edition") return maxEditions ?? 0;
  if (editionType === "open_edition") return null;
  return 0;
}

/** Whether a piece of this edition type can be bought (every type but the free gallery). */
export function editionForSale(editionType: string): boolean {
  return (
    editionType === "one_of_one" ||
    editionType === "limited_edition" ||
    editionType === "open_edition"
  );
}

/**
 * What a piece costs under each licence: the admin's price for it, else (Standard) the piece's
 * own price, else the site's default (site settings); an unset Commercial price is the site's
 * default, and never under twice the Standard one.
 */
export function licencePricesOf(
  image: {
    priceCents: number | null;
    standardCents: number | null;
    commercialCents: number | null;
  },
  defaults: LicenceDefaults,
): Record<Licence, number> {
  const standard = image.standardCents ?? image.priceCents ?? defaults.standardCents;
  const commercial = image.commercialCents ?? Math.max(defaults.commercialCents, standard * 2);
  return { standard, commercial };
}
