import { createHash } from "node:crypto";
import type pg from "pg";

/** A statement text is prepared by name on a connection once it has run this many times. */
export const NAMED_AFTER_RUNS = 3;

/** At most this many statements are prepared on one connection; later texts run unnamed. */
export const NAMED_PER_CONNECTION = 300;

/**
 * A statement whose text holds this comment is never named: it is planned for each run's values.
 * Its best plan depends on them, so a generic plan is a trap. A search's page is one: how common
 * its words are decides whether to walk a word's rows or the full-text index's matches, and the
 * generic plan PostgreSQL chose for it after five runs tested every term row against all of the
 * word's matches (965 ms a page at 100,000 images, ten connections stuck for seconds;
 * bench/RESULTS.md, 2026-11-28).
 */
export const PLANNED_FOR_ITS_VALUES = "/* planned for its values */";

/** Texts whose runs are counted at once (least recently used forgotten first). */
const TEXTS_COUNTED = 2_000;

/**
 * PostgreSQL's half of what prepared-once.ts does for SQLite: statements that run again and again
 * are prepared once per connection, by name, instead of parsed and planned on every request.
 *
 * node-postgres sends a query with values as an unnamed statement: parse, bind (where the server
 * plans it for these values) and execute, every time. At 1,000,000 images a member's search
 * request spent more of the database's time parsing and planning its four statements than running
 * them (bench/RESULTS.md, 2026-11-28): the session's lookup planned for 0.16–0.78 ms and ran for
 * 0.03–0.06 ms. A named statement is parsed once per connection, and after its first five runs
 * the server keeps a generic plan when that plan is no dearer than the ones it made for each run's
 * values (`plan_cache_mode` auto), so it is no longer planned at all.
 *
 * Kysely compiles every query of one shape to one text, so a text is a statement. The name is the
 * text's hash. A text is named only after NAMED_AFTER_RUNS runs in this process, so one-off texts
 * (an `in (…)` list of an unusual length, an admin's rare filter) never take a connection's slot,
 * and a connection holds at most NAMED_PER_CONNECTION of them: what the server keeps is bounded
 * without ever deallocating. Statements without values (`begin`, `commit`, DDL) and statements
 * marked PLANNED_FOR_ITS_VALUES stay as they were.
 */
export function preparingHotStatements(pool: pg.Pool): void {
  const texts = new Map<string, { name: string; runs: number; unnamed: boolean }>();
  const counted = (text: string) => {
    let entry = texts.get(text);
    if (entry) {
      texts.delete(text);
    } else {
      entry = {
        name: `s${createHash("sha1").update(text).digest("hex").slice(0, 24)}`,
        runs: 0,
        unnamed: text.includes(PLANNED_FOR_ITS_VALUES),
      };
      if (texts.size >= TEXTS_COUNTED) {
        const oldest = texts.keys().next();
        if (!oldest.done) texts.delete(oldest.value);
      }
    }
    entry.runs += 1;
    texts.set(text, entry);
    return entry;
  };
  pool.on("connect", (client) => {
    const named = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text === "string" && Array.isArray(values) && values.length > 0 && !callback) {
        const entry = counted(text);
        if (
          !entry.unnamed &&
          (named.has(entry.name) ||
            (entry.runs >= NAMED_AFTER_RUNS && named.size < NAMED_PER_CONNECTION))
        ) {
          named.add(entry.name);
          return query({ name: entry.name, text, values });
        }
      }
      return query(...args);
    };
  });
}
