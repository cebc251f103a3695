import { z } from "zod";
import { ACCOUNT_RULES, ROLES, TIERS } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { RETURN_PATH_MAX, sameSitePath } from "../same-site-path.js";

const v = MESSAGES.validation;
const r = ACCOUNT_RULES;

/** A string field whose absence reads "X is required" and whose wrong type reads "X must be text". */
const text = (field: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? v.required(field) : v.notText(field)),
  });

export const ZUsername = text("Username")
  .trim()
  .min(1, v.required("Username"))
  .min(r.usernameMin, v.usernameLength(r.usernameMin, r.usernameMax))
  .max(r.usernameMax, v.usernameLength(r.usernameMin, r.usernameMax))
  .regex(r.usernamePattern, v.usernameChars);

/**
 * Names no member may register (`support`, `ad.min`, `adm1n`): a 1/1 reads "collected by …
 * (@support)" on the public page and its certificate, and `admin` is the name the first
 * administrator takes (round 40). The first, the product's own name, may not be anywhere in a
 * name either (`sawdust_official`, `SawdustSupport`). A part like `mallory_admin` stays a
 * member's to choose. The operator may still give any of them to an account (`npm run admin`).
 * Here beside the rule rather than in ACCOUNT_RULES: only registration reads it, and constants.ts
 * comes with every page's first JavaScript.
 */
export const RESERVED_USERNAMES = [
  "sawdust",
  "admin",
  "administrator",
  "staff",
  "support",
  "moderator",
  "official",
  "root",
  "system",
  "security",
  "abuse",
  "postmaster",
  "webmaster",
  "noreply",
] as const;

/**
 * Digits and letters read as the letters they pass for: `adm1n`, `ADMlN`, `5awdust`, `adrnin`,
 * `aclmin` (cl as d, before l as i).
 */
const LOOK_ALIKES: Array<[RegExp, string]> = [
  [/cl/g, "d"],
  [/0/g, "o"],
  [/[1l]/g, "i"],
  [/3/g, "e"],
  [/4/g, "a"],
  [/5/g, "s"],
  [/7/g, "t"],
  [/rn/g, "m"],
  [/vv/g, "w"],
];

/** `text` lower-cased, with look-alikes read as the letters they pass for (LOOK_ALIKES). */
function readAs(text: string): string {
  let read = text.toLowerCase();
  for (const [pattern, letter] of LOOK_ALIKES) read = read.replace(pattern, letter);
  return read;
}

const RESERVED: readonly string[] = RESERVED_USERNAMES.map(readAs);

/**
 * The name the site gives its first administrator while `admin` is taken: `admin-` and 6 hex
 * digits (auth.service's ensureAdmin). Its `admin` is read as the list's names are (`ADM1N`,
 * `ad.min`), its digits as written: a member's `admin-1a2b3c` would pass for the site's own.
 */
const SITE_ADMIN_NAME = /^(.+?)[._-]*[0-9a-f]{6}$/i;
const PRODUCT_NAME = readAs(RESERVED_USERNAMES[0]);

/** A name's shortest read form a part of a username may not hold (shorter ones must match whole). */
const NAME_INSIDE_MIN = 5;

/** Latin letters with no decomposition to take their accent off: what a username writes for them. */
const UNDECOMPOSED: Record<string, string> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ŧ: "t",
  þ: "th",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ŋ: "n",
  ĸ: "k",
  ƒ: "f",
};

/**
 * A site name's words as a username would spell them: compatibility forms and accents taken off
 * (`ＰｉｘｅｌＦｏｒｇｅ`, `Café Noir`, `Øresund` as `PixelForge`, `Cafe Noir`, `Oresund`; a
 * letter with no decomposition, such as ø or ł, is written as a username writes it), then its
 * runs of letters and digits (not yet read as `readAs` reads: a look-alike may span two words).
 */
function siteNameWords(siteName: string): string[] {
  const plain = siteName
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[øłđðħıŧþæœßŋĸƒ]/g, (letter) => UNDECOMPOSED[letter] ?? letter);
  return plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Whether some run of whole parts, joined, reads as `name` (`pixel_forge_team`: pixel+forge). */
function partsSpell(parts: readonly string[], name: string): boolean {
  for (let first = 0; first < parts.length; first++) {
    let joined = "";
    for (let last = first; last < parts.length && joined.length < name.length; last++) {
      joined += parts[last];
      if (joined === name) return true;
    }
  }
  return false;
}

