import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { PARTNER_API } from "@sawdust/shared";

/**
 * The key format (design section 6, after GitHub's tokens): `sdk_`, 30 base62 characters of
 * randomness (≈178.6 bits) and a 6-character base62 CRC32 of those 30. The prefix names what the
 * key is; the checksum lets a secret scanner, or this server before any database lookup, tell a
 * real key from a typo or a random string offline. `_` keeps a double-click selecting it whole.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_CHARS = 30;
const CHECKSUM_CHARS = 6;
const PREFIX = PARTNER_API.keyPrefix;
const SHAPE = new RegExp(`^${PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}$`);
/** The largest multiple of 62 a byte can hold: bytes above it would favour the first letters. */
const UNBIASED_BELOW = 248;

/** A new key: the only copy leaves in the creation response. */
export function newApiKey(): string {
  let random = "";
  while (random.length < RANDOM_CHARS) {
    for (const byte of randomBytes(RANDOM_CHARS * 2)) {
      if (byte >= UNBIASED_BELOW) continue;
      random += ALPHABET[byte % ALPHABET.length];
      if (random.length === RANDOM_CHARS) break;
    }
  }
  return `${PREFIX}${random}${checksumOf(random)}`;
}

/** The 6-character base62 CRC32 of a key's random part. */
export function checksumOf(random: string): string {
  let n = crc32(random);
  let text = "";
  do {
    text = ALPHABET[n % ALPHABET.length] + text;
    n = Math.floor(n / ALPHABET.length);
  } while (n > 0);
  return text.padStart(CHECKSUM_CHARS, "0");
}

/** Whether this could be one of our keys: the right shape and a checksum that matches. */
export function isWellFormedKey(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  const body = value.slice(PREFIX.length);
  return checksumOf(body.slice(0, RANDOM_CHARS)) === body.slice(RANDOM_CHARS);
}

/** What is stored and looked up: the key's SHA-256 (hex). A key is random enough for no salt. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** `sdk_ab…wxyz`: the first two random characters and the last four, to tell keys apart. */
export function displayOf(key: string): string {
  return `${PREFIX}${key.slice(PREFIX.length, PREFIX.length + 2)}…${key.slice(-4)}`;
}
