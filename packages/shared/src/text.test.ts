import { describe, expect, it } from "vitest";
import {
  dollarsToCents,
  formatBytes,
  formatCents,
  groupDigits,
  normalizeColor,
  slugifyTag,
  tagHeading,
} from "./text.js";

describe("slugifyTag", () => {
  it.each([
    ["Nature", "nature"],
    ["  Oil Painting ", "oil-painting"],
    ["#Sci-Fi!", "sci-fi"],
    ["rock & roll", "rock-roll"],
    ["Café  Noir", "café-noir"],
    // A separate accent mark (as macOS often types it) makes the same tag as the accented letter.
    ["Zoe\u0308 Tag", "zoë-tag"],
    ["हिन्दी", "हिन्दी"],
    ["தமிழ்", "தமிழ்"],
    ["ที่นี่", "ที่นี่"],
    ["\u0301\u0301 -", ""],
    ["!!!", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugifyTag(input)).toBe(expected);
  });
});

describe("tagHeading", () => {
  it("reads a tag's address as its label, and no address can reverse or hide it", () => {
    expect(tagHeading("still-life")).toBe("Still Life");
    expect(tagHeading("Still%20Life")).toBe("Still20life");
    expect(tagHeading("\u202e\u{1f600}")).toBe("\u{1f600}");
    expect(tagHeading("\u200b")).toBe("");
  });
});

describe("prices", () => {
  it("rounds dollars to cents", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.015)).toBe(2);
    expect(dollarsToCents(0)).toBe(0);
  });
  it("shows cents with two decimals", () => {
    expect(formatCents(1999)).toBe("19.99");
    expect(formatCents(5)).toBe("0.05");
  });
});

describe("normalizeColor", () => {
  it("drops the leading # and lower-cases", () => {
    expect(normalizeColor("#FF0000")).toBe("ff0000");
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 Bytes"],
    [0.4, "0.4 Bytes"],
    [1023, "1023 Bytes"],
    [1536, "1.5 KB"],
    [1024 ** 3, "1 GB"],
    [5 * 1024 ** 4, "5 TB"],
  ])("%d → %s", (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});

describe("groupDigits", () => {
  it("writes a count as en-US does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1234, -999]) {
      expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
