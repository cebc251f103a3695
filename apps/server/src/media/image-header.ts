import { open } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { SHARP_INPUT_OPTIONS } from "./renditions.js";
import type { SniffedFormat } from "./sniff.js";

/** sharp calls AVIF "heif". */
const SHARP_FORMAT: Record<SniffedFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
};

/** What an upload's header says, read without decoding a pixel. */
export type ImageHeader =
  | { ok: true; width: number; height: number }
  /**
   * `too-many-pixels`: sharp refused even to describe it (past `limitInputPixels`). `animated`:
   * frames (an animated WebP or AVIF), of which every rendition would keep only the first.
   */
  | { ok: false; reason: "unreadable" | "too-many-pixels" | "format-mismatch" | "animated" };

/**
 * The upright dimensions of an image file (EXIF orientation applied) from its header only, so
 * bombs and tiny images are refused before anything is decoded.
 */
export async function readImageHeader(path: string, format: SniffedFormat): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(path, SHARP_INPUT_OPTIONS).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) return { ok: false, reason: "too-many-pixels" };
    // An AVIF image sequence (brand `avis`) that sharp's libheif cannot open is still told as
    // animated, not as damaged (round 58).
    if (format === "avif" && (await isAvifSequence(path))) return { ok: false, reason: "animated" };
    return { ok: false, reason: "unreadable" };
  }
  if (meta.format !== SHARP_FORMAT[format]) return { ok: false, reason: "format-mismatch" };
  if (format === "webp" && (meta.pages ?? 1) > 1) return { ok: false, reason: "animated" };
  if (format === "avif" && (await isAvifSequence(path))) return { ok: false, reason: "animated" };
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    ok: true,
    width: (rotated ? meta.height : meta.width) ?? 0,
    height: (rotated ? meta.width : meta.height) ?? 0,
  };
}

/** The pixels the analysers read: the image shrunk to fit `box`, raw, 3 or 4 channels. */
export async function analysisPixels(image: Buffer, box = 256) {
  const small = await sharp(image)
    .resize(box, box, { fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: small.data,
    width: small.info.width,
    height: small.info.height,
    channels: small.info.channels === 4 ? (4 as const) : (3 as const),
  };
}

/** Whether an AVIF file's major brand is `avis`: an image sequence (frames), not one picture. */
async function isAvifSequence(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    return bytesRead === 12 && head.toString("latin1", 4, 12) === "ftypavis";
  } finally {
    await file.close();
  }
}
