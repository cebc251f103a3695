import { ZImageListQuery } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterOf, fixedSequence, seedImage, setImageColumns } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { type ImageFilter, ImagesRepo, type PageLead, type PageStart } from "./images.repo.js";

/**
 * The edition pages' filters (availability, edition types) with tags, found from the sold-out
 * pieces (PageLead `sold`, images_sold_out_idx), from one edition type's images (`edition`,
 * images_edition_idx) or as before: every lead gives the reference's pages (the matching images
 * sorted in JavaScript), and the list a visitor gets, with its lead chosen from the kept counts,
 * has the reference's images and total.
 */
let app: TestApp;
let repo: ImagesRepo;
interface Seeded {
  id: number;
  forest: boolean;
  tags: string[];
  colors: string[];
  isPublic: boolean;
  editionType: string;
  soldOut: boolean;
}
const seeded: Seeded[] = [];
const EDITIONS = ["open_edition", "one_of_one", "limited_edition", "sawdust_gallery"];

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  repo = new ImagesRepo(app.database.db, app.database.dialect);
  // A fixed sequence of pieces: some 1/1s collected, some limited editions sold out.
  const next = fixedSequence(11);
  for (let i = 0; i < 40; i++) {
    const tags = [["dawn"], ["dusk"], ["dawn", "dusk"], []][next(4)] ?? [];
    const editionType = EDITIONS[next(4)] ?? "";
    const isPublic = next(6) > 0;
    const forest = next(3) === 0;
    const title = forest ? "forest at dawn" : "road at dusk";
    // Green is rare: a filter of a common tag and green is walked from green's rows.
    const colors = next(5) === 0 ? ["green"] : ["red"];
    const id = await seedImage(app, { tags, colors, editionType, isPublic, title });
    let soldOut = false;
    if (editionType === "one_of_one") {
      const sold = next(2);
      await setImageColumns(app, id, { sold_editions: sold });
      soldOut = sold === 1;
    } else if (editionType === "limited_edition") {
      const size = 1 + next(3);
      const sold = next(size + 1);
      await setImageColumns(app, id, { max_editions: size, sold_editions: sold });
      soldOut = sold >= size;
    }
    seeded.push({ id, forest, tags, colors, isPublic, editionType, soldOut });
  }
});
afterAll(async () => {
  await app.close();
});

function reference(filter: ImageFilter): number[] {
  return seeded
    .filter(
      (image) =>
        image.isPublic &&
        (filter.search.length === 0 || image.forest) &&
        (filter.tags.length === 0 || filter.tags.some((tag) => image.tags.includes(tag))) &&
        (filter.colors.length === 0 || filter.colors.some((c) => image.colors.includes(c))) &&
        (filter.editionTypes.length === 0 || filter.editionTypes.includes(image.editionType)) &&
        (filter.availability === undefined ||
          (filter.availability === "sold"
            ? image.soldOut
            : image.editionType !== "sawdust_gallery" && !image.soldOut)),
    )
    .sort((a, b) => b.id - a.id)
    .map((image) => image.id);
}

/** Every page in turn, three images a page, newest first. */
async function walk(filter: ImageFilter, lead: PageLead): Promise<number[]> {
  const ids: number[] = [];
  let start: PageStart | undefined;
  for (let pages = 0; pages < 40; pages++) {
    const rows = await repo.findOrderedPage(filter, "newest", start, 3, lead);
    ids.push(...rows.map((row) => Number(row.id)));
    const last = rows.at(-1);
    if (rows.length < 3 || !last) return ids;
    start = { afterId: Number(last.id) };
  }
  throw new Error("more pages than images");
}

const filters: Array<Partial<ImageFilter>> = [
  { availability: "sold" },
  { availability: "sold", tags: ["dawn"] },
  { availability: "sold", tags: ["dawn", "dusk"], editionTypes: ["one_of_one"] },
  { availability: "sold", tags: ["dusk"], editionTypes: ["limited_edition"] },
  { availability: "sold", editionTypes: ["limited_edition", "one_of_one"] },
  { availability: "available", tags: ["dawn"], editionTypes: ["limited_edition"] },
  { availability: "available", editionTypes: ["one_of_one"] },
  { tags: ["dusk"], editionTypes: ["limited_edition"] },
  { tags: ["dawn"], editionTypes: ["sawdust_gallery"] },
  // Two facet kinds of one value each: either value's rows lead.
  { tags: ["dawn"], colors: ["green"] },
  { tags: ["dusk"], colors: ["green"], availability: "available" },
  // A search over a few sold pieces or one type's images: each probed in the full-text index
  // (SQLite), or the words' images walked (PostgreSQL).
  { search: ["forest"], availability: "sold" },
  { search: ["forest"], editionTypes: ["limited_edition"] },
  { search: ["forest"], tags: ["dawn"], availability: "available", editionTypes: ["one_of_one"] },
];

describe(`sold pieces and one edition type's pages, on ${TEST_DB}`, () => {
  it("seeded every kind the filters ask about", () => {
    for (const type of EDITIONS) expect(seeded.some((s) => s.editionType === type)).toBe(true);
    expect(
      seeded.filter((s) => s.soldOut && s.editionType === "one_of_one").length,
    ).toBeGreaterThan(0);
    expect(
      seeded.filter((s) => s.soldOut && s.editionType === "limited_edition").length,
    ).toBeGreaterThan(0);
  });

  it.each(filters)("every lead gives the reference's pages: %j", async (given) => {
    const filter = filterOf(given);
    const expected = reference(filter);
    for (const lead of ["walk", "facets", "sold", "edition", "tag", "color"] as const) {
      expect(await walk(filter, lead), lead).toEqual(expected);
    }
  });

  it.each(filters)("a visitor's list has the reference's images and total: %j", async (given) => {
    const filter = filterOf(given);
    const expected = reference(filter);
    const query = ZImageListQuery.parse({
      tag: filter.tags.join(",") || undefined,
      editionType: filter.editionTypes.join(",") || undefined,
      color: filter.colors.join(",") || undefined,
      availability: filter.availability,
      q: filter.search.join(" ") || undefined,
      limit: 100,
    });
    const page = await app.services.catalogue.list(query, { kind: "visitor" });
    expect(page.images.map((image) => image.id)).toEqual(expected);
    expect(page.stats).toEqual({ totalImages: expected.length, totalIsLowerBound: false });
  });
});
