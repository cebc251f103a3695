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
 * Display sizes (small, medium, large) and the pro download sizes. The free download sizes reuse
 * display files of the same box and cap: preview is `small`, basic is `large`.
 */
export const RENDITIONS = {
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

export interface DecodedImage {
  /** Oriented sRGB pixels, decoded once and shared by every rendition. */
  pixels: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

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
  const { data, info } = await sharp(input, SHARP_INPUT_OPTIONS)
    .rotate()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels === 4 ? 4 : 3;
  if (info.channels !== channels) throw new Error(`unexpected channel count ${info.channels}`);
  return { pixels: data, width: info.width, height: info.height, channels };
}

/** The dimensions of the source fitted inside a box (enlarging when smaller), aspect kept. */

const QUALITY_STEPS = [82, 74, 66, 58, 50, 42, 34];
export const WEBP_EFFORT = 2;

/**
 * Encodes one rendition as WebP, stepping quality down until the file is under its cap.
 * Effort 2: measured here on a 7200×9000 ultra, effort 3 took 36 s and effort 2 5.9 s for files
 * within 1% of each other (design section 5 already ruled out effort 6).
 */
export async function encodeRendition(
  decoded: DecodedImage,
  name: RenditionName,
): Promise<EncodedRendition> {
  const spec: RenditionSpec = RENDITIONS[name];
  const box = fitInside(decoded.width, decoded.height, spec);
  // Pure noise does not compress: when even the lowest quality is over the cap, the rendition
  // gets smaller (by 15% a step) rather than failing the upload.
  for (let scale = 1; scale > 0.05; scale *= 0.85) {
    const target = {
      width: Math.max(1, Math.round(box.width * scale)),
      height: Math.max(1, Math.round(box.height * scale)),
    };
    const { data: pixels, info } = await sharp(decoded.pixels, {
      raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
      limitInputPixels: UPLOAD.maxPixels,
    })
      .resize(target.width, target.height, { fit: "fill", kernel: "lanczos3" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const quality of QUALITY_STEPS) {
      const data = await sharp(pixels, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .webp({ quality, effort: WEBP_EFFORT })
        .toBuffer();
      if (data.length <= spec.maxBytes) {
        return {
          name,
          data,
          width: info.width,
          height: info.height,
          upscaled: info.width > decoded.width || info.height > decoded.height,
          hash: createHash("sha256").update(data).digest("hex").slice(0, 16),
        };
      }
    }
  }
  throw new Error(`could not fit ${name} under ${spec.maxBytes} bytes`);
}

/** A ThumbHash of the image (base64): a ~25-byte blurred placeholder shown while loading. */
export async function thumbhashOf(decoded: DecodedImage): Promise<string> {
  const target = fitInside(decoded.width, decoded.height, { width: 100, height: 100 });
  const { data, info } = await sharp(decoded.pixels, {
    raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
  })
    .resize(Math.min(target.width, 100), Math.min(target.height, 100), { fit: "fill" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}
