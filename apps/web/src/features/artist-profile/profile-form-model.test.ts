import { MESSAGES, type User } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { firstErrorMessage } from "@/lib/form-errors";
import {
  addSpecialty,
  formValuesOf,
  type ProfileFormValues,
  profileResolver,
} from "./profile-form-model";

const v = MESSAGES.validation;
const user: User = {
  id: 1,
  username: "mira",
  email: "mira@example.com",
  role: "user",
  tier: "free",
  displayName: null,
  bio: null,
  website: null,
  socialLinks: { instagram: "@mira" },
  artistStatement: null,
  specialties: ["Ink"],
  createdAt: "2026-11-21T12:00:00.000Z",
};

/** What the form would do with these values: the body it sends, or each field's message. */
async function check(values: ProfileFormValues, who: User = user) {
  const result = await profileResolver(who)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = result.errors as Record<string, object>;
  const messages: Record<string, string | undefined> = {};
  for (const [field, error] of Object.entries(errors)) {
    if (field === "socialLinks") {
      for (const [network, linkError] of Object.entries(error)) {
        messages[`socialLinks.${network}`] = firstErrorMessage(linkError);
      }
    } else messages[field] = firstErrorMessage(error);
  }
  return Object.keys(messages).length > 0
    ? { ok: false, errors: messages }
    : { ok: true, body: result.values };
}

describe("profileResolver", () => {
  it("puts each rule's message under its own field", async () => {
    const values = {
      ...formValuesOf(user),
      displayName: "A",
      bio: "b".repeat(501),
      website: "javascript:alert(1)",
      artistStatement: "s".repeat(1001),
      socialLinks: {
        ...formValuesOf(user).socialLinks,
        twitter: "t".repeat(301),
        dribbble: "javascript:alert(1)",
      },
    };
    expect(await check(values)).toEqual({
      ok: false,
      errors: {
        displayName: v.displayNameShort,
        bio: v.bioLong,
        website: v.websiteInvalid,
        artistStatement: v.artistStatementLong,
        "socialLinks.twitter": v.socialLinkLong(300),
        "socialLinks.dribbble": MESSAGES.profile.socialLinkInvalid("Dribbble"),
      },
    });
  });

  it("answers the body the server takes: trimmed, blanks cleared, empty links dropped", async () => {
    const result = await check({
      ...formValuesOf(user),
      displayName: " Mira ",
      website: "",
      bio: "  ",
    });
    expect(result).toEqual({
      ok: true,
      body: {
        displayName: "Mira",
        bio: null,
        website: null,
        artistStatement: null,
        socialLinks: { instagram: "@mira" },
        specialties: ["Ink"],
      },
    });
  });

  it("leaves a blank display name out for a member without one, and refuses clearing one", async () => {
    const none = await check(formValuesOf(user));
    expect(none.ok).toBe(true);
    expect(none.body?.displayName).toBeUndefined();
    const named = { ...user, displayName: "Mira" };
    expect(await check({ ...formValuesOf(named), displayName: "" }, named)).toEqual({
      ok: false,
      errors: { displayName: v.displayNameShort },
    });
  });
});

describe("addSpecialty", () => {
  it("trims, ignores repeats in any case, and refuses what the schema refuses", () => {
    expect(addSpecialty(["Ink"], "  Collage ")).toEqual({ list: ["Ink", "Collage"] });
    expect(addSpecialty(["Ink"], "ink")).toEqual({ list: ["Ink"] });
    expect(addSpecialty(["Ink"], "   ")).toEqual({ list: ["Ink"] });
    expect(addSpecialty([], "x".repeat(51))).toEqual({ list: [], error: v.specialtyLong(50) });
    const full = Array.from({ length: 20 }, (_, i) => `s${i}`);
    expect(addSpecialty(full, "one more")).toEqual({ list: full, error: v.specialtiesTooMany(20) });
  });
});
