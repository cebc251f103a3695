import { describe, expect, it } from "vitest";
import { matchingTags } from "./search-results";

const tags = [
  { tag: "sunset-glow", count: 9 },
  { tag: "night", count: 30 },
  { tag: "sunset", count: 4 },
  { tag: "midsummer-sun", count: 12 },
  { tag: "sunflowers", count: 2 },
  { tag: "sun-dial", count: 1 },
];

describe("matchingTags", () => {
  it("puts the exact tag first, then tags that start with the words, then the rest, by use", () => {
    expect(matchingTags(tags, "Sunset").map((t) => t.tag)).toEqual(["sunset", "sunset-glow"]);
    expect(matchingTags(tags, "sun").map((t) => t.tag)).toEqual([
      "sunset-glow",
      "sunset",
      "sunflowers",
      "sun-dial",
    ]);
  });

  it("matches the words as a tag slug", () => {
    expect(matchingTags(tags, "  Sun Dial! ").map((t) => t.tag)).toEqual(["sun-dial"]);
  });

  it("offers nothing for one character, unknown words or no tag list", () => {
    expect(matchingTags(tags, "s")).toEqual([]);
    expect(matchingTags(tags, "zzzz")).toEqual([]);
    expect(matchingTags(undefined, "sunset")).toEqual([]);
  });
});
