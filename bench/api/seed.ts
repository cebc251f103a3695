/**
 * Seeds a benchmark catalogue into a data directory's database: the schema through the server's
 * own migrations (`openDatabase` + `migrateToLatest`, so triggers such as the full-text index's
 * fire on every row), then the rows of catalogue.ts in large transactions of multi-row inserts.
 * No media files: the list endpoint never reads them.
 *
 *   npx tsx bench/api/seed.ts --data-dir /tmp/sawdust-api [--public 100000] [--private 2000]
 *   DATABASE_URL=postgres://… npx tsx bench/api/seed.ts --data-dir /tmp/x   (PostgreSQL instead)
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { loadConfig } from "../../apps/server/src/config.js";
import { type Db, migrateToLatest, openDatabase } from "../../apps/server/src/db/database.js";
import { fmt } from "../lib/stats.js";
import {
  CATALOGUE_VERSION,
  CatalogueMaker,
  type FacetValues,
  type ImageValues,
  type RenditionValues,
} from "./catalogue.js";
import { derivedRows, finishDerived, rebuildDerived } from "./derived.js";

export interface SeedOptions {
  dataDir: string;
  /** PostgreSQL instead of the embedded SQLite file in `dataDir`. */
  databaseUrl?: string;
  /** Ready public images: what a visitor's list walks. */
  publicImages: number;
  /** Ready private images (flagged by the content rater), spread among the public ones. */
  privateImages: number;
  seed?: number;
  /** Run ANALYZE afterwards (SQLite: the app itself never does, so off by default). */
  analyze?: boolean;
  /**
   * The version of what the server derives from the rows (catalogues.ts `derivedHash`): a reused
   * catalogue seeded under another has its derived values rebuilt (derived.ts).
   */
  derivedVersion?: string;
  log?: (message: string) => void;
}

export interface TagCount {
  tag: string;
  count: number;
}

export interface SeedSummary {
  dialect: "sqlite" | "postgres";
  /** False when an identical catalogue was already there and was reused. */
  seeded: boolean;
  publicImages: number;
  privateImages: number;
  renditions: number;
  facets: number;
  /** Mean stored `ai_analysis` length, characters, and its share that is generation metadata. */
  aiAnalysisChars: { mean: number; p50: number; p90: number; max: number };
  ms: { total: number; make: number; insert: number; finish: number; rebuiltDerived?: number };
  /** CPU time of this process (all threads) over the whole seeding, milliseconds. */
  cpuMs: number;
  /** Public images per tag, most used first. */
  tags: TagCount[];
}

const MARKER_KEY = "bench_api_catalogue";
const DERIVED_KEY = "bench_api_derived";
const DEFAULT_SEED = 20261121;

const IMAGES_PER_TRANSACTION = 10_000;

