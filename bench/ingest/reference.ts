/**
 * The reference: the image work of an ingest and nothing else, written the obvious efficient way
 * with sharp. Decode the PNG once (orient, sRGB, raw pixels in memory), then one resize-and-encode
 * pipeline per eager rendition straight from those pixels, each written to disk, plus the
 * ThumbHash. The boxes, caps and effort come from the server's renditions module so both sides
 * make the same pixels (the bench checks the files are byte-identical).
 *
 * Standalone: npx tsx bench/ingest/reference.ts <input.png> <output-dir>
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fitInside } from "@sawdust/shared";
import sharp from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import {
  EAGER_RENDITIONS,
  RENDITIONS,
  type RenditionName,
  SHARP_INPUT_OPTIONS,
  WEBP_EFFORT,
} from "../../apps/server/src/media/renditions.js";
import { between, instant, type Phases } from "./phases.js";

/**
 * The server's ladder (copied: renditions.ts does not export it): qualities 82 down to 34 until the
 * file fits its cap, and if even 34 does not fit, the same again 15% smaller each time. For
 * realistic images the first step fits.
 */
const QUALITY_STEPS = [82, 74, 66, 58, 50, 42, 34];
const SHRINK_STEP = 0.85;

export interface ReferenceResult {
  renditions: Array<{
    name: RenditionName;
    width: number;
    height: number;
    bytes: number;
    hash: string;
    quality: number;
  }>;
  thumbhash: string;
  /** Same phase names as the Sawdust side's. */
  phases: Phases;
}

export async function referenceIngest(input: string, outDir: string): Promise<ReferenceResult> {
  const phases: Phases = {};
  let t = instant();
  const { data: pixels, info } = await sharp(input, SHARP_INPUT_OPTIONS)
    .rotate()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  phases["decode once"] = between(t, instant());

  await mkdir(outDir, { recursive: true });
  const renditions: ReferenceResult["renditions"] = [];
  for (const name of EAGER_RENDITIONS) {
    t = instant();
    const spec = RENDITIONS[name];
    const { data, target, quality } = await encodeToFit(
      pixels,
      raw,
      fitInside(raw.width, raw.height, spec),
      spec.maxBytes,
    );
    const hash = createHash("sha256").update(data).digest("hex").slice(0, 16);
    phases[`encode ${name}`] = between(t, instant());

    t = instant();
    await writeFile(join(outDir, `${name}-${hash}.webp`), data);
    phases[`write ${name}`] = between(t, instant());
    renditions.push({ name, ...target, bytes: data.length, hash, quality });
  }

  t = instant();
  const box = fitInside(raw.width, raw.height, { width: 100, height: 100 });
  const small = await sharp(pixels, { raw })
    .resize(Math.min(box.width, 100), Math.min(box.height, 100), { fit: "fill" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const thumbhash = Buffer.from(
    rgbaToThumbHash(small.info.width, small.info.height, small.data),
  ).toString("base64");
  phases.thumbhash = between(t, instant());

  return { renditions, thumbhash, phases };
}

/** One resize → WebP pipeline per try, straight from the decoded pixels, until one fits. */
async function encodeToFit(
  pixels: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  box: { width: number; height: number },
  maxBytes: number,
) {
  for (let scale = 1; scale > 0.05; scale *= SHRINK_STEP) {
    const target = {
      width: Math.max(1, Math.round(box.width * scale)),
      height: Math.max(1, Math.round(box.height * scale)),
    };
    for (const quality of QUALITY_STEPS) {
      const data = await sharp(pixels, {
        raw,
        limitInputPixels: SHARP_INPUT_OPTIONS.limitInputPixels,
      })
        .resize(target.width, target.height, { fit: "fill", kernel: "lanczos3" })
        .webp({ quality, effort: WEBP_EFFORT })
        .toBuffer();
      if (data.length <= maxBytes) return { data, target, quality };
    }
  }
  throw new Error(`cannot fit under ${maxBytes} bytes`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, outDir] = process.argv.slice(2);
  if (!input || !outDir) {
    console.error("usage: npx tsx bench/ingest/reference.ts <input.png> <output-dir>");
    process.exit(2);
  }
  const started = performance.now();
  const result = await referenceIngest(input, outDir);
  console.log(JSON.stringify({ ms: Math.round(performance.now() - started), ...result }, null, 2));
}
