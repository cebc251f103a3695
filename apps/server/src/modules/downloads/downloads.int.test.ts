import { FREE_TIER } from "@sawdust/shared";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { makePng, signIn, subscribe, uploadPublished } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { RENDITION_FOR_DOWNLOAD } from "../../media/renditions.js";
import { DOWNLOAD_MESSAGES, PREVIEW_LIMIT } from "./downloads.service.js";
import { monthOf } from "./usage-period.js";

const clock = new TestClock(Date.UTC(2026, 10, 21, 12));
let app: TestApp;
let admin: { cookie: string; userId: number };
let free: { cookie: string; userId: number };
let pro: { cookie: string; userId: number };
let imageId: number;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "dl_admin", "admin");
  free = await signIn(app, "dl_free");
  pro = await signIn(app, "dl_pro");
  await subscribe(app, pro.userId);
  const res = await uploadPublished(app, admin.cookie, {
    name: "harbor.png",
    data: await makePng(800, 1000),
  });
  imageId = res.json().uploaded[0].id;
  await app.server.inject({
    method: "PATCH",
    url: `/api/v1/images/${imageId}`,
    headers: { cookie: admin.cookie },
    payload: { aiAnalysis: { title: "Misty Harbor at Dawn" } },
  });
}, 60_000);
afterAll(() => app.close());

const download = (size: string, cookie?: string, headers: Record<string, string> = {}) =>
  app.server.inject({
    method: "GET",
    url: `/api/v1/images/${imageId}/download?size=${size}`,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });

/** A member's downloads and bytes this month, as the limits count them. */
const monthUsage = (userId: number) =>
  app.database.db
    .selectFrom("usage_monthly")
    .select(["downloads", "bytes"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();

const SIZES = ["preview", "basic", "hd", "xlarge", "ultra"] as const;

describe(`download access on ${TEST_DB}`, () => {
  const matrix: Record<string, Record<(typeof SIZES)[number], number>> = {
    visitor: { preview: 200, basic: 401, hd: 401, xlarge: 401, ultra: 401 },
    free: { preview: 200, basic: 200, hd: 403, xlarge: 403, ultra: 403 },
    pro: { preview: 200, basic: 200, hd: 200, xlarge: 200, ultra: 200 },
    admin: { preview: 200, basic: 200, hd: 200, xlarge: 200, ultra: 200 },
  };
  for (const [who, expected] of Object.entries(matrix)) {
    it(`gives the ${who} exactly the spec's sizes`, async () => {
      const cookie = {
        visitor: undefined,
        free: free.cookie,
        pro: pro.cookie,
        admin: admin.cookie,
      }[who];
      for (const size of SIZES) {
        const res = await download(size, cookie);
        expect({ size, status: res.statusCode }).toEqual({ size, status: expected[size] });
        if (res.statusCode === 200) {
          expect(res.headers["content-type"]).toBe("image/webp");
          expect(res.headers["content-disposition"]).toContain(
            `filename="misty-harbor-at-dawn-${size}.webp"`,
          );
          expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
          expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
        } else {
          expect(res.json().message.length).toBeGreaterThan(10);
        }
      }
    }, 120_000);
  }

  it("says why a download is refused", async () => {
    expect((await download("basic")).json().message).toBe("Sign in to download the Basic size");
    expect((await download("hd", free.cookie)).json().message).toBe(
      "Upgrade to Pro to download the HD size",
    );
    expect((await download("giant", free.cookie)).statusCode).toBe(400);
    // A size asked for under another name is refused, not answered with the preview.
    const misnamed = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/${imageId}/download?size[]=hd`,
      headers: { cookie: free.cookie },
    });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().message).toMatch(/^Unknown parameter "size\[\]"/);
    // An id is written one way: /images/0x14 is not /images/20.
    const hex = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/0x${imageId.toString(16)}/download?size=preview`,
    });
    expect(hex.statusCode).toBe(400);
    expect(hex.json().message).toBe("The image id must be a number");
  });

  it("serves a byte range and does not count a resumed download", async () => {
    const member = await signIn(app, "dl_ranger");
    const part = await download("basic", member.cookie, { range: "bytes=0-99" });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
    const rest = await download("basic", member.cookie, { range: "bytes=100-" });
    expect(rest.statusCode).toBe(206);
    const usage = await monthUsage(member.userId);
    expect(usage.downloads).toBe(1);
    // The month's bandwidth is the bytes sent: the file once, not the file plus its rest.
    const fileBytes = Number(String(part.headers["content-range"]).split("/")[1]);
    expect(usage.bytes).toBe(fileBytes);
    const etag = String(part.headers.etag);
    expect((await download("basic", member.cookie, { "if-none-match": etag })).statusCode).toBe(
      304,
    );
    // Compared weakly: a proxy that weakens the tag still revalidates, counting nothing (round 49).
    const weakened = await download("basic", member.cookie, { "if-none-match": `W/${etag}` });
    expect(weakened.statusCode).toBe(304);
    const after = await monthUsage(member.userId);
    expect(after.downloads).toBe(1);
  });
});

