import { describe, expect, it } from "vitest";
import {
  editionTakesPrice,
  type ImageEditFormValues,
  imageEditFormSchema,
  ZAdminImageBatchBody,
  ZAdminImageFilter,
} from "./admin-images.js";
import { ZImagePatchBody } from "./images.js";

const form = (over: Partial<ImageEditFormValues> = {}): ImageEditFormValues => ({
  title: " Dusk ",
  tags: " sea , Night Sky,, ",
  style: "Ink,  wash ",
  description: " Calm. ",
  editionType: "open_edition",
  price: "",
  maxEditions: "",
  ...over,
});

describe("the image edit form (spec section 5 'Image edit')", () => {
  const openEdition = imageEditFormSchema({ editionType: "open_edition", soldEditions: 0 });

  it("trims the words, splits tags and styles on commas", () => {
    expect(openEdition.parse(form())).toEqual({
      aiAnalysis: { title: "Dusk", description: "Calm." },
      tags: ["sea", "Night Sky"],
      style: "Ink, wash",
      editionType: "open_edition",
    });
  });

  it("stores dollars as rounded cents, and leaves an empty or zero price out", () => {
    expect(openEdition.parse(form({ price: "12.5" })).price).toBe(1250);
    expect(openEdition.parse(form({ price: "0.015" })).price).toBe(2);
    expect(openEdition.parse(form({ price: "0" }))).not.toHaveProperty("price");
    expect(openEdition.parse(form({ price: "" }))).not.toHaveProperty("price");
    expect(openEdition.safeParse(form({ price: "-1" })).success).toBe(false);
    expect(openEdition.safeParse(form({ price: "ten" })).success).toBe(false);
    // Chosen as a gallery piece: no price goes, whatever the field holds.
    expect(
      openEdition.parse(form({ editionType: "sawdust_gallery", price: "5" })),
    ).not.toHaveProperty("price");
  });

  it("sends a price only while the stored edition type takes one", () => {
    const gallery = imageEditFormSchema({ editionType: "sawdust_gallery", soldEditions: 0 });
    expect(gallery.parse(form({ editionType: "one_of_one", price: "40" }))).not.toHaveProperty(
      "price",
    );
    expect(editionTakesPrice("one_of_one")).toBe(true);
    expect(editionTakesPrice("open_edition")).toBe(true);
    expect(editionTakesPrice("limited_edition")).toBe(false);
    expect(editionTakesPrice("sawdust_gallery")).toBe(false);
  });

  it("needs a limited edition's size, never below the copies sold", () => {
    const sold = imageEditFormSchema({ editionType: "limited_edition", soldEditions: 3 });
    const missing = sold.safeParse(form({ editionType: "limited_edition" }));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ["maxEditions"] });
    expect(sold.safeParse(form({ editionType: "limited_edition", maxEditions: "2" })).success).toBe(
      false,
    );
    expect(sold.parse(form({ editionType: "limited_edition", maxEditions: "3" })).maxEditions).toBe(
      3,
    );
  });

  /** The form's issues, each where the form shows it. */
  const issues = (values: Partial<ImageEditFormValues>, stored = openEdition) =>
    stored.safeParse(form(values)).error?.issues.map((i) => [i.path.join("."), i.message]);

  it("says under its own field what the PATCH would refuse, in the form's own units", () => {
    // Under Title and Description, not on aiAnalysis.* (which no field shows): a Save that did
    // nothing and said nothing.
    expect(issues({ title: "t".repeat(201) })).toEqual([
      ["title", "A title must be at most 200 characters"],
    ]);
    expect(issues({ description: "d".repeat(5001) })).toEqual([
      ["description", "A description must be at most 5,000 characters"],
    ]);
    expect(issues({ title: ` ${"t".repeat(200)} ` })).toBeUndefined();
    // A tab pasted from a spreadsheet, a paragraph separator: one line only (round 41).
    for (const title of ["Dawn\tDusk", "Dawn\u2029Dusk"]) {
      expect(issues({ title })).toEqual([
        ["title", "A title must be one line, without line breaks or control characters"],
      ]);
    }
    expect(issues({ title: "Dawn and dusk\n" })).toBeUndefined();
    // Dollars, as the field is.
    expect(issues({ price: "1e9" })).toEqual([["price", "Price must be at most $9,999,999.99"]]);
    expect(issues({ price: "9999999.99" })).toBeUndefined();
    // 2.5 is at least 1: what is wrong is that it is not whole.
    const limited = imageEditFormSchema({ editionType: "limited_edition", soldEditions: 0 });
    expect(issues({ editionType: "limited_edition", maxEditions: "2.5" }, limited)).toEqual([
      ["maxEditions", "The edition size must be a whole number of copies"],
    ]);
    expect(issues({ editionType: "limited_edition", maxEditions: "1000001" }, limited)).toEqual([
      ["maxEditions", "The edition size must be at most 1,000,000 copies"],
    ]);
  });

  it("says under Tags and Style, in words, what the PATCH refuses of them", () => {
    // One tag too long was an error at tags.1, which no field shows: Save did nothing, said nothing.
    expect(issues({ tags: `ok, ${"x".repeat(70)}` })).toEqual([
      ["tags", "A tag must be at most 64 characters"],
    ]);
    expect(issues({ tags: `ok, ${"x".repeat(64)}` })).toBeUndefined();
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`).join(", ");
    expect(issues({ tags: tags(55) })).toEqual([["tags", "An image carries at most 50 tags"]]);
    expect(issues({ tags: tags(50) })).toBeUndefined();
    expect(issues({ style: "s".repeat(250) })).toEqual([
      ["style", "A style must be at most 200 characters"],
    ]);
    expect(issues({ style: "s".repeat(200) })).toBeUndefined();
  });
});

describe("the admin table's filter and the batch body", () => {
  it("reads flagged from a query string or JSON", () => {
    expect(ZAdminImageFilter.parse({ flagged: "true" })).toEqual({ flagged: true });
    expect(ZAdminImageFilter.parse({ flagged: false })).toEqual({ flagged: false });
    expect(ZAdminImageFilter.safeParse({ flagged: "yes" }).success).toBe(false);
  });

  it("takes ids or a filter, never both, and at most 1000 ids", () => {
    const op = { type: "make_public" };
    expect(
      ZAdminImageBatchBody.safeParse({ selection: { ids: [1, 2] }, operation: op }).success,
    ).toBe(true);
    expect(
      ZAdminImageBatchBody.safeParse({ selection: { filter: {} }, operation: op }).success,
    ).toBe(true);
    expect(
      ZAdminImageBatchBody.safeParse({ selection: { ids: [1], filter: {} }, operation: op })
        .success,
    ).toBe(false);
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect(ZAdminImageBatchBody.safeParse({ selection: { ids }, operation: op }).success).toBe(
      false,
    );
  });
});

describe("the PATCH body's limits, each in words", () => {
  /** The body's refusal of `body`: where and what. */
  const refusal = (body: unknown) =>
    ZImagePatchBody.safeParse(body).error?.issues.map((i) => [i.path.join("."), i.message]);

  it("names the limit a person broke, never zod's own wording", () => {
    expect(refusal({ tags: ["ok", "x".repeat(65)] })).toEqual([
      ["tags.1", "A tag must be at most 64 characters"],
    ]);
    expect(refusal({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })).toEqual([
      ["tags", "An image carries at most 50 tags"],
    ]);
    expect(refusal({ style: "s".repeat(201) })).toEqual([
      ["style", "A style must be at most 200 characters"],
    ]);
    expect(refusal({ aiAnalysis: { title: "t".repeat(201) } })).toEqual([
      ["aiAnalysis.title", "A title must be at most 200 characters"],
    ]);
  });
});
