import { z } from "zod";
import * as MESSAGES from "../messages/index.js";
import { zShownText } from "./typed-text.js";

/** The gallery's hero banner: title and subtitle are (sanitised) HTML. */
export const ZHeroContent = z.object({
  isVisible: z.boolean(),
  title: z.string(),
  subtitle: z.string(),
});
export type HeroContent = z.infer<typeof ZHeroContent>;

/** What the hero says until an admin writes one. */
export const DEFAULT_HERO: HeroContent = {
  isVisible: true,
  title: "Discover <em>AI-generated</em> art",
  subtitle: "Original pieces, open editions and free downloads from the Sawdust community.",
};

/**
 * The hero's HTML rules (spec section 5 allows HTML and names no bound; ours): the bounds apply to
 * the HTML as the admin typed it, and only these tags survive the server's sanitiser, links only
 * to these schemes (or a path on this site). Everything else is removed, its text kept.
 */
export const HERO_RULES = {
  titleMax: 500,
  subtitleMax: 2000,
  allowedTags: ["b", "strong", "i", "em", "u", "s", "mark", "small", "br", "span", "a"],
  linkSchemes: ["http", "https", "mailto"],
} as const;

const h = MESSAGES.hero;

/** PUT /api/v1/hero-content and POST /api/v1/hero-content/preview. */
// Shown to every visitor of the gallery: nothing in them may hide or reverse text (round 41).
export const ZHeroContentBody = z.object({
  title: zShownText({ error: h.titleRequired })
    .min(1, h.titleRequired)
    .max(HERO_RULES.titleMax, h.titleTooLong(HERO_RULES.titleMax)),
  subtitle: zShownText({ error: h.subtitleNotText }).max(
    HERO_RULES.subtitleMax,
    h.subtitleTooLong(HERO_RULES.subtitleMax),
  ),
  isVisible: z.boolean({ error: h.visibilityRequired }),
});
export type HeroContentBody = z.infer<typeof ZHeroContentBody>;
