/**
 * A start on a PostgreSQL server that will not have it names DATABASE_URL in one line, without
 * its password, from the server, the worker and the admin CLI alike: a URL asking for SSL the
 * server lacks, a role that signs in but has no rights on the tables. Runs on PostgreSQL only
 * (`TEST_DB=postgres`), as start-failures.int.test.ts does on the built server.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/cluster.mjs";
import { startEntry } from "./start-entry.js";
import { createTestDatabase, TEST_DB } from "./test-app.js";

const work = mkdtempSync(join(tmpdir(), "sawdust-start-failures-pg-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const SERVING = '"msg":"serving"';
/** Any WEB_DIST but the default, which `npm start` would build first. */
const WEB_DIST = work;

describe.skipIf(TEST_DB !== "postgres")("a start on PostgreSQL that fails", () => {
  const ownerUrl = process.env.TEST_DATABASE_URL as string;
  const entries = [["main"], ["worker"], ["admin", "reset-password", "--username", "boss"]];

  it("names DATABASE_URL when it asks for SSL the server does not have", async () => {
    const url = new URL(ownerUrl);
    url.searchParams.set("sslmode", "require");
    for (const entry of entries) {
      const run = await startEntry(
        entry,
        {
          WEB_DIST,
          PORT: String(await freePort()),
          DATA_DIR: join(work, "ssl"),
          DATABASE_URL: String(url),
        },
        SERVING,
      );
      expect(run.code, entry[0]).toBe(1);
      expect(run.output, entry[0]).toMatch(
        /DATABASE_URL \(postgres:\/\/.*sslmode=require\): cannot connect: The server does not support SSL connections\. Remove sslmode/,
      );
      expect(run.output, entry[0]).not.toMatch(/^\s+at /m);
    }
  }, 90_000);

  it("names the role when PostgreSQL has no such role, not only that it may not sign in", async () => {
    const role = `sawdust_nobody_${randomBytes(6).toString("hex")}`;
    const url = new URL(ownerUrl);
    url.username = role;
    url.password = "";
    const run = await startEntry(
      ["main"],
      {
        WEB_DIST,
        PORT: String(await freePort()),
        DATA_DIR: join(work, "no-role"),
        DATABASE_URL: String(url),
      },
      SERVING,
    );
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(
      `DATABASE_URL (${String(url)}): cannot connect: the role ${role} does not exist or may not sign in (role "${role}" does not exist).`,
    );
    expect(run.output).not.toMatch(/^\s+at /m);
  }, 60_000);

  it("names DATABASE_URL when its role may sign in but not use the tables another role made", async () => {
    const database = await createTestDatabase();
    const role = `sawdust_test_role_${randomBytes(6).toString("hex")}`;
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      // The site migrated by its owner, then started with a role given no rights on it.
      const migrated = await startEntry(
        ["admin", "create", "--username", "boss", "--email", "boss@example.com"],
        { ...database.env, DATA_DIR: join(work, "pg-rights") },
      );
      expect(migrated.code, migrated.output).toBe(0);
      await owner.query(`create role ${role} login password 'role-secret'`);
      const url = new URL(database.env.DATABASE_URL as string);
      url.username = role;
      url.password = "role-secret";
      for (const entry of entries) {
        const run = await startEntry(
          entry,
          {
            PORT: String(await freePort()),
            DATA_DIR: join(work, "pg-rights"),
            DATABASE_URL: String(url),
          },
          SERVING,
        );
        expect(run.code, entry[0]).toBe(1);
        expect(run.output, entry[0]).toContain(
          `DATABASE_URL (postgres://${role}:***@${url.host}${url.pathname}): the role signs in but may not create or use Sawdust's tables (permission denied for`,
        );
        expect(run.output, entry[0]).not.toContain("role-secret");
        expect(run.output, entry[0]).not.toMatch(/^\s+at /m);
      }
    } finally {
      await database.drop();
      await owner.query(`drop role if exists ${role}`);
      await owner.end();
    }
  }, 120_000);
});
