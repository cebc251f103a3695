import { describe, expect, it } from "vitest";
import { searchTermsOf, toFts5Query, toTsQuery } from "./search-query.js";

describe("searchTermsOf", () => {
  it("keeps words only: operators, quotes and punctuation fall away", () => {
    expect(searchTermsOf('  "misty" -forest* OR (dragon) ')).toEqual([
      "misty",
      "forest",
      "OR",
      "dragon",
    ]);
    expect(searchTermsOf("misty-forest")).toEqual(["misty", "forest"]);
    expect(searchTermsOf("title:dragon' & !x | y <-> z:*")).toEqual([
      "title",
      "dragon",
      "x",
      "y",
      "z",
    ]);
    expect(searchTermsOf("\u0000\u200b*\"'-")).toEqual([]);
    expect(searchTermsOf(undefined)).toEqual([]);
  });

  it("keeps letters and digits of any script, with their accents", () => {
    expect(searchTermsOf("Café 日本 ½ v2")).toEqual(["Café", "日本", "½", "v2"]);
    // A decomposed accent is composed, so it reads like the typed one.
    expect(searchTermsOf("Cafe\u0301")).toEqual(["Café"]);
  });

  it("drops repeats, bounds word length and the number of words", () => {
    expect(searchTermsOf("dragon Dragon dragon")).toEqual(["dragon", "Dragon"]);
    expect(searchTermsOf("x".repeat(500))).toEqual(["x".repeat(64)]);
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    expect(searchTermsOf(many)).toHaveLength(12);
  });
});

describe("the dialect queries", () => {
  it("AND every word and make the last a prefix", () => {
    expect(toFts5Query(["misty", "for"])).toBe('"misty" AND "for"*');
    expect(toTsQuery(["misty", "for"])).toBe("'misty' & 'for':*");
    expect(toFts5Query(["drag"])).toBe('"drag"*');
  });
});
