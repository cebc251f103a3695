import { describe, expect, it } from "vitest";
import type { ColourAnalysis } from "./colour.js";
import { deriveWords, titleFromFilename } from "./words.js";

const warm: ColourAnalysis = {
  swatches: [
    { hex: "e0552a", share: 0.6, name: "orange" },
    { hex: "2a1b3d", share: 0.3, name: "navy" },
  ],
  themes: ["vibrant"],
  lightness: 45,
  chroma: 50,
};

describe("deriveWords", () => {
  it("takes style, subjects and title from the generation prompt", () => {
    const words = deriveWords({
      prompt:
        "A lighthouse on a cliff above stormy ocean waves at sunset, oil painting, highly detailed",
      keywords: ["a lighthouse on a cliff above stormy ocean waves at sunset", "oil painting"],
      colours: warm,
      width: 1000,
      height: 1500,
    });
    expect(words.style).toBe("oil painting");
    expect(words.tags).toEqual(
      expect.arrayContaining([
        "ocean",
        "sunset",
        "oil-painting",
        "vibrant",
        "orange",
        "navy",
        "vertical",
      ]),
    );
    expect(words.title).toBe("A Lighthouse on a Cliff Above Stormy Ocean Waves at Sunset");
    expect(words.description).toMatch(/^A lighthouse on a cliff/);
    expect(words.sources).toEqual({
      style: "prompt",
      tags: "prompt",
      title: "prompt",
      description: "prompt",
    });
  });

  it("falls back to colours and the file name, inventing nothing", () => {
    const words = deriveWords({
      colours: warm,
      width: 1600,
      height: 900,
      filename: "misty_harbor-02.png",
    });
    expect(words.title).toBe("Misty Harbor");
    expect(words.style).toBeNull();
    expect(words.description).toBe("A vibrant horizontal image in orange and navy.");
    expect(words.tags).toEqual(["vibrant", "orange", "navy", "horizontal"]);
    expect(words.sources).toEqual({ tags: "colour", title: "filename", description: "colour" });
  });

  it.each([
    ["IMG_2041.JPG", null],
    ["image.png", null],
    ["ComfyUI_00012_.png", null],
    ["golden-fields_final.webp", "Golden Fields Final"],
  ])("titles %s as %j", (name, title) => {
    expect(titleFromFilename(name)).toBe(title);
  });
});
