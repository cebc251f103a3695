import { readExifTextFields } from "./exif-tiff.js";
import type { FieldSink } from "./field-sink.js";
import { MAX_CONTAINER_ITEMS, MAX_SCANNED_BYTES } from "./limits.js";
import { decodeLatin1OrUtf8 } from "./text-decoding.js";
import { readXmpFields } from "./xmp.js";

/**
 * Walks a JPEG's marker segments up to the first scan (SOS), where metadata ends: APP1 Exif and
 * XMP go to their readers, COM text becomes the `jpeg:comment` field, and an APP11 JUMBF segment
 * labelled "c2pa" marks a C2PA manifest. Anything that is not a marker ends the walk.
 */
export function readJpegSegments(bytes: Buffer, sink: FieldSink): void {
  const end = Math.min(bytes.length, MAX_SCANNED_BYTES);
  let offset = 2;
  let visited = 0;
  while (offset + 2 <= end && visited < MAX_CONTAINER_ITEMS) {
    if (bytes[offset] !== 0xff) return;
    const marker = bytes[offset + 1] ?? 0;
    visited++; // fill bytes count too: a file of nothing but 0xFF must not cost a long loop
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (isStandaloneMarker(marker)) {
      offset += 2;
      continue;
    }
    if (marker === SOS || marker === EOI || offset + 4 > end) return;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return;
    readSegment(marker, bytes.subarray(offset + 4, Math.min(offset + 2 + length, end)), sink);
    offset += 2 + length;
  }
}

const SOS = 0xda;
const EOI = 0xd9;
const APP1 = 0xe1;
const APP11 = 0xeb;
const COM = 0xfe;
const EXIF_HEADER = "Exif\0";
const XMP_HEADER = "http://ns.adobe.com/xap/1.0/\0";

function isStandaloneMarker(marker: number): boolean {
  return marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

function readSegment(marker: number, data: Buffer, sink: FieldSink): void {
  if (marker === APP1) {
    if (startsWith(data, EXIF_HEADER)) readExifTextFields(data.subarray(6), sink);
    else if (startsWith(data, XMP_HEADER)) readXmpFields(data.subarray(XMP_HEADER.length), sink);
  } else if (marker === APP11) {
    if (isC2paJumbf(data)) sink.c2pa = true;
  } else if (marker === COM) {
    const text = decodeLatin1OrUtf8(data).trim();
    if (text !== "") sink.add("jpeg:comment", text);
  }
}

/** A JPEG XT (JUMBF) segment whose superbox is a "jumb" box labelled "c2pa". */
function isC2paJumbf(data: Buffer): boolean {
  return startsWith(data, "JP") && data.includes("jumb") && data.includes("c2pa");
}

function startsWith(data: Buffer, prefix: string): boolean {
  return data.length >= prefix.length && data.toString("latin1", 0, prefix.length) === prefix;
}
