import { describe, expect, it } from "vitest";
import { coverSizes, displaySrcSet, GALLERY_TILE_SIZES } from "./browse.js";

describe("displaySrcSet", () => {
  it("offers every display file with its real width, the tile's thumb first", () => {
    const tall = { width: 1200, height: 1800 };
    expect(
      displaySrcSet({
        ...tall,
        urlThumb: "/t.webp",
        urlSmall: "/s.webp",
        urlMedium: "/m.webp",
        urlLarge: "/l.webp",
      }),
    ).toBe("/t.webp 320w, /s.webp 427w, /m.webp 853w, /l.webp 1280w");
  });

  it("leaves out a file an image does not have yet (a thumb not made)", () => {
    expect(
      displaySrcSet({
        width: 1000,
        height: 1000,
        urlThumb: "",
        urlSmall: "/s.webp",
        urlMedium: "/m.webp",
      }),
    ).toBe("/s.webp 512w, /m.webp 1024w");
  });
});

describe("coverSizes", () => {
  it("asks a picture much wider than its cropping box for a wider file, in every condition", () => {
    // A 2:1 picture in a 4:5 tile shows 2.5 times the tile's width; enlarged at most 1.25 times.
    expect(coverSizes(GALLERY_TILE_SIZES, { width: 2000, height: 1000 }, 4 / 5)).toBe(
      "(min-width: 1280px) calc(296px * 2), (min-width: 1024px) calc(calc((100vw - 96px) / 4) * 2), (min-width: 768px) calc(calc((100vw - 80px) / 3) * 2), calc(calc((100vw - 44px) / 2) * 2)",
    );
    expect(coverSizes("50vw", { width: 3000, height: 1000 }, 1)).toBe("calc(50vw * 2.4)");
  });

  it("leaves the sizes of a picture no more than 1.25 times wider than its box as they are", () => {
    for (const [width, height] of [
      [800, 1000],
      [1000, 1000],
      [600, 1000],
    ] as const) {
      expect(coverSizes(GALLERY_TILE_SIZES, { width, height }, 4 / 5)).toBe(GALLERY_TILE_SIZES);
    }
    expect(coverSizes("50vw", { width: 1250, height: 1000 }, 1)).toBe("50vw");
  });
});
