import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_DB } from "../../test/test-app.js";
import { openDatabase } from "./database.js";
import {
  NAMED_AFTER_RUNS,
  NAMED_PER_CONNECTION,
  PLANNED_FOR_ITS_VALUES,
  preparingHotStatements,
} from "./pg-named-statements.js";

/**
 * A connection prepares a statement by name once its text has run NAMED_AFTER_RUNS times, holds
 * at most NAMED_PER_CONNECTION of them, and leaves statements without values alone; results are
 * the same named or not, and a transaction's statements still see its own writes.
 */
describe.skipIf(TEST_DB !== "postgres")("hot statements prepared by name on PostgreSQL", () => {
  const pools: pg.Pool[] = [];
  /** A connection of a pool of its own, so each test starts with nothing prepared. */
  async function connect(): Promise<pg.PoolClient> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    preparingHotStatements(pool);
    pools.push(pool);
    return pool.connect();
  }
  afterAll(() => Promise.all(pools.map((pool) => pool.end())));

  /** The statements this session has prepared, by their text. */
  async function prepared(client: pg.PoolClient): Promise<string[]> {
    const { rows } = await client.query("select statement from pg_prepared_statements");
    return rows.map((r: { statement: string }) => r.statement);
  }

  it("names a text after its first runs, with the same results", async () => {
    const client = await connect();
    try {
      const text = "select $1::int + 1 as n";
      for (let run = 1; run <= NAMED_AFTER_RUNS + 2; run++) {
        const { rows } = await client.query(text, [run]);
        expect(rows).toEqual([{ n: run + 1 }]);
        expect((await prepared(client)).includes(text)).toBe(run >= NAMED_AFTER_RUNS);
      }
      // Without values: never named, however often it runs.
      for (let run = 0; run < NAMED_AFTER_RUNS + 1; run++) await client.query("select 1 as one");
      expect(await prepared(client)).not.toContain("select 1 as one");
    } finally {
      client.release();
    }
  });

  it("never names a statement marked to be planned for its values", async () => {
    const client = await connect();
    try {
      const text = `select $1::int * 2 as n ${PLANNED_FOR_ITS_VALUES}`;
      for (let run = 1; run <= NAMED_AFTER_RUNS + 3; run++) {
        const { rows } = await client.query(text, [run]);
        expect(rows).toEqual([{ n: run * 2 }]);
      }
      expect(await prepared(client)).toEqual([]);
    } finally {
      client.release();
    }
  });

  it("holds at most NAMED_PER_CONNECTION statements on a connection", async () => {
    const client = await connect();
    try {
      for (let i = 0; i < NAMED_PER_CONNECTION + 20; i++) {
        const text = `select $1::int + ${i} as n`;
        for (let run = 0; run < NAMED_AFTER_RUNS; run++) {
          const { rows } = await client.query(text, [1]);
          expect(rows[0].n).toBe(1 + i);
        }
      }
      expect((await prepared(client)).length).toBe(NAMED_PER_CONNECTION);
    } finally {
      client.release();
    }
  });

  it("is how the app's database runs its statements, unless DATABASE_PREPARED_STATEMENTS is off", async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    for (const preparedStatements of [true, false]) {
      const database = openDatabase({ database: { kind: "postgres", url, preparedStatements } });
      try {
        // One query at a time: the pool hands back the connection it was just given.
        for (let run = 0; run < NAMED_AFTER_RUNS; run++) {
          await sql`select ${run}::int as app_check`.execute(database.db);
        }
        const { rows } = await sql<{ statement: string }>`
          select statement from pg_prepared_statements where statement like ${"%app_check%"}
        `.execute(database.db);
        expect(rows.length).toBe(preparedStatements ? 1 : 0);
      } finally {
        await database.close();
      }
    }
  });

  it("keeps a transaction's reads and writes in order", async () => {
    const client = await connect();
    try {
      await client.query("create temporary table named_check (v int)");
      await client.query("begin");
      for (let v = 1; v <= NAMED_AFTER_RUNS + 3; v++) {
        await client.query("insert into named_check (v) values ($1)", [v]);
        const { rows } = await client.query(
          "select count(*)::int as n from named_check where v <= $1",
          [v],
        );
        expect(rows[0].n).toBe(v);
      }
      await client.query("rollback");
      const { rows } = await client.query(
        "select count(*)::int as n from named_check where v > $1",
        [0],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      client.release();
    }
  });
});
