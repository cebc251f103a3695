/**
 * The analytics' top images read a ranking's head, then look only its images up
 * (AdminStatsRepo.topReady). A deleted image keeps its views and downloads by day, so the head can
 * be all images that are gone: the list still holds the ready ones, in order, and no other.
 * They are most of the analytics' cost, so a series' CSV does not read them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedImage, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { AdminStatsRepo } from "./admin-stats.repo.js";

const DAY = 86_400_000;
const window = {
  fromMs: Date.UTC(2026, 10, 1),
  toMs: Date.UTC(2026, 11, 1),
  fromDay: "2026-11-01",
  toDayExclusive: "2026-12-01",
};

let app: TestApp;
let repo: AdminStatsRepo;
let ready: number[];
let processing: number;

beforeAll(async () => {
  app = await createTestApp();
  repo = new AdminStatsRepo(app.database.db, app.database.dialect, app.database.longReads);
  ready = [await seedImage(app), await seedImage(app), await seedImage(app)];
  processing = await seedImage(app);
  await app.database.db
    .updateTable("images")
    .set({ status: "processing" })
    .where("id", "=", processing)
    .execute();
  const db = app.database.db;
  // 45 images gone (ids no image has), each viewed and downloaded more than any ready one; a
  // ready image viewed on a day outside the window; the one still processing, the most of all.
  const gone = Array.from({ length: 45 }, (_, i) => 900_000 + i);
  const day = (n: number) => new Date(window.fromMs + n * DAY).toISOString().slice(0, 10);
  const dayIndex = (n: number) => Math.floor(window.fromMs / DAY) + n;
  const views = [
    ...gone.map((id) => ({ day: day(3), image_id: id, views: 100 + id - 900_000 })),
    { day: day(1), image_id: processing, views: 1000 },
    { day: day(2), image_id: ready[0] as number, views: 5 },
    { day: day(4), image_id: ready[0] as number, views: 2 },
    { day: day(2), image_id: ready[1] as number, views: 9 },
    { day: day(5), image_id: ready[2] as number, views: 7 },
    { day: "2026-10-31", image_id: ready[2] as number, views: 50 },
  ];
  await db.insertInto("image_view_days").values(views).execute();
  const downloads = [
    ...gone.map((id) => ({ day_index: dayIndex(3), image_id: id, downloads: 100 })),
    { day_index: dayIndex(1), image_id: processing, downloads: 1000 },
    { day_index: dayIndex(2), image_id: ready[2] as number, downloads: 3 },
    { day_index: dayIndex(2), image_id: ready[0] as number, downloads: 3 },
  ];
  await db.insertInto("image_download_days").values(downloads).execute();
});
afterAll(() => app.close());

describe(`the analytics' top images on ${TEST_DB}`, () => {
  it("hold the ready images of the window, most first, past a head of images gone", async () => {
    const [a, b, c] = ready as [number, number, number];
    expect(await repo.topViewed(window, 10)).toEqual([
      { id: b, n: 9 },
      { id: a, n: 7 },
      { id: c, n: 7 },
    ]);
    expect(await repo.topViewed(window, 1)).toEqual([{ id: b, n: 9 }]);
    // Ties: the lower id first.
    expect(await repo.topDownloaded(window, 10)).toEqual([
      { id: a, n: 3 },
      { id: c, n: 3 },
    ]);
  });

  it("are empty for a window nothing happened in", async () => {
    const empty = { ...window, fromDay: "2020-01-01", toDayExclusive: "2020-02-01" };
    expect(await repo.topViewed(empty, 10)).toEqual([]);
    expect(
      await repo.topDownloaded(
        { ...empty, fromMs: Date.UTC(2020, 0, 1), toMs: Date.UTC(2020, 1, 1) },
        10,
      ),
    ).toEqual([]);
  });

  it("are read for the analytics, and not for one series' CSV", async () => {
    const admin = await signIn(app, "top_lists_admin", "admin");
    const reads = [
      vi.spyOn(AdminStatsRepo.prototype, "topViewed"),
      vi.spyOn(AdminStatsRepo.prototype, "topDownloaded"),
      vi.spyOn(AdminStatsRepo.prototype, "topTags"),
      vi.spyOn(AdminStatsRepo.prototype, "imagesActivity"),
    ];
    try {
      const csv = await app.server.inject({
        method: "GET",
        url: "/api/v1/admin/analytics.csv?range=12m&series=views",
        headers: { cookie: admin.cookie },
      });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.split("\n")[0]).toMatch(/views/i);
      expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0, 0]);
      const analytics = await app.server.inject({
        method: "GET",
        url: "/api/v1/admin/analytics?range=12m",
        headers: { cookie: admin.cookie },
      });
      expect(analytics.statusCode, analytics.body).toBe(200);
      expect(reads.map((read) => read.mock.calls.length)).toEqual([1, 1, 1, 1]);
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });

  it("come alone from /analytics/top, and the series alone from /analytics/figures", async () => {
    const admin = await signIn(app, "analytics_parts_admin", "admin");
    const get = async (path: string) => {
      const res = await app.server.inject({ url: path, headers: { cookie: admin.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    for (const range of ["7d", "30d", "12m"]) {
      const whole = await get(`/api/v1/admin/analytics?range=${range}`);
      const figures = await get(`/api/v1/admin/analytics/figures?range=${range}`);
      const top = await get(`/api/v1/admin/analytics/top?range=${range}`);
      const { topImages, topTags, ...series } = whole;
      expect(figures).toEqual(series);
      expect(top).toEqual({ range, topImages, topTags });
    }
    const reads = vi.spyOn(AdminStatsRepo.prototype, "topTags");
    try {
      await get("/api/v1/admin/analytics/figures?range=12m");
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    const anonymous = await app.server.inject({ url: "/api/v1/admin/analytics/top?range=12m" });
    expect(anonymous.statusCode).toBe(401);
    const badRange = await app.server.inject({
      url: "/api/v1/admin/analytics/figures?range=5y",
      headers: { cookie: admin.cookie },
    });
    expect(badRange.statusCode, badRange.body).toBe(400);
  });
});
