import { MESSAGES } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import type { ShortcutCounts } from "../search-groups";
import { colourMatches, resultsFound, visibleGroups } from "./search-shortcuts";

// Every shortcut's gallery has images, so none is left out for being empty.
const counts: ShortcutCounts = {
  tags: new Map(
    ["nature", "portrait", "landscape", "abstract", "wildlife", "architecture"]
      .concat(["vibrant", "monochrome", "pastel", "dark"])
      .map((tag) => [tag, 11]),
  ),
  styles: new Map(),
};

const labelsOf = (search: string, slug: string) =>
  visibleGroups(search, counts)
    .find(({ group }) => group.slug === slug)
    ?.entries.map(({ entry }) => entry.label) ?? [];

describe("colour themes in the search palette", () => {
  it("match when a word typed begins the colour's name, or begins with it", () => {
    expect(colourMatches("Monochrome", "mono")).toBe(true);
    expect(colourMatches("Dark", "dark forest")).toBe(true);
    expect(colourMatches("Dark", "Darkest night")).toBe(true);
    expect(colourMatches("Pastel", "soft PASTELS")).toBe(true);
  });

  it("do not match letters that only resemble the name: moon is not Monochrome", () => {
    expect(colourMatches("Monochrome", "moon")).toBe(false);
    expect(colourMatches("Dark", "drak")).toBe(false);
    expect(labelsOf("moon", "color-themes")).toEqual([]);
  });

  it("are all offered for their group's name, and the one named otherwise", () => {
    expect(labelsOf("", "color-themes")).toEqual(["Vibrant", "Monochrome", "Pastel", "Dark"]);
    expect(labelsOf("color", "color-themes")).toEqual(["Vibrant", "Monochrome", "Pastel", "Dark"]);
    expect(labelsOf("mono", "color-themes")).toEqual(["Monochrome"]);
  });
});

describe("the search palette's status line", () => {
  it("counts every group the list shows, colour themes too", () => {
    const shown = visibleGroups("mono", counts);
    expect(resultsFound(4, 2, shown)).toBe("4 artwork, 2 tags and 1 colour found");
    expect(resultsFound(0, 1, shown)).toBe("No artwork; 1 tag and 1 colour found");
    expect(resultsFound(0, 0, shown)).toBe("No artwork; 1 colour found");
  });

  it("names artwork and tags alone when no shortcut matches", () => {
    const none = visibleGroups("zzqqxx", counts);
    expect(none).toEqual([]);
    expect(resultsFound(1, 0, none)).toBe("1 artwork found");
    expect(resultsFound(3, 1, none)).toBe("3 artwork and 1 tag found");
    expect(resultsFound(0, 2, none)).toBe("No artwork; 2 tags found");
    expect(resultsFound(0, 0, none)).toBe(MESSAGES.search.empty);
  });

  it("says nothing was found when only View all links match", () => {
    const viewAll = visibleGroups("view", counts).filter(({ entries }) => entries.length === 0);
    expect(viewAll.length).toBeGreaterThan(0);
    expect(resultsFound(0, 0, viewAll)).toBe(MESSAGES.searchStatus.nothingFound);
  });
});
