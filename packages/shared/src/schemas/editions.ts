import { z } from "zod";
import { LICENCES } from "../constants.js";
import { ZPriceCents } from "./images.js";
import { strictQuery, zAdminPageLimit, zListCursor } from "./query.js";

/** Selling editions (issue 19): the purchase, the library, certificates and the admin's sales. */

export const ZLicence = z.enum(LICENCES, {
  error: `licence must be one of: ${LICENCES.join(", ")}`,
});

/**
 * POST /api/v1/images/{id}/purchase. `expectedCents`, the price the buyer was shown: when the
 * server's price differs (the admin changed it meanwhile), the purchase is refused (409
 * price_changed) rather than charging another amount. The server always charges its own price.
 */
export const ZPurchaseBody = z.object({
  licence: ZLicence,
  expectedCents: z
    .number({ error: "expectedCents must be a number of cents" })
    .int("expectedCents must be whole cents")
    .min(0, "expectedCents must be at least 0")
    .optional(),
});
export type PurchaseBody = z.infer<typeof ZPurchaseBody>;

/** What a piece costs under each licence, in cents. */
export const ZLicencePrices = z.object({
  standard: z.number().int(),
  commercial: z.number().int(),
});
export type LicencePrices = z.infer<typeof ZLicencePrices>;

/** GET and PUT /api/v1/account/collecting: whether the member's name shows on what they collect. */
export const ZCollectorPrivacy = z.object({
  collectsPrivately: z
    .boolean({ error: "collectsPrivately must be true or false" })
    .describe(
      "true: a sold 1/1 reads 'collected privately' and certificates name no one to others",
    ),
});
export type CollectorPrivacy = z.infer<typeof ZCollectorPrivacy>;

/** PUT /api/v1/admin/images/{id}/licence-prices: null goes back to the site's default. */
export const ZLicencePricesBody = z.object({
  standard: ZPriceCents.nullable(),
  commercial: ZPriceCents.nullable(),
});
export type LicencePricesBody = z.infer<typeof ZLicencePricesBody>;

/** One edition a member owns (GET /api/v1/library). */
export const ZOwnedEdition = z.object({
  saleId: z.number().int(),
  imageId: z.number().int(),
  title: z.string(),
  urlSmall: z.string(),
  editionType: z.string(),
  number: z.number().int(),
  /** The run's size; null for an open edition. */
  total: z.number().int().nullable(),
  licence: ZLicence,
  priceCents: z.number().int(),
  purchasedAt: z.string(),
  certificateId: z.string(),
});
export type OwnedEdition = z.infer<typeof ZOwnedEdition>;

export const ZLibrary = z.object({ editions: z.array(ZOwnedEdition) });
export type Library = z.infer<typeof ZLibrary>;

/**
 * GET /api/v1/library/purchases/{checkoutId}: how a member's checkout for an edition ended —
 * pending until its payment is confirmed, then sold (with the number), declined (the payment
 * arrived after the last edition was taken, or the piece was withdrawn, and was refunded), or
 * refunded (sold, then refunded: the edition is no longer theirs); or expired, unpaid (a newer
 * checkout for the piece replaced it, or its time ran out): nothing was charged.
 */
export const ZPurchaseOutcome = z.object({
  status: z.enum(["pending", "sold", "declined", "refunded", "expired"]),
  imageId: z.number().int(),
  /** Null when the piece is gone (deleted while the buyer paid) and its sale kept none. */
  title: z.string().nullable(),
  number: z.number().int().nullable(),
});
export type PurchaseOutcome = z.infer<typeof ZPurchaseOutcome>;

export const ZPurchaseParams = z.object({
  checkoutId: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, "checkoutId must be a checkout session's id"),
});

/** A certificate id as asked for: anything not one Sawdust issued is answered 404, not 400. */
export const ZCertificateParams = z.object({ id: z.string().max(200) });

/** GET /api/v1/certificates/{id}: a genuine certificate that stands (else 404 or 410). */
export const ZCertificate = z.object({
  id: z.string(),
  imageId: z.number().int(),
  title: z.string(),
  editionType: z.string(),
  number: z.number().int(),
  total: z.number().int().nullable(),
  licence: ZLicence,
  buyer: z.string(),
  purchasedAt: z.string(),
  /** SHA-256 (hex) of the original file as it is stored. */
  originalSha256: z.string(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});
export type Certificate = z.infer<typeof ZCertificate>;

export const SALE_STATUSES = ["sold", "refunded", "declined"] as const;

/** One sale in the admin's table: `declined` is a payment refunded because the piece sold out. */
export const ZAdminSale = z.object({
  id: z.number().int(),
  imageId: z.number().int(),
  title: z.string(),
  editionType: z.string(),
  number: z.number().int().nullable(),
  total: z.number().int().nullable(),
  licence: ZLicence,
  priceCents: z.number().int(),
  buyer: z.string().nullable(),
  status: z.enum(SALE_STATUSES),
  provider: z.string(),
  providerPaymentId: z.string(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  certificateId: z.string().nullable(),
});
export type AdminSale = z.infer<typeof ZAdminSale>;

/** GET /api/v1/admin/sales: newest first, a page at a time. */
export const ZAdminSalesQuery = strictQuery("the sales list", {
  status: z.enum(SALE_STATUSES).optional(),
  limit: zAdminPageLimit(),
  cursor: zListCursor(),
  /** Part of the piece's title or the buyer's username. */
  q: z.string().trim().max(100, "The search must be at most 100 characters").optional(),
});
export type AdminSalesQuery = z.infer<typeof ZAdminSalesQuery>;

export const ZAdminSales = z.object({
  sales: z.array(ZAdminSale),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  /** How many sales match the filters (every page). */
  total: z.number().int(),
  /**
   * Money kept (sold, not refunded) of every sale, by the edition type each sold as, in cents:
   * every type anything sold as, 0 when all its sales were refunded.
   */
  revenueByEditionType: z.record(z.string(), z.number().int()),
  /** Money given back (refunds and declined payments), by the same types, in cents. */
  refundedByEditionType: z.record(z.string(), z.number().int()),
  revenueCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type AdminSales = z.infer<typeof ZAdminSales>;
