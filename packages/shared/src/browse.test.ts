import { describe, expect, it } from "vitest";
import { displaySrcSet } from "./browse.js";

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