export async function seedCatalogue(options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: "warn",
    DEMO_CONTENT: "false",
    WORKERS: "0",
  });
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const { db } = database;
    const marker = JSON.stringify({
      version: CATALOGUE_VERSION,
      publicImages: options.publicImages,
      privateImages: options.privateImages,
      seed: options.seed ?? DEFAULT_SEED,
    });
    const existing = await db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", MARKER_KEY)
      .executeTakeFirst();
    const anyImage = await db.selectFrom("images").select("id").limit(1).executeTakeFirst();
    let makeMs = 0;
    let insertMs = 0;
    let rebuiltMs: number | undefined;
    let seeded = false;
    if (existing?.value === marker) {
      log(`reusing the catalogue already in ${describe(config.database)}`);
      const derived = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", DERIVED_KEY)
        .executeTakeFirst();
      if (options.derivedVersion && derived?.value !== options.derivedVersion) {
        log("  the server's derived values changed since it was seeded: rebuilding them");
        const t = performance.now();
        await rebuildDerived(
          db,
          config.database.kind === "sqlite"
            ? { kind: "sqlite", file: config.database.file }
            : { kind: "postgres" },
          log,
        );
        rebuiltMs = performance.now() - t;
        await markDerived(db, options.derivedVersion);
      }
    } else if (anyImage) {
      throw new Error(
        `${describe(config.database)} already holds images of another catalogue: use a fresh --data-dir`,
      );
    } else {
      seeded = true;
      const writer =
        config.database.kind === "sqlite"
          ? sqliteWriter(config.database.file)
          : postgresWriter(db, config.database.url);
      try {
        await writer.start?.();
        ({ makeMs, insertMs } = await insertCatalogue(writer, options, log));
        const t = performance.now();
        await writer.finish?.();
        insertMs += performance.now() - t;
      } finally {
        writer.close();
      }
      await finishDerived(db, config.database.kind);
      if (options.derivedVersion) await markDerived(db, options.derivedVersion);
      await db.insertInto("settings").values({ key: MARKER_KEY, value: marker }).execute();
    }

    const finishStarted = performance.now();
    if (database.dialect === "postgres") {
      await sql`select setval(pg_get_serial_sequence('images', 'id'), (select max(id) from images))`.execute(
        db,
      );
      // A live PostgreSQL has statistics (autovacuum); a freshly loaded one needs them now.
      await sql`analyze`.execute(db);
    } else {
      if (options.analyze) await sql`analyze`.execute(db);
      // Leave the file checkpointed, so the benchmarked server does not pay for our WAL.
      await sql`pragma wal_checkpoint(truncate)`.execute(db);
    }
    const finishMs = performance.now() - finishStarted;

    const summary: SeedSummary = {
      dialect: database.dialect,
      seeded,
      ...(await counts(db)),
      aiAnalysisChars: await analysisSizes(db),
      ms: {
        total: performance.now() - started,
        make: makeMs,
        insert: insertMs,
        finish: finishMs,
        ...(rebuiltMs === undefined ? {} : { rebuiltDerived: rebuiltMs }),
      },
      cpuMs: cpuMsSince(cpuStarted),
      tags: await tagCounts(db),
    };
    return summary;
  } finally {
    await database.close();
  }
}

async function markDerived(db: Db, version: string): Promise<void> {
  await db.deleteFrom("settings").where("key", "=", DERIVED_KEY).execute();
  await db.insertInto("settings").values({ key: DERIVED_KEY, value: version }).execute();
}

interface Batch {
  images: ImageValues[];
  renditions: RenditionValues[];
  facets: FacetValues[];
  /** Rows of further tables the server keeps beside these (see derived.ts), by table. */
  extra: Record<string, object[]>;
}

/** Writes one batch in one transaction. */
interface Writer {
  /** Before the first batch. */
  start?(): Promise<void>;
  write(batch: Batch): Promise<void>;
  /** After the last batch (not called when a batch failed). */
  finish?(): Promise<void>;
  close(): void;
}

/**
 * PostgreSQL: the rows streamed into `COPY … FROM STDIN` (text format), one `psql` a table for
 * the whole load (one transaction each; PostgreSQL parses COPY's rows several times faster than
 * the array literals of `insert … select * from unnest(…)`, which seeded ~13,000 images a minute
 * on the loaded machine of 2026-11-25). As a bulk load does it: the tables' secondary indexes
 * (the full-text GIN index, the listing indexes; not the primary keys and unique constraints) are
 * dropped first and built again once at the end, and foreign-key triggers are off in the COPY
 * sessions (`session_replication_role`): the rows are consistent by construction. Further tables
 * (derived.ts, none at present) go in by `unnest`, a batch at a time.
 */
