import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DB } from "../../../test/test-app.js";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../database.js";
import { migrationsFor } from "./index.js";

/** A database brought up to one migration, as the release before it left it. */
async function databaseAt(handle: DatabaseHandle, last: string): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(handle.dialect) },
  });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
}

describe(`upgrading a database on ${TEST_DB}`, () => {
  let handle: DatabaseHandle;
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    const { env, drop } = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), "sawdust-upgrade-"));
    handle = openDatabase({
      database: env.DATABASE_URL
        ? { kind: "postgres", url: env.DATABASE_URL, preparedStatements: true }
        : { kind: "sqlite", file: join(dir, "sawdust.db") },
    });
    cleanUp = async () => {
      await handle.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanUp());

  it("keeps sign-in windows still open as attempts (0033), so a lockout survives the upgrade", async () => {
    await databaseAt(handle, "2026-11-29-0032-search-without-accents");
    const now = Date.now();
    await handle.db
      .insertInto("rate_limits")
      .values([
        { key: "login:user:locked", count: 5, window_ends_at: now + 10 * 60_000 },
        { key: "login:ip:10.0.0.1", count: 3, window_ends_at: now + 60_000 },
        { key: "login:user:long-ago", count: 5, window_ends_at: now - 60_000 },
        { key: "preview:ip:10.0.0.2", count: 40, window_ends_at: now + 60_000 },
      ])
      .execute();
    expect(await migrateToLatest(handle)).toContain("2026-11-29-0033-rate-limit-attempts");
    const attempts = await handle.db
      .selectFrom("rate_limit_attempts")
      .select((eb) => ["key", eb.fn.countAll<number>().as("count")])
      .groupBy("key")
      .orderBy("key")
      .execute();
    expect(attempts.map((row) => [row.key, Number(row.count)])).toEqual([
      ["login:ip:10.0.0.1", 3],
      ["login:user:locked", 5],
    ]);
  });

  it("says a database a newer build migrated is newer, not corrupted", async () => {
    await migrateToLatest(handle);
    await handle.db
      .insertInto("kysely_migration" as never)
      .values({
        name: "2099-01-01-0999-from-the-future",
        timestamp: new Date().toISOString(),
      } as never)
      .execute();
    await expect(migrateToLatest(handle)).rejects.toThrow(
      /upgraded by a newer Sawdust \(it has migration 2099-01-01-0999-from-the-future/,
    );
  });
});
