import type { HeroContent, User } from "@sawdust/shared";
import { HeroBanner } from "@/components/hero/hero-banner";
import { ProUpgradeBanner } from "./pro-upgrade-banner";

export interface GalleryHeroProps {
  /** The hero, when it is shown; null shows the Pro offer on its own. */
  content: HeroContent | null;
  /** The signed-in member, or null for a visitor. */
  member: User | null;
  /** Whether the Pro offer shows (not to admins and Pro members). */
  showPro: boolean;
}

/** The top of the gallery: the hero with the Pro offer beside it, or the Pro offer alone. */
export function GalleryHero({ content, member, showPro }: GalleryHeroProps) {
  return content ? (
    <HeroBanner
      content={content}
      aside={showPro ? <ProUpgradeBanner user={member} tone="dark" /> : undefined}
    />
  ) : (
    <ProUpgradeBanner user={member} tone="light" />
  );
}
