/**
 * Two API processes on one database: a change made through one is gone from the other's cached
 * lists and totals within moments: on PostgreSQL by LISTEN/NOTIFY, on SQLite (which carries no
 * events) by the watch for another process's commits (db/sqlite-change-watch.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { publish, seedImage, signIn } from "./images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "./test-app.js";
import { until } from "./until.js";

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

const searchTotal = async (app: { server: App["server"] }) =>
  (await app.server.inject({ method: "GET", url: "/api/v1/images?q=shared" })).json().stats
    .totalImages as number;

describe(`changes between processes on ${TEST_DB}`, () => {
  it("hiding an image through A removes it from B's cached page and total within moments", async () => {
    const admin = await signIn(a, "events_admin", "admin");
    const id = await seedImage(a, { title: "Shared Sight", isPublic: false });
    await publish(a, admin.cookie, id);
    // B caches a visitor page that shows the image, and a counted total (a search) that holds it.
    expect(await visitorIds(b)).toContain(id);
    expect(await visitorIds(b)).toContain(id);
    expect(await searchTotal(b)).toBe(1);
    expect(await searchTotal(b)).toBe(1);

    const hidden = await a.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}/visibility`,
      headers: { cookie: admin.cookie },
      payload: { isPublic: false },
    });
    expect(hidden.statusCode).toBe(200);

    // Far below what B's copies would be kept otherwise (a page 5 s, a total 60 s; the test's
    // clock stands still, so only the change itself can clear them).
    const shown = await until(
      "B's visitor page without the image",
      async () => {
        const ids = await visitorIds(b);
        return ids.includes(id) ? undefined : ids;
      },
      1000,
      { everyMs: 10 },
    );
    expect(shown).not.toContain(id);
    const total = await until(
      "B's search total without the image",
      async () => {
        const n = await searchTotal(b);
        return n === 0 ? n : undefined;
      },
      1000,
      { everyMs: 10 },
    );
    expect(total).toBe(0);
  });

  it("keeps B's cached page when A commits something it does not announce (a view)", async () => {
    const admin = await signIn(a, "events_admin_views", "admin");
    const id = await seedImage(a, { title: "Counted Sight", isPublic: false });
    await publish(a, admin.cookie, id);
    // Commits from A that reach B's process: the publication above, then settle on B.
    await until(
      "B's visitor page with the image",
      async () => ((await visitorIds(b)).includes(id) ? true : undefined),
      1000,
      { everyMs: 10 },
    );
    const viewsOnB = async () =>
      (
        (await b.server.inject({ method: "GET", url: "/api/v1/images?limit=50" })).json()
          .images as Array<{ id: number; views: number }>
      ).find((image) => image.id === id)?.views;
    // Every announcement of the publication (there may be more than the first one B acted on)
    // reaches B before the count is read: B's event poll runs every 250 ms on SQLite.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const before = await viewsOnB();

    const viewed = await a.server.inject({
      method: "POST",
      url: `/api/v1/images/${id}/views`,
      remoteAddress: "10.77.0.1",
    });
    expect(viewed.statusCode).toBe(200);
    // Counters change without an announcement: B's kept page may show the old count for its
    // 5 s (the clock stands still here). On SQLite, before events were carried in a table, any
    // commit by another process dropped B's copies, so B showed the new count at once.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await viewsOnB()).toBe(before);
    clock.advance(5_000);
    expect(await viewsOnB()).toBe((before ?? 0) + 1);
  });
});
