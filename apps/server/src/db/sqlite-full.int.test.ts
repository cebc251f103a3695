/**
 * A full disk under SQLite (round 43): SQLite undoes a transaction itself when a write finds no
 * space, and the app's own rollback after it must not replace that error with "cannot rollback -
 * no transaction is active". Every write then answers the 503 that says the server is out of
 * space, as an upload does. The first test does to a transaction what a full disk does; the second
 * fills the file with `max_page_count`, without filling a disk.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../test/images.js";
import { createTestApp, newAccount, TEST_DB, type TestApp } from "../../test/test-app.js";

let app: TestApp;
let member: { cookie: string };

beforeAll(async () => {
  app = await createTestApp({ REGISTRATIONS_PER_IP_HOUR: "1000" });
  member = await signIn(app, "full_disk_member");
}, 60_000);
afterAll(() => app.close());

/**
 * The app's SQLite file made full: no page may be added to it, and the free room in its pages is
 * taken by a table of filler. Returns the undo.
 */
async function fillDatabase(): Promise<() => Promise<void>> {
  const { db } = app.database;
  await sql`create table filler (bytes blob)`.execute(db);
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${Number(rows[0]?.page_count)}`).execute(db);
  for (const size of [4096, 512, 64, 8]) {
    try {
      for (;;) await sql`insert into filler values (randomblob(${size}))`.execute(db);
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_FULL") throw error;
    }
  }
  return async () => {
    await sql.raw("pragma max_page_count = 4294967294").execute(db);
    await sql`drop table filler`.execute(db);
  };
}

describe.skipIf(TEST_DB !== "sqlite")("a full SQLite database", () => {
  it("keeps the error of a transaction SQLite undid itself, not the rollback's after it", async () => {
    // What a write on a full disk does: SQLite rolls the whole transaction back, then the
    // statement's error reaches the app, whose ROLLBACK finds no transaction.
    const full = Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    const failed = app.database.db.transaction().execute(async (trx) => {
      await sql`rollback`.execute(trx);
      throw full;
    });
    await expect(failed).rejects.toBe(full);
    // The connection is usable after it, in and out of transactions.
    const counted = await app.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from users`.execute(trx);
      return Number(rows[0]?.n);
    });
    expect(counted).toBeGreaterThan(0);
  });

  it("answers writes with the 503 that says so, and works again after", async () => {
    const empty = await fillDatabase();
    try {
      // Registrations, each a transaction of several rows (the member, the session, the mail's
      // job): soon one needs a page the file may not have.
      const writes = await Promise.all(
        Array.from({ length: 30 }, () =>
          app.server.inject({
            method: "POST",
            url: "/api/v1/auth/register",
            payload: newAccount(),
          }),
        ),
      );
      expect(
        writes.filter((res) => res.statusCode === 500),
        writes.map((res) => res.body).join("\n"),
      ).toEqual([]);
      const refused = writes.filter((res) => res.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]?.json()).toMatchObject({
        code: "service_unavailable",
        message: expect.stringContaining("run out of storage space"),
      });
      // A signed-in member's write in a transaction of its own: the same answer.
      const collection = await app.server.inject({
        method: "POST",
        url: "/api/v1/collections",
        headers: { cookie: member.cookie },
        payload: { name: "When the disk is full", description: "z".repeat(400) },
      });
      expect([201, 503]).toContain(collection.statusCode);
    } finally {
      await empty();
    }
    const registered = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newAccount(),
    });
    expect(registered.statusCode).toBe(201);
  });
});
