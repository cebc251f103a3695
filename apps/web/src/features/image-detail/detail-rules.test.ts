import { changedImagePatch, type User } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { fallbackFilename, filenameFromDisposition } from "./api/download-image";
import { imagePatchOf, ZImageDetailsForm } from "./api/update-image";
import { downloadAction } from "./download-access";
import { editionLabel, showsPrice } from "./edition-label";
import { swatchesOf } from "./palette";
import { SHARE_TARGETS } from "./share-links";

const user = (overrides: Partial<User>): User => ({
  id: 1,
  username: "ada",
  email: "ada@example.com",
  role: "user",
  tier: "free",
  displayName: null,
  bio: null,
  website: null,
  socialLinks: {},
  artistStatement: null,
  specialties: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

describe("downloadAction", () => {
  it("lets a visitor have the preview and invites them to sign up for Basic", () => {
    expect(downloadAction("preview", null)).toBe("download");
    expect(downloadAction("basic", null)).toBe("sign-up");
  });

  it("shows anyone without Pro the upgrade for the Pro sizes", () => {
    for (const size of ["hd", "xlarge", "ultra"] as const) {
      expect(downloadAction(size, null)).toBe("upgrade");
      expect(downloadAction(size, user({}))).toBe("upgrade");
    }
  });

  it("gives a free member Basic, and Pro subscribers and admins everything", () => {
    expect(downloadAction("basic", user({}))).toBe("download");
    for (const size of ["preview", "basic", "hd", "xlarge", "ultra"] as const) {
      expect(downloadAction(size, user({ tier: "pro" }))).toBe("download");
      expect(downloadAction(size, user({ tier: "pro_plus" }))).toBe("download");
      expect(downloadAction(size, user({ role: "admin" }))).toBe("download");
    }
  });
});

describe("swatchesOf", () => {
  it("takes the palette's hex colours without '#', with their names, at most five", () => {
    const palette = ["1b1137", "7C4770", "573b76", "444a85", "aabbcc", "ddeeff"].map((hex) => ({
      hex,
      share: 0.1,
      name: "navy",
    }));
    expect(swatchesOf({ palette })).toEqual([
      { hex: "1b1137", name: "navy" },
      { hex: "7c4770", name: "navy" },
      { hex: "573b76", name: "navy" },
      { hex: "444a85", name: "navy" },
      { hex: "aabbcc", name: "navy" },
    ]);
  });

  it("falls back to the colour scheme, skipping repeats and what is not a colour", () => {
    expect(
      swatchesOf({
        colorScheme: { primary: "#E2AFCB", secondary: "#e2afcb", accent: "blue", other: "#123" },
      }),
    ).toEqual([{ hex: "e2afcb" }]);
    expect(swatchesOf({})).toEqual([]);
  });
});

describe("download file names", () => {
  it("reads the UTF-8 name first, then the plain one", () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="caf_-hd.webp"; filename*=UTF-8''caf%C3%A9-hd.webp`,
      ),
    ).toBe("café-hd.webp");
    expect(filenameFromDisposition(`attachment; filename="misty-harbor-basic.webp"`)).toBe(
      "misty-harbor-basic.webp",
    );
    expect(filenameFromDisposition("attachment; filename=plain.webp")).toBe("plain.webp");
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it("builds a name from the title and size when the server gave none", () => {
    expect(fallbackFilename("Misty Harbor at Dawn!", "hd")).toBe("misty-harbor-at-dawn-hd.webp");
    expect(fallbackFilename("  ", "ultra")).toBe("artwork-ultra.webp");
  });
});

describe("imagePatchOf", () => {
  it("sends title and description only, and the comma lists trimmed", () => {
    expect(
      imagePatchOf({
        title: "  Dusk  ",
        description: "Soft light. ",
        style: " oil painting, , impressionism ",
        tags: "sea, harbour ,, boats",
      }),
    ).toEqual({
      aiAnalysis: { title: "Dusk", description: "Soft light." },
      tags: ["sea", "harbour", "boats"],
      style: "oil painting, impressionism",
    });
  });

  it("is what the edit form sends, checked by the server's own schema", () => {
    const typed = { title: " Dusk ", description: "", style: "", tags: "sea" };
    expect(ZImageDetailsForm.parse(typed)).toEqual(imagePatchOf(typed));
    const refused = ZImageDetailsForm.safeParse({ ...typed, tags: `sea, ${"x".repeat(65)}` });
    expect(refused.error?.issues[0]?.message).toBe("A tag must be at most 64 characters");
  });
});

describe("changedImagePatch", () => {
  const whole = imagePatchOf({
    title: "New title",
    description: "Old words",
    style: "ink",
    tags: "wave, sea",
  });

  it("sends only what the admin changed: a stale form cannot put back another admin's edits", () => {
    expect(changedImagePatch(whole, { title: true })).toEqual({
      aiAnalysis: { title: "New title" },
    });
    expect(changedImagePatch(whole, { description: true, tags: true })).toEqual({
      aiAnalysis: { description: "Old words" },
      tags: ["wave", "sea"],
    });
    expect(changedImagePatch(whole, { style: true, title: false })).toEqual({ style: "ink" });
  });

  it("sends nothing when nothing changed", () => {
    expect(changedImagePatch(whole, {})).toEqual({});
  });

  it("sends a field emptied on purpose", () => {
    const emptied = imagePatchOf({ title: "", description: "", style: "", tags: "" });
    expect(changedImagePatch(emptied, { description: true, tags: true, style: true })).toEqual({
      aiAnalysis: { description: "" },
      tags: [],
      style: "",
    });
  });
});

describe("edition label and price", () => {
  const base = { maxEditions: null, soldEditions: 0, price: 2500 };
  it("names the editions, and shows other types as a gallery edition", () => {
    expect(editionLabel({ ...base, editionType: "one_of_one" })).toBe("1/1 Collection");
    expect(editionLabel({ ...base, editionType: "something_else" })).toBe("Sawdust Gallery");
    expect(
      editionLabel({ ...base, editionType: "limited_edition", maxEditions: 50, soldEditions: 12 }),
    ).toBe("Limited Edition · 12 of 50 sold");
  });

  it("shows a price for priced editions only", () => {
    expect(showsPrice({ editionType: "open_edition", price: 2500 })).toBe(true);
    expect(showsPrice({ editionType: "open_edition", price: null })).toBe(false);
    expect(showsPrice({ editionType: "sawdust_gallery", price: 2500 })).toBe(false);
  });
});

describe("share targets", () => {
  it("are five networks, each carrying the encoded link", () => {
    const link = "https://sawdust.example/image/12";
    expect(SHARE_TARGETS).toHaveLength(5);
    for (const target of SHARE_TARGETS) {
      const href = target.href({ link, title: "Dusk & dawn", imageUrl: `${link}.webp` });
      expect(href.startsWith("https://")).toBe(true);
      expect(href).toContain(encodeURIComponent(link));
    }
  });
});
