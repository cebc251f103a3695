import { isUtf8 } from "node:buffer";
import type { FieldSink } from "./field-sink.js";
import { MAX_FIELD_INPUT_BYTES } from "./limits.js";
import {
  decodeLatin1OrUtf8,
  decodeUtf8,
  decodeUtf16,
  guessUtf16LittleEndian,
} from "./text-decoding.js";

/**
 * Reads the text tags that carry generation data from an EXIF block (a TIFF structure, as found in
 * a JPEG APP1 segment after "Exif\0\0", a WebP EXIF chunk or a PNG eXIf chunk) into the sink as
 * `exif:<Tag>` fields. Only IFD0 and the Exif IFD are read; offsets are checked, never trusted.
 * ComfyUI's WebP/JPEG savers put `prompt:{…}` and `workflow:{…}` into IFD0 Make/Model: those
 * become the `prompt` and `workflow` fields, as in a PNG.
 */
export function readExifTextFields(block: Buffer, sink: FieldSink): void {
  const tiff = startsWithExifHeader(block) ? block.subarray(6) : block;
  const reader = tiffReader(tiff);
  if (reader === undefined) return;
  const ifd0 = readIfd(reader, reader.u32(4));
  for (const entry of ifd0) {
    if (entry.tag === EXIF_IFD_POINTER) {
      for (const exifEntry of readIfd(reader, entry.valueOffset)) {
        if (exifEntry.tag === USER_COMMENT) {
          const value = entryBytes(reader, exifEntry);
          if (value) sink.add("exif:UserComment", decodeUserComment(value, reader.littleEndian));
        }
      }
      continue;
    }
    const name = IFD0_TEXT_TAGS.get(entry.tag);
    const value = name === undefined ? undefined : entryBytes(reader, entry);
    if (name === undefined || value === undefined) continue;
    const text =
      entry.tag === XP_COMMENT ? stripNuls(decodeUtf16(value, true)) : asciiTagText(value);
    const comfy = COMFY_EXIF_FIELD.exec(text);
    if (comfy?.[1] !== undefined && comfy[2] !== undefined) sink.add(comfy[1], comfy[2]);
    else if (!PERSONAL_TAGS.has(entry.tag)) sink.add(`exif:${name}`, text);
  }
}

/**
 * EXIF UserComment: an 8-byte charset code, then the text. A1111 writes "UNICODE\0" with UTF-16
 * (big-endian through piexif, whatever the TIFF byte order), others write little-endian or UTF-8,
 * so the byte order is guessed from the text before falling back to the TIFF's own.
 */
export function decodeUserComment(value: Buffer, tiffLittleEndian: boolean): string {
  const code = value.toString("latin1", 0, Math.min(8, value.length));
  const body = value.subarray(8);
  if (code.startsWith("UNICODE")) {
    if (looksLikeUtf8Text(body)) return stripNuls(decodeUtf8(body));
    const littleEndian = guessUtf16LittleEndian(body) ?? tiffLittleEndian;
    return stripNuls(decodeUtf16(body, littleEndian));
  }
  if (code.startsWith("ASCII") || code === "\0\0\0\0\0\0\0\0" || code.startsWith("JIS")) {
    return stripNuls(decodeLatin1OrUtf8(body));
  }
  // No charset code at all: some writers put the text straight in.
  return stripNuls(decodeLatin1OrUtf8(value));
}

interface TiffReader {
  bytes: Buffer;
  littleEndian: boolean;
  u16(offset: number): number;
  u32(offset: number): number;
}

interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** Where the value is: inside the entry when it fits in 4 bytes, else the offset it points at. */
  valueOffset: number;
  inlineOffset: number;
}

const EXIF_IFD_POINTER = 0x8769;
const USER_COMMENT = 0x9286;
const XP_COMMENT = 0x9c9c;
/**
 * Tags about the person and their camera rather than the generation (the author's name, the
 * camera's make and model, a document's path): read only for ComfyUI's fields, which its savers
 * put in Make and Model, and otherwise left out of what is kept, which Pro members can read.
 */
