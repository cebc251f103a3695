import { rgbaToThumbHash, thumbHashToAverageRGBA } from "thumbhash";
import { describe, expect, it } from "vitest";
import { averageColourOf } from "./thumbhash-preview";

/** The package's own average, as the `rgb(r g b)` art-image.tsx showed before. */
function packageAverage(hash: Uint8Array): string {
  const { r, g, b } = thumbHashToAverageRGBA(hash);
  const channel = (value: number) => Math.round(value * 255);
  return `rgb(${channel(r)} ${channel(g)} ${channel(b)})`;
}

/** A small picture of random gradients and noise (seeded), with or without transparency. */
function picture(seed: number, alpha: boolean): { w: number; h: number; rgba: Uint8Array } {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const w = 8 + Math.floor(random() * 90);
  const h = 8 + Math.floor(random() * 90);
  const base = [random(), random(), random()].map((v) => v * 255);
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const x = (i % w) / w;
    for (let c = 0; c < 3; c++) {
      rgba[i * 4 + c] = Math.min(255, Math.max(0, (base[c] ?? 0) * x + random() * 80));
    }
    rgba[i * 4 + 3] = alpha ? Math.floor(random() * 256) : 255;
  }
  return { w, h, rgba };
}

describe("averageColourOf", () => {
  it("gives the thumbhash package's average colour for 150 pictures", () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { w, h, rgba } = picture(seed, seed % 4 === 0);
      const hash = rgbaToThumbHash(w, h, rgba);
      expect(averageColourOf(hash), `seed ${seed}`).toBe(packageAverage(hash));
    }
  });

  it("clamps headers whose colour falls outside the range, as the package does", () => {
    for (const header of [
      [0, 0, 0],
      [255, 255, 255],
      [63, 0, 0],
      [0, 255, 0],
      [0, 0, 63],
      [170, 85, 42],
    ]) {
      const hash = Uint8Array.from([...header, 0, 0, 0, 0]);
      expect(averageColourOf(hash)).toBe(packageAverage(hash));
    }
  });
});
