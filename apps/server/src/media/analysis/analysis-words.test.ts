import { beforeAll, describe, expect, it } from "vitest";
import {
  buildGenerationFixtures,
  type GenerationFixture,
} from "../../../test/fixtures/generation/fixtures.js";
import type { ColourAnalysis } from "./colour.js";
import { promptKeywords, readGenerationMetadata } from "./generation/generation-metadata.js";
import { deriveWords } from "./words.js";

/**
 * From file bytes to catalogue words: what the analysis job reads from each kind of AI image
 * (generation metadata) and the title, tags and style it derives from it.
 */
const NEUTRAL: ColourAnalysis = { swatches: [], themes: [], lightness: 50, chroma: 10 };

let fixtures: Map<string, GenerationFixture>;
beforeAll(async () => {
  fixtures = new Map((await buildGenerationFixtures()).map((f) => [f.name, f]));
});

describe("analysis words from AI image metadata", () => {
  it.each([
    {
      fixture: "PNG tEXt: A1111 parameters",
      prompt: /^masterpiece, best quality, \(red hair:1\.2\)/,
      model: "dreamshaper_8",
      seed: 12345,
      title: "Portrait of a Woman",
      tags: ["red-hair", "freckle", "portrait", "woman", "cosplay"],
      style: null,
    },
    {
      fixture: "PNG tEXt: ComfyUI prompt and workflow",
      prompt: /^a lighthouse on a cliff, stormy sea/,
      model: "juggernautXL_v9",
      seed: 156680208700286,
      title: "Lighthouse on a Cliff",
      tags: ["lighthouse", "cliff", "sea", "architecture", "ocean", "oil-painting"],
      style: "oil painting",
    },
    {
      fixture: "PNG iTXt: ComfyUI prompt compressed, workflow plain",
      prompt: /^a lighthouse on a cliff, stormy sea/,
      model: "juggernautXL_v9",
      seed: 156680208700286,
      title: "Lighthouse on a Cliff",
      tags: ["lighthouse", "cliff", "sea", "architecture", "ocean", "oil-painting"],
      style: "oil painting",
    },
    {
      fixture: "JPEG APP1 XMP (sharp withXmp): dc:description",
      prompt: /^A watercolor fox & hare/,
      model: undefined,
      seed: undefined,
      title: "Fox and Hare",
      tags: ["fox", "hare", "wildlife", "watercolor"],
      style: "watercolor",
    },
    {
      fixture: "WebP EXIF chunk: A1111 UserComment, UNICODE little-endian",
      prompt: /^masterpiece, best quality/,
      model: "dreamshaper_8",
      seed: 12345,
      title: "Portrait of a Woman",
      tags: ["red-hair", "freckle", "portrait", "woman", "cosplay"],
      style: null,
    },
    {
      fixture: "plain PNG",
      prompt: undefined,
      model: undefined,
      seed: undefined,
      title: null,
      tags: [],
      style: null,
    },
  ])("$fixture", ({ fixture, prompt, model, seed, title, tags, style }) => {
    const file = fixtures.get(fixture);
    if (!file) throw new Error(`no fixture named ${fixture}`);
    const meta = readGenerationMetadata(file.bytes);
    if (prompt) expect(meta.prompt).toMatch(prompt);
    else expect(meta.prompt).toBeUndefined();
    expect(meta.model).toBe(model);
    expect(meta.seed).toBe(seed);
    const words = deriveWords({
      prompt: meta.prompt,
      keywords: promptKeywords(meta),
      colours: NEUTRAL,
      width: 16,
      height: 16,
    });
    expect(words.title).toBe(title);
    expect(words.tags).toEqual([...tags, "square"]);
    expect(words.style).toBe(style);
  });

  it("never takes a tag or the title from a negative prompt, in any format", () => {
    let withNegative = 0;
    for (const file of fixtures.values()) {
      const meta = readGenerationMetadata(file.bytes);
      if (!meta.negativePrompt) continue;
      withNegative += 1;
      const words = deriveWords({
        prompt: meta.prompt,
        keywords: promptKeywords(meta),
        colours: NEUTRAL,
        width: 16,
        height: 16,
      });
      const negative = new Set(meta.negativePrompt.toLowerCase().match(/[a-z]+/g));
      for (const tag of words.tags) {
        for (const part of tag.split("-"))
          expect(negative.has(part), `${file.name}: ${tag}`).toBe(false);
      }
      for (const word of (words.title ?? "").toLowerCase().split(" ")) {
        expect(negative.has(word), `${file.name}: ${words.title}`).toBe(false);
      }
    }
    expect(withNegative).toBeGreaterThanOrEqual(5);
  });
});
