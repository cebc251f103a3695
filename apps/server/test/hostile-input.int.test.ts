/**
 * What an attacker tries from outside (issue 12): the free quota with every header that could
 * skip counting, hidden pictures at every URL they had, uploads before their rating, and inputs
 * that used to answer 500.
 */
import { MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, makePng, multipart, signIn, upload } from "./images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "./test-app.js";

const clock = new TestClock(Date.UTC(2026, 10, 21, 12));
let app: TestApp;
let admin: { cookie: string; userId: number };

/** Uploads as the admin and publishes it (an admin's explicit choice), returning the image. */
async function publishedImage(seed: number) {
  const res = await upload(app, admin.cookie, {
    name: `piece-${seed}.png`,
    data: await makePng(800, 800, { seed }),
  });
  expect(res.statusCode).toBe(201);
  const image = res.json().uploaded[0];
  const shown = await setVisibility(image.id, true);
  expect(shown.statusCode).toBe(200);
  return shown.json();
}

const setVisibility = (id: number, isPublic: boolean) =>
  app.server.inject({
    method: "PATCH",
    url: `/api/v1/images/${id}/visibility`,
    headers: { cookie: admin.cookie },
    payload: { isPublic },
  });

const get = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: "GET", url, headers });

beforeAll(async () => {
  app = await createTestApp({}, { clock, rater: async () => null });
  admin = await signIn(app, "hostile_admin", "admin");
}, 60_000);
afterAll(() => app.close());

