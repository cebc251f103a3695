import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "./sniff.js";

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(
    values.map((v) => (typeof v === "string" ? Buffer.from(v, "latin1") : Buffer.from([v]))),
  );

describe("sniffImageFormat", () => {
  it.each([
    ["jpeg", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ["png", bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)],
    ["webp", bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 ")],
    ["avif", bytes(0, 0, 0, 0x1c, "ftypavif", 0, 0)],
  ])("recognises %s", (format, head) => {
    expect(sniffImageFormat(head)).toBe(format);
  });

  it.each([
    ["text", Buffer.from("hello, I am not a picture")],
    ["gif", Buffer.from("GIF89a........")],
    ["empty", Buffer.alloc(0)],
    ["heic (not avif)", bytes(0, 0, 0, 0x1c, "ftypheic", 0, 0)],
    ["truncated png", bytes(0x89, "PN")],
  ])("refuses %s", (_name, head) => {
    expect(sniffImageFormat(head)).toBeUndefined();
  });
});
