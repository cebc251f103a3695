import { MESSAGES } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { canBuy, salesStatus } from "./edition-status";

const oneOfOne = { editionType: "one_of_one", maxEditions: null, soldEditions: 1 };

describe("salesStatus", () => {
  it("names a 1/1's collector, or says it was collected privately", () => {
    expect(salesStatus({ ...oneOfOne, collectedBy: "@ada" })).toBe(
      "Sold · 1/1 · collected by @ada",
    );
    expect(salesStatus({ ...oneOfOne, collectedBy: null, collectedPrivately: true })).toBe(
      MESSAGES.editions.soldOneOfOnePrivately,
    );
    expect(salesStatus({ ...oneOfOne, collectedBy: null })).toBe("Sold · 1/1");
    expect(salesStatus({ ...oneOfOne, soldEditions: 0 })).toBeNull();
  });

  it("counts limited and open editions", () => {
    const limited = { editionType: "limited_edition", maxEditions: 50, soldEditions: 12 };
    expect(salesStatus(limited)).toBe("12 of 50 sold");
    expect(salesStatus({ ...limited, soldEditions: 50 })).toBe("Sold out");
    expect(canBuy({ ...limited, soldEditions: 50 })).toBe(false);
    expect(salesStatus({ editionType: "open_edition", maxEditions: null, soldEditions: 3 })).toBe(
      "3 sold",
    );
  });
});
