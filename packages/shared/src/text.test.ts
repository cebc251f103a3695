import { describe, expect, it } from "vitest";
import { ZProfileBody } from "./schemas/profile.js";
import {
  characterCount,
  dollarsToCents,
  formatBytes,
  formatCents,
  groupDigits,
  hasHiddenFormatting,
  normalizeColor,
  normalizeStyle,
  oneLineText,
  shownText,
  slugifyTag,
  tagHeading,
  withoutHiddenFormatting,
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
    // The capital dotted I lower-cases to "i" and a combining dot: one tag with "izmir".
    ["İzmir", "izmir"],
    ["İSTANBUL", "istanbul"],
    ["I\u0307stanbul", "istanbul"],
    ["i\u0307zmir", "izmir"],
    // A mark whose character went (a variation selector, a skin tone, a keycap) goes too.
    ["🏳️‍🌈pride", "pride"],
    ["👨‍👩‍👧‍👦 Family 🇯🇵🇺🇦 🏳️‍🌈 flags", "family-flags"],
    ["👍🏽 nice", "nice"],
    ["1️⃣ fun", "1-fun"],
    ["❤️", ""],
    ["\u{1F600}\u0301x", "x"],
    ["a \u0301b", "a-b"],
    ["\u200dabc\u200b", "abc"],
    ["\u3164tag", "tag"],
    // ... while marks that belong to a kept letter stay.
    ["ก้าว หน้า", "ก้าว-หน้า"],
    ["Ελληνικά", "ελληνικά"],
    ["Cafe\u0301", "café"],
  ])("%j → %j", (input, expected) => {
    expect(slugifyTag(input)).toBe(expected);
  });

  it("gives every form of a tag one slug", () => {
    const slugs = ["İzmir", "izmir", "IZMIR", "İZMİR"].map(slugifyTag);
    expect(new Set(slugs)).toEqual(new Set(["izmir"]));
  });
});

describe("hidden formatting", () => {
  it("finds the characters that reverse or hide text", () => {
    for (const text of [
      "\u202aa",
      "a\u202bb",
      "a\u202cb",
      "a\u202db",
      "\u202enimda",
      "a\u2066b",
      "a\u2067b",
      "a\u2068b",
      "a\u2069b",
      "a\u200eb",
      "a\u200fb",
      "a\u061cb",
      "Ada\u200bLovelace",
      "a\u2060b",
      "\ufeffa",
      // A joiner that joins nothing visible.
      "\u200dKai",
      "Kai\u200c",
      "Kai \u200d x",
      "a\u200d\u200db",
      "a\u200b\u200db",
      // Tag characters outside a flag's sequence.
      "a\u{E0067}\u{E0062}b",
      "\u{1F3F4}\u{E0067}\u{E0062}",
    ]) {
      expect(hasHiddenFormatting(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("keeps joiners between visible characters: Persian, Bengali, emoji sequences", () => {
    const scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    for (const text of [
      "علی‌رضا",
      "ক্ষ্‍মা",
      "Kai 👨‍👩‍👧",
      "Kai 🏳️‍🌈",
      "👩🏽‍💻",
      "Zoë",
      `${scotland} Scotland`,
    ]) {
      expect(hasHiddenFormatting(text), JSON.stringify(text)).toBe(false);
      expect(withoutHiddenFormatting(text)).toBe(text);
    }
  });

  it("reads a title as pages show it: composed, nothing reversed or hidden, trimmed", () => {
    expect(shownText(" \u202eevil\u202c title ")).toBe("evil title");
    expect(shownText("Cafe\u0301 \u2066noir\u2069")).toBe("Café noir");
    expect(shownText("Family 👨‍👩‍👧")).toBe("Family 👨‍👩‍👧");
  });
});

describe("characterCount", () => {
  it("counts characters as the schemas' length limits do: an emoji is one", () => {
    expect(characterCount("")).toBe(0);
    expect(characterCount("abc")).toBe(3);
    expect(characterCount("😀".repeat(300))).toBe(300);
    // Composed first, as the schemas read typed text: a letter and its accent typed apart are one.
    expect(characterCount("e\u0301")).toBe(1);
    // What the schemas take off before they count: spaces around it, hidden formatting (round 50).
    expect(characterCount(`${"b".repeat(500)}\n\n`)).toBe(500);
    expect(characterCount(`${"b".repeat(499)}\u00AD\u200B`)).toBe(499);
    expect(ZProfileBody.safeParse({ bio: `${"b".repeat(500)}\n\n` }).success).toBe(true);
    // The same count a schema's max takes: 500 emoji fit a 500 limit, 501 do not.
    expect(ZProfileBody.safeParse({ bio: "😀".repeat(500) }).success).toBe(true);
    expect(ZProfileBody.safeParse({ bio: "😀".repeat(501) }).success).toBe(false);
  });
});

describe("tagHeading", () => {
  it("reads a tag's address as its label, and no address can reverse or hide it", () => {
    expect(tagHeading("still-life")).toBe("Still Life");
    expect(tagHeading("Still%20Life")).toBe("Still20life");
    expect(tagHeading("\u202e\u{1f600}")).toBe("\u{1f600}");
    expect(tagHeading("\u200b")).toBe("");
    expect(tagHeading("🏳️‍🌈")).toBe("🏳️‍🌈");
    expect(tagHeading("İzmir")).toBe("Izmir");
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

describe("normalizeStyle", () => {
  it("composes, lower-cases and trims, the Turkish dotted İ as a plain i", () => {
    expect(normalizeStyle(" Oil Painting ")).toBe("oil painting");
    expect(normalizeStyle("İznik tiles")).toBe("iznik tiles");
    expect(normalizeStyle("Art De\u0301co")).toBe("art déco");
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

describe("oneLineText", () => {
  it("puts text on one line, a space for each break and the spaces around it", () => {
    expect(oneLineText("Crimson\r\nTide\u0007 Now")).toBe("Crimson Tide Now");
    expect(oneLineText("a \u2028 b\u0085c\td")).toBe("a b c d");
    expect(oneLineText("Two  spaces stay")).toBe("Two  spaces stay");
  });
});
