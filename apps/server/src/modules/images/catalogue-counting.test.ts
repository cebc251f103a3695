import { LIST_TOTALS, ZImageListQuery } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import type { MediaStore } from "../../media/media-store.js";
import { CatalogueService } from "./catalogue.service.js";
import { COUNTING_SLOTS } from "./images.constants.js";
import type { ImageFilter, ImagesRepo, ListTotal } from "./images.repo.js";
import { ListCache } from "./list-cache.js";

/**
 * Each distinct filter is a new count. A burst of them must not hold every database connection:
 * the catalogue counts COUNTING_SLOTS totals at once at most, each up to LIST_TOTALS.countedUpTo.
 */
describe("CatalogueService's list totals", () => {
  it("counts a few distinct filters at once, the rest in turn, each up to the cap", async () => {
    let running = 0;
    let most = 0;
    const asked: number[] = [];
    const release: Array<() => void> = [];
    const images = {
      total: async (_filter: ImageFilter, upTo: number): Promise<ListTotal> => {
        asked.push(upTo);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
        return { images: upTo, atLeast: true };
      },
      findPage: async () => [],
    } as unknown as ImagesRepo;
    const clock = { now: () => 0 };
    const catalogue = new CatalogueService({
      images,
      media: {} as MediaStore,
      clock,
      listCache: new ListCache(clock),
    });

    const pages = Array.from({ length: 12 }, (_, i) =>
      catalogue.listJson(ZImageListQuery.parse({ q: `word${i}`, color: "green" }), {
        kind: "visitor",
      }),
    );
    // Let each count that may start, start; then finish them one by one.
    for (let done = 0; done < 12; done++) {
      while (release.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(COUNTING_SLOTS);
      release.shift()?.();
    }
    const answers = (await Promise.all(pages)).map((text) => JSON.parse(text).stats);
    expect(most).toBe(COUNTING_SLOTS);
    expect(asked).toEqual(Array(12).fill(LIST_TOTALS.countedUpTo));
    expect(answers[0]).toEqual({ totalImages: LIST_TOTALS.countedUpTo, totalIsLowerBound: true });
  });
});
