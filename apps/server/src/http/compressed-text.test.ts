import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CompressedTexts } from "./compressed-text.js";

describe("CompressedTexts", () => {
  const text = JSON.stringify({ images: Array.from({ length: 50 }, (_, id) => ({ id })) });

  it("compresses a text once per encoding and hands out the kept copy after that", () => {
    const texts = new CompressedTexts();
    const br = texts.compressed(text, "br");
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(texts.compressed(text, "br")).toBe(br);
    const gzip = texts.compressed(text, "gzip");
    expect(gunzipSync(gzip).toString()).toBe(text);
    expect(texts.compressed(text, "gzip")).toBe(gzip);
  });

  it("keeps at most 256 copies an encoding, forgetting the oldest first", () => {
    const texts = new CompressedTexts();
    const first = texts.compressed("text 0", "gzip");
    const second = texts.compressed("text 1", "gzip");
    for (let i = 2; i <= 256; i++) texts.compressed(`text ${i}`, "gzip");
    expect(texts.compressed("text 1", "gzip")).toBe(second);
    expect(texts.compressed("text 0", "gzip")).not.toBe(first);
  });
});
