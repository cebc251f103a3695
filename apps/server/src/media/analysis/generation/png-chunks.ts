import { readExifTextFields } from "./exif-tiff.js";
import type { FieldSink } from "./field-sink.js";
import { MAX_CONTAINER_ITEMS, MAX_FIELD_INPUT_BYTES, MAX_SCANNED_BYTES } from "./limits.js";
import { decodeLatin1OrUtf8, decodeUtf8 } from "./text-decoding.js";
import { readXmpFields } from "./xmp.js";

/**
 * Walks a PNG's chunks and puts every text chunk (tEXt, zTXt, iTXt) into the sink under its
 * keyword, XMP and EXIF (eXIf, or ImageMagick's hex "Raw profile type" text) through their
 * readers, and notes a C2PA `caBX` chunk. CRCs are not checked: a bad CRC on a text chunk still
 * leaves readable text, and checking costs a pass over every image byte. A chunk running past the
 * end of a truncated file is read as far as it goes.
 */
export function readPngChunks(bytes: Buffer, sink: FieldSink): void {
  const end = Math.min(bytes.length, MAX_SCANNED_BYTES);
  let offset = PNG_SIGNATURE_LENGTH;
  for (let visited = 0; visited < MAX_CONTAINER_ITEMS && offset + 8 <= end; visited++) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const dataStart = offset + 8;
    const dataEnd = Math.min(dataStart + length, end, dataStart + MAX_FIELD_INPUT_BYTES);
    readChunk(type, bytes.subarray(dataStart, dataEnd), sink);
    if (type === "IEND") return;
    offset = dataStart + length + 4;
  }
}

const PNG_SIGNATURE_LENGTH = 8;

function readChunk(type: string, data: Buffer, sink: FieldSink): void {
  switch (type) {
    case "tEXt":
      readTextChunk(data, sink);
      return;
    case "zTXt":
      readCompressedTextChunk(data, sink);
      return;
    case "iTXt":
      readInternationalTextChunk(data, sink);
      return;
    case "eXIf":
      readExifTextFields(data, sink);
      return;
    case "caBX":
      sink.c2pa = true;
      return;
  }
}

/** tEXt: keyword, NUL, Latin-1 text (often UTF-8 in practice). */
function readTextChunk(data: Buffer, sink: FieldSink): void {
  const nul = data.indexOf(0);
  if (nul < 1) return;
  addTextField(keywordOf(data, nul), data.subarray(nul + 1), sink, decodeLatin1OrUtf8);
}

/** zTXt: keyword, NUL, compression method (0 = zlib), compressed Latin-1 text. */
function readCompressedTextChunk(data: Buffer, sink: FieldSink): void {
  const nul = data.indexOf(0);
  if (nul < 1 || data[nul + 1] !== 0) return;
  const inflated = sink.inflate(data.subarray(nul + 2));
  if (inflated !== undefined)
    addTextField(keywordOf(data, nul), inflated, sink, decodeLatin1OrUtf8);
}

/**
 * iTXt: keyword, NUL, compression flag, compression method, language tag, NUL, translated
 * keyword, NUL, UTF-8 text (zlib-compressed when the flag is 1).
 */
function readInternationalTextChunk(data: Buffer, sink: FieldSink): void {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 1 || keywordEnd + 3 > data.length) return;
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd === -1 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd === -1) return;
  const payload = data.subarray(translatedEnd + 1);
  const text = compressed ? sink.inflate(payload) : payload;
  if (text !== undefined) addTextField(keywordOf(data, keywordEnd), text, sink, decodeUtf8);
}

function keywordOf(data: Buffer, nul: number): string {
  return data.toString("latin1", 0, Math.min(nul, MAX_KEYWORD_LENGTH));
}

/** PNG allows 79; a little slack for sloppy writers. */
const MAX_KEYWORD_LENGTH = 200;

function addTextField(
  keyword: string,
  text: Buffer,
  sink: FieldSink,
  decode: (bytes: Uint8Array) => string,
): void {
  if (keyword === "XML:com.adobe.xmp") readXmpFields(text, sink);
  else if (keyword.startsWith("Raw profile type ")) readRawProfile(keyword, text, sink);
  else sink.add(keyword, decode(text));
}

/**
 * ImageMagick's "Raw profile type exif|xmp" text: "\n<name>\n<length>\n<hex digits…>". Only the
 * EXIF and XMP profiles are decoded.
 */
function readRawProfile(keyword: string, text: Buffer, sink: FieldSink): void {
  const profile = keyword.slice("Raw profile type ".length).toLowerCase();
  if (profile !== "exif" && profile !== "app1" && profile !== "xmp") return;
  const lines = text.toString("latin1").trimStart().split("\n");
  const hex = lines
    .slice(2)
    .join("")
    .replace(/[^0-9a-fA-F]/g, "");
  const decoded = Buffer.from(hex.slice(0, hex.length - (hex.length % 2)), "hex");
  if (profile === "xmp") readXmpFields(decoded, sink);
  else readExifTextFields(decoded, sink);
}