/**
 * Whether a member may not take `username` (RESERVED_USERNAMES), look-alikes read as
 * letters: the name without its '.', '_' and '-' reads as one of them (`ad.min`, `s-a-w-d-u-s-t`),
 * or as the site's own administrator's (`admin-1a2b3c`, SITE_ADMIN_NAME),
 * or a part between those holds the product's own name, the list's first (`SawdustOfficial`,
 * `mysawdust`, `sawdust_team`); `jigsaw_dustin` only meets it across a separator, and is a name.
 *
 * `siteName`, the name the operator gave the site (`Pixel Forge`, `Café Noir`), is kept the same
 * way: the whole name (`pixel_forge`, `cafe.noir`), and, when it reads as 5 or more letters,
 * inside a part, spelled by parts in a row, or its words written in a row with or without
 * separators wherever they start and end (`PixelForgeTeam`, `pixel_forge_team`, `mypixel_forge`);
 * a site called `Art` does not take `bartholomew`.
 */
export function isReservedUsername(username: string, siteName?: string): boolean {
  const whole = readAs(username.replace(/[._-]+/g, ""));
  const siteAdmin = SITE_ADMIN_NAME.exec(username)?.[1];
  if (siteAdmin !== undefined && readAs(siteAdmin.replace(/[._-]+/g, "")) === "admin") return true;
  const words = siteName === undefined ? [] : siteNameWords(siteName);
  const site = readAs(words.join(""));
  if (RESERVED.includes(whole) || (site !== "" && whole === site)) return true;
  const parts = username.split(/[._-]+/).map(readAs);
  if (parts.some((part) => part.includes(PRODUCT_NAME))) return true;
  if (site.length < NAME_INSIDE_MIN) return false;
  return (
    parts.some((part) => part.includes(site)) ||
    partsSpell(parts, site) ||
    writtenIn(username.toLowerCase(), words) ||
    writtenIn(readAs(username), words.map(readAs))
  );
}

/**
 * Whether `words` are written in a row in `username`, joined or with
 * '.', '_' or '-' between them, wherever it starts and ends: `mypixel_forge`, `pixel_forge2`
 * (round 48), and so `smart_labrador` for a site called Art Lab. The caller asks of the name as
 * written and as `readAs` reads it: reading alone turned `clamp_light`'s `cl` into `d` and hid
 * `Lamp Light` (round 50).
 */
function writtenIn(username: string, words: readonly string[]): boolean {
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(escaped.join("[._-]*")).test(username);
}

export const ZEmail = text("Email")
  .trim()
  .min(1, v.required("Email"))
  .max(r.emailMax, v.emailInvalid)
  .pipe(z.email(v.emailInvalid))
  .transform((email) => email.toLowerCase());

export const ZNewPassword = text("Password")
  .min(1, v.required("Password"))
  .min(r.passwordMin, v.passwordShort(r.passwordMin))
  .max(r.passwordMax, v.passwordLong(r.passwordMax));

/**
 * A page of this site to come back to (sameSitePath): a confirmation link carries it, so the
 * member returns to the piece they were buying. Never an address elsewhere.
 */
export const ZReturnPath = z
  .string({ error: MESSAGES.account.returnPathInvalid })
  .max(RETURN_PATH_MAX, MESSAGES.account.returnPathInvalid)
  .transform((raw, ctx) => {
    const path = sameSitePath(raw);
    if (path === null)
      ctx.addIssue({ code: "custom", message: MESSAGES.account.returnPathInvalid });
    return path ?? "";
  });

export const ZRegisterBody = z.object({
  username: ZUsername.refine((name) => !isReservedUsername(name), v.usernameReserved),
  email: ZEmail,
  password: ZNewPassword,
  /** Where the member was when they signed up: the confirmation link leads back there. */
  returnTo: ZReturnPath.optional(),
});
export type RegisterBody = z.infer<typeof ZRegisterBody>;

/** Login takes whatever was typed: bounds are checked only at registration. */
export const ZLoginBody = z.object({
  // Longer than any account's name or password: the same answer as a wrong one.
  username: text("Username")
    .trim()
    .min(1, v.required("Username"))
    .max(256, MESSAGES.auth.invalidCredentials),
  password: text("Password")
    .min(1, v.required("Password"))
    .max(r.passwordMax, MESSAGES.auth.invalidCredentials),
});
export type LoginBody = z.infer<typeof ZLoginBody>;

export const ZSocialLinks = z.object({
  instagram: z.string().optional(),
  twitter: z.string().optional(),
  facebook: z.string().optional(),
  behance: z.string().optional(),
  dribbble: z.string().optional(),
});

/** The signed-in user, as GET /api/v1/auth/user returns it. */
export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  tier: z.enum(TIERS),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  socialLinks: ZSocialLinks,
  artistStatement: z.string().nullable(),
  specialties: z.array(z.string()),
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

export const ZOkResponse = z.object({ ok: z.literal(true) });

/** What a successful sign-in or registration answers. */
export const ZAuthSuccess = z.object({ ok: z.literal(true), user: ZUser });
export type AuthSuccess = z.infer<typeof ZAuthSuccess>;
