import { EDITION_TYPES, slugifyTag, UPLOAD } from "@sawdust/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEMO_ARTWORKS, type DemoArtwork, mulberry32 } from "./artworks.js";
import { galleryOrder } from "./seed-demo.js";

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
    expect(a.tags.length).toBeGreaterThanOrEqual(3);
    expect(a.tags.length).toBeLessThanOrEqual(6);
    for (const tag of a.tags) expect(slugifyTag(tag)).toBe(tag);
    expect(a.style.trim()).not.toBe("");
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
