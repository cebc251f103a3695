import sharp from "sharp";

/** A file as `setInputFiles` takes it: built in memory, never written to disk. */
export interface GeneratedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

interface PngOptions {
  width?: number;
  height?: number;
  /** Background colour; each test picks its own so the images differ. */
  color?: string;
}

/** A PNG of the given size (800×800 by default, the smallest the server accepts). */
export async function generatePng(
  name: string,
  { width = 800, height = 800, color = "#b45309" }: PngOptions = {},
): Promise<GeneratedFile> {
  const mark = Buffer.from(
    `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#ffffff" fill-opacity="0.6"/></svg>`,
  );
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: mark }])
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A plain-text file, for the "not an image" rule. */
export function textFile(name: string): GeneratedFile {
  return { name, mimeType: "text/plain", buffer: Buffer.from("not an image\n") };
}
