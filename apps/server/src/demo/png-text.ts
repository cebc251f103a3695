import { crc32 } from "node:zlib";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG with a tEXt chunk (`keyword`, then a NUL, then `text` in Latin-1) right after its
 * header chunk, where A1111 writes its "parameters": how the demo embeds its generation metadata.
 */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString("latin1", 12, 16) !== "IHDR") {
    throw new Error("not a PNG that starts with its IHDR chunk");
  }
  if (!/^[\x20-\x7e]{1,79}$/.test(keyword) || /[^\n\x20-\x7e\xa0-\xff]/.test(text)) {
    throw new Error("a tEXt keyword and text must be printable Latin-1");
  }
  const afterHeader = 8 + 12 + png.readUInt32BE(8); // length, type, data, CRC
  const typeAndData = Buffer.concat([
    Buffer.from("tEXt", "latin1"),
    Buffer.from(keyword, "latin1"),
    Buffer.from([0]),
    Buffer.from(text, "latin1"),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(typeAndData.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([
    png.subarray(0, afterHeader),
    length,
    typeAndData,
    crc,
    png.subarray(afterHeader),
  ]);
}
