import type SQLite from "better-sqlite3";
import type { Compilable, CompiledQuery, Kysely } from "kysely";

/**
 * The comment a statement may start with to say it runs on every request of a busy route (the
 * partner API's per-key count). Every statement is kept now (below); the mark stays harmless.
 */
export const PREPARED_ONCE = "/* prepared once */";

/** Statements kept compiled at once: far more than the app's distinct hot statements. */
export const PREPARED_STATEMENTS_KEPT = 500;

/**
 * The embedded database as Kysely's SQLite dialect sees it, keeping statements compiled by their
 * SQL text. better-sqlite3 compiles a statement afresh at each `prepare`, which Kysely calls for
 * every query; compiling cost as much as running a list page's statements, and twice what the
 * partner API's per-key count took to run (bench/RESULTS.md). Kysely compiles queries with
 * parameters, so every query of one shape is one text. The least recently used statement makes
 * room past PREPARED_STATEMENTS_KEPT (texts vary with the length of `in (…)` lists). Kysely runs
 * queries one at a time on its one connection, so a kept statement never runs twice at once.
 */
export function keepingPreparedOnce(
  sqlite: SQLite.Database,
  capacity: number = PREPARED_STATEMENTS_KEPT,
) {
  const kept = new Map<string, KeptStatement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(sql: string): KeptStatement {
      let statement = kept.get(sql);
      if (statement) {
        // Most recently used last: a Map iterates in insertion order.
        kept.delete(sql);
      } else {
        statement = rowsBuiltInJavaScript(sqlite.prepare(sql));
        if (kept.size >= capacity) {
          const oldest = kept.keys().next();
          if (!oldest.done) kept.delete(oldest.value);
        }
      }
      kept.set(sql, statement);
      return statement;
    },
    /** How many statements are kept (tests). */
    get size() {
      return kept.size;
    },
  };
}

/** What Kysely's SQLite dialect (and the tests) ask of a statement. */
export interface KeptStatement {
  readonly reader: boolean;
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): SQLite.RunResult;
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}

/**
 * A statement whose rows are read as arrays (better-sqlite3's raw mode) and made into objects by
 * a function written for its columns: the same objects (the same keys in the same order, the last
 * of two columns of one name winning, a plain prototype) for ~40% less than better-sqlite3 takes
 * to build them itself, which sets each key on each row one by one. Measured at 1,000,000 images
 * (bench/RESULTS.md, 2026-11-27 afternoon): a list page's 21 rows of 28 columns 270–440 µs of CPU
 * as better-sqlite3's objects, 160–260 µs as arrays, 170–310 µs as arrays made into objects here.
 * Statements that return no rows, or a column named `__proto__` (which an object literal would
 * take as the prototype), are left as they are.
 */
function rowsBuiltInJavaScript(statement: SQLite.Statement): KeptStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((c) => c.name);
  if (names.includes("__proto__")) return statement;
  // Later columns of a repeated name overwrite earlier ones in place, as better-sqlite3's do.
  const row = new Function(
    "r",
    `return {${names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(", ")}};`,
  ) as (values: unknown[]) => unknown;
  const raw = statement.raw(true);
  return {
    reader: true,
    all: (...parameters) => (raw.all(...parameters) as unknown[][]).map(row),
    get: (...parameters) => {
      const values = raw.get(...parameters) as unknown[] | undefined;
      return values === undefined ? undefined : row(values);
    },
    run: (...parameters) => raw.run(...parameters),
    *iterate(...parameters) {
      for (const values of raw.iterate(...parameters)) yield row(values as unknown[]);
    },
  };
}

/** A value a query is built with that each run fills in (`CompiledShapes`). */
class Slot {
  constructor(readonly index: number) {}
}

/** What a kept shape's parameters are made of: a value's index, or a constant of the shape. */
type ParameterPlan = ReadonlyArray<number | { constant: unknown }>;

/** Shapes kept at once: list filters come in a few dozen shapes. */
const SHAPES_KEPT = 200;

/**
 * Queries built and compiled once per shape, then run with each call's values. Kysely builds a
 * query's tree and compiles it to SQL text on every call, which on a list page cost more than
 * SQLite took to run it (bench/RESULTS.md, 2026-11-25). Here `build` makes the query once for a
 * `shape` (what decides its SQL text: which conditions, how many values in each `in` list), with
 * `slot(i)` in place of the i-th value; each run fills the compiled query's parameters from the
 * call's values and hands it to Kysely's executor (its connection, its transaction, statements
 * kept prepared by `keepingPreparedOnce`). Both dialects; any value that is not a slot is a
 * constant of the shape and must not vary between calls of one shape.
 */
export class CompiledShapes {
  private readonly kept = new Map<string, { query: CompiledQuery; plan: ParameterPlan }>();

  constructor(private readonly capacity = SHAPES_KEPT) {}

  /**
   * Runs the query of this shape with `values`. `build` is called only the first time a shape is
   * seen.
   */
  async run<Row>(
    // biome-ignore lint/suspicious/noExplicitAny: any database's Kysely instance.
    db: Kysely<any>,
    shape: string,
    values: readonly unknown[],
    build: (slot: (index: number) => never) => Compilable<unknown>,
  ): Promise<Row[]> {
    const compiled = this.shapeOf(shape, values.length, build);
    const parameters = compiled.plan.map((p) => (typeof p === "number" ? values[p] : p.constant));
    const result = await db.executeQuery<Row>({ ...compiled.query, parameters });
    return result.rows;
  }

  /** How many shapes are kept (tests). */
  get size(): number {
    return this.kept.size;
  }

  private shapeOf(
    shape: string,
    slots: number,
    build: (slot: (index: number) => never) => Compilable<unknown>,
  ) {
    const known = this.kept.get(shape);
    if (known) return known;
    const query = build((index) => new Slot(index) as never).compile();
    const plan = query.parameters.map((p) => (p instanceof Slot ? p.index : { constant: p }));
    // Every value must reach the SQL as a parameter: a slot that went anywhere else (into the
    // text, or nowhere) means `build` branched on a value, and the shape key missed it.
    const used = new Set(plan.filter((p): p is number => typeof p === "number"));
    if (used.size !== slots || query.sql.includes("[object Object]")) {
      throw new Error(
        `CompiledShapes: shape ${shape} does not take its ${slots} values as parameters`,
      );
    }
    const kept = { query, plan };
    if (this.kept.size >= this.capacity) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(shape, kept);
    return kept;
  }
}