describe(`a download whose file is gone on ${TEST_DB}`, () => {
  it("is the image's 404, never a 5xx, and counts nothing against the member", async () => {
    const member = await signIn(app, "dl_gone");
    // The image deleted as it is asked for: the row is read, then the file is not there.
    const basic = await app.database.db
      .selectFrom("renditions")
      .select("storage_key")
      .where("image_id", "=", imageId)
      .where("size", "=", RENDITION_FOR_DOWNLOAD.basic)
      .executeTakeFirstOrThrow();
    const storage = app.services.storage;
    const bytes = await storage.readBuffer(basic.storage_key);
    // Gone between the checks and the read: what an admin's delete at that moment does.
    const read = storage.read.bind(storage);
    storage.read = async (key, range) => {
      storage.read = read;
      await storage.deletePrefix(key);
      return read(key, range);
    };
    try {
      const res = await download("basic", member.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("not_found");
      const usage = await app.server.inject({
        method: "GET",
        url: "/api/v1/usage",
        headers: { cookie: member.cookie },
      });
      expect(usage.json().downloads.used).toBe(0);
    } finally {
      storage.read = read;
      await storage.put(basic.storage_key, bytes, "image/webp");
    }
  });
});

describe(`a size whose original is missing on ${TEST_DB}`, () => {
  it("is a 404 saying so, never a 5xx, and counts nothing", async () => {
    // A restore without its pictures, or a file removed by hand: the lazy sizes are made from it.
    const res = await uploadPublished(app, admin.cookie, {
      name: "lost.png",
      data: await makePng(800, 1000),
    });
    const lostId: number = res.json().uploaded[0].id;
    await app.services.storage.delete(`private/images/${lostId}/original.png`);
    const countOf = async () =>
      Number(
        (
          await app.database.db
            .selectFrom("download_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("image_id", "=", lostId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const size of ["xlarge", "ultra"]) {
      const answer = await app.server.inject({
        method: "GET",
        url: `/api/v1/images/${lostId}/download?size=${size}`,
        headers: { cookie: pro.cookie },
      });
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toMatchObject({
        code: "original_missing",
        message: expect.stringContaining("original file is missing"),
      });
    }
    expect(await countOf()).toBe(0);
    // The sizes made with the upload are still served.
    const basic = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/${lostId}/download?size=basic`,
      headers: { cookie: pro.cookie },
    });
    expect(basic.statusCode).toBe(200);
  });
});

describe(`downloads another site starts on ${TEST_DB}`, () => {
  it("refuses a member's download another site sent the browser to, and counts nothing", async () => {
    const member = await signIn(app, "dl_forged");
    const usage = async () =>
      (
        await app.server.inject({
          method: "GET",
          url: "/api/v1/usage",
          headers: { cookie: member.cookie },
        })
      ).json().downloads.used;
    for (const site of ["cross-site", "same-site"]) {
      const res = await download("basic", member.cookie, { "sec-fetch-site": site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json()).toEqual({
        message: DOWNLOAD_MESSAGES.fromAnotherSite,
        code: "foreign_origin",
      });
    }
    expect(await usage()).toBe(0);
    // From the site's own pages, or a link opened directly: counted as ever.
    for (const site of ["same-origin", "none"]) {
      expect((await download("basic", member.cookie, { "sec-fetch-site": site })).statusCode).toBe(
        200,
      );
    }
    expect(await usage()).toBe(2);
    // A visitor's preview is no member's to spend: another site may link it.
    expect(
      (await download("preview", undefined, { "sec-fetch-site": "cross-site" })).statusCode,
    ).toBe(200);
  });
});

describe(`resumed downloads on ${TEST_DB}`, () => {
  it("counts a resume's bytes toward the bandwidth, so ranges cannot fetch a file again and again", async () => {
    const member = await signIn(app, "dl_resumer");
    const whole = await download("basic", member.cookie);
    expect(whole.statusCode).toBe(200);
    const size = whole.rawPayload.length;
    const usage = () => monthUsage(member.userId);
    expect(await usage()).toEqual({ downloads: 1, bytes: size });

    const rest = await download("basic", member.cookie, { range: "bytes=1-" });
    expect(rest.statusCode).toBe(206);
    expect(await usage()).toEqual({ downloads: 1, bytes: size + size - 1 });

    // 50 bytes of the month's bandwidth left: 40 parallel resumes of 10 bytes, exactly 5 sent.
    const limit = FREE_TIER.monthlyBandwidthBytes;
    await app.database.db
      .updateTable("usage_monthly")
      .set({ bytes: limit - 50 })
      .where("user_id", "=", member.userId)
      .execute();
    const ranges = await Promise.all(
      Array.from({ length: 40 }, () => download("basic", member.cookie, { range: "bytes=10-19" })),
    );
    expect(ranges.filter((r) => r.statusCode === 206)).toHaveLength(5);
    const refused = ranges.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(35);
    expect(refused[0]?.json().message).toContain("December 1, 2026");
    expect(await usage()).toEqual({ downloads: 1, bytes: limit });
    // Whatever header rides along: a weak validator does not make a range free.
    const weak = await download("basic", member.cookie, {
      range: "bytes=10-19",
      "if-none-match": 'W/"other"',
    });
    expect(weak.statusCode).toBe(429);
  });

  it("lets a Pro member resume without limits, still adding the bytes to the usage shown", async () => {
    const member = await signIn(app, "dl_pro_resumer");
    await subscribe(app, member.userId);
    const whole = await download("hd", member.cookie);
    expect(whole.statusCode).toBe(200);
    const size = whole.rawPayload.length;
    for (let i = 0; i < 3; i++) {
      expect((await download("hd", member.cookie, { range: "bytes=1-" })).statusCode).toBe(206);
    }
    const usage = await monthUsage(member.userId);
    expect(usage).toEqual({ downloads: 1, bytes: size + 3 * (size - 1) });
  });

  /** 30 ranges that cover the file once, the first from byte 0, as a download manager asks. */
  const pieces = async (cookie: string) => {
    const head = await app.server.inject({
      method: "HEAD",
      url: `/api/v1/images/${imageId}/download?size=basic`,
      headers: { cookie },
    });
    const size = Number(head.headers["content-length"]);
    const step = Math.ceil(size / 30);
    const ranges = Array.from({ length: Math.ceil(size / step) }, (_, i) => {
      const start = i * step;
      return `bytes=${start}-${Math.min(size, start + step) - 1}`;
    });
    return { size, ranges };
  };
  const usageOf = (userId: number) =>
    app.database.db
      .selectFrom("usage_monthly")
      .select(["downloads", "bytes"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
  const basicCount = async () =>
    (
      await app.database.db
        .selectFrom("images")
        .select("dl_basic")
        .where("id", "=", imageId)
        .executeTakeFirstOrThrow()
    ).dl_basic;

  it("counts a download manager's parallel ranges of one file as one download and the file's bytes", async () => {
    const member = await signIn(app, "dl_manager");
    const { size, ranges } = await pieces(member.cookie);
    const before = await basicCount();
    const answers = await Promise.all(
      ranges.map((range) => download("basic", member.cookie, { range })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(ranges.map(() => 206));
    expect(answers.reduce((n, r) => n + r.rawPayload.length, 0)).toBe(size);
    expect(await usageOf(member.userId)).toEqual({ downloads: 1, bytes: size });
    expect(await basicCount()).toBe(before + 1);
    // Asked for again in parts this month: bandwidth only, as any resume.
    await Promise.all(ranges.map((range) => download("basic", member.cookie, { range })));
    expect(await usageOf(member.userId)).toEqual({ downloads: 1, bytes: 2 * size });
  });

  it("refuses every part at the month's download limit and keeps no grant, so a later part is not free", async () => {
    const member = await signIn(app, "dl_manager_full");
    const { ranges } = await pieces(member.cookie);
    await app.database.db
      .insertInto("usage_monthly")
      .values({
        user_id: member.userId,
        month: monthOf(clock.now()),
        downloads: FREE_TIER.monthlyDownloads,
        bytes: 0,
      })
      .execute();
    const answers = await Promise.all(
      ranges.map((range) => download("basic", member.cookie, { range })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(ranges.map(() => 429));
    const grants = await app.database.db
      .selectFrom("download_grants")
      .select("user_id")
      .where("user_id", "=", member.userId)
      .execute();
    expect(grants).toEqual([]);
    expect((await download("basic", member.cookie, { range: "bytes=1-" })).statusCode).toBe(429);
    expect(await usageOf(member.userId)).toEqual({
      downloads: FREE_TIER.monthlyDownloads,
      bytes: 0,
    });
  });

  it("answers a browser's whole download and a download manager's parts of one file at once, never a 5xx", async () => {
    // Round 32: the two took the grant and the month's row in opposite orders, and deadlocked on
    // PostgreSQL (3–4 answers of 40 were 500s). Each round is a new member's first download of
    // it; an hour passes before and after, so the address's registrations an hour hold for all.
    const anHour = 61 * 60 * 1000;
    clock.advance(anHour);
    onTestFinished(() => clock.advance(anHour));
    for (let round = 0; round < 12; round++) {
      const member = await signIn(app, `dl_mixed_${round}`);
      const asked: Array<Record<string, string>> = [
        {},
        { range: "bytes=0-" },
        {},
        { range: "bytes=0-" },
      ];
      const answers = await Promise.all(
        asked.map((headers) => download("basic", member.cookie, headers)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 206, 206]);
      // Each whole file is a download; the parts count one more only if one made the grant first.
      const { downloads } = (await usageOf(member.userId)) ?? { downloads: 0 };
      expect([2, 3]).toContain(downloads);
    }
  });
});

describe(`a visitor's previews, limited per address, on ${TEST_DB}`, () => {
  const preview = (address: string, method: "GET" | "HEAD" = "GET", headers = {}) =>
    app.server.inject({
      method,
      url: `/api/v1/images/${imageId}/download?size=preview`,
      remoteAddress: address,
      headers,
    });
  /** The address's window with `used` of its previews spent. */
  const spend = (address: string, used: number) =>
    app.database.db
      .insertInto("rate_limits")
      .values({
        key: `preview:ip:${address}`,
        count: used,
        window_ends_at: clock.now() + 30 * 60 * 1000,
      })
      .execute();

  it("lets exactly the window's last previews through 40 parallel requests, whatever headers come along", async () => {
    const address = "203.0.113.40";
    await spend(address, PREVIEW_LIMIT.perWindow - 5);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        preview(address, "GET", {
          "x-forwarded-for": `198.51.100.${i}`,
          ...(i % 3 === 0 ? { range: "bytes=0-9" } : {}),
          ...(i % 3 === 1 ? { "if-none-match": '"anything"' } : {}),
        }),
      ),
    );
    const passed = answers.filter((r) => r.statusCode === 200 || r.statusCode === 206);
    expect(passed).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(35);
    expect(refused[0]?.json().message).toBe(
      "Too many preview downloads from your address. Try again in 30 minutes.",
    );
    expect(Number(refused[0]?.headers["retry-after"])).toBe(30 * 60);
  });

  it("answers a HEAD past the window's limit as its GET would, counting nothing", async () => {
    const address = "203.0.113.41";
    await spend(address, PREVIEW_LIMIT.perWindow - 1);
    expect((await preview(address, "HEAD")).statusCode).toBe(200);
    expect((await preview(address, "GET")).statusCode).toBe(200);
    const head = await preview(address, "HEAD");
    expect(head.statusCode).toBe(429);
    expect(Number(head.headers["retry-after"])).toBeGreaterThan(0);
    expect((await preview(address, "GET")).statusCode).toBe(429);
    // Another address is not held back.
    expect((await preview("203.0.113.42", "HEAD")).statusCode).toBe(200);
  });
});

describe(`monthly limits on ${TEST_DB}`, () => {
  it("refuses a free member's 11th download of the month with 429 and the reset date", async () => {
    const member = await signIn(app, "dl_eleven");
    for (let i = 0; i < 10; i++)
      expect((await download("basic", member.cookie)).statusCode).toBe(200);
    const refused = await download("basic", member.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain("December 1, 2026 at 00:00 UTC");
    expect(Number(refused.headers["retry-after"])).toBe(
      (Date.UTC(2026, 11, 1) - clock.now()) / 1000,
    );
    // Previews stay free, and a new month starts afresh.
    expect((await download("preview", member.cookie)).statusCode).toBe(200);
    clock.advance(10 * 24 * 3600 * 1000);
    expect((await download("basic", member.cookie)).statusCode).toBe(200);
    clock.advance(-10 * 24 * 3600 * 1000);
  });

  it("answers a HEAD as its GET would: 200 under the limits, 429 past them, counting nothing", async () => {
    const member = await signIn(app, "dl_head");
    const head = () =>
      app.server.inject({
        method: "HEAD",
        url: `/api/v1/images/${imageId}/download?size=basic`,
        headers: { cookie: member.cookie },
      });
    await app.database.db
      .insertInto("usage_monthly")
      .values({ user_id: member.userId, month: "2026-11", downloads: 9, bytes: 0 })
      .execute();
    expect((await head()).statusCode).toBe(200);
    expect((await download("basic", member.cookie)).statusCode).toBe(200);
    const past = await head();
    expect(past.statusCode).toBe(429);
    expect(past.headers["retry-after"]).toBe(String((Date.UTC(2026, 11, 1) - clock.now()) / 1000));
    expect((await download("basic", member.cookie)).statusCode).toBe(429);
    const usage = await monthUsage(member.userId);
    expect(usage.downloads).toBe(10);
  });

  it("lets exactly one of 50 parallel downloads through for a member with 9 used", async () => {
    const member = await signIn(app, "dl_racer");
    await app.database.db
      .insertInto("usage_monthly")
      .values({ user_id: member.userId, month: "2026-11", downloads: 9, bytes: 0 })
      .execute();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => download("basic", member.cookie)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const usage = await monthUsage(member.userId);
    expect(usage.downloads).toBe(10);
  });

  it("keeps pro members and admins unlimited", async () => {
    for (let i = 0; i < 12; i++) expect((await download("hd", pro.cookie)).statusCode).toBe(200);
  });

  it("keeps the per-quality stats equal to the recorded events", async () => {
    const image = await app.database.db
      .selectFrom("images")
      .selectAll()
      .where("id", "=", imageId)
      .executeTakeFirstOrThrow();
    const events = await app.database.db
      .selectFrom("download_events")
      .select(["size", (eb) => eb.fn.countAll<number>().as("n")])
      .where("image_id", "=", imageId)
      .groupBy("size")
      .execute();
    const bySize = Object.fromEntries(events.map((e) => [e.size, Number(e.n)]));
    expect({
      preview: image.dl_preview,
      basic: image.dl_basic,
      hd: image.dl_hd,
      xlarge: image.dl_xlarge,
      ultra: image.dl_ultra,
    }).toEqual({
      preview: bySize.preview ?? 0,
      basic: bySize.basic ?? 0,
      hd: bySize.hd ?? 0,
      xlarge: bySize.xlarge ?? 0,
      ultra: bySize.ultra ?? 0,
    });
    expect(image.total_downloads).toBe(Object.values(bySize).reduce((a, b) => a + b, 0));
    expect(image.dl_basic).toBeGreaterThan(10);
    // The admin sees the same figures in the API.
    const api = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/${imageId}`,
      headers: { cookie: admin.cookie },
    });
    expect(api.json().downloadStats.basic).toBe(image.dl_basic);
  });

  // A literal: a bound number is a float to SQLite, and so would the quotient be.
  const dayOf = sql<number>`created_at / ${sql.lit(86_400_000)}`;
  it("keeps download_days what the events add up to, through parallel downloads and any write", async () => {
    const kept = async () =>
      (
        await app.database.db
          .selectFrom("download_days")
          .select(["day_index", "size", "downloads", "bytes"])
          .where("downloads", "<>", 0)
          .orderBy("day_index")
          .orderBy("size")
          .execute()
      ).map((r) => ({ ...r, downloads: Number(r.downloads), bytes: Number(r.bytes) }));
    const counted = async () =>
      (
        await app.database.db
          .selectFrom("download_events")
          .select((eb) => [
            dayOf.as("day_index"),
            "size",
            eb.fn.countAll().as("downloads"),
            eb.fn.sum("bytes").as("bytes"),
          ])
          .groupBy([dayOf, "size"])
          .orderBy("day_index")
          .orderBy("size")
          .execute()
      ).map((r) => ({
        day_index: Number(r.day_index),
        size: r.size,
        downloads: Number(r.downloads),
        bytes: Number(r.bytes),
      }));
    // A new day: 40 parallel downloads make its rows at once, each size's first from several.
    clock.advance(2 * 86_400_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => download(SIZES[i % SIZES.length] as string, pro.cookie)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const today = Math.floor(clock.now() / 86_400_000);
    expect((await kept()).filter((r) => r.day_index === today).map((r) => r.downloads)).toEqual([
      8, 8, 8, 8, 8,
    ]);
    expect(await kept()).toEqual(await counted());
    // Writes the app never makes (moved to another day and size, removed) keep them too.
    const [first, second] = await app.database.db
      .selectFrom("download_events")
      .select("id")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    await app.database.db
      .updateTable("download_events")
      .set({ created_at: Date.UTC(2026, 0, 1), size: "ultra", bytes: 7 })
      .where("id", "=", Number(first?.id))
      .execute();
    await app.database.db
      .deleteFrom("download_events")
      .where("id", "=", Number(second?.id))
      .execute();
    expect(await kept()).toEqual(await counted());
    // image_download_days (0029) is the events with an image, grouped by day and image; an
    // image's deletion takes its rows out with its events' image_id.
    const keptByImage = async () =>
      (
        await app.database.db
          .selectFrom("image_download_days")
          .select(["day_index", "image_id", "downloads"])
          .orderBy("day_index")
          .orderBy("image_id")
          .execute()
      ).map((r) => ({ ...r, image_id: Number(r.image_id), downloads: Number(r.downloads) }));
    const countedByImage = async () =>
      (
        await app.database.db
          .selectFrom("download_events")
          .select((eb) => [dayOf.as("day_index"), "image_id", eb.fn.countAll().as("downloads")])
          .where("image_id", "is not", null)
          .groupBy([dayOf, "image_id"])
          .orderBy("day_index")
          .orderBy("image_id")
          .execute()
      ).map((r) => ({
        day_index: Number(r.day_index),
        image_id: Number(r.image_id),
        downloads: Number(r.downloads),
      }));
    expect(await keptByImage()).toEqual(await countedByImage());
    expect((await keptByImage()).length).toBeGreaterThan(1);
    const uploaded = await uploadPublished(app, admin.cookie, {
      name: "quay.png",
      data: await makePng(800, 800, { seed: 9 }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const other = uploaded.json().uploaded[0].id as number;
    const fetched = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.server.inject({
          method: "GET",
          url: `/api/v1/images/${other}/download?size=hd`,
          headers: { cookie: pro.cookie },
        }),
      ),
    );
    expect(fetched.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await keptByImage()).find((r) => r.image_id === other)?.downloads).toBe(6);
    const removed = await app.server.inject({
      method: "DELETE",
      url: `/api/v1/images/${other}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await keptByImage()).some((r) => r.image_id === other)).toBe(false);
    expect(await keptByImage()).toEqual(await countedByImage());
    // The dashboard reads them.
    const dashboard = await app.server.inject({
      method: "GET",
      url: "/api/v1/admin/dashboard",
      headers: { cookie: admin.cookie },
    });
    const events = await counted();
    expect(dashboard.json().totals.downloads).toBe(events.reduce((n, r) => n + r.downloads, 0));
  });
});

describe(`downloads made while Pro, then free again in the month, on ${TEST_DB}`, () => {
  /** The member's subscription ended (`customer.subscription.deleted`): free from now. */
  const endSubscription = (userId: number) =>
    app.database.db
      .updateTable("subscriptions")
      .set({ status: "canceled" })
      .where("user_id", "=", userId)
      .execute();
  const usageOf = async (cookie: string) => {
    const res = await app.server.inject({ url: "/api/v1/usage", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const head = (cookie: string) =>
    app.server.inject({
      method: "HEAD",
      url: `/api/v1/images/${imageId}/download?size=basic`,
      headers: { cookie },
    });
  const monthRow = (userId: number) =>
    app.database.db
      .selectFrom("usage_monthly")
      .select(["downloads", "bytes", "unlimited_downloads", "unlimited_bytes"])
      .where("user_id", "=", userId)
      .where("month", "=", monthOf(clock.now()))
      .executeTakeFirstOrThrow();

  it("leaves the free month's 10 downloads whole after 12 HD downloads as Pro", async () => {
    const member = await signIn(app, "dl_was_pro");
    await subscribe(app, member.userId);
    for (let i = 0; i < 12; i++) {
      expect((await download("hd", member.cookie)).statusCode).toBe(200);
    }
    // A resume as Pro is bandwidth with no limits too, and so is a Basic file.
    expect((await download("hd", member.cookie, { range: "bytes=1-" })).statusCode).toBe(206);
    const basic = await download("basic", member.cookie);
    expect(basic.statusCode).toBe(200);
    const basicBytes = basic.rawPayload.length;
    expect((await usageOf(member.cookie)).downloads).toEqual({ used: 13, limit: null });

    await endSubscription(member.userId);
    expect(await usageOf(member.cookie)).toMatchObject({
      downloads: { used: 0, limit: FREE_TIER.monthlyDownloads },
      bandwidthBytes: { used: 0, limit: FREE_TIER.monthlyBandwidthBytes },
    });
    expect((await head(member.cookie)).statusCode).toBe(200);
    expect((await download("hd", member.cookie)).statusCode).toBe(403);
    // A part fetched while free, of a file counted as Pro: its bytes are the free month's.
    expect((await download("basic", member.cookie, { range: "bytes=1-" })).statusCode).toBe(206);
    expect((await usageOf(member.cookie)).bandwidthBytes.used).toBe(basicBytes - 1);

    for (let i = 0; i < FREE_TIER.monthlyDownloads; i++) {
      expect((await download("basic", member.cookie)).statusCode).toBe(200);
    }
    const refused = await download("basic", member.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain("You have reached this month's free limit");
    expect((await head(member.cookie)).statusCode).toBe(429);
    const usage = await usageOf(member.cookie);
    expect(usage.downloads).toEqual({ used: 10, limit: 10 });
    expect(usage.bandwidthBytes.used).toBe(basicBytes - 1 + 10 * basicBytes);
    // The month still holds every download, for the admin's figures.
    expect(await monthRow(member.userId)).toMatchObject({ downloads: 23, unlimited_downloads: 13 });
  });

  it("counts only the free downloads of a member who went free, Pro and free again", async () => {
    const member = await signIn(app, "dl_free_pro_free");
    for (let i = 0; i < 4; i++) {
      expect((await download("basic", member.cookie)).statusCode).toBe(200);
    }
    await subscribe(app, member.userId);
    for (let i = 0; i < 5; i++) expect((await download("hd", member.cookie)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await download("basic", member.cookie)).statusCode).toBe(200);
    }
    // As Pro, the dashboard shows everything downloaded this month, with no limit.
    expect((await usageOf(member.cookie)).downloads).toEqual({ used: 11, limit: null });

    await endSubscription(member.userId);
    expect((await usageOf(member.cookie)).downloads).toEqual({ used: 4, limit: 10 });
    for (let i = 0; i < 6; i++) {
      expect((await download("basic", member.cookie)).statusCode).toBe(200);
    }
    expect((await download("basic", member.cookie)).statusCode).toBe(429);
    expect((await usageOf(member.cookie)).downloads).toEqual({ used: 10, limit: 10 });
    expect(await monthRow(member.userId)).toMatchObject({ downloads: 17, unlimited_downloads: 7 });
  });

  it("lets exactly the free month's last download through 50 parallel ones after Pro's", async () => {
    const member = await signIn(app, "dl_was_pro_racer");
    await subscribe(app, member.userId);
    for (let i = 0; i < 3; i++) expect((await download("hd", member.cookie)).statusCode).toBe(200);
    await endSubscription(member.userId);
    for (let i = 0; i < FREE_TIER.monthlyDownloads - 1; i++) {
      expect((await download("basic", member.cookie)).statusCode).toBe(200);
    }
    const results = await Promise.all(
      Array.from({ length: 50 }, () => download("basic", member.cookie)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    expect(await monthRow(member.userId)).toMatchObject({ downloads: 13, unlimited_downloads: 3 });
    expect((await usageOf(member.cookie)).downloads).toEqual({ used: 10, limit: 10 });
  });

  it("lets exactly the free bandwidth's last bytes through 40 parallel parts after Pro's 2 GiB", async () => {
    const member = await signIn(app, "dl_was_pro_parts");
    expect((await download("basic", member.cookie)).statusCode).toBe(200);
    // As Pro the member fetched 2 GiB, and 50 bytes of the free month's bandwidth are left.
    const limit = FREE_TIER.monthlyBandwidthBytes;
    await app.database.db
      .updateTable("usage_monthly")
      .set({ bytes: 3 * limit - 50, unlimited_downloads: 0, unlimited_bytes: 2 * limit })
      .where("user_id", "=", member.userId)
      .execute();
    expect((await usageOf(member.cookie)).bandwidthBytes.used).toBe(limit - 50);
    const ranges = await Promise.all(
      Array.from({ length: 40 }, () => download("basic", member.cookie, { range: "bytes=10-19" })),
    );
    expect(ranges.filter((r) => r.statusCode === 206)).toHaveLength(5);
    expect(ranges.filter((r) => r.statusCode === 429)).toHaveLength(35);
    expect(await monthRow(member.userId)).toMatchObject({
      bytes: 3 * limit,
      unlimited_bytes: 2 * limit,
    });
    expect((await usageOf(member.cookie)).bandwidthBytes).toEqual({ used: limit, limit });
  });
});
