import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { makePng } from "../../apps/server/test/images.js";

export type FixtureKind = "texture" | "gradient";

export const FIXTURE_WIDTH = 4000;
export const FIXTURE_HEIGHT = 5000;

/** Bump when the generator changes, so a cached file from an older generator is not reused. */
const GENERATOR_VERSION = 1;

/**
 * The 4000×5000 upload, made once and cached in the OS temp dir (seeded: the same pixels on every
 * run, and the same bytes with the same sharp):
 * - `texture` (default, ≈41 MB): soft colour clouds, mid-scale detail, shaded hard-edged discs and
 *   fine grain, saved with sharp's default PNG settings (zlib level 6): roughly what an upscaled
 *   AI render of this size costs to decode and encode, and under the 50 MB upload limit.
 * - `gradient` (≈26 MB): `makePng` from the server tests (smooth ramps, compression level 1):
 *   nearly free to encode, so Sawdust's fixed costs weigh more in the ratio.
 */
export async function fixturePath(kind: FixtureKind): Promise<string> {
  const dir = join(tmpdir(), "sawdust-bench");
  const path = join(dir, `${kind}-v${GENERATOR_VERSION}-${FIXTURE_WIDTH}x${FIXTURE_HEIGHT}.png`);
  if (existsSync(path)) return path;
  await mkdir(dir, { recursive: true });
  const png =
    kind === "gradient"
      ? await makePng(FIXTURE_WIDTH, FIXTURE_HEIGHT)
      : await makeTexturePng(FIXTURE_WIDTH, FIXTURE_HEIGHT, 20_261_121);
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, png);
  await rename(partial, path);
  return path;
}

/** mulberry32: a tiny seeded PRNG, so the fixture is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded RGB noise at a low resolution, enlarged smoothly to width×height. */
async function smoothNoise(
  random: () => number,
  cells: { width: number; height: number },
  width: number,
  height: number,
): Promise<Buffer> {
  const small = Buffer.alloc(cells.width * cells.height * 3);
  for (let i = 0; i < small.length; i++) small[i] = Math.floor(random() * 256);
  return sharp(small, { raw: { width: cells.width, height: cells.height, channels: 3 } })
    .resize(width, height, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
}

async function makeTexturePng(width: number, height: number, seed: number): Promise<Buffer> {
  const random = prng(seed);
  const clouds = await smoothNoise(random, { width: 10, height: 12 }, width, height);
  const mid = await smoothNoise(random, { width: 60, height: 75 }, width, height);
  const detail = await smoothNoise(random, { width: 160, height: 200 }, width, height);
  const discs = Array.from({ length: 36 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 60 + random() * 480,
    rgb: [40 + random() * 200, 40 + random() * 200, 40 + random() * 200] as const,
  }));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      // The topmost disc covering this pixel, shaded darker towards its rim like a sphere.
      let shade = 0;
      let cover: (typeof discs)[number] | undefined;
      for (const d of discs) {
        const dx = x - d.x;
        const dy = y - d.y;
        const q = (dx * dx + dy * dy) / (d.r * d.r);
        if (q < 1) {
          cover = d;
          shade = 1 - 0.45 * q;
        }
      }
      // Texture: luminance detail (same on all channels) and fine film grain.
      const texture = ((detail[i] ?? 128) - 128) * 0.15 + (random() - 0.5) * 1.5;
      for (let c = 0; c < 3; c++) {
        const base = cover
          ? (cover.rgb[c] ?? 0) * shade
          : (clouds[i + c] ?? 0) * 0.75 + ((mid[i + c] ?? 0) - 128) * 0.4 + 32;
        pixels[i + c] = Math.max(0, Math.min(255, base + texture));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
