import { z } from "zod";
import { PROFILE_LIMITS, SOCIAL_NETWORKS } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { blankToNull, hasHiddenFormatting, isOneLine, showsSomething } from "../text.js";
import { zOneLine, zShownText, zTypedText } from "./typed-text.js";

const v = MESSAGES.validation;
const l = PROFILE_LIMITS;

/** Typed optional text: blank becomes null, so a cleared field clears the stored value. */
/** A profile's text shown to the public: nothing in it may hide or reverse it (zShownText). */
const optionalText = (field: string, max: number, tooLong: string) =>
  zShownText({ error: v.notText(field) })
    .max(max, tooLong)
    .nullable()
    .optional()
    .transform(blankToNull);

/** Only http(s) addresses with a domain: a website is shown as a link, never `javascript:`. */
const ZWebAddress = z.url({
  protocol: /^https?$/,
  hostname: z.regexes.domain,
  error: v.websiteInvalid,
});

export const ZProfileWebsite = z
  .string({ error: v.notText("Website") })
  .trim()
  .max(l.websiteMax, v.websiteInvalid)
  .refine((text) => text === "" || ZWebAddress.safeParse(text).success, v.websiteInvalid)
  .nullable()
  .optional()
  .transform(blankToNull);

/** A handle as the networks write them: letters, digits, `.`, `_` and `-`, an `@` before it or not. */
const HANDLE = /^@?[A-Za-z0-9._-]+$/;

/**
 * A social link is a handle or an http(s) address, as the website is: anything else
 * (`javascript:alert(1)`, `data:…`) could run as a link's target wherever the profile is shown.
 */
const isHandleOrWebAddress = (link: string) =>
  link === "" || HANDLE.test(link) || ZWebAddress.safeParse(link).success;

/** "dribbble" → "Dribbble", as the form labels it. */
const networkName = (network: string) => network.charAt(0).toUpperCase() + network.slice(1);

// Strict: a network it does not know ("myspace") is a 400 naming it, not dropped without a word.
export const ZProfileSocialLinks = z
  .strictObject(
    Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [
        network,
        zOneLine(v.oneLine(network), { error: v.notText(network) })
          .max(l.socialLinkMax, v.socialLinkLong(l.socialLinkMax))
          .refine(isHandleOrWebAddress, MESSAGES.profile.socialLinkInvalid(networkName(network)))
          .optional(),
      ]),
    ) as Record<(typeof SOCIAL_NETWORKS)[number], z.ZodOptional<z.ZodString>>,
  )
  // Blank entries are dropped: {instagram: ""} stores as {}.
  .transform((links) => Object.fromEntries(Object.entries(links).filter(([, value]) => value)));

/**
 * PATCH /api/v1/profile (spec sections 3 and 5). Every field is optional: only those sent change.
 * The artist-profile form validates with this same schema.
 */
export const ZProfileBody = z.object({
  displayName: zTypedText({ error: v.notText("Display name") })
    .min(l.displayNameMin, v.displayNameShort)
    .max(l.displayNameMax, v.displayNameLong(l.displayNameMax))
    // Shown to the public next to the username (a 1/1's collector): it may not hide or reverse
    // text (bidi controls, zero-width spaces: hasHiddenFormatting; joiners between letters or
    // emoji are writing, not hiding), must say something, and may not pass for a username.
    .refine(
      (name) => !hasHiddenFormatting(name) && showsSomething(name, /[\p{L}\p{N}]/u),
      v.displayNameInvisible,
    )
    .refine((name) => !name.startsWith("@") && !name.startsWith("＠"), v.displayNameAt)
    .refine(isOneLine, v.oneLine("Display name"))
    .optional(),
  bio: optionalText("Bio", l.bioMax, v.bioLong),
  website: ZProfileWebsite,
  socialLinks: ZProfileSocialLinks.optional(),
  artistStatement: optionalText("Artist statement", l.artistStatementMax, v.artistStatementLong),
  specialties: z
    .array(
      zOneLine(v.oneLine("A specialty"), { error: v.notText("Specialty") }).max(
        l.specialtyMax,
        v.specialtyLong(l.specialtyMax),
      ),
    )
    .max(l.specialtiesMax, v.specialtiesTooMany(l.specialtiesMax))
    // Blank and repeated entries are dropped (case-insensitively), order kept.
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((item) => {
        const key = item.toLowerCase();
        if (!item || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .optional(),
});
export type ProfileBody = z.input<typeof ZProfileBody>;
export type ProfileUpdate = z.output<typeof ZProfileBody>;
