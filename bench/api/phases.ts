/**
 * Where one list request's time goes, measured in the bench process without touching server
 * code: the real app (`buildApp` on the seeded catalogue) answers `server.inject` requests while
 *
 * - better-sqlite3's `Database.prototype.prepare` is wrapped, and each statement's `all` / `get`
 *   / `run` / `iterate`: the SQL text, its parameters, prepare time and execution time of every
 *   statement the request runs (whatever the repository builds);
 * - every method of the images repository (the service's private `deps.images`) is wrapped and
 *   run one at a time (a lock: the service awaits some of them together, and with SQLite they
 *   run one after another anyway), so each has an exclusive time: its SQL plus Kysely's building,
 *   compiling and driver work around it;
 * - the service's `list` is wrapped: what it spends outside the repository is filter parsing,
 *   the presenter (parsing `ai_analysis`, URLs, sizes) and the cursor;
 * - the response object is serialised with `JSON.stringify` separately (the route has no
 *   response schema, so that is what Fastify does), and `inject` minus all of that is Fastify:
 *   routing, the onRequest hooks (helmet, cookies, session), query validation, the reply.
 *
 * Everything here is synchronous work on one thread (better-sqlite3 blocks), so wall time is CPU
 * time. The plans of the statements are read with EXPLAIN QUERY PLAN on the same parameters.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import SQLite from "better-sqlite3";
import { type App, buildApp } from "../../apps/server/src/app.js";
import type { Config } from "../../apps/server/src/config.js";
import { median } from "../lib/stats.js";

export interface PhaseTarget {
  name: string;
  path: string;
}

export interface StatementStats {
  sql: string;
  /** Which repository method ran it. */
  method: string;
  calls: number;
  prepareMs: number;
  executeMs: number;
  rows: number;
  plan: string[];
}

export interface PhaseResult {
  target: string;
  /** The service's caches were cleared before every request (a miss); false: as they come. */
  cold: boolean;
  path: string;
  requests: number;
  responseBytes: number;
  /** Median per request, ms. */
  inject: number;
  list: number;
  /** Median per request of each repository method's exclusive time, ms. */
  methods: Record<string, number>;
  sqlPrepare: number;
  sqlExecute: number;
  /** `list` minus the repository: filter, presenter, cursor. */
  serviceJs: number;
  /** Of which: JSON.parse of the page's `ai_analysis` texts. */
  parseAnalysis: number;
  /** JSON.stringify of the response object. */
  stringify: number;
  /** inject − list − stringify: Fastify's routing, hooks, validation and reply (and inject). */
  fastify: number;
  statements: StatementStats[];
  /** Statements that ran in the warm-up but in none of the measured requests (cached since). */
  warmupOnly: StatementStats[];
}

interface Recording {
  sqlPrepare: number;
  sqlExecute: number;
  methods: Map<string, number>;
  statements: Map<
    string,
    {
      method: string;
      calls: number;
      prepareMs: number;
      executeMs: number;
      rows: number;
      params: unknown[];
    }
  >;
  rows: Array<Record<string, unknown>>;
}

