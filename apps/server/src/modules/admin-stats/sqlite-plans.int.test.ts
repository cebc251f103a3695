import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../../test/images.js";
import { plannedSqlite } from "../../../test/sqlite-plans.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { ModerationRepo } from "../moderation/moderation.repo.js";
import { AdminStatsRepo } from "./admin-stats.repo.js";

/**
 * The admin console's reads that walked every image at 1,000,000 images on SQLite, with the
 * server's event loop waiting for everyone (2026-11-28): the analytics' top tags 12.7 s, the
 * moderation queue's count 2.4 s and its page 1 s. Each statement is planned here. And the
 * analytics read on a thread of their own (DatabaseHandle.longReads), so whatever they cost, the
 * event loop serves meanwhile.
 */
let app: TestApp;
let planned: ReturnType<typeof plannedSqlite>;

beforeAll(async () => {
  app = await createTestApp({ WORKERS: "0" });
  if (TEST_DB !== "sqlite") return;
  await seedImage(app, { tags: ["dawn"] });
  planned = plannedSqlite(app);
});
afterAll(async () => {
  planned?.close();
  await app.close();
});

/** The plan of each statement run since `statements` was emptied, its steps joined. */
const plans = () =>
  planned.statements.map((statement) => ({
    statement,
    plan: planned.plan(statement).join("\n"),
  }));

describe.skipIf(TEST_DB !== "sqlite")("SQLite's plans for the admin console", () => {
  it("walks the moderation queue from the moderation index", async () => {
    const repo = new ModerationRepo(planned.db, "sqlite");
    planned.statements.length = 0;
    await repo.countQueue();
    await repo.findQueuePage(["flagged", "unrated", "reported"], undefined, 5);
    const found = plans();
    expect(found).toHaveLength(2);
    for (const { statement, plan } of found) {
      expect(plan, statement).toMatch(
        /SEARCH images USING (COVERING )?INDEX images_moderation_idx/,
      );
    }
  });

  it("finds the top tags from the window's activity, each image's tags by image", async () => {
    const repo = new AdminStatsRepo(planned.db, "sqlite");
    planned.statements.length = 0;
    const now = Date.now();
    await repo.topTags(
      { fromMs: now - 86_400_000, toMs: now, fromDay: "2026-11-27", toDayExclusive: "2026-11-29" },
      10,
    );
    const [found] = plans();
    // The facets are found by image (image_facets_image_idx), never walked by kind.
    expect(found?.plan).toMatch(/SEARCH f USING INDEX image_facets_image_idx \(image_id=\?\)/);
    expect(found?.plan).not.toMatch(/SEARCH f USING COVERING INDEX \S+ \(kind=\?\)/);
  });

  it("reads the analytics on a thread of their own: another request is answered meanwhile", async () => {
    // 1,500 images' views on each of 300 days (450,000 rows): a year's analytics take a while.
    await sql`
      insert into image_view_days (day, image_id, views)
      with recursive d(n) as (select 0 union all select n + 1 from d where n < 299),
        i(id) as (select 1 union all select id + 1 from i where id < 1500)
      select date('now', '-' || d.n || ' days'), 800000 + i.id, 1 + (i.id % 7) from d, i
    `.execute(app.database.db);
    const admin = await signIn(app, "plans_admin", "admin");
    const finished: string[] = [];
    const analytics = app.server
      .inject({
        method: "GET",
        url: "/api/v1/admin/analytics?range=12m",
        headers: { cookie: admin.cookie },
      })
      .then((res) => {
        finished.push("analytics");
        return res;
      });
    // Asked once the analytics are reading: a timer fires only while the event loop is free.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const health = await app.server.inject({ method: "GET", url: "/healthz" });
    finished.push("healthz");
    expect(health.statusCode).toBe(200);
    const res = await analytics;
    expect(res.statusCode, res.body).toBe(200);
    expect(finished).toEqual(["healthz", "analytics"]);
  });
});
