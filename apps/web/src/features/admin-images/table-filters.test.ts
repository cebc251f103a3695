import { describe, expect, it } from "vitest";
import { filtersFromSearch, hasFilters, withFilter } from "./table-filters";

describe("the admin table's filters in the URL", () => {
  it("keeps what the API takes and drops the rest", () => {
    const search = new URLSearchParams(
      "q=%20sea%20&visibility=private&editionType=limited_edition&analysis=failed&flagged=true&page=3",
    );
    expect(filtersFromSearch(search)).toEqual({
      q: "sea",
      visibility: "private",
      editionType: "limited_edition",
      analysis: "failed",
      flagged: "true",
    });
    expect(
      filtersFromSearch(
        new URLSearchParams("visibility=hidden&analysis=soon&flagged=yes&editionType=x"),
      ),
    ).toEqual({});
    expect(filtersFromSearch(new URLSearchParams("visibility=all"))).toEqual({});
  });

  it("sets and clears one filter, leaving the others", () => {
    const search = new URLSearchParams("q=sea&visibility=public");
    expect(withFilter(search, "visibility", "all").toString()).toBe("q=sea");
    expect(withFilter(search, "analysis", "pending").toString()).toBe(
      "q=sea&visibility=public&analysis=pending",
    );
    expect(withFilter(search, "q", undefined).toString()).toBe("visibility=public");
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ flagged: "false" })).toBe(true);
  });
});