export async function measurePhases(
  config: Config,
  targets: PhaseTarget[],
  options: { warmup: number; requests: number; log: (message: string) => void },
): Promise<PhaseResult[]> {
  let recording: Recording | undefined;
  const context = new AsyncLocalStorage<string>();
  const restoreSqlite = instrumentSqlite(
    () => recording,
    () => context.getStore() ?? "(outside the repository)",
  );
  let app: App | undefined;
  try {
    app = await buildApp(config);
    const service = app.services.catalogue as unknown as {
      list: (...args: unknown[]) => Promise<unknown>;
      deps?: { images?: object };
    };
    const repo = service.deps?.images;
    if (typeof service.list !== "function" || !repo) {
      throw new Error(
        "CatalogueService no longer has list() and deps.images: update bench/api/phases.ts",
      );
    }
    instrumentRepo(repo, () => recording, context);
    let listMs = 0;
    let lastResult: unknown;
    const list = service.list.bind(service);
    service.list = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        lastResult = await list(...args);
        return lastResult;
      } finally {
        listMs += performance.now() - started;
      }
    };

    // Warm every target up first, then measure them in turn (round-robin), so JIT state, GC
    // and the machine's mood fall evenly on all of them.
    // The service's caches (anything in its deps with an `invalidate`): cleared before every
    // "cold" request, so those show the work a cache miss does; "cached" ones show a hit.
    const caches = Object.values(service.deps ?? {}).filter(
      (dep): dep is { invalidate: () => void } =>
        typeof (dep as { invalidate?: unknown } | null)?.invalidate === "function",
    );
    const variants = targets.flatMap((target) =>
      caches.length > 0
        ? [
            { target, cold: true },
            { target: { ...target, name: `${target.name} (cached)` }, cold: false },
          ]
        : [{ target, cold: false }],
    );
    const accumulators = variants.map(({ target, cold }) => ({
      target,
      cold,
      per: {
        inject: [] as number[],
        list: [] as number[],
        sqlPrepare: [] as number[],
        sqlExecute: [] as number[],
        serviceJs: [] as number[],
        methods: new Map<string, number[]>(),
      },
      statements: new Map<string, StatementStats & { params: unknown[] }>(),
      // Statements run while warming up: some never run again (a total served from a cache).
      warmupOnly: new Map<string, { method: string; params: unknown[] }>(),
      responseBytes: 0,
      lastRows: [] as Array<Record<string, unknown>>,
      lastResult: undefined as unknown,
    }));
    const request = async (acc: (typeof accumulators)[number], measured: boolean) => {
      const rec: Recording = {
        sqlPrepare: 0,
        sqlExecute: 0,
        methods: new Map(),
        statements: new Map(),
        rows: [],
      };
      if (acc.cold) for (const cache of caches) cache.invalidate();
      recording = rec;
      listMs = 0;
      lastResult = undefined;
      const started = performance.now();
      const res = await app?.server.inject({ method: "GET", url: acc.target.path });
      const injectMs = performance.now() - started;
      recording = undefined;
      if (res?.statusCode !== 200) {
        throw new Error(`${acc.target.path}: ${res?.statusCode} ${res?.body.slice(0, 300)}`);
      }
      if (!measured) {
        for (const [sql, s] of rec.statements) {
          if (!acc.warmupOnly.has(sql))
            acc.warmupOnly.set(sql, { method: s.method, params: s.params });
        }
        return;
      }
      const { per, statements } = acc;
      acc.responseBytes = res.rawPayload.length;
      acc.lastRows = rec.rows;
      acc.lastResult = lastResult;
      per.inject.push(injectMs);
      per.list.push(listMs);
      per.sqlPrepare.push(rec.sqlPrepare);
      per.sqlExecute.push(rec.sqlExecute);
      const repoMs = [...rec.methods.values()].reduce((sum, ms) => sum + ms, 0);
      per.serviceJs.push(listMs - repoMs);
      for (const [name, ms] of rec.methods) {
        per.methods.set(name, [...(per.methods.get(name) ?? []), ms]);
      }
      for (const [sql, s] of rec.statements) {
        const seen = statements.get(sql) ?? {
          sql,
          method: s.method,
          calls: 0,
          prepareMs: 0,
          executeMs: 0,
          rows: 0,
          plan: [],
          params: s.params,
        };
        seen.calls += s.calls;
        seen.prepareMs += s.prepareMs;
        seen.executeMs += s.executeMs;
        seen.rows += s.rows;
        statements.set(sql, seen);
      }
    };
    for (const acc of accumulators) {
      for (let i = 0; i < options.warmup; i++) await request(acc, false);
    }
    for (let i = 0; i < options.requests; i++) {
      for (const acc of accumulators) await request(acc, true);
    }

    const results: PhaseResult[] = [];
    for (const {
      target,
      cold,
      per,
      statements,
      warmupOnly,
      responseBytes,
      lastRows,
      lastResult,
    } of accumulators) {
      // JSON.parse of the page's stored analyses, and the response's serialisation, on their own.
      const texts = lastRows
        .map((row) => row.ai_analysis)
        .filter((t): t is string => typeof t === "string");
      const parseAnalysis = timeMedian(options.requests, () => {
        for (const text of texts) JSON.parse(text);
      });
      const stringify =
        lastResult === undefined
          ? 0
          : timeMedian(options.requests, () => JSON.stringify(lastResult));

      const n = options.requests;
      const listMedian = median(per.list);
      const injectMedian = median(per.inject);
      results.push({
        target: target.name,
        cold,
        path: target.path,
        requests: n,
        responseBytes,
        inject: injectMedian,
        list: listMedian,
        methods: Object.fromEntries([...per.methods].map(([name, v]) => [name, median(v)])),
        sqlPrepare: median(per.sqlPrepare),
        sqlExecute: median(per.sqlExecute),
        serviceJs: median(per.serviceJs),
        parseAnalysis,
        stringify,
        fastify: injectMedian - listMedian - stringify,
        statements: [...statements.values()].map(({ params, ...s }) => ({
          ...s,
          calls: s.calls / n,
          prepareMs: s.prepareMs / n,
          executeMs: s.executeMs / n,
          rows: s.rows / n,
          plan: explain(config, s.sql, params),
        })),
        warmupOnly: [...warmupOnly]
          .filter(([sql]) => !statements.has(sql))
          .map(([sql, s]) => ({
            sql,
            method: s.method,
            calls: 0,
            prepareMs: 0,
            executeMs: 0,
            rows: 0,
            plan: explain(config, sql, s.params),
          })),
      });
      options.log(
        `  ${target.name}: inject ${injectMedian.toFixed(2)} ms, list ${listMedian.toFixed(2)} ms, SQL ${(median(per.sqlPrepare) + median(per.sqlExecute)).toFixed(2)} ms`,
      );
    }
    return results;
  } finally {
    await app?.server.close();
    restoreSqlite();
  }
}

