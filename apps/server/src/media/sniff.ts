/** Image formats we accept, recognised by their first bytes, never by name or Content-Type. */
export type SniffedFormat = "jpeg" | "png" | "webp" | "avif";

export const EXTENSION_OF: Record<SniffedFormat, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  avif: "avif",
};

/** The format the file's magic bytes announce, or undefined when it is none we accept. */
export function sniffImageFormat(head: Buffer): SniffedFormat | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (
    head.length >= 12 &&
    head.toString("latin1", 0, 4) === "RIFF" &&
    head.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "webp";
  }
  if (head.length >= 12 && head.toString("latin1", 4, 8) === "ftyp") {
    const brand = head.toString("latin1", 8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
  }
  return undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
