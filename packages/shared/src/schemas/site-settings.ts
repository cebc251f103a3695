import { z } from "zod";
import {
  DEFAULT_SITE_SETTINGS,
  EDITION_SALES,
  EDITION_TYPES,
  SITE_SETTINGS_BOUNDS,
} from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { formatBytes } from "../text.js";
import { zOneLine } from "./typed-text.js";

const m = MESSAGES.siteSettings;
const b = SITE_SETTINGS_BOUNDS;

const wholeNumber = (field: string, max: number) => {
  const message = m.wholeNumber(field, max);
  return z.number({ error: message }).int(message).min(0, message).max(max, message);
};
const bandwidthMessage = m.bandwidthRange(formatBytes(b.monthlyBandwidthBytesMax, 0));
const { min: priceMin, max: priceMax } = EDITION_SALES.defaultPriceBoundsCents;
const licencePrice = (licence: string) => {
  const dollars = (cents: number) =>
    `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  const message = m.licencePriceRange(licence, dollars(priceMin), dollars(priceMax));
  return z.number({ error: message }).int(message).min(priceMin, message).max(priceMax, message);
};

/**
 * The site's settings (admin console, design section 4): applied without a restart in every
 * process. GET /api/v1/site answers them to anyone (nothing here is a secret); GET and PUT
 * /api/v1/admin/settings read and replace them (admins).
 */
export const ZSiteSettings = z.object({
  // In every page's title, the header, share tags and mail subjects: one line, and nothing that
  // hides or reverses it (a right-to-left override reversed every tab's title; round 40).
  siteName: zOneLine(m.siteNameControl, { error: m.siteNameRequired })
    .min(1, m.siteNameRequired)
    .max(b.siteNameMax, m.siteNameTooLong(b.siteNameMax))
    .describe("Shown in the header and the browser tab's title"),
  registrationOpen: z
    .boolean({ error: "registrationOpen must be true or false" })
    .describe("Whether visitors may create accounts (sign-in is never closed)"),
  defaultEditionType: z
    .enum(EDITION_TYPES, {
      error: (issue) =>
        issue.input === undefined
          ? MESSAGES.validation.required("Default edition type")
          : m.editionType(EDITION_TYPES),
    })
    .describe("The upload form's default, and the server's for an upload that names none"),
  freeTier: z
    .strictObject({
      monthlyDownloads: wholeNumber("Downloads a month", b.monthlyDownloadsMax),
      monthlyBandwidthBytes: z
        .number({ error: bandwidthMessage })
        .int(bandwidthMessage)
        .min(0, bandwidthMessage)
        .max(b.monthlyBandwidthBytesMax, bandwidthMessage)
        .describe("Bytes a free member may download in a UTC month"),
      collections: wholeNumber("Collections", b.collectionsMax),
    })
    .describe("The free tier's limits; Pro, pro_plus and admins have none"),
  requireTwoFactorForAdmins: z
    .boolean({ error: "requireTwoFactorForAdmins must be true or false" })
    .default(false)
    .describe(
      "Administrators without two-factor sign-in are refused the admin routes (403 two_factor_setup_required) until they turn it on",
    ),
  licencePrices: z
    .object({
      standardCents: licencePrice("Standard"),
      commercialCents: licencePrice("Commercial"),
    })
    .refine((p) => p.commercialCents >= p.standardCents, {
      error: m.commercialBelowStandard,
      path: ["commercialCents"],
    })
    .default({ ...DEFAULT_SITE_SETTINGS.licencePrices })
    .describe(
      "What a piece for sale costs under each licence (cents) when the admin set no price on the piece itself",
    ),
});
export type SiteSettings = z.infer<typeof ZSiteSettings>;
/** What the settings form holds before it is checked (the same fields). */
export type SiteSettingsInput = z.input<typeof ZSiteSettings>;
