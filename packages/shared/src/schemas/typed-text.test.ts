import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { COLLECTION_RULES, PROFILE_LIMITS } from "../constants.js";
import { ADMIN_IMAGES, ZAdminImageOperation } from "./admin-images.js";
import { PARTNER_API, ZApiKeyCreateBody } from "./api-keys.js";
import { ZCollectionCreateBody } from "./collections.js";
import { HERO_RULES, ZHeroContentBody } from "./hero.js";
import { SEARCH, ZImageListQuery, ZImagePatchBody } from "./images.js";
import { MODERATION_RULES, ZImageReportBody } from "./moderation.js";
import { ZProfileBody } from "./profile.js";

/** "é" typed decomposed: "e" and a combining acute accent (as macOS often sends it). */
const E = "e\u0301";

// biome-ignore lint/suspicious/noExplicitAny: each case reads its own schema's output.
type Case = [string, z.ZodType, number, (text: string) => unknown, (parsed: any) => unknown];

describe("free text people type", () => {
  const cases: Case[] = [
    [
      "collection name",
      ZCollectionCreateBody,
      COLLECTION_RULES.nameMax,
      (t) => ({ name: t }),
      (p) => p.name,
    ],
    [
      "collection description",
      ZCollectionCreateBody,
      COLLECTION_RULES.descriptionMax,
      (t) => ({ name: "n", description: t }),
      (p) => p.description,
    ],
    [
      "display name",
      ZProfileBody,
      PROFILE_LIMITS.displayNameMax,
      (t) => ({ displayName: t }),
      (p) => p.displayName,
    ],
    ["bio", ZProfileBody, PROFILE_LIMITS.bioMax, (t) => ({ bio: t }), (p) => p.bio],
    [
      "specialty",
      ZProfileBody,
      PROFILE_LIMITS.specialtyMax,
      (t) => ({ specialties: [t] }),
      (p) => p.specialties[0],
    ],
    [
      "report note",
      ZImageReportBody,
      MODERATION_RULES.noteMax,
      (t) => ({ reason: "other", note: t }),
      (p) => p.note,
    ],
    ["API key name", ZApiKeyCreateBody, PARTNER_API.nameMax, (t) => ({ name: t }), (p) => p.name],
    ["image tag", ZImagePatchBody, 64, (t) => ({ tags: [t] }), (p) => p.tags[0]],
    ["image style", ZImagePatchBody, 200, (t) => ({ style: t }), (p) => p.style],
    [
      "batch tag",
      ZAdminImageOperation,
      ADMIN_IMAGES.tagMaxChars,
      (t) => ({ type: "add_tags", tags: [t] }),
      (p) => p.tags[0],
    ],
    [
      "hero title",
      ZHeroContentBody,
      HERO_RULES.titleMax,
      (t) => ({ title: t, subtitle: "", isVisible: true }),
      (p) => p.title,
    ],
    ["search", ZImageListQuery, SEARCH.maxQueryChars, (t) => ({ q: t }), (p) => p.q],
  ];

  // At its limit typed decomposed, a field holds twice the limit in code units.
  it.each(cases)("reads a %s composed (NFC) and counts it so", (_, schema, limit, body, value) => {
    const parsed = schema.safeParse(body(E.repeat(limit)));
    expect(parsed.error?.issues[0]?.message).toBeUndefined();
    expect(value(parsed.data)).toBe("é".repeat(limit));
    expect(schema.safeParse(body(E.repeat(limit + 1))).success).toBe(false);
  });

  it("reads an image's title and description as shown: composed, nothing reversed or hidden", () => {
    const body = ZImagePatchBody.parse({
      aiAnalysis: {
        title: " \u202eCafe\u0301\u202c ",
        description: "a\u2066b\u2069\u200b",
        mood: 1,
      },
    });
    expect(body.aiAnalysis).toEqual({ title: "Café", description: "ab", mood: 1 });
    expect(ZImagePatchBody.parse({ aiAnalysis: { title: null } }).aiAnalysis).toEqual({
      title: null,
    });
  });
});
