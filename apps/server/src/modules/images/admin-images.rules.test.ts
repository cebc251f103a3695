import { describe, expect, it } from "vitest";
import { editionChangeOf, normalizeTags, tagsAfter } from "./admin-images.rules.js";

const stored = (over: Partial<Parameters<typeof editionChangeOf>[0]> = {}) => ({
  edition_type: "open_edition",
  price_cents: 1200,
  max_editions: null,
  sold_editions: 0,
  ...over,
});

describe("the edition rules", () => {
  it("changes nothing when no edition field is asked for", () => {
    expect(editionChangeOf(stored({ edition_type: "limited_edition" }), {})).toEqual({
      ok: true,
      changes: {},
    });
  });

  it("keeps a price only for one_of_one and open_edition", () => {
    expect(editionChangeOf(stored(), { priceCents: 500 })).toEqual({
      ok: true,
      changes: { price_cents: 500 },
    });
    expect(editionChangeOf(stored(), { editionType: "one_of_one" })).toEqual({
      ok: true,
      changes: { edition_type: "one_of_one", max_editions: null },
    });
    expect(editionChangeOf(stored(), { editionType: "sawdust_gallery", priceCents: 500 })).toEqual({
      ok: true,
      changes: { edition_type: "sawdust_gallery", max_editions: null, price_cents: null },
    });
    // A price sent to a gallery piece is dropped, and any stored one cleared.
    expect(editionChangeOf(stored({ edition_type: "sawdust_gallery" }), { priceCents: 9 })).toEqual(
      {
        ok: true,
        changes: { price_cents: null },
      },
    );
  });

  it("needs a size to make a limited edition, at least the copies sold", () => {
    expect(editionChangeOf(stored(), { editionType: "limited_edition" })).toMatchObject({
      ok: false,
      code: "bad_edition_size",
    });
    expect(
      editionChangeOf(stored({ sold_editions: 4 }), {
        editionType: "limited_edition",
        maxEditions: 3,
      }),
    ).toEqual({
      ok: false,
      error: "The edition size cannot be below the 4 copies already sold",
      code: "bad_edition_size",
    });
    expect(
      editionChangeOf(stored({ sold_editions: 4 }), {
        editionType: "limited_edition",
        maxEditions: 4,
      }),
    ).toEqual({
      ok: true,
      changes: { edition_type: "limited_edition", max_editions: 4, price_cents: null },
    });
    // Already limited with a size: the size may stay as it is.
    const limited = stored({
      edition_type: "limited_edition",
      max_editions: 10,
      price_cents: null,
    });
    expect(editionChangeOf(limited, { editionType: "limited_edition" })).toEqual({
      ok: true,
      changes: { edition_type: "limited_edition", price_cents: null },
    });
  });
});

describe("batch tags", () => {
  it("slugifies and de-duplicates as single edits do", () => {
    expect(normalizeTags([" Sea Shore ", "#Gold!", "gold", ""])).toEqual(["sea-shore", "gold"]);
  });

  it("adds after the existing tags, removes by slug, and refuses more than 50", () => {
    expect(tagsAfter(["a", "b"], { type: "add_tags", tags: ["B", "New One"] })).toEqual({
      ok: true,
      tags: ["a", "b", "new-one"],
    });
    expect(tagsAfter(["a", "new-one"], { type: "remove_tags", tags: ["New One", "zzz"] })).toEqual({
      ok: true,
      tags: ["a"],
    });
    const many = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(tagsAfter(many, { type: "add_tags", tags: ["t1"] })).toMatchObject({ ok: true });
    expect(tagsAfter(many, { type: "add_tags", tags: ["more"] })).toMatchObject({
      ok: false,
      error: "An image carries at most 50 tags",
    });
  });
});
