import { describe, expect, it } from "vitest";
import { editionText, priceText } from "./edition-text";

describe("priceText", () => {
  it("shows cents divided by 100 with two decimals", () => {
    expect(priceText({ price: 1250 })).toBe("$12.50");
    expect(priceText({ price: 0 })).toBe("$0.00");
    expect(priceText({ price: 125000 })).toBe("$1250.00");
  });

  it("asks for a price on request without one", () => {
    expect(priceText({ price: null })).toBe("Price on request");
    expect(priceText({ price: null, licencePrices: null })).toBe("Price on request");
  });

  it("shows what the Standard licence costs, the site's default when the piece has no price", () => {
    // A limited edition keeps no price of its own and sells at the default licence prices.
    expect(priceText({ price: null, licencePrices: { standard: 2500, commercial: 9900 } })).toBe(
      "$25.00",
    );
    expect(priceText({ price: 4000, licencePrices: { standard: 4000, commercial: 9900 } })).toBe(
      "$40.00",
    );
  });
});

describe("editionText", () => {
  it("names open editions, and counts a limited run", () => {
    expect(editionText({ editionType: "open_edition", maxEditions: null, soldEditions: 0 })).toBe(
      "Open edition",
    );
    expect(editionText({ editionType: "limited_edition", maxEditions: 50, soldEditions: 12 })).toBe(
      "Limited edition · 12 of 50 sold",
    );
    expect(
      editionText({ editionType: "limited_edition", maxEditions: null, soldEditions: 3 }),
    ).toBe("Limited edition");
  });
});
