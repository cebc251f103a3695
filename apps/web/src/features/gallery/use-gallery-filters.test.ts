import { describe, expect, it } from "vitest";
import { filterSearch } from "./use-gallery-filters";

describe("filterSearch", () => {
  it("writes the filters normalised, in a fixed order", () => {
    expect(filterSearch({ color: "#FF0000", tag: "Golden Hour!", style: " Ink " })).toBe(
      "?tag=golden-hour&style=ink&color=ff0000",
    );
  });

  it("is empty without filters", () => {
    expect(filterSearch({})).toBe("");
    expect(filterSearch({ tag: "  " })).toBe("");
  });
});