function postgresWriter(db: Db, url: string): Writer {
  const TABLES = ["images", "renditions", "image_facets"];
  let dropped: Array<{ name: string; definition: string }> = [];
  const copies = new Map<string, Copy>();
  const copyOf = (table: string, columns: string[]) => {
    let copy = copies.get(table);
    if (!copy) {
      copy = startCopy(url, table, columns);
      copies.set(table, copy);
    }
    return copy;
  };
  const types = new Map<string, Map<string, string>>();
  const typesOf = async (table: string) => {
    let known = types.get(table);
    if (!known) {
      const rows = await sql<{ column_name: string; udt_name: string }>`
        select column_name, udt_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`.execute(db);
      known = new Map(rows.rows.map((r) => [r.column_name, r.udt_name]));
      types.set(table, known);
    }
    return known;
  };
  const insert = async (trx: Db, table: string, rows: object[]) => {
    const first = rows[0];
    if (!first) return;
    const columns = Object.keys(first);
    const known = await typesOf(table);
    const arrays = columns.map((column) => {
      const type = known.get(column);
      if (!type) throw new Error(`${table}.${column}: no such column`);
      const values = rows.map((row) => (row as Record<string, unknown>)[column] ?? null);
      return sql`${values}::${sql.raw(type)}[]`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      select * from unnest(${sql.join(arrays)})`.execute(trx);
  };
  const stream = async (table: string, rows: object[]) => {
    const first = rows[0];
    if (!first) return;
    const columns = Object.keys(first);
    await copyOf(table, columns).write(rows as Array<Record<string, unknown>>, columns);
  };
  return {
    async start() {
      const rows = await sql<{ name: string; definition: string }>`
        select i.indexname as name, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${sql.join(TABLES)})
          and not exists (
            select 1 from pg_constraint c
            join pg_class x on x.oid = c.conindid
            where x.relname = i.indexname
          )`.execute(db);
      dropped = rows.rows;
      for (const index of dropped) await sql`drop index ${sql.ref(index.name)}`.execute(db);
    },
    async finish() {
      // Images first: the other tables' rows point at them.
      for (const table of TABLES) await copies.get(table)?.end();
      copies.clear();
      for (const index of dropped) await sql.raw(index.definition).execute(db);
      dropped = [];
    },
    async write({ images, renditions, facets, extra }) {
      await stream("images", images);
      await stream("renditions", renditions);
      await stream("image_facets", facets);
      const tables = Object.entries(extra).filter(([, rows]) => rows.length > 0);
      if (tables.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        for (const [table, rows] of tables) await insert(trx, table, rows);
      });
    },
    close() {
      for (const copy of copies.values()) copy.abort();
      copies.clear();
    },
  };
}

/** One table's `COPY … FROM STDIN` through a `psql` child, fed rows in COPY's text format. */
interface Copy {
  write(rows: Array<Record<string, unknown>>, columns: string[]): Promise<void>;
  /** Ends the input and waits for the COPY to commit (throws with psql's message if it failed). */
  end(): Promise<void>;
  abort(): void;
}

function startCopy(url: string, table: string, columns: string[]): Copy {
  const child = spawn(
    "psql",
    [
      url,
      "-X",
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "-c",
      `copy ${table} (${columns.map((c) => `"${c}"`).join(", ")}) from stdin`,
    ],
    {
      stdio: ["pipe", "ignore", "pipe"],
      env: { ...process.env, PGOPTIONS: "-c session_replication_role=replica" },
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, "exit") as Promise<[number | null, string | null]>;
  // A failed psql closes its input: the error comes from `end`, not from a write.
  child.stdin.on("error", () => {});
  return {
    async write(rows, names) {
      let text = "";
      for (const row of rows) {
        for (let i = 0; i < names.length; i++) {
          if (i > 0) text += "\t";
          text += copyField(row[names[i] as string]);
        }
        text += "\n";
      }
      if (!child.stdin.write(text)) await once(child.stdin, "drain");
    },
    async end() {
      child.stdin.end();
      const [code] = await exited;
      if (code !== 0) throw new Error(`COPY into ${table} failed (psql ${code}): ${stderr.trim()}`);
    },
    abort() {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "t" : "f";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
      )
    : text;
}

/**
 * SQLite: prepared single-row inserts on a second connection to the migrated file, several times
 * faster than compiling multi-row statements (the triggers the migrations created still fire).
 * Foreign keys are not checked: the rows are consistent by construction.
 */
function sqliteWriter(file: string): Writer {
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("foreign_keys = OFF");
  // A large page cache: the facets' primary key takes rows at ~1,000 places at once.
  sqlite.pragma("cache_size = -524288");
  const insert = (table: string, columns: string[]) =>
    sqlite.prepare(
      `insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
    );
  let images: { columns: string[]; statement: SQLite.Statement } | undefined;
  const renditionColumns = [
    "image_id",
    "size",
    "storage_key",
    "width",
    "height",
    "bytes",
    "upscaled",
    "created_at",
  ] as const;
  const renditions = insert("renditions", [...renditionColumns]);
  const facets = insert("image_facets", ["image_id", "kind", "value"]);
  const others = new Map<string, { columns: string[]; statement: SQLite.Statement }>();
  const write = sqlite.transaction((batch: Batch) => {
    for (const image of batch.images) {
      if (!images) {
        const columns = Object.keys(image);
        images = { columns, statement: insert("images", columns) };
      }
      const row = image as unknown as Record<string, unknown>;
      images.statement.run(images.columns.map((c) => row[c]));
    }
    for (const r of batch.renditions) renditions.run(renditionColumns.map((c) => r[c]));
    for (const f of batch.facets) facets.run(f.image_id, f.kind, f.value);
    for (const [table, rows] of Object.entries(batch.extra)) {
      for (const row of rows as Array<Record<string, unknown>>) {
        let other = others.get(table);
        if (!other) {
          const columns = Object.keys(row);
          other = { columns, statement: insert(table, columns) };
          others.set(table, other);
        }
        other.statement.run(other.columns.map((c) => row[c]));
      }
    }
  });
  return {
    async write(batch) {
      write(batch);
    },
    close: () => sqlite.close(),
  };
}

async function insertCatalogue(
  writer: Writer,
  options: SeedOptions,
  log: (message: string) => void,
): Promise<{ makeMs: number; insertMs: number }> {
  const total = options.publicImages + options.privateImages;
  const seed = options.seed ?? DEFAULT_SEED;
  const maker = new CatalogueMaker(total, seed);
  // Selection sampling: exactly `privateImages` private ids, spread evenly at random.
  const rand = mulberry(seed);
  let privateLeft = options.privateImages;
  let makeMs = 0;
  let insertMs = 0;
  for (let first = 1; first <= total; first += IMAGES_PER_TRANSACTION) {
    const last = Math.min(total, first + IMAGES_PER_TRANSACTION - 1);
    let t = performance.now();
    const images: ImageValues[] = [];
    const renditions: RenditionValues[] = [];
    const facets: FacetValues[] = [];
    const extra: Record<string, object[]> = {};
    for (let id = first; id <= last; id++) {
      const isPrivate = rand() * (total - id + 1) < privateLeft;
      if (isPrivate) privateLeft -= 1;
      const made = maker.make(id, !isPrivate);
      const derived = derivedRows(made);
      images.push(derived.image);
      for (const r of made.renditions) renditions.push(r);
      for (const f of made.facets) facets.push(f);
      for (const [table, rows] of Object.entries(derived.tables)) {
        const list = extra[table] ?? [];
        for (const row of rows) list.push(row);
        extra[table] = list;
      }
    }
    makeMs += performance.now() - t;
    t = performance.now();
    await writer.write({ images, renditions, facets, extra });
    insertMs += performance.now() - t;
    log(`seeded ${last.toLocaleString("en")} of ${total.toLocaleString("en")} images`);
  }
  return { makeMs, insertMs };
}

async function counts(db: Db) {
  const row = await db
    .selectFrom("images")
    .select((eb) => [
      eb.fn.countAll<number>().as("all"),
      eb.fn.sum<number>(eb.case().when("is_public", "=", 1).then(1).else(0).end()).as("public"),
    ])
    .where("status", "=", "ready")
    .executeTakeFirstOrThrow();
  const count = async (table: "renditions" | "image_facets") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    publicImages: Number(row.public),
    privateImages: Number(row.all) - Number(row.public),
    renditions: await count("renditions"),
    facets: await count("image_facets"),
  };
}

