import { DEFAULT_HERO, type HeroContent, ZHeroContent } from "@sawdust/shared";
import type { SettingsRepo } from "../settings/settings.repo.js";

const HERO_KEY = "hero_content";

export class HeroService {
  constructor(private readonly settings: SettingsRepo) {}

  /** The stored hero, or the default when none was saved (or what was saved is unreadable). */
  async get(): Promise<HeroContent> {
    const stored = await this.settings.get(HERO_KEY);
    if (!stored) return DEFAULT_HERO;
    try {
      return ZHeroContent.parse(JSON.parse(stored));
    } catch {
      return DEFAULT_HERO;
    }
  }
}
