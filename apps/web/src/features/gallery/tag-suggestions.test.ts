import { describe, expect, it } from "vitest";
import { tagSuggestions } from "./tag-suggestions";

const tags = [
  { tag: "still-life", count: 3 },
  { tag: "sunset", count: 9 },
  { tag: "golden-sunset", count: 12 },
  { tag: "portrait", count: 20 },
];

describe("tagSuggestions", () => {
  it("offers the most used tags when nothing is typed", () => {
    expect(tagSuggestions(tags, "  ", 2).map((t) => t.tag)).toEqual(["portrait", "golden-sunset"]);
  });

  it("matches the slug of the words, tags that start with them first", () => {
    expect(tagSuggestions(tags, "Sunset!").map((t) => t.tag)).toEqual(["sunset", "golden-sunset"]);
    expect(tagSuggestions(tags, "Still Life").map((t) => t.tag)).toEqual(["still-life"]);
  });

  it("puts the exact tag first, however much more a longer one is used", () => {
    const typed = [
      { tag: "navy", count: 40 },
      { tag: "nav", count: 1 },
      { tag: "dark-navy", count: 90 },
    ];
    expect(tagSuggestions(typed, "nav").map((t) => t.tag)).toEqual(["nav", "navy", "dark-navy"]);
    expect(tagSuggestions(typed, "na").map((t) => t.tag)).toEqual(["navy", "nav", "dark-navy"]);
  });

  it("is empty when nothing matches or the tags have not loaded", () => {
    expect(tagSuggestions(tags, "ocean")).toEqual([]);
    expect(tagSuggestions(undefined, "sun")).toEqual([]);
  });
});
