import type { Clock } from "../../lib/clock.js";

/** How long a total may be served after another process changed the catalogue. */
export const LIST_TOTAL_TTL_MS = 10_000;
const MAX_ENTRIES = 2000;

/**
 * The image list's `stats.totalImages`, per filter, kept for a few seconds. Counting a filter
 * walks every matching row (tens of milliseconds over 100,000 images) while its page is a short
 * index walk, so without this the count would cost more than the page itself.
 *
 * Writes made by this process clear it at once; writes by other processes (a separate worker, a
 * second API instance) show within LIST_TOTAL_TTL_MS. Concurrent misses of one filter share one
 * query.
 */
export class ListTotals {
  private readonly entries = new Map<string, { total: Promise<number>; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = LIST_TOTAL_TTL_MS,
  ) {}

  get(key: string, count: () => Promise<number>): Promise<number> {
    const now = this.clock.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry.total;

    const total = count();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { total, expiresAt: now + this.ttlMs });
    // A failed count is not kept: the next request asks the database again.
    total.catch(() => {
      if (this.entries.get(key)?.total === total) this.entries.delete(key);
    });
    return total;
  }

  /** The catalogue changed here: every total may be wrong. */
  invalidate(): void {
    this.entries.clear();
  }
}
