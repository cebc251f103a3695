import { constants, inflateSync } from "node:zlib";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = new TextDecoder("utf-8");

/** UTF-8 with invalid sequences replaced by U+FFFD: what a text field that claims UTF-8 holds. */
export function decodeUtf8(bytes: Uint8Array): string {
  return lenientUtf8.decode(bytes);
}

/**
 * Text that the format calls Latin-1 (PNG tEXt, EXIF ASCII) but that many writers fill with UTF-8:
 * valid UTF-8 is read as UTF-8, anything else as Latin-1, which can represent any byte.
 */
export function decodeLatin1OrUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  }
}

/** UTF-16 in either byte order; a trailing odd byte is dropped. */
export function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  if (!littleEndian) even.swap16();
  return even.toString("utf16le");
}

/**
 * Which byte order UTF-16 text of mostly Latin characters is in: the zero high bytes sit at even
 * offsets in big-endian text and at odd ones in little-endian. Undefined when the bytes don't say.
 */
export function guessUtf16LittleEndian(bytes: Uint8Array): boolean | undefined {
  let zerosAtEven = 0;
  let zerosAtOdd = 0;
  const sample = Math.min(bytes.length, 4096);
  for (let i = 0; i < sample; i++) {
    if (bytes[i] === 0) {
      if (i % 2 === 0) zerosAtEven++;
      else zerosAtOdd++;
    }
  }
  if (zerosAtEven === zerosAtOdd) return undefined;
  return zerosAtOdd > zerosAtEven;
}

/**
 * zlib data inflated to at most `maxBytes`; undefined when it is corrupt or larger. A truncated
 * stream yields what it held (sync flush), since truncated uploads are common.
 */
export function inflateBounded(compressed: Uint8Array, maxBytes: number): Buffer | undefined {
  if (maxBytes <= 0) return undefined;
  try {
    return inflateSync(compressed, {
      maxOutputLength: maxBytes,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch {
    return undefined;
  }
}

/** Text cut to a number of characters, without splitting a surrogate pair. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const lastCode = text.charCodeAt(maxChars - 1);
  const cut = lastCode >= 0xd800 && lastCode <= 0xdbff ? maxChars - 1 : maxChars;
  return text.slice(0, cut);
}
