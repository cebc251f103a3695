import {
  DEFAULT_HERO,
  type HeroContent,
  type HeroContentBody,
  isAdmin,
  MESSAGES,
  type Member,
  ZHeroContent,
} from "@sawdust/shared";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, forbidden, preconditionFailed } from "../../lib/errors.js";
import { ifMatchAllows, versionTagOf } from "../../lib/version-tag.js";
import type { SettingsRepo } from "../settings/settings.repo.js";
import { hasVisibleText, sanitiseHeroHtml } from "./sanitise-hero.js";

/**
 * The gallery's hero banner (spec sections 2, 3 and 7). Its HTML is sanitised on write, and only
 * the sanitised copy is stored; what is read is sanitised again, so a row stored before the
 * sanitiser existed (or under an older allowlist) never reaches a visitor as it was.
 *
 * No process keeps a copy: every read (the API, the server-rendered gallery) asks the database,
 * so a save shows at once in every process. `hero.saved` is announced for whoever keeps one later.
 */
export class HeroService {
  /** The last stored text read and its sanitised reading: the hero rarely changes. */
  private lastRead: { stored: string; hero: HeroContent } | undefined;

  constructor(private readonly deps: { settings: SettingsRepo; clock: Clock; events: EventBus }) {}

  /** The stored hero, or the default when none was saved (or what was saved is unreadable). */
  async get(): Promise<HeroContent> {
    const stored = await this.deps.settings.get(HERO_SETTING);
    if (!stored) return DEFAULT_HERO;
    if (this.lastRead?.stored === stored) return this.lastRead.hero;
    const hero = readStored(stored);
    this.lastRead = { stored, hero };
    return hero;
  }

  /** What `save` would store for this body: the preview shows exactly what visitors will see. */
  preview(body: HeroContentBody, admin: Member): HeroContent {
    assertAdmin(admin);
    return sanitised(body);
  }

  /**
   * Sanitises and stores the hero, with an audit entry of what it replaced, in one transaction.
   * `ifMatch` (the request's `If-Match`) names the version the admin's form was made from: when
   * another save came in between, nothing is written (412).
   */
  async save(body: HeroContentBody, admin: Member, ifMatch?: string): Promise<HeroContent> {
    assertAdmin(admin);
    const hero = sanitised(body);
    await this.deps.settings.replaceAudited(
      HERO_SETTING,
      JSON.stringify(hero),
      (previous) => ({
        actorId: admin.userId,
        action: "hero.updated",
        subject: "hero:content",
        details: {
          before: previous === undefined ? null : readStored(previous),
          after: hero,
          // Whether the sanitiser removed something the admin typed (they see it in the preview).
          htmlRemoved: hero.title !== body.title || hero.subtitle !== body.subtitle,
        },
      }),
      this.deps.clock.now(),
      (previous) => {
        const before = previous === undefined ? DEFAULT_HERO : readStored(previous);
        if (!ifMatchAllows(ifMatch, heroVersion(before))) {
          throw preconditionFailed(MESSAGES.hero.changedElsewhere, "changed_elsewhere");
        }
      },
    );
    await this.deps.events.emit({ type: "hero.saved" });
    return hero;
  }
}

/** The settings row the hero is kept in, as JSON. */
export const HERO_SETTING = "hero_content";

/** The ETag of a version of the hero: what the admin's form sends back as `If-Match`. */
export const heroVersion = (hero: HeroContent): string => versionTagOf(hero);

function sanitised(body: HeroContentBody): HeroContent {
  const hero = {
    isVisible: body.isVisible,
    title: sanitiseHeroHtml(body.title),
    subtitle: sanitiseHeroHtml(body.subtitle),
  };
  if (!hasVisibleText(hero.title)) throw badRequest(MESSAGES.hero.titleEmptyAfterSanitising);
  return hero;
}

/** A stored hero, sanitised again; the default when it cannot be read. */
function readStored(stored: string): HeroContent {
  try {
    const hero = ZHeroContent.parse(JSON.parse(stored));
    return {
      isVisible: hero.isVisible,
      title: sanitiseHeroHtml(hero.title),
      subtitle: sanitiseHeroHtml(hero.subtitle),
    };
  } catch {
    return DEFAULT_HERO;
  }
}

function assertAdmin(principal: Member): void {
  if (!isAdmin(principal)) throw forbidden(MESSAGES.auth.adminOnly);
}