function timeMedian(iterations: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

type StatementLike = Record<"all" | "get" | "run" | "iterate", (...args: unknown[]) => unknown>;

/** Wraps prepare and each prepared statement's runners; returns the undo. */
function instrumentSqlite(current: () => Recording | undefined, method: () => string): () => void {
  const proto = SQLite.prototype as unknown as { prepare: (...args: unknown[]) => StatementLike };
  const prepare = proto.prepare;
  proto.prepare = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const statement = prepare.apply(this, args);
    const sql = String(args[0]);
    const rec = current();
    if (!rec) return statement;
    rec.sqlPrepare += performance.now() - started;
    const stats = rec.statements.get(sql) ?? {
      method: method(),
      calls: 0,
      prepareMs: 0,
      executeMs: 0,
      rows: 0,
      params: [],
    };
    stats.prepareMs += performance.now() - started;
    rec.statements.set(sql, stats);
    for (const runner of ["all", "get", "run", "iterate"] as const) {
      const original = statement[runner];
      statement[runner] = (...params: unknown[]) => {
        const began = performance.now();
        const result = original.apply(statement, params);
        const ms = performance.now() - began;
        rec.sqlExecute += ms;
        stats.executeMs += ms;
        stats.calls += 1;
        stats.params = (params[0] as unknown[] | undefined) ?? [];
        if (Array.isArray(result)) stats.rows += result.length;
        return result;
      };
    }
    return statement;
  };
  return () => {
    proto.prepare = prepare;
  };
}

/**
 * Every method of the repository that reaches the database (its source calls `execute`, or it is
 * async) runs alone, behind a lock, and is timed. Calls a method makes to other methods, and sync
 * helpers such as the filter builder, pass straight through. The method running is kept in
 * `context`, so the SQLite wrapper knows whose statements it sees.
 */
function instrumentRepo(
  repo: object,
  current: () => Recording | undefined,
  context: AsyncLocalStorage<string>,
): void {
  let lock: Promise<void> = Promise.resolve();
  const proto = Object.getPrototypeOf(repo) as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const original = proto[name];
    if (name === "constructor" || typeof original !== "function") continue;
    const source = Function.prototype.toString.call(original);
    if (!/^async\b/.test(source) && !source.includes("execute")) continue;
    const run = original as (...a: unknown[]) => Promise<unknown>;
    (repo as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (context.getStore()) return run.apply(repo, args);
      return (async () => {
        const previous = lock;
        let release = () => {};
        lock = new Promise((resolve) => {
          release = resolve;
        });
        await previous;
        const started = performance.now();
        try {
          const result = await context.run(name, () => run.apply(repo, args));
          // The page's rows (they carry the stored analysis): kept for the JSON.parse timing.
          const rec = current();
          if (rec && Array.isArray(result) && isRow(result[0])) rec.rows = result;
          return result;
        } finally {
          const rec = current();
          if (rec)
            rec.methods.set(name, (rec.methods.get(name) ?? 0) + performance.now() - started);
          release();
        }
      })();
    };
  }
}

function isRow(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && "ai_analysis" in value;
}

/** EXPLAIN QUERY PLAN of a statement with its parameters, as an indented tree (SQLite only). */
function explain(config: Config, sql: string, params: unknown[]): string[] {
  if (config.database.kind !== "sqlite") return ["(plans are read on SQLite only)"];
  const db = new SQLite(config.database.file, { readonly: true });
  try {
    const rows = db.prepare(`explain query plan ${sql}`).all(params) as Array<{
      id: number;
      parent: number;
      detail: string;
    }>;
    const depth = new Map<number, number>([[0, -1]]);
    return rows.map((row) => {
      const d = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, d);
      return `${"  ".repeat(d)}${row.detail}`;
    });
  } finally {
    db.close();
  }
}
