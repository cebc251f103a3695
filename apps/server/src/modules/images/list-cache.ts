import type { Clock } from "../../lib/clock.js";

/** How long a total or a page may be served after another process changed the catalogue. */
export const LIST_CACHE_TTL_MS = { total: 10_000, page: 5_000 } as const;
const MAX_ENTRIES = { total: 2000, page: 500 } as const;

/** Promises by key, each kept until its deadline; concurrent misses of one key share one. */
class Expiring<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

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
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    // A failure is not kept: the next request asks the database again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * The image list's costly parts, kept for a few seconds: `stats.totalImages` per filter (counting
 * walks every match, tens of milliseconds over 100,000 images, while a page is a short index walk)
 * and whole public pages as JSON text (reading, presenting and serialising 20 images costs
 * milliseconds; most requests are visitors asking for the same first pages).
 *
 * Writes made by this process clear it at once; writes by other processes (a separate worker, a
 * second API instance) show within LIST_CACHE_TTL_MS. Counters on cached pages (views, downloads)
 * may lag by as much.
 */
export class ListCache {
  private readonly totals: Expiring<number>;
  private readonly pages: Expiring<string>;

  constructor(clock: Clock, ttlMs: { total: number; page: number } = LIST_CACHE_TTL_MS) {
    this.totals = new Expiring(clock, ttlMs.total, MAX_ENTRIES.total);
    this.pages = new Expiring(clock, ttlMs.page, MAX_ENTRIES.page);
  }

  total(key: string, count: () => Promise<number>): Promise<number> {
    return this.totals.get(key, count);
  }

  /** A page as JSON text, for viewers who all see the same thing (visitors, free members). */
  page(key: string, render: () => Promise<string>): Promise<string> {
    return this.pages.get(key, render);
  }

  /** The catalogue changed here: every total and page may be wrong. */
  invalidate(): void {
    this.totals.clear();
    this.pages.clear();
  }
}