describe(`the free download quota under every header on ${TEST_DB}`, () => {
  it("refuses a member whose quota is used up whatever they send, and counts what they could not skip", async () => {
    const member = await signIn(app, "quota_member");
    const images = [];
    for (let i = 0; i < 11; i++) images.push(await publishedImage(100 + i));
    const download = (id: number, headers: Record<string, string> = {}) =>
      get(`/api/v1/images/${id}/download?size=basic`, { cookie: member.cookie, ...headers });

    // Headers that are not a real revalidation do not skip counting: each of these is a download.
    const first = await download(images[0].id, { "if-none-match": '"anything"' });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.length).toBeGreaterThan(0);
    const etag = first.headers.etag as string;
    const ranged = await download(images[1].id, { range: "bytes=1-" });
    expect(ranged.statusCode).toBe(206);
    const usage = async () =>
      (await get("/api/v1/usage", { cookie: member.cookie })).json().downloads.used;
    expect(await usage()).toBe(2);

    // A revalidation naming the real ETag gets 304 with no body and is not counted.
    const revalidated = await download(images[0].id, { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    // Resuming the download that was counted is free.
    const resumed = await download(images[1].id, { range: "bytes=100-" });
    expect(resumed.statusCode).toBe(206);
    expect(await usage()).toBe(2);

    for (let i = 2; i < 10; i++) expect((await download(images[i].id)).statusCode).toBe(200);
    expect(await usage()).toBe(10);

    // Used up: every header combination on an image not downloaded this month is refused.
    const fresh = images[10].id;
    const combinations: Array<Record<string, string>> = [];
    const inm = [undefined, '"anything"', "*", etag, `W/${etag}`];
    const ranges = [undefined, "bytes=0-", "bytes=1-", "bytes=-100", "bytes=0-0", "bytes=5-10"];
    const xff = [undefined, "203.0.113.7"];
    for (const a of inm)
      for (const r of ranges)
        for (const x of xff) {
          const headers: Record<string, string> = {};
          if (a) headers["if-none-match"] = a;
          if (r) headers.range = r;
          if (x) headers["x-forwarded-for"] = x;
          combinations.push(headers);
        }
    for (const headers of combinations) {
      const res = await download(fresh, headers);
      // Only a revalidation may answer without 429, and then it carries no file.
      if (res.statusCode === 304) {
        expect(res.rawPayload.length, JSON.stringify(headers)).toBe(0);
      } else {
        expect(res.statusCode, JSON.stringify(headers)).toBe(429);
        expect(res.headers["content-type"]).toMatch(/application\/json/);
      }
    }
    expect(await usage()).toBe(10);
  }, 120_000);

  it("counts no HEAD, and gives the whole file when If-Range names another version", async () => {
    const member = await signIn(app, "head_member");
    const image = await publishedImage(130);
    const url = `/api/v1/images/${image.id}/download?size=basic`;
    const usage = async () =>
      (await get("/api/v1/usage", { cookie: member.cookie })).json().downloads.used as number;
    for (let i = 0; i < 12; i++) {
      const head = await app.server.inject({
        method: "HEAD",
        url,
        headers: { cookie: member.cookie },
      });
      expect(head.statusCode).toBe(200);
    }
    expect(await usage()).toBe(0);
    const whole = await get(url, {
      cookie: member.cookie,
      range: "bytes=10-19",
      "if-range": '"stale"',
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-range"]).toBeUndefined();
    const part = await get(url, {
      cookie: member.cookie,
      range: "bytes=0-9",
      "if-range": String(whole.headers.etag),
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
  });

  it("counts 40 parallel downloads with mixed headers up to the quota and no further", async () => {
    const member = await signIn(app, "quota_burst");
    const image = await publishedImage(200);
    const headerSets: Array<Record<string, string>> = [
      {},
      { "if-none-match": '"x"' },
      { range: "bytes=1-" },
      { range: "bytes=0-" },
    ];
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        get(`/api/v1/images/${image.id}/download?size=basic`, {
          cookie: member.cookie,
          ...headerSets[i % headerSets.length],
        }),
      ),
    );
    const served = burst.filter((r) => r.statusCode === 200 || r.statusCode === 206);
    const used = (await get("/api/v1/usage", { cookie: member.cookie })).json().downloads.used;
    expect(used).toBeLessThanOrEqual(10);
    // Every whole file that went out was counted; a range is part of a download, counted once
    // (the part that made the month's grant) or as bandwidth; nothing was counted that did not
    // go out.
    const whole = served.filter((r) => r.headers["content-range"] === undefined);
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.length).toBeLessThanOrEqual(used);
    expect(used).toBeLessThanOrEqual(served.length);
    expect(burst.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
  }, 60_000);
});

describe(`hidden and unrated pictures on ${TEST_DB}`, () => {
  it("stops serving a hidden image's pictures at every URL to everyone but admins, and again when shown", async () => {
    const image = await publishedImage(300);
    const member = await signIn(app, "hidden_member");
    const urls = [image.urlThumb, image.urlSmall, image.urlMedium, image.urlLarge];
    expect(image.urlThumb).toMatch(/^\/media\/images\/\d+\/thumb-[0-9a-f]{16}\.webp$/);
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=600, s-maxage=300");
      // Other sites may show a public picture (the marketing API hands out these URLs).
      expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    }
    expect((await setVisibility(image.id, false)).statusCode).toBe(200);
    for (const url of urls) {
      const variants: Array<Record<string, string>> = [
        {},
        { cookie: member.cookie },
        { "if-none-match": '"x"' },
        { range: "bytes=0-" },
      ];
      for (const headers of variants) {
        expect((await get(url, headers)).statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
      }
      const asAdmin = await get(url, { cookie: admin.cookie });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.headers["cache-control"]).toBe("private, no-store");
      expect(asAdmin.headers["cross-origin-resource-policy"]).toBe("same-origin");
    }
    for (const size of ["preview", "basic"]) {
      const res = await get(`/api/v1/images/${image.id}/download?size=${size}`, {
        cookie: member.cookie,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await get(`/api/v1/images/${image.id}`)).statusCode).toBe(404);
    expect((await setVisibility(image.id, true)).statusCode).toBe(200);
    for (const url of urls) expect((await get(url)).statusCode).toBe(200);
  }, 60_000);

  it("stops a Pro member's signed link when the image is hidden", async () => {
    const image = await publishedImage(301);
    const asAdmin = (await get(`/api/v1/images/${image.id}`, { cookie: admin.cookie })).json();
    expect(asAdmin.urlXLarge).toMatch(/^\/media\/signed\//);
    // (Made lazily on first request: ask once while public.)
    expect((await get(asAdmin.urlXLarge)).statusCode).toBe(200);
    await setVisibility(image.id, false);
    expect((await get(asAdmin.urlXLarge)).statusCode).toBe(404);
    expect((await get(asAdmin.urlXLarge, { cookie: admin.cookie })).statusCode).toBe(200);
  }, 60_000);

  it("keeps a new upload private, its pictures unserved, until its content rating has run", async () => {
    const res = await upload(app, admin.cookie, {
      name: "unrated.png",
      data: await makePng(800, 800, { seed: 400 }),
    });
    const image = res.json().uploaded[0];
    expect(image.isPublic).toBe(false);
    expect((await get(image.urlSmall)).statusCode).toBe(404);
    expect((await get(image.urlThumb)).statusCode).toBe(404);
    expect((await get(`/api/v1/images/${image.id}`)).statusCode).toBe(404);
    const list = (await get("/api/v1/images?limit=100")).json();
    expect(list.images.map((i: { id: number }) => i.id)).not.toContain(image.id);
  });

  it("keeps an upload whose rating could not run private, marked for an admin", async () => {
    const res = await upload(app, admin.cookie, {
      name: "no-rater.png",
      data: await makePng(800, 800, { seed: 401 }),
    });
    const image = res.json().uploaded[0];
    // This app's rater cannot run (null): the analysis finishes without a rating.
    await app.services.analysis.analyze(image.id);
    const after = (await get(`/api/v1/images/${image.id}`, { cookie: admin.cookie })).json();
    expect(after.isPublic).toBe(false);
    expect(after.aiAnalysis.moderation).toMatchObject({ flagged: true });
    expect((await get(image.urlSmall)).statusCode).toBe(404);
  });

  it("publishes an upload once a rating finds nothing, and holds a sensitive one", async () => {
    const rated = await createTestApp(
      {},
      {
        rater: async () => ({
          rate: async (pixels) => {
            // The test's own rule: a red-dominant picture is "sensitive".
            const red = pixels.data[0] ?? 0;
            const nsfw = red > 200 ? 0.9 : 0.01;
            return { model: "test", scores: {}, nsfw, rating: "x", sensitive: nsfw >= 0.5 };
          },
        }),
      },
    );
    try {
      const boss = await signIn(rated, "rated_admin", "admin");
      const uploadOne = async (data: Buffer) =>
        (await upload(rated, boss.cookie, { name: "x.png", data })).json().uploaded[0];
      const calm = await uploadOne(await makePng(800, 800, { seed: 1 }));
      const { default: sharp } = await import("sharp");
      const red = await sharp({
        create: { width: 800, height: 800, channels: 3, background: { r: 255, g: 0, b: 0 } },
      })
        .png()
        .toBuffer();
      const hot = await uploadOne(red);
      await rated.services.analysis.analyze(calm.id);
      await rated.services.analysis.analyze(hot.id);
      const visitor = (id: number) =>
        rated.server.inject({ method: "GET", url: `/api/v1/images/${id}` });
      expect((await visitor(calm.id)).statusCode).toBe(200);
      expect((await visitor(hot.id)).statusCode).toBe(404);
    } finally {
      await rated.close();
    }
  }, 60_000);
});

describe(`inputs that used to answer 500 on ${TEST_DB}`, () => {
  it("answers a byte range past the end with 416 on media and downloads", async () => {
    const image = await publishedImage(500);
    for (const url of [image.urlSmall, `/api/v1/images/${image.id}/download?size=preview`]) {
      const res = await get(url, { range: "bytes=999999999-" });
      expect(res.statusCode, url).toBe(416);
      expect(res.json().code).toBe("range_not_satisfiable");
      expect(res.headers["content-disposition"]).toBeUndefined();
    }
    expect((await get("/healthz")).statusCode).toBe(200);
  });

  it("refuses a deeply nested aiAnalysis with 400", async () => {
    const image = await publishedImage(501);
    const deep = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const res = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${image.id}`,
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      payload: `{"aiAnalysis":{"x":${deep}}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested/i);
    expect((await get("/healthz")).statusCode).toBe(200);
  });

  it("refuses a body field a call does not take with 400 naming it, changing nothing", async () => {
    const image = await publishedImage(503);
    const patch = (payload: object) =>
      app.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${image.id}`,
        headers: { cookie: admin.cookie },
        payload,
      });
    // A partner's typo: "descripton", and a title where it is not (it is aiAnalysis.title).
    const typo = await patch({ title: "Renamed", descripton: "x", tags: ["kept"] });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toEqual({
      message: 'Unknown fields "title", "descripton": the request body cannot have them',
      code: "validation_failed",
    });
    const detail = await get(`/api/v1/images/${image.id}`, { cookie: admin.cookie });
    expect(detail.json().tags).not.toContain("kept");
    // A nested object keeps its own rule: the analysis is free-form.
    const fine = await patch({ tags: ["kept"], aiAnalysis: { title: "Renamed", mood: "calm" } });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().tags).toContain("kept");

    const member = await signIn(app, "strict_member");
    const create = await app.server.inject({
      method: "POST",
      url: "/api/v1/collections",
      headers: { cookie: member.cookie },
      payload: { name: "Sea", extra: 1 },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe('Unknown field "extra": the request body cannot have it');

    // Inside an object the call knows the keys of: the social networks.
    const profile = (payload: string) =>
      app.server.inject({
        method: "PATCH",
        url: "/api/v1/profile",
        headers: { cookie: member.cookie, "content-type": "application/json" },
        payload,
      });
    const network = await profile('{"displayName":"Xavier","socialLinks":{"myspace":"x"}}');
    expect(network.statusCode).toBe(400);
    expect(network.json().message).toBe(
      'Unknown field "myspace" in socialLinks: the request body cannot have it',
    );
    // Prototype keys: refused, and said so (not "not valid JSON").
    for (const payload of ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const poisoned = await profile(payload);
      expect(poisoned.statusCode).toBe(400);
      expect(poisoned.json()).toEqual({
        message:
          'The request body cannot have a "__proto__" key, or a "constructor" key holding a "prototype"',
        code: "forbidden_key",
      });
    }
    expect((await profile("{")).json().message).toBe("The request body is not valid JSON");
  });

  it("refuses half a surrogate pair in any text, so no length limit is passed by it (round 40)", async () => {
    const member = await signIn(app, "surrogate_member");
    const admin = await signIn(app, "surrogate_admin", "admin");
    const image = await publishedImage(506);
    // JSON's escapes make a lone surrogate; a raw body is needed to send one.
    const send = (method: "PATCH" | "POST", url: string, json: string, cookie: string) =>
      app.server.inject({
        method,
        url,
        headers: { cookie, "content-type": "application/json" },
        payload: json,
      });
    const attempts: Array<[string, () => ReturnType<typeof send>]> = [
      // 500 of them once passed "at most 500" and were stored as 1,500 characters on SQLite.
      [
        "bio",
        () => send("PATCH", "/api/v1/profile", `{"bio":"${"\\ud800".repeat(500)}"}`, member.cookie),
      ],
      [
        "displayName",
        () => send("PATCH", "/api/v1/profile", '{"displayName":"Z\\udc00"}', member.cookie),
      ],
      [
        "socialLinks.twitter",
        () =>
          send("PATCH", "/api/v1/profile", '{"socialLinks":{"twitter":"\\ud800"}}', member.cookie),
      ],
      [
        "specialties",
        () => send("PATCH", "/api/v1/profile", '{"specialties":["ok","\\ud800"]}', member.cookie),
      ],
      [
        "aiAnalysis.title",
        () =>
          send(
            "PATCH",
            `/api/v1/images/${image.id}`,
            '{"aiAnalysis":{"title":"T\\ud800"}}',
            admin.cookie,
          ),
      ],
      [
        "note",
        () =>
          send(
            "POST",
            `/api/v1/images/${image.id}/reports`,
            '{"reason":"spam","note":"\\udfff x"}',
            member.cookie,
          ),
      ],
    ];
    for (const [field, attempt] of attempts) {
      const res = await attempt();
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json(), field).toEqual({
        message: MESSAGES.loneSurrogate(field),
        code: "lone_surrogate",
      });
    }
    // A query's %-escapes decode as UTF-8, which has no lone surrogate: its bytes are refused as
    // an address that does not decode (round 58; they were read as U+FFFD before).
    const escaped = await app.server.inject({ url: "/api/v1/images?q=%ED%A0%80" });
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json()).toEqual({ message: MESSAGES.badAddress, code: "bad_address" });
    // A whole pair, escaped or not, is a character like any other.
    const fine = await send(
      "PATCH",
      "/api/v1/profile",
      '{"bio":"\\ud83c\\udfa8 and 🎨"}',
      member.cookie,
    );
    expect(fine.statusCode, fine.body).toBe(200);
    const user = await app.server.inject({
      url: "/api/v1/auth/user",
      headers: { cookie: member.cookie },
    });
    expect(user.json().bio).toBe("🎨 and 🎨");
  });

  it("refuses a NUL character in any text with one 400, on sign-in, bodies and queries alike", async () => {
    const member = await signIn(app, "nul_member");
    const image = await publishedImage(503);
    const attempts: Array<{
      method: "GET" | "POST" | "PATCH";
      url: string;
      payload?: object;
      cookie?: string;
      /** The field the message names. */
      field: string;
    }> = [
      {
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { username: "a\u0000", password: "x" },
        field: "username",
      },
      {
        method: "POST",
        url: "/api/v1/collections",
        payload: { name: "a\u0000b" },
        cookie: member.cookie,
        field: "name",
      },
      {
        method: "PATCH",
        url: "/api/v1/profile",
        payload: { bio: "x\u0000" },
        cookie: member.cookie,
        field: "bio",
      },
      {
        method: "PATCH",
        url: `/api/v1/images/${image.id}`,
        payload: { aiAnalysis: { title: "a\u0000b" } },
        cookie: admin.cookie,
        field: "aiAnalysis.title",
      },
      { method: "GET", url: "/api/v1/images?q=a%00b", field: "q" },
      { method: "GET", url: "/api/v1/images?tag=sea,a%00b", field: "tag" },
      { method: "GET", url: "/api/v1/images?tag=sea&tag=a%00b", field: "tag" },
      { method: "GET", url: "/api/v1/images?cursor=%00", field: "cursor" },
      { method: "GET", url: "/api/v1/admin/users?q=%00", cookie: admin.cookie, field: "q" },
      // A key no one would name a field: the message does not repeat it.
      { method: "GET", url: `/api/v1/images?${"k".repeat(80)}=%00`, field: "Text" },
    ];
    for (const { method, url, cookie, payload, field } of attempts) {
      const res = await app.server.inject({
        method,
        url,
        headers: cookie ? { cookie } : {},
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        message: MESSAGES.nulCharacter(field === "Text" ? undefined : field),
        code: "nul_character",
      });
    }
    // A file name is not typed by anyone: its control characters are left out of the title.
    const named = await upload(app, admin.cookie, {
      name: "sun\u0000set\u0001.png",
      data: await makePng(800, 800, { seed: 504 }),
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(JSON.stringify(named.json())).not.toMatch(/\\u000[01]/);
    // The name kept for an upload, which the title and the download's name are made from.
    const nameOf = async (name: string, seed: number) => {
      const sent = await upload(app, admin.cookie, {
        name,
        data: await makePng(800, 800, { seed }),
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const kept = await app.database.db
        .selectFrom("images")
        .select("original_name")
        .where("id", "=", sent.json().uploaded[0].id)
        .executeTakeFirstOrThrow();
      return kept.original_name;
    };
    // A browser sends a name's quotes and line breaks escaped (%22, %0A, %0D): they come back.
    expect(await nameOf("My %22best%22 piece%0Aof all.png", 505)).toBe(
      'My "best" piece of all.png',
    );
    // A name is not a path: a "\\" in a Mac or Linux name stays; a path's folders do not.
    expect(await nameOf("dusk\\dawn.png", 506)).toBe("dusk\\dawn.png");
    expect(await nameOf("C:\\fakepath\\harbour.png", 507)).toBe("harbour.png");
    expect(await nameOf("../../etc/lighthouse.png", 508)).toBe("lighthouse.png");
    expect((await get("/healthz")).statusCode).toBe(200);
  });

  it("refuses a truncated multipart upload with 400 and leaves nothing behind", async () => {
    const body = multipart({ name: "cut.png", data: await makePng(800, 800, { seed: 502 }) });
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/images/upload",
      headers: { ...body.headers, cookie: admin.cookie },
      payload: cut,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("incomplete_upload");
    expect((await inventory(app)).tmpFiles).toEqual([]);
    expect((await get("/healthz")).statusCode).toBe(200);
  });
});
