import { describe, expect, it } from "vitest";
import {
  analyseColours,
  ciede2000,
  colourNameForFilter,
  NEUTRAL_CHROMA,
  nameOf,
  rgbToLab,
} from "./colour.js";

function solid(r: number, g: number, b: number, size = 64): Uint8Array {
  const px = new Uint8Array(size * size * 3);
  for (let i = 0; i < px.length; i += 3) {
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  }
  return px;
}

function greyRamp(size = 64): Uint8Array {
  const px = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const v = Math.round((x / (size - 1)) * 255);
      px.set([v, v, v], (y * size + x) * 3);
    }
  return px;
}

describe("colour analysis", () => {
  it("gives a solid red image one red swatch and the vibrant theme", () => {
    const result = analyseColours(solid(255, 0, 0), 64, 64, 3);
    expect(result.swatches).toEqual([{ hex: "ff0000", share: 1, name: "red" }]);
    expect(result.themes).toContain("vibrant");
    expect(result.themes).not.toContain("monochrome");
  });

  it("calls a grey ramp monochrome, with grey-family swatches only", () => {
    const result = analyseColours(greyRamp(), 64, 64, 3);
    expect(result.themes).toContain("monochrome");
    expect(result.themes).not.toContain("vibrant");
    expect(result.swatches.length).toBeGreaterThan(1);
    expect(result.swatches.length).toBeLessThanOrEqual(5);
    for (const s of result.swatches) expect(["black", "gray", "white"]).toContain(s.name);
    expect(result.swatches.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 1);
  });

  it("finds the two colours of a half-blue, half-yellow image with their shares", () => {
    const px = solid(30, 60, 200);
    for (let i = 0; i < px.length / 2; i += 3) px.set([250, 220, 40], i);
    const result = analyseColours(px, 64, 64, 3);
    expect(result.swatches.map((s) => s.name).sort()).toEqual(["blue", "yellow"]);
    for (const s of result.swatches) expect(s.share).toBeCloseTo(0.5, 1);
  });

  it("calls a near-black image dark and a light, soft one pastel", () => {
    expect(analyseColours(solid(20, 18, 30), 64, 64, 3).themes).toContain("dark");
    expect(analyseColours(solid(250, 200, 220), 64, 64, 3).themes).toContain("pastel");
  });

  it("ignores transparent pixels", () => {
    const px = new Uint8Array(64 * 64 * 4);
    for (let i = 0; i < px.length; i += 4)
      px.set(i < px.length / 2 ? [0, 200, 0, 255] : [255, 0, 0, 0], i);
    expect(analyseColours(px, 64, 64, 4).swatches.map((s) => s.name)).toEqual(["green"]);
  });

  it("reads a translucent image's colours when no pixel is even half opaque", () => {
    const px = new Uint8Array(64 * 64 * 4);
    for (let i = 0; i < px.length; i += 4) px.set([20, 40, 220, 51], i);
    expect(analyseColours(px, 64, 64, 4).swatches.map((s) => s.name)).toEqual(["blue"]);
    const clear = new Uint8Array(64 * 64 * 4);
    expect(analyseColours(clear, 64, 64, 4).swatches.map((s) => s.name)).toEqual(["black"]);
  });
});

describe("colour names", () => {
  it.each([
    [[255, 0, 0], "red"],
    [[200, 20, 20], "red"],
    [[0, 0, 255], "blue"],
    [[255, 255, 255], "white"],
    [[0, 0, 0], "black"],
    [[130, 130, 130], "gray"],
    [[255, 165, 0], "orange"],
    [[128, 0, 128], "purple"],
    // Saturated blues, which CIELAB bends toward purple, and the purples and light blues beside.
    [[0, 0, 205], "blue"],
    [[44, 0, 216], "blue"],
    [[28, 57, 187], "blue"],
    [[70, 130, 180], "blue"],
    [[30, 144, 255], "blue"],
    [[0, 0, 128], "navy"],
    [[138, 43, 226], "purple"],
    [[75, 0, 130], "purple"],
    [[148, 0, 211], "purple"],
    [[127, 0, 255], "purple"],
  ] as const)("names %j %s", ([r, g, b], name) => {
    expect(nameOf(r, g, b)).toBe(name);
  });

  it.each([
    ["374146", "black"], // a dark slate grey, once "purple"
    ["aaafa5", "gray"], // a warm light grey, once "beige"
    ["d8d0c8", "white"],
    ["8a8070", "gray"],
    ["f0e6d2", "beige"], // tinted enough to keep its hue
    ["1a1a2e", "navy"],
  ] as const)("names the greyish #%s %s", (hex, name) => {
    expect(colourNameForFilter(hex)).toBe(name);
  });

  it("names every colour with almost no chroma black, gray or white", () => {
    let neutrals = 0;
    for (let r = 0; r <= 255; r += 5)
      for (let g = 0; g <= 255; g += 5)
        for (let b = 0; b <= 255; b += 5) {
          const [, a, bb] = rgbToLab(r, g, b);
          if (Math.hypot(a, bb) >= NEUTRAL_CHROMA) continue;
          neutrals += 1;
          expect(["black", "gray", "white"]).toContain(nameOf(r, g, b));
        }
    expect(neutrals).toBeGreaterThan(1000);
  });

  it("reads a filter value as a name or a hex colour", () => {
    expect(colourNameForFilter("ff0000")).toBe("red");
    expect(colourNameForFilter("#F00")).toBe("red");
    expect(colourNameForFilter("Blue")).toBe("blue");
    expect(colourNameForFilter("not a colour")).toBeUndefined();
  });

  it("matches the published CIEDE2000 test pair", () => {
    // Sharma et al. (2005), pair 1: ΔE00 = 2.0425.
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(ciede2000(rgbToLab(10, 20, 30), rgbToLab(10, 20, 30))).toBe(0);
  });
});
