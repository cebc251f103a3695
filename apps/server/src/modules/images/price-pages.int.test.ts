import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterOf, fixedSequence, seedImage, setImageColumns } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import {
  type ImageFilter,
  ImagesRepo,
  type ListOrder,
  type PageLead,
  type PageStart,
} from "./images.repo.js";

/**
 * The marketing API's price bounds, found from the images priced within them (PageLead `price`,
 * images_price_idx) or along the catalogue and the facets' rows: every page of every lead, in
 * both orders, is the reference's (the matching images sorted in JavaScript).
 */
let app: TestApp;
let repo: ImagesRepo;
interface Seeded {
  id: number;
  price: number | null;
  downloads: number;
  tags: string[];
  isPublic: boolean;
  editionType: string;
}
const seeded: Seeded[] = [];

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  repo = new ImagesRepo(app.database.db, app.database.dialect);
  // A fixed sequence: prices in cents with gaps and ties, some unpriced, downloads with ties.
  const next = fixedSequence(7);
  for (let i = 0; i < 36; i++) {
    const tags = [["dawn"], ["dusk"], ["dawn", "dusk"], []][next(4)] ?? [];
    const editionType = ["open_edition", "limited_edition", "sawdust_gallery"][next(3)] ?? "";
    const isPublic = next(6) > 0;
    const id = await seedImage(app, { tags, editionType, isPublic });
    const price = next(5) === 0 ? null : 100 * (1 + next(12));
    const downloads = next(4);
    await setImageColumns(app, id, { price_cents: price, total_downloads: downloads });
    seeded.push({ id, price, downloads, tags, isPublic, editionType });
  }
});
afterAll(async () => {
  await app.close();
});

function reference(filter: ImageFilter, order: ListOrder): number[] {
  return seeded
    .filter(
      (image) =>
        image.isPublic &&
        // Several values of one kind: any of them.
        (filter.tags.length === 0 || filter.tags.some((tag) => image.tags.includes(tag))) &&
        (filter.editionTypes.length === 0 || filter.editionTypes.includes(image.editionType)) &&
        (filter.minPriceCents === undefined ||
          (image.price !== null && image.price >= filter.minPriceCents)) &&
        (filter.maxPriceCents === undefined ||
          (image.price !== null && image.price <= filter.maxPriceCents)),
    )
    .sort((a, b) => (order === "newest" ? 0 : b.downloads - a.downloads) || b.id - a.id)
    .map((image) => image.id);
}

/** Every page in turn, three images a page, following each page's last image. */
async function walk(filter: ImageFilter, order: ListOrder, lead: PageLead): Promise<number[]> {
  const ids: number[] = [];
  let start: PageStart | undefined;
  for (let pages = 0; pages < 40; pages++) {
    const rows = await repo.findOrderedPage(filter, order, start, 3, lead);
    ids.push(...rows.map((row) => Number(row.id)));
    const last = rows.at(-1);
    if (rows.length < 3 || !last) return ids;
    start = {
      afterId: Number(last.id),
      ...(order === "most_downloaded" ? { afterDownloads: Number(last.total_downloads) } : {}),
    };
  }
  throw new Error("more pages than images");
}

const bounds: Array<Partial<ImageFilter>> = [
  { minPriceCents: 300, maxPriceCents: 700 },
  { minPriceCents: 650, maxPriceCents: 660 },
  { minPriceCents: 1000 },
  { maxPriceCents: 200 },
  { minPriceCents: 500, maxPriceCents: 500, tags: ["dawn"] },
  { minPriceCents: 200, maxPriceCents: 900, tags: ["dawn", "dusk"] },
  { minPriceCents: 200, editionTypes: ["limited_edition", "open_edition"] },
];

describe(`pages within price bounds, on ${TEST_DB}`, () => {
  it.each(bounds)("every lead gives the reference's pages: %j", async (given) => {
    const filter = filterOf(given);
    for (const order of ["newest", "most_downloaded"] as const) {
      const expected = reference(filter, order);
      for (const lead of ["walk", "facets", "price", "edition"] as const) {
        expect(await walk(filter, order, lead), `${order}, ${lead}`).toEqual(expected);
      }
    }
  });

  it("counts the images priced within the bounds, stopping where it is told", async () => {
    const priced = (min?: number, max?: number) =>
      seeded.filter(
        (image) =>
          image.price !== null &&
          (min === undefined || image.price >= min) &&
          (max === undefined || image.price <= max),
      ).length;
    expect(
      await repo.countPriceBand(filterOf({ minPriceCents: 300, maxPriceCents: 700 }), 100),
    ).toBe(priced(300, 700));
    expect(await repo.countPriceBand(filterOf({ maxPriceCents: 200 }), 100)).toBe(
      priced(undefined, 200),
    );
    expect(await repo.countPriceBand(filterOf({ minPriceCents: 100 }), 4)).toBe(4);
    expect(await repo.countPriceBand(filterOf({}), 4)).toBeUndefined();
  });
});
