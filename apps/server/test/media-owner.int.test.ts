import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.js";
import { ConfigError, loadConfig } from "../src/config.js";
import { MEDIA_OWNER_FILE } from "../src/media/media-owner.js";
import { makePng, signIn, upload } from "./images.js";
import { createTestDatabase, TEST_DB, type TestApp } from "./test-app.js";

/**
 * An SQLite site restarted with DATABASE_URL set to an empty PostgreSQL, on the same DATA_DIR:
 * the new database would have written its image 1 over the old site's pictures. It is refused.
 */
describe.skipIf(TEST_DB !== "postgres")("DATA_DIR/media and the database it belongs to", () => {
  const dataDir = mkdtemp(join(tmpdir(), "sawdust-owner-"));
  const postgres = createTestDatabase();
  afterAll(async () => {
    await (await postgres).drop();
    await rm(await dataDir, { recursive: true, force: true });
  });

  it("refuses to start another database on a folder holding a site's pictures", async () => {
    const env = { DATA_DIR: await dataDir, LOG_LEVEL: "silent", WORKERS: "0" };
    const sqlite: App = await buildApp(loadConfig(env));
    try {
      const admin = await signIn(sqlite as TestApp, "owner_admin", "admin");
      const res = await upload(sqlite as TestApp, admin.cookie, {
        name: "first.png",
        data: await makePng(800, 1000),
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await sqlite.server.close();
    }
    const owner = await readFile(join(await dataDir, MEDIA_OWNER_FILE), "utf8");
    const before = await readFile(join(await dataDir, "sawdust.db"));

    const start = buildApp(loadConfig({ ...env, ...(await postgres).env }));
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(/media holds the pictures of another database/);
    // Nothing of the SQLite site changed.
    expect(await readFile(join(await dataDir, MEDIA_OWNER_FILE), "utf8")).toBe(owner);
    expect((await readFile(join(await dataDir, "sawdust.db"))).length).toBe(before.length);
  }, 60_000);
});
