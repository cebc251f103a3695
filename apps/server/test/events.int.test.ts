/**
 * Two API processes on one database: a change made through one is gone from the other's cached
 * lists at once on PostgreSQL (LISTEN/NOTIFY), and within the cache's stated bound on SQLite
 * (which has no channel between processes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { LIST_CACHE_TTL_MS } from "../src/modules/images/list-cache.js";
import { publish, seedImage, signIn } from "./images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "./test-app.js";

const clock = new TestClock();
let a: TestApp;
let b: App;

beforeAll(async () => {
  a = await createTestApp({}, { clock });
  // A second app on the same database (and data directory), as a second process would be.
  b = await buildApp(loadConfig(a.env), { webDist: a.webDist, clock });
});
afterAll(async () => {
  await b.server.close();
  await a.close();
});

const visitorIds = async (app: { server: App["server"] }) =>
  (await app.server.inject({ method: "GET", url: "/api/v1/images?limit=50" }))
    .json()
    .images.map((i: { id: number }) => i.id);

describe(`changes between processes on ${TEST_DB}`, () => {
  it(
    TEST_DB === "postgres"
      ? "hiding an image through A removes it from B's next visitor page at once"
      : "hiding an image through A removes it from B's pages within the cache's bound",
    async () => {
      const admin = await signIn(a, "events_admin", "admin");
      const id = await seedImage(a, { title: "Shared Sight" });
      await publish(a, admin.cookie, id);
      // B caches a visitor page that shows the image.
      expect(await visitorIds(b)).toContain(id);
      expect(await visitorIds(b)).toContain(id);

      const hidden = await a.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${id}/visibility`,
        headers: { cookie: admin.cookie },
        payload: { isPublic: false },
      });
      expect(hidden.statusCode).toBe(200);

      if (TEST_DB === "postgres") {
        // The notification travels over loopback: allow it a moment, far below the cache's 5 s.
        const deadline = Date.now() + 500;
        let ids = await visitorIds(b);
        while (ids.includes(id) && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 10));
          ids = await visitorIds(b);
        }
        expect(ids).not.toContain(id);
      } else {
        // No channel between SQLite processes: B may show its cached page until the bound.
        clock.advance(LIST_CACHE_TTL_MS.total + 1);
        expect(await visitorIds(b)).not.toContain(id);
      }
    },
  );
});