const PERSONAL_TAGS = new Set([0x010d, 0x010f, 0x0110, 0x013b]);
const IFD0_TEXT_TAGS = new Map<number, string>([
  [0x010d, "DocumentName"],
  [0x010e, "ImageDescription"],
  [0x010f, "Make"],
  [0x0110, "Model"],
  [0x0131, "Software"],
  [0x013b, "Artist"],
  [0x9c9c, "XPComment"],
]);
/** The same tags as the kept fields' names, which images analysed before still hold. */
export const PERSONAL_EXIF_FIELDS: readonly string[] = [...PERSONAL_TAGS].map(
  (tag) => `exif:${IFD0_TEXT_TAGS.get(tag)}`,
);
const TYPE_SIZES = new Map<number, number>([
  [1, 1],
  [2, 1],
  [3, 2],
  [4, 4],
  [5, 8],
  [6, 1],
  [7, 1],
  [8, 2],
  [9, 4],
  [10, 8],
  [11, 4],
  [12, 8],
  [13, 4],
]);
const MAX_IFD_ENTRIES = 1_000;
const COMFY_EXIF_FIELD = /^(prompt|workflow):\s*([{[][\s\S]*)$/;

function startsWithExifHeader(block: Buffer): boolean {
  return block.length >= 6 && block.toString("latin1", 0, 4) === "Exif" && block[4] === 0;
}

function tiffReader(bytes: Buffer): TiffReader | undefined {
  if (bytes.length < 8) return undefined;
  const order = bytes.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return undefined;
  const littleEndian = order === "II";
  const reader: TiffReader = {
    bytes,
    littleEndian,
    u16: (offset) => (littleEndian ? bytes.readUInt16LE(offset) : bytes.readUInt16BE(offset)),
    u32: (offset) => (littleEndian ? bytes.readUInt32LE(offset) : bytes.readUInt32BE(offset)),
  };
  return reader.u16(2) === 42 ? reader : undefined;
}

function readIfd(reader: TiffReader, offset: number): IfdEntry[] {
  const { bytes } = reader;
  if (offset < 8 || offset + 2 > bytes.length) return [];
  const declared = reader.u16(offset);
  const fitting = Math.floor((bytes.length - offset - 2) / 12);
  const count = Math.min(declared, fitting, MAX_IFD_ENTRIES);
  const entries: IfdEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12;
    entries.push({
      tag: reader.u16(at),
      type: reader.u16(at + 2),
      count: reader.u32(at + 4),
      valueOffset: reader.u32(at + 8),
      inlineOffset: at + 8,
    });
  }
  return entries;
}

/** The bytes of an entry's value, cut to what the block holds; undefined if it points outside. */
function entryBytes(reader: TiffReader, entry: IfdEntry): Buffer | undefined {
  const size = (TYPE_SIZES.get(entry.type) ?? 1) * entry.count;
  const start = size <= 4 ? entry.inlineOffset : entry.valueOffset;
  if (start >= reader.bytes.length) return undefined;
  const end = Math.min(start + size, reader.bytes.length, start + MAX_FIELD_INPUT_BYTES);
  return reader.bytes.subarray(start, end);
}

function asciiTagText(value: Buffer): string {
  const nul = value.indexOf(0);
  return decodeLatin1OrUtf8(nul === -1 ? value : value.subarray(0, nul));
}

/** EXIF strings are NUL-padded; a loop rather than a regex, which could backtrack on long runs. */
function stripNuls(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0) start++;
  while (end > start && text.charCodeAt(end - 1) === 0) end--;
  return text.slice(start, end);
}

/** UTF-8 text has no zero bytes (UTF-16 of Latin text has many) and decodes strictly. */
function looksLikeUtf8Text(bytes: Buffer): boolean {
  return bytes.length > 0 && !bytes.includes(0) && isUtf8(bytes);
}
