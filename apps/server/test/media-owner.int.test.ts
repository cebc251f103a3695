import { copyFile, cp, mkdtemp, readFile, rm } from "node:fs/promises";
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

/**
 * A database restored without DATA_DIR/media (PostgreSQL's pg_dump alone, or an SQLite file
 * copied without its folder): every picture was missing while the site looked healthy. Refused.
 */
describe(`a database on ${TEST_DB} restored without its pictures`, () => {
  const folders: string[] = [];
  const database = createTestDatabase();
  afterAll(async () => {
    await (await database).drop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("is refused on an empty DATA_DIR, naming the media folder to restore", async () => {
    const first = await mkdtemp(join(tmpdir(), "sawdust-restore-a-"));
    const second = await mkdtemp(join(tmpdir(), "sawdust-restore-b-"));
    folders.push(first, second);
    const env = { LOG_LEVEL: "silent", WORKERS: "0", ...(await database).env };
    const site: App = await buildApp(loadConfig({ ...env, DATA_DIR: first }));
    try {
      const admin = await signIn(site as TestApp, "restore_admin", "admin");
      const res = await upload(site as TestApp, admin.cookie, {
        name: "kept.png",
        data: await makePng(800, 1000),
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await site.server.close();
    }
    // The database "restored" elsewhere: PostgreSQL's is the same; SQLite's file is copied.
    if (TEST_DB !== "postgres") {
      await copyFile(join(first, "sawdust.db"), join(second, "sawdust.db"));
    }

    const start = buildApp(loadConfig({ ...env, DATA_DIR: second }));
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(/holds none of their pictures: restore DATA_DIR\/media/);
    // With the folder restored too, it starts.
    await cp(join(first, "media"), join(second, "media"), { recursive: true });
    await copyFile(join(first, MEDIA_OWNER_FILE), join(second, MEDIA_OWNER_FILE));
    const restored: App = await buildApp(loadConfig({ ...env, DATA_DIR: second }));
    await restored.server.close();
  }, 60_000);
});
