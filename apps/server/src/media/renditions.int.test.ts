import { createHash, randomBytes } from "node:crypto";
import { fitInside } from "@sawdust/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  type DecodedImage,
  decodeOnce,
  encodeRendition,
  RENDITIONS,
  type RenditionName,
  WEBP_EFFORT,
} from "./renditions.js";

/**
 * What `encodeRendition` must find, the slow way: every quality step at every scale, from the
 * top, the first file under the cap.
 */
async function steppedThroughEveryTry(decoded: DecodedImage, name: RenditionName) {
  const spec = RENDITIONS[name];
  const box = fitInside(decoded.width, decoded.height, spec);
  const source = decoded.pixels as Buffer;
  for (let scale = 1; scale > 0.05; scale *= 0.85) {
    const width = Math.max(1, Math.round(box.width * scale));
    const height = Math.max(1, Math.round(box.height * scale));
    for (const quality of [82, 74, 66, 58, 50, 42, 34]) {
      const data = await sharp(source, {
        raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
      })
        .resize(width, height, { fit: "fill", kernel: "lanczos3" })
        .webp({ quality, effort: WEBP_EFFORT })
        .toBuffer();
      if (data.length <= spec.maxBytes) return { data, width, height, quality, scale };
    }
  }
  throw new Error("nothing fits");
}

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Noise over a gradient: `detail` 0 is smooth, 1 is pure noise. */
async function picture(width: number, height: number, detail: number) {
  const noise = randomBytes(width * height * 3);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) {
    const gradient = (((i / 3) % width) / width) * 255;
    pixels[i] = Math.round(gradient * (1 - detail) + (noise[i] as number) * detail);
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return decodeOnce(png);
}

describe("encodeRendition", () => {
  it.each([
    ["a smooth picture: the top quality fits", 1400, 1750, 0.05, "small"],
    ["some detail: a quality between the top and the bottom", 1400, 1750, 0.3, "small"],
    ["more detail: a lower quality", 1400, 1750, 0.6, "small"],
    ["pure noise: smaller than the box", 1400, 1750, 1, "small"],
    ["pure noise, a larger size: several scales down", 2000, 2500, 1, "large"],
  ] as const)(
    "%s, the same file as stepping through every try",
    async (_, w, h, detail, name) => {
      const decoded = await picture(w, h, detail);
      const found = await encodeRendition(decoded, name);
      const expected = await steppedThroughEveryTry(decoded, name);
      expect({ width: found.width, height: found.height, sha: sha(found.data) }).toEqual({
        width: expected.width,
        height: expected.height,
        sha: sha(expected.data),
      });
      expect(found.data.length).toBeLessThanOrEqual(RENDITIONS[name].maxBytes);
    },
    120_000,
  );
});
