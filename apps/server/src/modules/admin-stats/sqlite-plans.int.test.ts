import { join } from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import type { Database } from "../../db/schema.js";
import { SQLite, type SQLiteDatabase } from "../../db/sqlite-driver.js";
import { ModerationRepo } from "../moderation/moderation.repo.js";
import { AdminStatsRepo } from "./admin-stats.repo.js";

/**
 * The admin console's reads that walked every image at 1,000,000 images on SQLite, with the
 * server's event loop waiting for everyone (2026-11-28): the analytics' top tags 12.7 s, the
 * moderation queue's count 2.4 s and its page 1 s. Each statement is planned here.
 */
let app: TestApp;
let sqlite: SQLiteDatabase;
let db: Kysely<Database>;
const statements: string[] = [];

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  if (TEST_DB !== "sqlite") return;
  await seedImage(app, { tags: ["dawn"] });
  sqlite = new SQLite(join(app.dataDir, "sawdust.db"));
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
});
afterAll(async () => {
  sqlite?.close();
  await app.close();
});

/** The plan of each statement noted since `statements` was emptied, its steps joined. */
function plans(): Array<{ statement: string; plan: string }> {
  return statements.map((statement) => {
    const params = Array.from(statement.matchAll(/\?/g), () => null);
    const steps = sqlite.prepare(`explain query plan ${statement}`).all(...params) as Array<{
      detail: string;
    }>;
    return { statement, plan: steps.map((step) => step.detail).join("\n") };
  });
}

describe.skipIf(TEST_DB !== "sqlite")("SQLite's plans for the admin console", () => {
  it("walks the moderation queue from the moderation index", async () => {
    const repo = new ModerationRepo(db, "sqlite");
    statements.length = 0;
    await repo.countQueue();
    await repo.findQueuePage(["flagged", "unrated", "reported"], undefined, 5);
    const planned = plans();
    expect(planned).toHaveLength(2);
    for (const { statement, plan } of planned) {
      expect(plan, statement).toMatch(
        /SEARCH images USING (COVERING )?INDEX images_moderation_idx/,
      );
    }
  });

  it("finds the top tags from the window's activity, each image's tags by image", async () => {
    const repo = new AdminStatsRepo(db, "sqlite");
    statements.length = 0;
    const now = Date.now();
    await repo.topTags(
      { fromMs: now - 86_400_000, toMs: now, fromDay: "2026-11-27", toDayExclusive: "2026-11-29" },
      10,
    );
    const [planned] = plans();
    // The facets are found by image (image_facets_image_idx), never walked by kind.
    expect(planned?.plan).toMatch(/SEARCH f USING INDEX image_facets_image_idx \(image_id=\?\)/);
    expect(planned?.plan).not.toMatch(/SEARCH f USING COVERING INDEX \S+ \(kind=\?\)/);
  });
});
