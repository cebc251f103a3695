import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  DISPLAY_SIZES,
  DOWNLOAD_SIZES,
  type DownloadSize,
  fitInside,
  UPLOAD,
} from "@sawdust/shared";
import sharp from "sharp";
import { rgbaToThumbHash } from "thumbhash";

// libvips threads per image operation, set deliberately (design section 5): leave one core for
// the event loop and the database; on 2 cores that is one thread.
sharp.concurrency(Math.max(1, availableParallelism() - 1));
// No libvips operation cache: every operation here runs once on a new upload or original, so
// the cache only kept memory (up to 50 MB) and open files, among them the decoded `.v` files
// uploads map (see DecodedImage), which it would hold after their removal.
sharp.cache(false);

/** WebP cannot exceed 16,383 px a side (design section 5): ultra fits inside this too. */
const WEBP_MAX_SIDE = 16_383;

export interface RenditionSpec {
  width: number;
  height: number;
  maxBytes: number;
  /** Public renditions are served at content-addressed URLs; private ones only through checks. */
  visibility: "public" | "private";
  /** Eager renditions exist before the image is visible; lazy ones on first request. */
  eager: boolean;
}

/**
 * Display sizes (thumb, small, medium, large) and the pro download sizes. The free download sizes
 * reuse display files of the same box and cap: preview is `small`, basic is `large`.
 */
export const RENDITIONS = {
  thumb: { ...DISPLAY_SIZES.thumb, maxBytes: 128 * 1024, visibility: "public", eager: true },
  small: { ...box("preview"), visibility: "public", eager: true },
  medium: { ...DISPLAY_SIZES.medium, maxBytes: 512 * 1024, visibility: "public", eager: true },
  large: { ...box("basic"), visibility: "public", eager: true },
  hd: { ...box("hd"), visibility: "private", eager: true },
  xlarge: { ...box("xlarge"), visibility: "private", eager: false },
  ultra: { ...box("ultra"), visibility: "private", eager: false },
} as const satisfies Record<string, RenditionSpec>;
export type RenditionName = keyof typeof RENDITIONS;

export const RENDITION_FOR_DOWNLOAD: Record<DownloadSize, RenditionName> = {
  preview: "small",
  basic: "large",
  hd: "hd",
  xlarge: "xlarge",
  ultra: "ultra",
};

export const EAGER_RENDITIONS = (Object.keys(RENDITIONS) as RenditionName[]).filter(
  (name) => RENDITIONS[name].eager,
);

function box(size: DownloadSize) {
  const { width, height, maxBytes } = DOWNLOAD_SIZES[size];
  return {
    width: Math.min(width, WEBP_MAX_SIDE),
    height: Math.min(height, WEBP_MAX_SIDE),
    maxBytes,
  };
}

/**
 * Oriented sRGB pixels, decoded once and shared by every rendition: in memory (`pixels`), or in a
 * libvips `.v` file (`file`) that each rendition maps instead of copying. Uploads use the file:
 * 60 MB of pixels as a Buffer is external memory that forces V8 into full collections of the
 * whole server's heap on every upload, and a mapped file costs V8 nothing.
 */
export type DecodedImage = {
  width: number;
  height: number;
  channels: 3 | 4;
} & ({ pixels: Buffer; file?: undefined } | { file: string; pixels?: undefined });

export interface EncodedRendition {
  name: RenditionName;
  data: Buffer;
  width: number;
  height: number;
  upscaled: boolean;
  /** Short content hash: the public file name changes whenever the bytes do. */
  hash: string;
}

/** sharp's guard against decompression bombs: never off (design section 5). */
export const SHARP_INPUT_OPTIONS = {
  limitInputPixels: UPLOAD.maxPixels,
  failOn: "error",
} as const;

/** Decodes the upload once: applies EXIF orientation, converts to sRGB, drops metadata. */
export async function decodeOnce(input: string | Buffer): Promise<DecodedImage> {
  const { data, info } = await decodePipeline(input).raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height, channels: channelsOf(info) };
}

/**
 * `decodeOnce` into a libvips file at `file` (ending in `.v`; the caller removes it), so the
 * pixels never enter V8's heap: the same pixels, and renditions byte-identical to those made
 * from `decodeOnce`'s Buffer.
 */
export async function decodeOnceToFile(input: string, file: string): Promise<DecodedImage> {
  if (!file.endsWith(".v")) throw new Error(`not a .v path: ${file}`);
  const info = await decodePipeline(input).toFile(file);
  return { file, width: info.width, height: info.height, channels: channelsOf(info) };
}

function decodePipeline(input: string | Buffer) {
  return sharp(input, SHARP_INPUT_OPTIONS).rotate().toColourspace("srgb");
}

function channelsOf(info: { channels: number }): 3 | 4 {
  const channels = info.channels === 4 ? 4 : 3;
  if (info.channels !== channels) throw new Error(`unexpected channel count ${info.channels}`);
  return channels;
}

/** A pipeline starting from the decoded pixels. */
function fromDecoded(decoded: DecodedImage) {
  return decoded.file !== undefined
    ? sharp(decoded.file, { limitInputPixels: UPLOAD.maxPixels })
    : sharp(decoded.pixels, {
        raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
        limitInputPixels: UPLOAD.maxPixels,
      });
}

/** The dimensions of the source fitted inside a box (enlarging when smaller), aspect kept. */

