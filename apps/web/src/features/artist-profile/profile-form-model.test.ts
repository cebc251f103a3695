import { MESSAGES, type User } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { addSpecialty, formValuesOf, validateProfile } from "./profile-form-model";

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

describe("validateProfile", () => {
  it("puts each rule's message under its own field", () => {
    const values = {
      ...formValuesOf(user),
      displayName: "A",
      bio: "b".repeat(501),
      website: "javascript:alert(1)",
      artistStatement: "s".repeat(1001),
      socialLinks: { ...formValuesOf(user).socialLinks, twitter: "t".repeat(301) },
    };
    expect(validateProfile(values, user)).toEqual({
      ok: false,
      errors: {
        displayName: v.displayNameShort,
        bio: v.bioLong,
        website: v.websiteInvalid,
        artistStatement: v.artistStatementLong,
        "socialLinks.twitter": v.socialLinkLong(300),
      },
    });
  });

  it("answers the body the server takes: trimmed, blanks cleared, empty links dropped", () => {
    const result = validateProfile(
      { ...formValuesOf(user), displayName: " Mira ", website: "", bio: "  " },
      user,
    );
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

  it("leaves a blank display name out for a member without one, and refuses clearing one", () => {
    const none = validateProfile(formValuesOf(user), user);
    expect(none.ok).toBe(true);
    expect(none.ok ? none.body.displayName : "refused").toBeUndefined();
    const named = { ...user, displayName: "Mira" };
    expect(validateProfile({ ...formValuesOf(named), displayName: "" }, named)).toEqual({
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
