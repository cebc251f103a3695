import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_DB, type TestApp } from "../../test/test-app.js";

/**
 * Removing a row makes the database find the rows that point at it (to cascade, or to set them to
 * null). Without an index leading with the pointing column, that is a read of the whole child
 * table for every row removed: deleting an image read every download the site had counted. So
 * every foreign key has one, except those to `users`: an account is marked deleted, never removed
 * (accounts.repo.ts), so nothing ever looks for its rows that way.
 */
const NEVER_REMOVED = new Set(["users"]);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface ForeignKey {
  table: string;
  column: string;
  parent: string;
}

/** Every single-column foreign key, and whether an index (or the primary key) leads with it. */
async function foreignKeys(): Promise<Array<ForeignKey & { indexed: boolean }>> {
  const { db } = app.database;
  if (TEST_DB === "postgres") {
    const { rows } = await sql<ForeignKey & { indexed: boolean }>`
      select c.conrelid::regclass::text as table, a.attname as column,
        c.confrelid::regclass::text as parent,
        exists (select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    `.execute(db);
    return rows;
  }
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
  `.execute(db);
  const found: Array<ForeignKey & { indexed: boolean }> = [];
  for (const { name } of tables.rows) {
    const keys = await sql<{ from: string; table: string }>`
      select "from", "table" from pragma_foreign_key_list(${name})
    `.execute(db);
    if (keys.rows.length === 0) continue;
    const leading = await sql<{ column: string }>`
      select (select c.name from pragma_index_info(l.name) c where c.seqno = 0) as "column"
      from pragma_index_list(${name}) l
      union all
      select name from pragma_table_info(${name}) where pk = 1
    `.execute(db);
    const indexed = new Set(leading.rows.map((row) => row.column));
    for (const key of keys.rows) {
      found.push({
        table: name,
        column: key.from,
        parent: key.table,
        indexed: indexed.has(key.from),
      });
    }
  }
  return found;
}

describe(`foreign keys on ${TEST_DB}`, () => {
  it("each has an index leading with its column, but those to accounts, which are never removed", async () => {
    const keys = await foreignKeys();
    expect(keys.length).toBeGreaterThan(20);
    // The test reads what it should: the key this rule was written for is among them.
    expect(keys).toContainEqual({
      table: "download_events",
      column: "image_id",
      parent: "images",
      indexed: true,
    });
    const unindexed = keys.filter((key) => !key.indexed && !NEVER_REMOVED.has(key.parent));
    expect(unindexed).toEqual([]);
  });
});
