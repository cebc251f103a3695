import { EDITION_TYPES, normalizeStyle, slugifyTag, UPLOAD } from "@sawdust/shared";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ColourAnalysis } from "../media/analysis/colour.js";
import { readGenerationMetadata } from "../media/analysis/generation/generation-metadata.js";
import { deriveWords } from "../media/analysis/words.js";
import { DEMO_ARTWORKS, type DemoArtwork } from "./artworks.js";
import { mulberry32 } from "./canvas.js";
import { withPngText } from "./png-text.js";
import { galleryOrder } from "./seed-demo.js";

/** The search palette's fixed shortcuts (spec "Top navigation and search"), as filters. */
const PALETTE_TAGS = ["Nature", "Portrait", "Landscape", "Abstract", "Wildlife", "Architecture"];
const PALETTE_STYLES = ["Digital Art", "Oil Painting", "Watercolor", "Photography"];

const NEUTRAL: ColourAnalysis = { swatches: [], themes: [], lightness: 50, chroma: 10 };

/** The words the analysis job derives from an artwork's prompt (colours aside). */
const wordsOf = (a: DemoArtwork) =>
  deriveWords({ prompt: a.prompt, colours: NEUTRAL, width: a.width, height: a.height });

/** Rasterises the SVG small (librsvg scales by density), so the test stays fast. */
async function renderSmall(svg: string, artwork: DemoArtwork, longSide = 64) {
  const density = (72 * longSide) / Math.max(artwork.width, artwork.height);
  return sharp(Buffer.from(svg), { density })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

describe("the demo catalogue", () => {
  it("has at least 48 artworks with unique slugs and titles", () => {
    expect(DEMO_ARTWORKS.length).toBeGreaterThanOrEqual(48);
    expect(new Set(DEMO_ARTWORKS.map((a) => a.slug)).size).toBe(DEMO_ARTWORKS.length);
    expect(new Set(DEMO_ARTWORKS.map((a) => a.title)).size).toBe(DEMO_ARTWORKS.length);
  });

  it.each(DEMO_ARTWORKS.map((a) => [a.slug, a] as const))("%s has complete metadata", (_, a) => {
    expect(a.title.trim()).not.toBe("");
    expect(a.description.length).toBeGreaterThan(20);
    expect(a.prompt.length).toBeGreaterThan(20);
    expect(a.negativePrompt).not.toBe("");
    expect(a.parameters).toMatch(/^[\x20-\x7e\n]+$/); // a PNG tEXt chunk holds Latin-1
    // The prompt gives the piece believable tags and a style, as the analysis job reads them.
    const words = wordsOf(a);
    const fromPrompt = words.tags.filter((tag) => !/^(vertical|horizontal|square)$/.test(tag));
    expect(fromPrompt.length, words.tags.join()).toBeGreaterThanOrEqual(3);
    for (const tag of words.tags) expect(slugifyTag(tag)).toBe(tag);
    expect(words.style).not.toBeNull();
    expect(words.sources.tags).toBe("prompt");
    // The negative prompt leaves no word in the tags.
    const negative = new Set(a.negativePrompt.match(/[a-z]+/g));
    for (const tag of fromPrompt) {
      for (const part of tag.split("-")) expect(negative.has(part), tag).toBe(false);
    }
    expect(EDITION_TYPES).toContain(a.editionType);
    if (a.editionType === "sawdust_gallery") {
      expect(a.priceCents).toBeNull();
    } else {
      expect(Number.isInteger(a.priceCents)).toBe(true);
      expect(a.priceCents).toBeGreaterThan(0);
    }
    // Big enough for uploads (and then some), small enough to seed quickly.
    expect(Math.min(a.width, a.height)).toBeGreaterThanOrEqual(1200);
    expect(Math.min(a.width, a.height)).toBeGreaterThanOrEqual(UPLOAD.minWidth);
    expect(Math.max(a.width, a.height)).toBeLessThanOrEqual(2400);
  });

  it("gives each of the search palette's shortcuts at least one public sawdust_gallery piece", () => {
    const gallery = DEMO_ARTWORKS.filter((a) => a.editionType === "sawdust_gallery").map(wordsOf);
    for (const label of PALETTE_TAGS) {
      expect(
        gallery.some((words) => words.tags.includes(slugifyTag(label))),
        label,
      ).toBe(true);
    }
    for (const label of PALETTE_STYLES) {
      const style = normalizeStyle(label);
      expect(
        gallery.some((words) => words.style?.split(", ").includes(style)),
        label,
      ).toBe(true);
    }
  });

  it("covers every edition type and every shape of frame", () => {
    const editions = new Set(DEMO_ARTWORKS.map((a) => a.editionType));
    expect([...editions].sort()).toEqual([...EDITION_TYPES].sort());
    const ratios = DEMO_ARTWORKS.map((a) => a.width / a.height);
    expect(ratios.some((r) => r < 0.95)).toBe(true); // portrait
    expect(ratios.some((r) => r > 1.05 && r < 1.9)).toBe(true); // landscape
    expect(ratios.some((r) => r === 1)).toBe(true); // square
    expect(ratios.some((r) => r >= 2)).toBe(true); // panoramic
  });

  it.each(DEMO_ARTWORKS.map((a) => [a.slug, a] as const))(
    "%s is an SVG that sharp renders into a real picture",
    async (_, a) => {
      const svg = a.render();
      expect(svg.startsWith("<svg ")).toBe(true);
      expect(svg).not.toMatch(/<text/);
      // A NaN in path data makes librsvg drop the shape without a word.
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      // Per-element `opacity` costs librsvg a canvas-sized layer each (see artworks.ts).
      expect(svg).not.toMatch(/\sopacity=/);
      const { data, info } = await renderSmall(svg, a);
      expect(Math.max(info.width, info.height)).toBe(64);
      expect(info.width / info.height).toBeCloseTo(a.width / a.height, 1);
      let min = 255;
      let max = 0;
      for (const v of data) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      expect(max - min, "not a blank canvas").toBeGreaterThan(40);
    },
  );

  it("is deterministic: the same artwork renders to the same SVG every time", () => {
    for (const a of DEMO_ARTWORKS.slice(0, 6)) expect(a.render()).toBe(a.render());
  });
});

describe("the generation metadata embedded in a demo PNG", () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
  });

  it.each(DEMO_ARTWORKS.map((a) => [a.slug, a] as const))(
    "%s reads back as A1111 parameters",
    (_, a) => {
      const meta = readGenerationMetadata(withPngText(png, "parameters", a.parameters));
      expect(meta.source).toBe("a1111");
      expect(meta.prompt).toBe(a.prompt);
      expect(meta.negativePrompt).toBe(a.negativePrompt);
      expect(meta.model).toMatch(/^sawdust-demo-[a-zA-Z]+$/);
      expect(meta.seed).toEqual(expect.any(Number));
      expect({ width: meta.width, height: meta.height }).toEqual({
        width: a.width,
        height: a.height,
      });
    },
  );

  it("keeps the PNG valid, and refuses what is not a PNG or not Latin-1", async () => {
    const withText = withPngText(png, "parameters", "a cat\nSteps: 1");
    expect(await sharp(withText).metadata()).toMatchObject({ format: "png", width: 8 });
    expect(() => withPngText(Buffer.from("GIF89a"), "parameters", "x")).toThrow(/not a PNG/);
    expect(() => withPngText(png, "parameters", "東京")).toThrow(/Latin-1/);
  });
});

describe("mulberry32", () => {
  it("is seeded and stays in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(mulberry32(42)());
  });
});

describe("galleryOrder", () => {
  it("visits every item exactly once", () => {
    for (const n of [1, 2, 7, 14, 54, 60]) {
      const items = Array.from({ length: n }, (_, i) => i);
      expect(galleryOrder(items).sort((x, y) => x - y)).toEqual(items);
    }
  });
});
