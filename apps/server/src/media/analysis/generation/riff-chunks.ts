import { readExifTextFields } from "./exif-tiff.js";
import type { FieldSink } from "./field-sink.js";
import { MAX_CONTAINER_ITEMS, MAX_FIELD_INPUT_BYTES, MAX_SCANNED_BYTES } from "./limits.js";
import { readXmpFields } from "./xmp.js";

/**
 * Walks a WebP's RIFF chunks: `EXIF` and `XMP ` go to their readers, `C2PA` marks a manifest.
 * The walk is bounded by the file, not by the RIFF size field, which some writers get wrong.
 */
export function readRiffChunks(bytes: Buffer, sink: FieldSink): void {
  const end = Math.min(bytes.length, MAX_SCANNED_BYTES);
  let offset = RIFF_HEADER_LENGTH;
  for (let visited = 0; visited < MAX_CONTAINER_ITEMS && offset + 8 <= end; visited++) {
    const fourcc = bytes.toString("latin1", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const dataStart = offset + 8;
    const data = bytes.subarray(
      dataStart,
      Math.min(dataStart + size, end, dataStart + MAX_FIELD_INPUT_BYTES),
    );
    if (fourcc === "EXIF") readExifTextFields(data, sink);
    else if (fourcc === "XMP ") readXmpFields(data, sink);
    else if (fourcc === "C2PA") sink.c2pa = true;
    offset = dataStart + size + (size % 2);
  }
}

const RIFF_HEADER_LENGTH = 12;