const QUALITY_STEPS = [82, 74, 66, 58, 50, 42, 34];
const LOWEST_QUALITY = QUALITY_STEPS.length - 1;
/** Each scale tried is 15% under the last, down to a twentieth of the box. */
const SCALE_STEP = 0.85;
const SCALES: number[] = [];
for (let scale = 1; scale > 0.05; scale *= SCALE_STEP) SCALES.push(scale);
export const WEBP_EFFORT = 2;

/**
 * Encodes one rendition as WebP at the highest quality step whose file is under the cap.
 * Effort 2: measured here on a 7200×9000 ultra, effort 3 took 36 s and effort 2 5.9 s for files
 * within 1% of each other (design section 5 already ruled out effort 6).
 *
 * The first try resizes and encodes in one pipeline, so the resized pixels never become a
 * Buffer (for a 4000×5000 upload the four eager sizes would be 28 MB of short-lived external
 * memory an upload, which forces V8 into full collections); only when it does not fit are the
 * resized pixels kept for the lower qualities. Both paths give the same bytes.
 *
 * A file over the cap is searched for, not stepped through. The answer is the one stepping
 * through every quality at every scale (15% smaller a step) would give: the largest scale at
 * which the lowest quality fits, then the highest quality that fits at that scale. Files grow
 * with scale and with quality, so both are found by halving; the first smaller scale tried is
 * guessed from how far over the cap the lowest quality was. A detailed 7000×7000 ultra took about
 * 25 encodes of 40–80 megapixels stepping one quality and one scale at a time: minutes, behind a
 * proxy that gives up after 60 s.
 */
export async function encodeRendition(
  decoded: DecodedImage,
  name: RenditionName,
): Promise<EncodedRendition> {
  const spec: RenditionSpec = RENDITIONS[name];
  const box = fitInside(decoded.width, decoded.height, spec);
  const resized = (scale: number) =>
    fromDecoded(decoded).resize(
      Math.max(1, Math.round(box.width * scale)),
      Math.max(1, Math.round(box.height * scale)),
      { fit: "fill", kernel: "lanczos3" },
    );
  const fits = (data: Buffer, width: number, height: number): EncodedRendition | undefined =>
    data.length <= spec.maxBytes
      ? {
          name,
          data,
          width,
          height,
          upscaled: width > decoded.width || height > decoded.height,
          hash: createHash("sha256").update(data).digest("hex").slice(0, 16),
        }
      : undefined;

  const once = await resized(1)
    .webp({ quality: QUALITY_STEPS[0], effort: WEBP_EFFORT })
    .toBuffer({ resolveWithObject: true });
  const fitted = fits(once.data, once.info.width, once.info.height);
  if (fitted) return fitted;

  /** The pixels at one scale, kept for trying qualities on, and its lowest quality's file. */
  const atScale = async (step: number) => {
    const { data: pixels, info } = await resized(SCALES[step] as number)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const encode = async (qualityStep: number) => {
      const data = await sharp(pixels, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .webp({ quality: QUALITY_STEPS[qualityStep], effort: WEBP_EFFORT })
        .toBuffer();
      return { bytes: data.length, fitted: fits(data, info.width, info.height) };
    };
    return { step, encode, lowest: await encode(LOWEST_QUALITY) };
  };

  // Pure noise does not compress: when even the lowest quality is over the cap, the rendition
  // gets smaller rather than failing the upload. A scale found over the cap keeps only its step
  // and size, not its pixels: at most two scales' pixels are held at once.
  const first = await atScale(0);
  let under = first.lowest.fitted ? first : undefined;
  let over = { step: 0, bytes: first.lowest.bytes };
  while (!under) {
    const area = spec.maxBytes / over.bytes;
    const guess = Math.ceil(Math.log(Math.sqrt(area)) / Math.log(SCALE_STEP));
    const step = Math.min(Math.max(over.step + 1, guess), SCALES.length - 1);
    if (step === over.step) throw new Error(`could not fit ${name} under ${spec.maxBytes} bytes`);
    const tried = await atScale(step);
    if (tried.lowest.fitted) under = tried;
    else over = { step, bytes: tried.lowest.bytes };
  }
  while (under.step - over.step > 1) {
    const step = (over.step + under.step) >> 1;
    const tried = await atScale(step);
    if (tried.lowest.fitted) under = tried;
    else over = { step, bytes: tried.lowest.bytes };
  }

  // At the scale found: the top quality was already tried when that is the full size.
  let overQuality = under.step === 0 ? 0 : -1;
  let underQuality = { step: LOWEST_QUALITY, fitted: under.lowest.fitted as EncodedRendition };
  while (underQuality.step - overQuality > 1) {
    const step = (overQuality + underQuality.step) >> 1;
    const tried = await under.encode(step);
    if (tried.fitted) underQuality = { step, fitted: tried.fitted };
    else overQuality = step;
  }
  return underQuality.fitted;
}

/** A ThumbHash of the image (base64): a ~25-byte blurred placeholder shown while loading. */
export async function thumbhashOf(decoded: DecodedImage): Promise<string> {
  const target = fitInside(decoded.width, decoded.height, { width: 100, height: 100 });
  const { data, info } = await fromDecoded(decoded)
    .resize(Math.min(target.width, 100), Math.min(target.height, 100), { fit: "fill" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}
