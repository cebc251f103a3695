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
