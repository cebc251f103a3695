import { z } from "zod";

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
