/**
 * What the server derives from the rows the seed writes, written the way the server writes it:
 * the seed inserts images, renditions and facets straight into the database, so whatever the
 * server keeps beside them is filled here by the server's own functions: each image's
 * `list_analysis` (what ingest and analysis write beside `ai_analysis`, `listAnalysisOf`) and its
 * display renditions' keys (`key_small`, …, what ingest writes with the renditions) in the same
 * batches, and the kept facet counts (`recountFacets`) and bytes stored (`recountStorage`) once
 * every batch is in.
 */
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import {
  backfillListKeys,
  recountFacets,
  recountStorage,
  refillSearchTerms,
} from "../../apps/server/src/db/catalogue-derived.js";
import type { Db } from "../../apps/server/src/db/database.js";
import type { DialectName } from "../../apps/server/src/db/dialect.js";
import { listAnalysisOf } from "../../apps/server/src/modules/images/list-analysis.js";
import type { ImageValues, SeededImage } from "./catalogue.js";

export interface DerivedRows {
  /** The image row with the columns the server writes beside `ai_analysis`. */
  image: ImageValues & {
    list_analysis: string;
    key_thumb: string | null;
    key_small: string | null;
    key_medium: string | null;
    key_large: string | null;
  };
  /** Rows of further tables, by table (none at present). */
  tables: Record<string, object[]>;
}

/** The rows the server would have written for this image besides the catalogue's own. */
export function derivedRows(made: SeededImage): DerivedRows {
  const keyOf = (size: string) => made.renditions.find((r) => r.size === size)?.storage_key ?? null;
  return {
    image: {
      ...made.image,
      list_analysis: listAnalysisOf(made.image.ai_analysis),
      key_thumb: keyOf("thumb"),
      key_small: keyOf("small"),
      key_medium: keyOf("medium"),
      key_large: keyOf("large"),
    },
    tables: {},
  };
}

/**
 * After every batch is in: what the server keeps about the whole catalogue. The load runs with
 * triggers off on PostgreSQL (seed.ts), so the search words' rows their triggers keep are made
 * here too.
 */
export async function finishDerived(db: Db, dialect: DialectName): Promise<void> {
  await recountFacets(db);
  await recountStorage(db);
  if (dialect === "postgres") await refillSearchTerms(db);
}

/** Images read and rewritten at once when the derived values are rebuilt. */
const REBUILD_BATCH = 10_000;

/**
 * Rebuilds what derivedRows wrote on a catalogue seeded earlier (the server's derivation
 * changed, not the rows): every image's `list_analysis`, in batches of 10,000, then its
 * renditions' keys and the counts.
 * SQLite through a connection of its own (prepared statements), PostgreSQL with one
 * `update … from unnest(…)` a batch.
 */
export async function rebuildDerived(
  db: Db,
  database: { kind: "sqlite"; file: string } | { kind: "postgres" },
  log: (message: string) => void,
): Promise<void> {
  if (database.kind === "sqlite") {
    const sqlite = new SQLite(database.file);
    try {
      sqlite.pragma("synchronous = OFF");
      const read = sqlite.prepare(
        "select id, ai_analysis from images where id > ? order by id limit ?",
      );
      const write = sqlite.prepare("update images set list_analysis = ? where id = ?");
      const batch = sqlite.transaction((rows: Array<{ id: number; ai_analysis: string }>) => {
        for (const row of rows) write.run(listAnalysisOf(row.ai_analysis), row.id);
      });
      let after = 0;
      for (;;) {
        const rows = read.all(after, REBUILD_BATCH) as Array<{ id: number; ai_analysis: string }>;
        if (rows.length === 0) break;
        batch(rows);
        after = rows[rows.length - 1]?.id ?? after;
        log(`  list_analysis rebuilt up to image ${after.toLocaleString("en")}`);
      }
    } finally {
      sqlite.close();
    }
  } else {
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom("images")
        .select(["id", "ai_analysis"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(REBUILD_BATCH)
        .execute();
      if (rows.length === 0) break;
      const ids = rows.map((r) => Number(r.id));
      const lists = rows.map((r) => listAnalysisOf(r.ai_analysis));
      await sql`update images set list_analysis = v.l
        from unnest(${ids}::int8[], ${lists}::text[]) as v(id, l)
        where images.id = v.id`.execute(db);
      after = ids[ids.length - 1] ?? after;
      log(`  list_analysis rebuilt up to image ${after.toLocaleString("en")}`);
    }
  }
  await backfillListKeys(db);
  log("  display renditions' keys rebuilt");
  await finishDerived(db, database.kind);
}
