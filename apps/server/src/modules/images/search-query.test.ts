import { describe, expect, it } from "vitest";
import {
  indexedPrefixOf,
  prefixEnd,
  searchFilterOf,
  searchTermsOf,
  toFts5Query,
  toTsQuery,
} from "./search-query.js";

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

  it("keeps letters and digits of any script, without their accents (as both indexes hold them)", () => {
    expect(searchTermsOf("Café 日本 ½ v2 Noël naïve Łódź")).toEqual([
      "Cafe",
      "日本",
      "½",
      "v2",
      "Noel",
      "naive",
      "Łodz",
    ]);
    // Only Latin letters lose their accents (as SQLite's tokenizer folds them); other scripts'
    // marks stay, and Hangul and kana come back whole.
    expect(searchTermsOf("край ёлка θάλασσα 서울 ガラス がっこう")).toEqual([
      "край",
      "ёлка",
      "θάλασσα",
      "서울",
      "ガラス",
      "がっこう",
    ]);
    // A decomposed accent goes the same way as a composed one.
    expect(searchTermsOf("Cafe\u0301")).toEqual(["Cafe"]);
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

  it("read Greek's final sigma as σ on PostgreSQL, as its search_vector files it", () => {
    expect(toTsQuery(["λογος", "θεος"])).toBe("'λογοσ' & 'θεοσ':*");
    expect(toTsQuery(["ΛΟΓΟΣ"])).toBe("'ΛΟΓΟΣ':*");
  });
});

describe("searchFilterOf", () => {
  it("makes text without a word a search that matches nothing, and no text no search", () => {
    expect(searchFilterOf("🇯🇵")).toEqual({ search: [], searchHasNoWords: true });
    expect(searchFilterOf(' "*" -- () ')).toEqual({ search: [], searchHasNoWords: true });
    expect(searchFilterOf("misty 🇯🇵")).toEqual({ search: ["misty"] });
    for (const nothing of [undefined, "", "   "]) {
      expect(searchFilterOf(nothing)).toEqual({ search: [] });
    }
  });
});

describe("the last word spelled out as the index's terms (SQLite)", () => {
  it("ORs the terms in place of the prefix, the other words unchanged", () => {
    expect(toFts5Query(["misty", "for"], ["forest", "forge"])).toBe(
      '"misty" AND ("forest" OR "forge")',
    );
    expect(toFts5Query(["landscape"], ["landscape"])).toBe('"landscape"');
    // No terms given: the prefix query.
    expect(toFts5Query(["drag"], [])).toBe('"drag"*');
    // A term is a quoted string whatever it holds.
    expect(toFts5Query(["a"], ['a"b'])).toBe('"a""b"');
  });

  it("works out the index's prefix only for ASCII letters and digits", () => {
    expect(indexedPrefixOf("LandScape2")).toBe("landscape2");
    expect(indexedPrefixOf("café")).toBeUndefined();
    expect(indexedPrefixOf("日本")).toBeUndefined();
    expect(indexedPrefixOf("e\u0301")).toBeUndefined();
  });

  it("ends a prefix's range just above every word that begins with it", () => {
    expect(prefixEnd("landscape")).toBe("landscapf");
    expect(prefixEnd("z")).toBe("{");
    expect(prefixEnd("a9")).toBe("a:");
    for (const word of ["landscape", "landscapes", "landscapezzz"]) {
      expect(word >= "landscape" && word < prefixEnd("landscape")).toBe(true);
    }
    expect("landscapf" < prefixEnd("landscape")).toBe(false);
  });
});
