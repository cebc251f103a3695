import { describe, expect, it } from "vitest";
import { imageCountLabel, listTotalLabel } from "./counts";

describe("imageCountLabel", () => {
  it.each([
    [0, "0 images"],
    [1, "1 image"],
    [12, "12 images"],
    [1250, "1,250 images"],
    [1234567, "1,234,567 images"],
  ])("counts %i as %j", (count, label) => {
    expect(imageCountLabel(count)).toBe(label);
  });
});

describe("listTotalLabel", () => {
  it("reads an exact total as imageCountLabel does", () => {
    expect(listTotalLabel({ totalImages: 1, totalIsLowerBound: false })).toBe("1 image");
    expect(listTotalLabel({ totalImages: 4321, totalIsLowerBound: false })).toBe("4,321 images");
  });

  it("marks a total the server stopped counting at with a plus", () => {
    expect(listTotalLabel({ totalImages: 10000, totalIsLowerBound: true })).toBe("10,000+ images");
    expect(listTotalLabel({ totalImages: 1, totalIsLowerBound: true })).toBe("1+ images");
  });

  it("takes the page's own nouns", () => {
    const stats = { totalImages: 1250, totalIsLowerBound: false };
    expect(listTotalLabel(stats, "piece", "pieces")).toBe("1,250 pieces");
    expect(listTotalLabel({ totalImages: 1, totalIsLowerBound: false }, "work", "works")).toBe(
      "1 work",
    );
  });
});