async function analysisSizes(db: Db) {
  // Every 50th image is plenty to describe the distribution.
  const rows = await db
    .selectFrom("images")
    .select(sql<number>`length(ai_analysis)`.as("n"))
    .where(sql<boolean>`id % 50 = 0`)
    .execute();
  const sorted = rows.map((r) => Number(r.n)).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    mean: Math.round(sorted.reduce((sum, n) => sum + n, 0) / Math.max(1, sorted.length)),
    p50: at(0.5),
    p90: at(0.9),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** Public images per tag, as a visitor's tag filter sees them. */
export async function tagCounts(db: Db): Promise<TagCount[]> {
  const rows = await db
    .selectFrom("image_facets as f")
    .innerJoin("images as i", "i.id", "f.image_id")
    .select((eb) => ["f.value", eb.fn.countAll<number>().as("n")])
    .where("f.kind", "=", "tag")
    .where("i.status", "=", "ready")
    .where("i.is_public", "=", 1)
    .groupBy("f.value")
    .orderBy("n", "desc")
    .execute();
  return rows.map((r) => ({ tag: r.value, count: Number(r.n) }));
}

/** The tag whose public share is nearest `share` (the benchmark's "about 5%" tag). */
export function tagNearShare(tags: TagCount[], publicImages: number, share: number): TagCount {
  const best = [...tags].sort(
    (a, b) => Math.abs(a.count / publicImages - share) - Math.abs(b.count / publicImages - share),
  )[0];
  if (!best) throw new Error("the catalogue has no tags");
  return best;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function describe(database: { kind: string; file?: string; url?: string }): string {
  return database.kind === "sqlite"
    ? (database.file ?? "SQLite")
    : (database.url ?? "PostgreSQL").replace(/\/\/[^@]*@/, "//…@");
}

/** mulberry32, apart from the maker's own stream so privacy does not shift the catalogue. */
function mulberry(seed: number): () => number {
  let state = (seed ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function summaryLines(summary: SeedSummary): string[] {
  const total = summary.publicImages + summary.privateImages;
  const a = summary.aiAnalysisChars;
  return [
    `${summary.dialect}: ${total.toLocaleString("en")} ready images (${summary.publicImages.toLocaleString("en")} public, ${summary.privateImages.toLocaleString("en")} private), ${summary.renditions.toLocaleString("en")} renditions, ${summary.facets.toLocaleString("en")} facets`,
    `ai_analysis: mean ${a.mean} chars, p50 ${a.p50}, p90 ${a.p90}, max ${a.max}`,
    summary.seeded
      ? `seeded in ${fmt(summary.ms.total / 1000)} s, ${fmt(summary.cpuMs / 1000)} s of CPU (making rows ${fmt(summary.ms.make / 1000)} s, inserting ${fmt(summary.ms.insert / 1000)} s, finishing ${fmt(summary.ms.finish / 1000)} s)`
      : `reused (checked in ${fmt(summary.ms.total / 1000)} s${summary.ms.rebuiltDerived === undefined ? "" : `, derived values rebuilt in ${fmt(summary.ms.rebuiltDerived / 1000)} s`})`,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "data-dir": { type: "string" },
      public: { type: "string", default: "100000" },
      private: { type: "string", default: "2000" },
      analyze: { type: "boolean", default: false },
    },
  });
  const dataDir = values["data-dir"];
  if (!dataDir) throw new Error("--data-dir is required");
  const summary = await seedCatalogue({
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    publicImages: Number(values.public),
    privateImages: Number(values.private),
    analyze: values.analyze,
    log: (message) => process.stderr.write(`${message}\n`),
  });
  for (const line of summaryLines(summary)) console.log(line);
  const top = summary.tags.slice(0, 30).map((t) => `${t.tag} ${t.count}`);
  console.log(`tags (public images): ${top.join(", ")}, …`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
