import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checksumOf, displayOf, hashApiKey, isWellFormedKey, newApiKey } from "./api-key-format.js";

describe("the API key format", () => {
  it("is sdk_, 30 random base62 characters and their 6-character CRC32", () => {
    const key = newApiKey();
    expect(key).toMatch(/^sdk_[0-9A-Za-z]{36}$/);
    const random = key.slice(4, 34);
    expect(key.slice(34)).toBe(checksumOf(random));
    expect(isWellFormedKey(key)).toBe(true);
  });

  it("carries at least 128 bits: 30 characters of 62, about evenly used", () => {
    expect(30 * Math.log2(62)).toBeGreaterThan(178);
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const char of newApiKey().slice(4, 34)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 60,000 draws over 62 equally likely symbols (bytes from 248 up are redrawn): ~968 ± 31 each.
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
    for (const n of counts.values()) expect(n).toBeLessThan(1150);
  });

  it("never repeats", () => {
    const keys = new Set(Array.from({ length: 5000 }, () => newApiKey()));
    expect(keys.size).toBe(5000);
  });

  it("encodes the checksum in base62, zero-padded to 6 characters", () => {
    expect(checksumOf("")).toBe("000000");
    const n = crc32("abc");
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    const decoded = [...checksumOf("abc")].reduce((sum, c) => sum * 62 + alphabet.indexOf(c), 0);
    expect(decoded).toBe(n);
    expect(checksumOf("abc")).toHaveLength(6);
  });

  it("rejects typos, other shapes and a wrong checksum offline", () => {
    const key = newApiKey();
    const typo = `${key.slice(0, 10)}${key[10] === "a" ? "b" : "a"}${key.slice(11)}`;
    expect(isWellFormedKey(typo)).toBe(false);
    expect(isWellFormedKey(key.toUpperCase())).toBe(false);
    expect(isWellFormedKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedKey(`${key}x`)).toBe(false);
    expect(isWellFormedKey(`ghp_${key.slice(4)}`)).toBe(false);
    expect(isWellFormedKey(` ${key}`)).toBe(false);
    expect(isWellFormedKey("")).toBe(false);
  });

  it("stores a SHA-256 and shows the prefix, two random characters and the last four", () => {
    const key = newApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(4));
    expect(displayOf(key)).toBe(`sdk_${key.slice(4, 6)}…${key.slice(-4)}`);
  });
});
