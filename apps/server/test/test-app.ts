import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type App, type AppDeps, buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Clock } from "../src/lib/clock.js";

/** Which database the integration suite runs on: `TEST_DB=postgres` with `TEST_DATABASE_URL`. */
export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";

export class TestClock implements Clock {
  constructor(private time = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface TestApp extends App {
  /** The environment the app's config was read from (for the CLI, say). */
  env: Record<string, string>;
  dataDir: string;
  webDist: string;
  close(): Promise<void>;
}

/**
 * A whole app on a database of its own (a temporary SQLite file, or a fresh PostgreSQL database
 * created for this test file), with a tiny built web app to serve.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: AppDeps = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "sawdust-test-"));
  const webDist = join(dataDir, "web-dist");
  mkdirSync(join(webDist, "assets"), { recursive: true });
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Sawdust</title><div id=root>");
  writeFileSync(join(webDist, "assets", "app-abc123.js"), "console.log('app')");

  const { env: dbEnv, drop: dropDatabase } = await createTestDatabase();
  const appEnv = {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...dbEnv,
    ...env,
  };
  const app = await buildApp(loadConfig(appEnv), { webDist, ...deps });
  return {
    ...app,
    env: appEnv,
    dataDir,
    webDist,
    async close() {
      await sayingWhenSlow("closing the app", () => app.server.close());
      await sayingWhenSlow("dropping the test database", dropDatabase);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs one step of a teardown, and says on stderr which step it is and what the process is still
 * waiting on if it takes longer than a teardown should: a hook that times out names neither.
 */
async function sayingWhenSlow<T>(step: string, run: () => Promise<T>): Promise<T> {
  const timer = setTimeout(() => {
    const waiting = process.getActiveResourcesInfo().join(", ");
    process.stderr.write(`test teardown: ${step} still waiting after 20 s (open: ${waiting})\n`);
  }, 20_000);
  timer.unref();
  try {
    return await run();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A database of its own for one test file: nothing to do on SQLite (the file lives in DATA_DIR);
 * on PostgreSQL a fresh database, dropped by `drop()`.
 */
export async function createTestDatabase(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (TEST_DB !== "postgres") return { env: {}, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (npm test sets both)");
  const name = `sawdust_test_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await withClient(adminUrl, async (c) => {
        // The app's pool may still be closing its sockets: forcing the drop then would kill a
        // connection that is saying goodbye, and its client reports that as an unhandled error.
        for (let attempt = 0; attempt < 40; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== "55006") throw error; // object_in_use
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        await c.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = response.cookies.find((c) => c.name === "sawdust_session");
  if (!cookie) throw new Error("no session cookie was set");
  return `sawdust_session=${cookie.value}`;
}

let counter = 0;
/** A unique, valid registration body; override any field. */
export function newAccount(
  overrides: Partial<Record<"username" | "email" | "password", string>> = {},
) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${id}`,
    email: `user_${id}@example.com`,
    password: "correct horse battery",
    ...overrides,
  };
}
