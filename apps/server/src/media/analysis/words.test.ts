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
  it("writes the description in its own words, never the prompt's (round 58)", () => {
    // The prompt is a generation detail, Pro's to read; a description is every visitor's.
    const prompt =
      "a lighthouse on a cliff at dusk, volumetric light, ultra detailed, by greg rutkowski, trending on artstation\nNegative prompt: blurry\nSteps: 30, Seed: 123456789";
    const { description, sources } = deriveWords({
      prompt,
      colours: warm,
      width: 1000,
      height: 1000,
    });
    expect(description).toBe("Lighthouse on a cliff. A vibrant square image in orange and navy.");
    expect(description).not.toMatch(/rutkowski|artstation|volumetric|detailed|blurry|123456789/);
    expect(sources.description).toBe("prompt");
    // However long the prompt, the description stays within 500 characters.
    const long = deriveWords({
      prompt: `a lighthouse on a cliff, ${"ornate detail, ".repeat(60)}`,
      colours: warm,
      width: 1000,
      height: 1000,
    });
    expect(long.description?.length).toBeLessThanOrEqual(500);
    expect(long.description).not.toContain("ornate");
  });

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
    // The subjects first, then categories and style, then what the pixels say.
    expect(words.tags).toEqual([
      "lighthouse",
      "cliff",
      "ocean-wave",
      "sunset",
      "architecture",
      "ocean",
      "oil-painting",
      "vibrant",
      "orange",
      "navy",
      "vertical",
    ]);
    expect(words.title).toBe("Lighthouse on a Cliff");
    expect(words.description).toBe(
      "Lighthouse on a cliff, oil painting. A vibrant vertical image in orange and navy.",
    );
    expect(words.sources).toEqual({
      style: "prompt",
      tags: "prompt",
      title: "prompt",
      description: "prompt",
    });
  });

  it("names the subject that the old fixed vocabulary missed", () => {
    const lighthouse = deriveWords({
      prompt:
        "a lighthouse on a cliff above a stormy sea at night, oil painting, dramatic lighting",
      colours: warm,
      width: 1000,
      height: 1500,
    });
    expect(lighthouse.tags.slice(0, 4)).toEqual(["lighthouse", "cliff", "sea", "night"]);
    expect(lighthouse.title).toBe("Lighthouse on a Cliff");
    const fox = deriveWords({
      prompt: "a watercolor fox in a snowy forest",
      colours: warm,
      width: 1000,
      height: 1000,
    });
    expect(fox.tags.slice(0, 2)).toEqual(["fox", "forest"]);
    expect(fox.tags).toEqual(expect.arrayContaining(["wildlife", "nature", "watercolor"]));
    expect(fox.title).toBe("Fox in a Snowy Forest");
  });

  it("reads the keywords when there is no prompt", () => {
    const words = deriveWords({
      keywords: ["red barn", "wheat field"],
      colours: warm,
      width: 10,
      height: 10,
    });
    expect(words.tags.slice(0, 2)).toEqual(["barn", "wheat-field"]);
    expect(words.description).toBe(
      "Barn and wheat field. A vibrant square image in orange and navy.",
    );
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
