import { describe, expect, it } from "vitest";
import { smallestWalk } from "./catalogue.service.js";
import type { WalkSizes } from "./images.repo.js";

/**
 * A page walks the smallest set that holds its matches (CatalogueService.leadOf): the sizes come
 * from the kept counts, so the rule itself is checked here, without a database.
 */
const sizes = (given: Partial<WalkSizes>): WalkSizes => ({
  values: [],
  catalogue: 1_000_000,
  ...given,
});

describe("smallestWalk", () => {
  it("walks a rare style's rows rather than a common tag's", () => {
    // A common tag with a rare style read every image of the tag (8.4 s at 1,000,000 images).
    const two = sizes({
      values: [
        { kind: "tag", size: 465_000 },
        { kind: "style", size: 18 },
      ],
    });
    expect(
      smallestWalk({ order: "newest", usual: "walk", sizes: two, limit: 20, matches: 0 }),
    ).toBe("style");
  });

  it("keeps the first value on a tie, and the tag when it is the rarer", () => {
    const tie = sizes({
      values: [
        { kind: "tag", size: 40 },
        { kind: "color", size: 40 },
      ],
    });
    expect(
      smallestWalk({ order: "newest", usual: "walk", sizes: tie, limit: 20, matches: 5 }),
    ).toBe("tag");
  });

  it("walks the sold-out pieces or one type's images when they are fewer than the facet's rows", () => {
    const soldFew = sizes({ values: [{ kind: "tag", size: 465_000 }], sold: 30_000 });
    expect(
      smallestWalk({ order: "newest", usual: "walk", sizes: soldFew, limit: 20, matches: 0 }),
    ).toBe("sold");
    const noLimited = sizes({ values: [{ kind: "tag", size: 465_000 }], sold: 30_000, edition: 0 });
    expect(
      smallestWalk({ order: "newest", usual: "walk", sizes: noLimited, limit: 20, matches: 0 }),
    ).toBe("edition");
    const rareTag = sizes({ values: [{ kind: "tag", size: 50 }], sold: 30_000, edition: 300_000 });
    expect(
      smallestWalk({ order: "newest", usual: "walk", sizes: rareTag, limit: 20, matches: 3 }),
    ).toBe("tag");
  });

  it("compares the catalogue walk or the facets' rows when no single value leads", () => {
    expect(
      smallestWalk({
        order: "newest",
        usual: "walk",
        sizes: sizes({ sold: 30_000 }),
        limit: 20,
        matches: 1000,
      }),
    ).toBe("sold");
    expect(
      smallestWalk({
        order: "newest",
        usual: "facets",
        sizes: sizes({ rarest: { kind: "tag", size: 900 }, edition: 5_000 }),
        limit: 20,
        matches: 10,
      }),
    ).toBe("facets");
  });

  it("most downloaded first, reads a type's images whole only when fewer than the walk passes", () => {
    const walk = (edition: number, matches: number) =>
      smallestWalk({
        order: "most_downloaded",
        usual: "walk",
        sizes: sizes({ edition }),
        limit: 20,
        matches,
      });
    // No match: the walk along the downloads passes every image.
    expect(walk(0, 0)).toBe("edition");
    expect(walk(300_000, 0)).toBe("edition");
    // A thousand matches: the walk passes about 21,000 images, fewer than 300,000 to sort.
    expect(walk(300_000, 1000)).toBe("walk");
    expect(walk(5_000, 1000)).toBe("edition");
    // Never a sold walk most downloaded first: that statement would sort them all.
    expect(
      smallestWalk({
        order: "most_downloaded",
        usual: "walk",
        sizes: sizes({ sold: 1 }),
        limit: 20,
        matches: 0,
      }),
    ).toBe("walk");
  });
});
