import type { Clock } from "../../lib/clock.js";

/**
 * How long a total or a page is kept at most. Every change to what they count clears them at once
 * in every process (the event bus), so a total's bound is only a backstop for a change no process
 * announced (an announcement that failed, an edit made in the database by hand); a page's is how
 * late its counters (views, downloads), which change without events, may be.
 */
export const LIST_CACHE_TTL_MS = { total: 60_000, page: 5_000 } as const;
const MAX_ENTRIES = { total: 2000, page: 500, url: 2000, collector: 5000, prefix: 2000 } as const;

/**
 * Promises by key, each kept until its deadline; concurrent misses of one key share one. When
 * full, the oldest entry makes room, so a crawler walking many pages does not push out every
 * page at once.
 */
class Expiring<T> {
  private readonly entries = new Map<
    string,
    { value: Promise<T>; settled?: { value: T }; expiresAt: number }
  >();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry.value;

    const value = make();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) dropOldest(this.entries);
    const fresh: { value: Promise<T>; settled?: { value: T }; expiresAt: number } = {
      value,
      expiresAt: now + this.ttlMs,
    };
    this.entries.set(key, fresh);
    value.then(
      (settled) => {
        fresh.settled = { value: settled };
      },
      // A failure is not kept: the next request asks the database again.
      () => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      },
    );
    return value;
  }

  /** The value under `key` if it is fresh and already computed; never starts a computation. */
  peek(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry?.settled && entry.expiresAt > this.clock.now() ? entry.settled.value : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Forgets the entry set first (a `Map` iterates in insertion order). */
function dropOldest(map: Map<string, unknown>): void {
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}

/**
 * The image list's costly parts, kept until the catalogue changes: `stats.totalImages` per filter
 * (counting walks every match, tens of milliseconds over 100,000 images, while a page is a short
 * index walk), and for a few seconds whole public pages as JSON text (reading, presenting and
 * serialising 20 images costs milliseconds; most requests are visitors asking for the same first
 * pages).
 *
 * Every change clears it: at once in the process that made it, and in the others sharing the
 * database (a separate worker, a second API instance) within milliseconds on PostgreSQL and a
 * quarter of a second on SQLite (events/event-bus.ts). Counters on cached pages (views, downloads)
 * may lag by LIST_CACHE_TTL_MS.page.
 */
export class ListCache {
  /** A filter's total, in whatever form the caller keeps it (ImagesRepo.total's). */
  private readonly totals: Expiring<unknown>;
  /** Pages in whatever form the caller keeps them (the HTTP layer keeps text and its ETag). */
  private readonly pages: Expiring<unknown>;
  /** Request URLs as sent → the page key their query works out to. */
  private readonly urls = new Map<string, string>();
  /** A sold 1/1's collector as list entries show it, by image id (`null`: none to show). */
  private readonly collectors: Expiring<unknown>;
  /** The index words a search's last word begins (ImagesRepo's PrefixWordsKeeper), by prefix. */
  private readonly prefixes: Expiring<string[]>;

  constructor(clock: Clock, ttlMs: { total: number; page: number } = LIST_CACHE_TTL_MS) {
    this.totals = new Expiring(clock, ttlMs.total, MAX_ENTRIES.total);
    this.pages = new Expiring(clock, ttlMs.page, MAX_ENTRIES.page);
    this.collectors = new Expiring(clock, ttlMs.page, MAX_ENTRIES.collector);
    this.prefixes = new Expiring(clock, ttlMs.total, MAX_ENTRIES.prefix);
  }

  /**
   * The index words that begin with a search's last word, kept as totals are: until the catalogue
   * changes (a new, retitled or deleted image may add or drop one), LIST_CACHE_TTL_MS.total at most.
   */
  prefixWords(prefix: string, lookUp: () => Promise<string[]>): Promise<string[]> {
    return this.prefixes.get(prefix, lookUp);
  }

  total<T>(key: string, count: () => Promise<T>): Promise<T> {
    return this.totals.get(key, count) as Promise<T>;
  }

  /**
   * A page, for viewers who all see the same thing (visitors, free members), as its caller made
   * it. `url`, the request's path and query string as sent, lets the next request for that exact
   * URL find the page with `pageForUrl` without working out its key again.
   */
  page<Page>(key: string, render: () => Promise<Page>, url?: string): Promise<Page> {
    if (url !== undefined && !this.urls.has(url)) {
      if (this.urls.size >= MAX_ENTRIES.url) dropOldest(this.urls);
      this.urls.set(url, key);
    }
    return this.pages.get(key, render) as Promise<Page>;
  }

  /** The page a request for this exact URL was last answered with, if fresh and ready. */
  pageForUrl<Page>(url: string): Page | undefined {
    const key = this.urls.get(url);
    return key === undefined ? undefined : (this.pages.peek(key) as Page | undefined);
  }

  /**
   * The collectors of these sold 1/1s, by image id, for every viewer's list page alike (members'
   * pages too, which are never kept whole): those not kept are looked up with one `lookUp` call.
   * Kept as long as a page and cleared with it: a sale, a refund and a collector's change of
   * privacy announce an image change (editions.service.ts); a collector's new display name shows
   * within LIST_CACHE_TTL_MS.page, as on visitors' kept pages.
   */
  async collectorsOf<Collector>(
    imageIds: number[],
    lookUp: (imageIds: number[]) => Promise<Map<number, Collector>>,
  ): Promise<Map<number, Collector>> {
    // Each piece not kept takes its answer from one lookup of all of them, made once they are known.
    const missing: number[] = [];
    let answer: (found: Promise<Map<number, Collector>>) => void = () => {};
    const looked = new Promise<Map<number, Collector>>((resolve) => {
      answer = resolve;
    });
    const entries = imageIds.map((id) =>
      this.collectors.get(String(id), () => {
        missing.push(id);
        return looked.then((found) => found.get(id) ?? null);
      }),
    );
    answer(missing.length > 0 ? lookUp(missing) : Promise.resolve(new Map()));
    const collectors = await Promise.all(entries);
    const found = new Map<number, Collector>();
    for (const [i, id] of imageIds.entries()) {
      const collector = collectors[i];
      if (collector !== null && collector !== undefined) found.set(id, collector as Collector);
    }
    return found;
  }

  /** The catalogue changed here: every total, page, collector and prefix's words may be wrong. */
  invalidate(): void {
    this.totals.clear();
    this.pages.clear();
    this.urls.clear();
    this.collectors.clear();
    this.prefixes.clear();
  }
}

/** The JSON text each page made by `pageOfJson` came from. */
const PAGE_JSON = new WeakMap<object, string>();

/**
 * A list page object over its JSON text: its fields are parsed from the text the first time one
 * is read, and `jsonOfPage` gives the text back without serialising anything. A page most often
 * goes out as text (the route, the kept pages of list-pages.ts); the object is there for those who
 * read it (the web app's server-rendered gallery).
 */
export function pageOfJson<Page extends object>(json: string): Page {
  let parsed: Record<string, unknown> | undefined;
  const read = () => {
    parsed ??= JSON.parse(json) as Record<string, unknown>;
    return parsed;
  };
  const page: Record<string, unknown> = {};
  // The fields of the text's top level, in its order: an ImageListResponse's.
  for (const field of ["images", "nextCursor", "stats"]) {
    Object.defineProperty(page, field, { enumerable: true, get: () => read()[field] });
  }
  PAGE_JSON.set(page, json);
  return page as Page;
}

/** The JSON text of a page: the text it was made from, else the page serialised. */
export function jsonOfPage(page: object): string {
  return PAGE_JSON.get(page) ?? JSON.stringify(page);
}
