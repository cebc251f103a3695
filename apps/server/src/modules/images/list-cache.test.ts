import { describe, expect, it } from "vitest";
import { ListCache } from "./list-cache.js";

function clockAt(start: number) {
  const clock = { ms: start, now: () => clock.ms };
  return clock;
}

describe("ListCache", () => {
  it("counts a filter once while it is fresh, again after the TTL", async () => {
    const clock = clockAt(0);
    const totals = new ListCache(clock, { total: 1000, page: 1000 });
    let queries = 0;
    const count = async () => ++queries;

    expect(await totals.total("a", count)).toBe(1);
    clock.ms = 999;
    expect(await totals.total("a", count)).toBe(1);
    expect(await totals.total("b", count)).toBe(2);
    clock.ms = 1000;
    expect(await totals.total("a", count)).toBe(3);
  });

  it("forgets totals and pages when this process changes the catalogue", async () => {
    const totals = new ListCache(clockAt(0), { total: 60_000, page: 60_000 });
    let queries = 0;
    const count = async () => ++queries;
    const render = async () => `page ${++queries}`;
    await totals.total("a", count);
    await totals.page("a", render);
    expect(await totals.page("a", render)).toBe("page 2");
    totals.invalidate();
    expect(await totals.total("a", count)).toBe(3);
    expect(await totals.page("a", render)).toBe("page 4");
  });

  it("keeps pages for their own, shorter time", async () => {
    const clock = clockAt(0);
    const cache = new ListCache(clock, { total: 10_000, page: 5_000 });
    let renders = 0;
    const render = async () => `page ${++renders}`;
    expect(await cache.page("p", render)).toBe("page 1");
    clock.ms = 4_999;
    expect(await cache.page("p", render)).toBe("page 1");
    clock.ms = 5_000;
    expect(await cache.page("p", render)).toBe("page 2");
  });

  it("shares one query between concurrent requests for the same filter", async () => {
    const totals = new ListCache(clockAt(0), { total: 60_000, page: 60_000 });
    let queries = 0;
    let finish: (n: number) => void = () => {};
    const count = () => {
      queries++;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const answers = Promise.all([totals.total("a", count), totals.total("a", count)]);
    finish(42);
    expect(await answers).toEqual([42, 42]);
    expect(queries).toBe(1);
  });

  it("does not keep a failed count", async () => {
    const totals = new ListCache(clockAt(0), { total: 60_000, page: 60_000 });
    await expect(totals.total("a", () => Promise.reject(new Error("busy")))).rejects.toThrow(
      "busy",
    );
    expect(await totals.total("a", async () => 7)).toBe(7);
  });

  it("finds a ready page by the URL it was asked with, and only while it is fresh", async () => {
    const clock = clockAt(0);
    const cache = new ListCache(clock, { total: 10_000, page: 5_000 });
    let finish: (page: string) => void = () => {};
    const pending = cache.page(
      "k",
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
      "/api/v1/images?tag=Sea",
    );
    expect(cache.pageForUrl("/api/v1/images?tag=Sea")).toBeUndefined();
    finish("page");
    await pending;
    expect(cache.pageForUrl("/api/v1/images?tag=Sea")).toBe("page");
    expect(cache.pageForUrl("/api/v1/images?tag=sea")).toBeUndefined();
    await cache.page("k", async () => "other", "/api/v1/images?tag=sea");
    expect(cache.pageForUrl("/api/v1/images?tag=sea")).toBe("page");
    clock.ms = 5_000;
    expect(cache.pageForUrl("/api/v1/images?tag=Sea")).toBeUndefined();
    await cache.page("k", async () => "page 2");
    expect(cache.pageForUrl("/api/v1/images?tag=Sea")).toBe("page 2");
    cache.invalidate();
    expect(cache.pageForUrl("/api/v1/images?tag=Sea")).toBeUndefined();
  });

  it("never finds a failed page by its URL", async () => {
    const cache = new ListCache(clockAt(0), { total: 10_000, page: 5_000 });
    await expect(cache.page("k", () => Promise.reject(new Error("busy")), "/u")).rejects.toThrow();
    expect(cache.pageForUrl("/u")).toBeUndefined();
  });

  it("makes room by forgetting the oldest page, not every page", async () => {
    const cache = new ListCache(clockAt(0), { total: 10_000, page: 5_000 });
    let renders = 0;
    const render = async () => `page ${++renders}`;
    for (let i = 0; i < 500; i++) await cache.page(`p${i}`, render);
    await cache.page("p500", render);
    expect(await cache.page("p1", render)).toBe("page 2");
    expect(await cache.page("p0", render)).toBe("page 502");
    expect(renders).toBe(502);
  });

  describe("collectors of sold 1/1s", () => {
    /** A lookup that records what it was asked; images 1 and 2 have collectors, 3 has none. */
    function lookUp() {
      const asked: number[][] = [];
      const names = new Map([
        [1, "Ada"],
        [2, "Grace"],
      ]);
      const run = async (ids: number[]) => {
        asked.push(ids);
        return new Map(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)]] : [])));
      };
      return { asked, names, run: run as (ids: number[]) => Promise<Map<number, string>> };
    }

    it("asks only for the pieces it does not keep, and keeps a piece with none too", async () => {
      const clock = clockAt(0);
      const cache = new ListCache(clock, { total: 60_000, page: 5_000 });
      const db = lookUp();
      expect(await cache.collectorsOf([1, 3], db.run)).toEqual(new Map([[1, "Ada"]]));
      expect(await cache.collectorsOf([1, 2, 3], db.run)).toEqual(
        new Map([
          [1, "Ada"],
          [2, "Grace"],
        ]),
      );
      expect(await cache.collectorsOf([3, 2, 1], db.run)).toEqual(
        new Map([
          [2, "Grace"],
          [1, "Ada"],
        ]),
      );
      expect(db.asked).toEqual([[1, 3], [2]]);
    });

    it("asks again after a page's time, and at once after a change", async () => {
      const clock = clockAt(0);
      const cache = new ListCache(clock, { total: 60_000, page: 5_000 });
      const db = lookUp();
      await cache.collectorsOf([1], db.run);
      db.names.set(1, "Ada L.");
      clock.ms = 4_999;
      expect((await cache.collectorsOf([1], db.run)).get(1)).toBe("Ada");
      clock.ms = 5_000;
      expect((await cache.collectorsOf([1], db.run)).get(1)).toBe("Ada L.");
      db.names.delete(1);
      cache.invalidate();
      expect((await cache.collectorsOf([1], db.run)).has(1)).toBe(false);
      expect(db.asked).toEqual([[1], [1], [1]]);
    });

    it("keeps nothing from a lookup a change overtook", async () => {
      const cache = new ListCache(clockAt(0), { total: 60_000, page: 5_000 });
      let answer: (m: Map<number, string>) => void = () => {};
      const slow = () =>
        new Promise<Map<number, string>>((resolve) => {
          answer = resolve;
        });
      const pending = cache.collectorsOf([1], slow);
      cache.invalidate();
      answer(new Map([[1, "before the change"]]));
      expect((await pending).get(1)).toBe("before the change");
      const db = lookUp();
      expect((await cache.collectorsOf([1], db.run)).get(1)).toBe("Ada");
      expect(db.asked).toEqual([[1]]);
    });
  });
});
