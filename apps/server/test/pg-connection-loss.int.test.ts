import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_DB, type TestApp } from "./test-app.js";

/**
 * PostgreSQL closing the pool's idle connections (a restart, a failover, `idle_session_timeout`,
 * a pooler, `pg_terminate_backend`) costs nothing but new connections. Before, node-postgres
 * re-emitted the closed connection's error on the pool, no one listened, and the API process (and
 * the worker) exited. An 'error' event nobody hears fails this file too.
 */
describe.skipIf(TEST_DB !== "postgres")("idle connections closed by PostgreSQL", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  /** The backend pids of connections the app's pool holds (several at once, so several open). */
  async function poolPids(): Promise<number[]> {
    const rows = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(
          app.database.db,
        ),
      ),
    );
    return [...new Set(rows.map((r) => Number(r.rows[0]?.pid)))];
  }

  it("keeps serving, on new connections, after its idle ones are terminated", async () => {
    expect((await app.server.inject({ url: "/api/v1/images?limit=2" })).statusCode).toBe(200);
    const pids = await poolPids();
    expect(pids.length).toBeGreaterThan(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query(
        "select pg_terminate_backend(pid) as ended from unnest($1::int[]) as pid",
        [pids],
      );
      expect(ended.rows.every((r: { ended: boolean }) => r.ended)).toBe(true);
    } finally {
      await admin.end();
    }
    // Let the closed connections' errors arrive while they sit idle in the pool.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await app.server.inject({ url: "/readyz" });
    expect(ready.json()).toEqual({ status: "ok", database: true });
    expect((await app.server.inject({ url: "/api/v1/images?limit=2" })).statusCode).toBe(200);
    const after = await poolPids();
    expect(after.some((pid) => pids.includes(pid))).toBe(false);
  });

  it("answers 503 while its database takes no connections, and serves again once it does", async () => {
    const name = (
      await sql<{ name: string }>`select current_database() as name`.execute(app.database.db)
    ).rows[0]?.name as string;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const ident = admin.escapeIdentifier(name);
    try {
      // As an operator moving the database would: closed to connections, its sessions ended.
      await admin.query(`alter database ${ident} allow_connections false`);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Pages no cache holds (a visitor's cached page is still answered, as it should be).
      for (const url of ["/api/v1/images?limit=3", "/api/v1/images/1"]) {
        const res = await app.server.inject({ url });
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({
          code: "service_unavailable",
          message: expect.stringContaining("cannot reach its storage or database"),
        });
        expect(res.headers["retry-after"]).toBe("30");
      }
      expect((await app.server.inject({ url: "/readyz" })).statusCode).toBe(503);
    } finally {
      await admin.query(`alter database ${ident} allow_connections true`);
      await admin.end();
    }
    expect((await app.server.inject({ url: "/api/v1/images?limit=2" })).statusCode).toBe(200);
  });

  it("survives a connection closed while a transaction holds it between statements", async () => {
    const terminate = async (pid: number) => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query("select pg_terminate_backend($1)", [pid]);
      } finally {
        await admin.end();
      }
    };
    // Checked out, so the pool's listener is not on it: the connection's own must be.
    const held = app.database.db.transaction().execute(async (trx) => {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]
        ?.pid;
      await terminate(Number(pid));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(held).rejects.toThrow();
    expect((await app.server.inject({ url: "/api/v1/images?limit=2" })).statusCode).toBe(200);
  });
});
