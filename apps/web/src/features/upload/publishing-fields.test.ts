import { describe, expect, it } from "vitest";
import { ZPublishingFields } from "./publishing-fields";

describe("ZPublishingFields", () => {
  it("reads the fields as the server stores them: the price in cents, for sold editions only", () => {
    expect(ZPublishingFields.parse({ editionType: "open_edition", price: "12.5" })).toEqual({
      editionType: "open_edition",
      priceCents: 1250,
    });
    expect(ZPublishingFields.parse({ editionType: "one_of_one", price: "" })).toEqual({
      editionType: "one_of_one",
      priceCents: null,
    });
    expect(ZPublishingFields.parse({ editionType: "sawdust_gallery", price: "25" })).toEqual({
      editionType: "sawdust_gallery",
      priceCents: null,
    });
  });

  it("refuses a price the server would refuse, in dollars as the edit form says it, under the price", () => {
    const refused = ZPublishingFields.safeParse({ editionType: "open_edition", price: "10000000" });
    expect(refused.error?.issues).toMatchObject([
      { path: ["price"], message: "Price must be at most $9,999,999.99" },
    ]);
    const negative = ZPublishingFields.safeParse({ editionType: "one_of_one", price: "-1" });
    expect(negative.error?.issues).toMatchObject([
      { path: ["price"], message: "Price must be a number of dollars, at least 0" },
    ]);
    // The highest price the server takes passes, and is sent in cents.
    expect(ZPublishingFields.parse({ editionType: "open_edition", price: "9999999.99" })).toEqual({
      editionType: "open_edition",
      priceCents: 999_999_999,
    });
    // A Sawdust Gallery piece sends no price, whatever its hidden field holds.
    expect(ZPublishingFields.parse({ editionType: "sawdust_gallery", price: "1e12" })).toEqual({
      editionType: "sawdust_gallery",
      priceCents: null,
    });
  });
});
