/**
 * The marketing API through HTTP on the real database (issue 16, acceptance 3 and 4): a key and
 * only a key opens it; every answer to a keyed request says where the key stands, and the request
 * after the limit gets 429 with Retry-After, also when 40 arrive at once; filters alone and
 * combined, both orders, cursor paging that neither repeats nor skips while images are added, and
 * never a hidden, flagged or unfinished image; bad parameters are 400 with a message.
 */
import { request as httpRequest } from "node:http";
import { MESSAGES, ZMarketingImage, ZMarketingImagePage, ZMarketingTagList } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedImage, setImageColumns, signIn } from "../../../test/images.js";
import { createApiKey, partnerGet, rateLimitOf } from "../../../test/partner-api.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { newApiKey } from "../api-keys/api-key-format.js";
import { ApiKeysRepo } from "../api-keys/api-keys.repo.js";

const HOUR = 3_600_000;
const clock = new TestClock(Date.UTC(2026, 10, 21, 12, 0, 0));
const ORIGIN = "https://sawdust.example";
let app: TestApp;
let admin: { cookie: string; userId: number };
/** A key with room for every request of the catalogue tests. */
let key: string;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: ORIGIN }, { clock });
  admin = await signIn(app, "marketing_admin", "admin");
  key = (await createApiKey(app, admin.cookie, { rateLimitPerHour: 100_000 })).apiKey;
});
afterAll(() => app.close());

/** Sets what seedImage does not: price, downloads, editions, state; the lists forget. */
async function setRow(
  id: number,
  changes: {
    price_cents?: number | null;
    total_downloads?: number;
    max_editions?: number;
    sold_editions?: number;
    status?: string;
    ai_analysis?: string;
  },
) {
  await setImageColumns(app, id, changes);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  partnerGet(app, key, url, headers);
const idsOf = async (query: string) => {
  const res = await get(`/api/v1/marketing/images?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return ZMarketingImagePage.parse(res.json()).images.map((i) => i.id);
};

describe(`who may call the marketing API, on ${TEST_DB}`, () => {
  it("refuses no key, a session without a key, another scheme, a typo and an unknown key: 401", async () => {
    const lookups = vi.spyOn(ApiKeysRepo.prototype, "findByHash");
    const none = await partnerGet(app, undefined, "/api/v1/marketing/images");
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe("missing_api_key");
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="Sawdust marketing API"');
    expect(none.headers["x-ratelimit-limit"]).toBeUndefined();

    const session = await partnerGet(app, undefined, "/api/v1/marketing/images", {
      cookie: admin.cookie,
    });
    expect(session.statusCode).toBe(401);
    const basic = await partnerGet(app, undefined, "/api/v1/marketing/tags", {
      authorization: `Basic ${Buffer.from(`user:${key}`).toString("base64")}`,
    });
    expect(basic.json().code).toBe("missing_api_key");

    // A typo fails the checksum: refused before any lookup.
    const typo = `${key.slice(0, 12)}${key[12] === "x" ? "y" : "x"}${key.slice(13)}`;
    const mistyped = await partnerGet(app, typo, "/api/v1/marketing/images");
    expect(mistyped.statusCode).toBe(401);
    expect(mistyped.json().code).toBe("invalid_api_key");
    expect(lookups).not.toHaveBeenCalled();

    const unknown = await partnerGet(app, newApiKey(), "/api/v1/marketing/images");
    expect(unknown.statusCode).toBe(401);
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
  });

  it("refuses a key with more after it as an invalid key, not a missing one", async () => {
    for (const authorization of [`Bearer ${key} extra`, `Bearer ${key}  ${key}`]) {
      const res = await partnerGet(app, undefined, "/api/v1/marketing/tags", { authorization });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json(), authorization).toEqual({
        message: MESSAGES.apiKeys.moreThanKey,
        code: "invalid_api_key",
      });
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="Sawdust marketing API"');
    }
    // Spaces after the key are still only spaces.
    const spaced = await partnerGet(app, undefined, "/api/v1/marketing/tags", {
      authorization: `Bearer ${key}  `,
    });
    expect(spaced.statusCode).toBe(200);
  });

  it("refuses two Authorization headers whichever key comes first, over a real socket", async () => {
    // Node keeps the first of repeated headers: inject cannot send two, a client on the wire can.
    const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
    const asked = (authorization: string[]) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(`${address}/api/v1/marketing/tags`);
        // An array sends the header once per value.
        request.setHeader("authorization", authorization);
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on("error", reject);
        request.end();
      });
    const bad = `Bearer ${newApiKey()}`;
    for (const pair of [
      [`Bearer ${key}`, bad],
      [bad, `Bearer ${key}`],
    ]) {
      const res = await asked(pair);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ code: "ambiguous_api_key" });
    }
    expect((await asked([`Bearer ${key}`])).status).toBe(200);
  });

  it("gives a key nothing but the marketing API: elsewhere it is no session", async () => {
    for (const url of ["/api/v1/api-keys", "/api/v1/usage", "/api/v1/collections"]) {
      const res = await partnerGet(app, key, url);
      expect(res.statusCode, url).toBe(401);
    }
    // And with the admin's cookie beside it, the marketing API still sees only the partner.
    const both = await partnerGet(app, key, "/api/v1/marketing/images", { cookie: admin.cookie });
    expect(both.statusCode).toBe(200);
  });
});

describe(`rate limits on ${TEST_DB}`, () => {
  it("states the key's window on every answer and refuses the request after the limit with 429", async () => {
    const limited = await createApiKey(app, admin.cookie, { name: "Three", rateLimitPerHour: 3 });
    const hourEnds = Math.ceil((clock.now() - (clock.now() % HOUR) + HOUR) / 1000);
    const answers = [
      await partnerGet(app, limited.apiKey, "/api/v1/marketing/images"),
      await partnerGet(app, limited.apiKey, "/api/v1/marketing/images/999999"),
      await partnerGet(app, limited.apiKey, "/api/v1/marketing/images?limit=0"),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400]);
    answers.forEach((answer, i) => {
      const seconds = hourEnds - clock.now() / 1000;
      expect(rateLimitOf(answer)).toEqual({
        limit: 3,
        remaining: 2 - i,
        reset: hourEnds,
        policy: '"hourly";q=3;w=3600',
        state: `"hourly";r=${2 - i};t=${seconds}`,
        retryAfter: undefined,
      });
      expect(answer.headers["cache-control"]).toBe("no-store");
    });

    clock.advance(600_000);
    const refused = await partnerGet(app, limited.apiKey, "/api/v1/marketing/tags");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        "This API key has made its 3 requests for this hour: try again when Retry-After says",
      code: "rate_limited",
    });
    expect(rateLimitOf(refused)).toEqual({
      limit: 3,
      remaining: 0,
      reset: hourEnds,
      policy: '"hourly";q=3;w=3600',
      state: '"hourly";r=0;t=3000',
      retryAfter: "3000",
    });

    // The next hour starts a new count.
    clock.advance(3_000_000);
    const next = await partnerGet(app, limited.apiKey, "/api/v1/marketing/tags");
    expect(next.statusCode).toBe(200);
    expect(rateLimitOf(next)).toMatchObject({ limit: 3, remaining: 2, reset: hourEnds + 3600 });
  });

  it("lets exactly N of 40 simultaneous requests through at a limit of N, whatever headers they carry", async () => {
    const limit = 17;
    const burst = await createApiKey(app, admin.cookie, { name: "Burst", rateLimitPerHour: limit });
    const variants: Array<Record<string, string>> = [
      {},
      { "x-forwarded-for": "203.0.113.7" },
      { "if-none-match": '"anything"' },
      { range: "bytes=0-10" },
      { "x-forwarded-for": "198.51.100.1, 10.0.0.1", "if-none-match": "*" },
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        partnerGet(
          app,
          burst.apiKey,
          i % 3 === 0 ? "/api/v1/marketing/tags" : "/api/v1/marketing/images?limit=2",
          variants[i % variants.length],
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - limit);
    const remaining = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => rateLimitOf(a).remaining)
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: limit }, (_, i) => i));
    const usage = await app.database.db
      .selectFrom("api_key_usage")
      .select("requests")
      .where("key_id", "=", burst.id)
      .execute();
    expect(usage).toEqual([{ requests: limit }]);
  });
});

describe(`the catalogue for partners on ${TEST_DB}`, () => {
  let a: number;
  let b: number;
  let c: number;
  let d: number;
  const invisible: Record<string, number> = {};

  beforeAll(async () => {
    a = await seedImage(app, {
      title: "Red Tide",
      tags: ["sunset", "ocean"],
      styles: ["watercolor"],
      colors: ["red"],
      editionType: "one_of_one",
    });
    await setRow(a, { price_cents: 5000, total_downloads: 10 });
    b = await seedImage(app, {
      tags: ["sunset", "city"],
      styles: ["digital art"],
      colors: ["blue"],
      editionType: "open_edition",
    });
    await setRow(b, { price_cents: 1500, total_downloads: 30 });
    c = await seedImage(app, {
      tags: ["forest"],
      styles: ["watercolor"],
      colors: ["green"],
      editionType: "limited_edition",
    });
    await setRow(c, {
      price_cents: 12000,
      total_downloads: 20,
      max_editions: 10,
      sold_editions: 3,
    });
    d = await seedImage(app, {
      tags: ["ocean"],
      styles: ["oil painting"],
      colors: ["blue"],
      editionType: "sawdust_gallery",
    });
    // Matching every filter above, and never to be seen.
    const lookalike = {
      tags: ["sunset", "ocean", "forest"],
      styles: ["watercolor"],
      colors: ["red", "blue"],
      editionType: "one_of_one",
    };
    invisible.hidden = await seedImage(app, { ...lookalike, isPublic: false });
    invisible.flagged = await seedImage(app, { ...lookalike, isPublic: false });
    await setRow(invisible.flagged, {
      ai_analysis: JSON.stringify({
        moderation: { flagged: true, reason: "sensitive content", at: "2026-11-21T12:00:00Z" },
      }),
    });
    invisible.unready = await seedImage(app, lookalike);
    await setRow(invisible.unready, { status: "processing" });
    for (const id of Object.values(invisible)) {
      await setRow(id, { price_cents: 5000, total_downloads: 1000 });
    }
  });

  it("lists public, ready images newest first, and nothing else", async () => {
    expect(await idsOf("")).toEqual([d, c, b, a]);
    expect(await idsOf("sort=most_downloaded")).toEqual([b, c, a, d]);
  });

  it("filters by each parameter alone", async () => {
    expect(await idsOf("edition_type=one_of_one")).toEqual([a]);
    expect(await idsOf("edition_type=open_edition,limited_edition")).toEqual([c, b]);
    expect(await idsOf("tags=sunset")).toEqual([b, a]);
    expect(await idsOf("tags=Sunset,forest")).toEqual([c, b, a]);
    expect(await idsOf("style=watercolor")).toEqual([c, a]);
    expect(await idsOf("color=blue")).toEqual([d, b]);
    expect(await idsOf("color=%23FF0000")).toEqual([a]);
    expect(await idsOf("min_price=2000")).toEqual([c, a]);
    expect(await idsOf("max_price=5000")).toEqual([b, a]);
    expect(await idsOf("max_price=0")).toEqual([]);
    expect(await idsOf("limit=2")).toEqual([d, c]);
  });

  it("prices only what is for sale: a sold piece has no price and no price bound finds it", async () => {
    const detail = async (id: number) => {
      const res = await get(`/api/v1/marketing/images/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { price: number | null; licence_prices: unknown };
    };
    // What a buyer is charged, by licence: the limited edition (3 of 10 sold) and the open one.
    expect(await detail(c)).toMatchObject({
      price: 12000,
      licence_prices: { standard: 12000, commercial: 24000 },
    });
    expect((await detail(b)).licence_prices).toMatchObject({ standard: 1500 });
    expect(await detail(d)).toMatchObject({ price: null, licence_prices: null });

    const sold = await seedImage(app, { tags: ["harbour"], editionType: "one_of_one" });
    await setRow(sold, { price_cents: 5000, sold_editions: 1 });
    try {
      expect(await detail(sold)).toMatchObject({ price: null, licence_prices: null });
      expect(await idsOf("min_price=5000&max_price=5000")).toEqual([a]);
      expect(await idsOf("tags=harbour")).toEqual([sold]);
      expect(await idsOf("tags=harbour&max_price=100000")).toEqual([]);
      // A limited edition with every edition sold is not for sale either.
      await setRow(c, { sold_editions: 10 });
      expect(await detail(c)).toMatchObject({ price: null, licence_prices: null });
      expect(await idsOf("min_price=6000")).toEqual([]);
    } finally {
      await setRow(c, { sold_editions: 3 });
      await setRow(sold, { status: "processing" });
    }
  });

  it("combines filters: any value within one, every filter together", async () => {
    expect(await idsOf("tags=sunset&style=watercolor")).toEqual([a]);
    expect(await idsOf("tags=ocean&color=blue&edition_type=sawdust_gallery")).toEqual([d]);
    expect(await idsOf("style=watercolor&min_price=6000")).toEqual([c]);
    expect(await idsOf("min_price=1500&max_price=5000&sort=most_downloaded")).toEqual([b, a]);
    expect(await idsOf("tags=sunset,forest&max_price=20000&sort=most_downloaded")).toEqual([
      b,
      c,
      a,
    ]);
    expect(await idsOf("tags=ocean&edition_type=open_edition")).toEqual([]);
  });

  it("answers what a partner needs, with absolute URLs on the site's origin", async () => {
    const res = await get(`/api/v1/marketing/images/${c}`);
    expect(res.statusCode).toBe(200);
    const image = ZMarketingImage.parse(res.json());
    expect(image).toMatchObject({
      id: c,
      tags: ["forest"],
      styles: ["watercolor"],
      edition_type: "limited_edition",
      price: 12000,
      currency: "USD",
      max_editions: 10,
      sold_editions: 3,
      downloads: 20,
      width: 1000,
      height: 1000,
      share_url: `${ORIGIN}/image/${c}`,
      // A 1000×1000 original fills the 1024×1280 and 1536×1920 boxes only by being enlarged.
      upscaled_renditions: ["medium", "large"],
    });
    expect(image.urls.small).toMatch(new RegExp(`^${ORIGIN}/media/images/${c}/small-`));
    expect(image.urls.thumb).toMatch(new RegExp(`^${ORIGIN}/media/images/${c}/thumb-`));
    expect(image.urls.large).toMatch(new RegExp(`^${ORIGIN}/media/images/${c}/large-`));
    // The site's own bookkeeping stays home.
    expect(Object.keys(res.json())).not.toEqual(
      expect.arrayContaining(["downloadStats", "aiAnalysis", "isPublic"]),
    );
    const listed = ZMarketingImagePage.parse((await get("/api/v1/marketing/images")).json());
    expect(listed.images.find((i) => i.id === c)).toEqual(image);
  });

  it("names no rendition as enlarged for an original larger than every box", async () => {
    const big = await seedImage(app, { tags: ["big-original"] });
    await setImageColumns(app, big, { width: 4000, height: 5000 });
    const image = ZMarketingImage.parse((await get(`/api/v1/marketing/images/${big}`)).json());
    expect(image.upscaled_renditions).toEqual([]);
    const listed = ZMarketingImagePage.parse(
      (await get("/api/v1/marketing/images?tags=big-original")).json(),
    );
    expect(listed.images.map((i) => i.upscaled_renditions)).toEqual([[]]);
  });

  it("moves updated_at when an admin edits the image, in the detail and the list", async () => {
    const id = await seedImage(app, { title: "Unedited", tags: ["edited-later"] });
    const created = clock.now() - 2 * HOUR;
    await setImageColumns(app, id, { created_at: created, updated_at: created });
    const before = ZMarketingImage.parse((await get(`/api/v1/marketing/images/${id}`)).json());
    expect(before.updated_at).toBe(new Date(created).toISOString());
    expect(before.updated_at).toBe(before.created_at);

    const edited = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload: { aiAnalysis: { title: "Edited" }, tags: ["edited-later", "new-tag"] },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const after = ZMarketingImage.parse((await get(`/api/v1/marketing/images/${id}`)).json());
    expect(after.title).toBe("Edited");
    expect(after.updated_at).toBe(new Date(clock.now()).toISOString());
    expect(after.created_at).toBe(before.created_at);
    const listed = ZMarketingImagePage.parse(
      (await get("/api/v1/marketing/images?tags=edited-later")).json(),
    );
    expect(listed.images).toEqual([after]);
  });

  it("never shows a hidden, flagged or unfinished image, alone or in the tag counts", async () => {
    for (const [why, id] of Object.entries(invisible)) {
      const res = await get(`/api/v1/marketing/images/${id}`);
      expect(res.statusCode, why).toBe(404);
      expect(res.json().message).toBe("Image not found");
    }
    const seen = new Set(
      (
        await Promise.all(
          [
            "",
            "tags=sunset,ocean,forest",
            "edition_type=one_of_one",
            "color=red",
            "sort=most_downloaded",
            "min_price=5000&max_price=5000",
          ].map(idsOf),
        )
      ).flat(),
    );
    for (const id of Object.values(invisible)) expect(seen.has(id)).toBe(false);
    const tags = ZMarketingTagList.parse((await get("/api/v1/marketing/tags")).json()).tags;
    expect(tags).toEqual(
      expect.arrayContaining([
        { tag: "sunset", count: 2 },
        { tag: "ocean", count: 2 },
        { tag: "forest", count: 1 },
        { tag: "city", count: 1 },
      ]),
    );
  });

  it("answers a bad parameter with 400 and a message that names it", async () => {
    const newestCursor = (await get("/api/v1/marketing/images?limit=1")).json().next_cursor;
    const mostDownloadedCursor = (
      await get("/api/v1/marketing/images?limit=1&sort=most_downloaded")
    ).json().next_cursor;
    const cases: Array<[string, string]> = [
      ["limit=0", "limit must be between 1 and 100"],
      ["limit=101", "limit must be between 1 and 100"],
      ["limit=abc", "limit must be a number"],
      // Number() reads these as numbers; a query string's number is written in digits (round 38).
      ["limit=1e1", "limit must be a number"],
      ["limit=%201", "limit must be a number"],
      ["limit=", "limit must be a number"],
      ["limit=0x10", "limit must be a number"],
      ["limit=2.5", "limit must be a whole number"],
      ["edition_type=poster", "edition_type must be among: "],
      ["min_price=-1", "min_price must be at least 0"],
      ["min_price=cheap", "min_price must be a number of cents"],
      ["min_price=", "min_price must be a number of cents"],
      ["max_price=%20", "max_price must be a number of cents"],
      ["min_price=0x10", "min_price must be a number of cents"],
      ["max_price=9.99", "max_price must be a whole number of cents"],
      // Past the documented maximum, not "not whole" (a number that large is no safe integer).
      [
        "min_price=9007199254740992",
        "min_price is over the maximum: give at most 9,007,199,254,740,991 cents",
      ],
      [
        "max_price=99999999999999999999",
        "max_price is over the maximum: give at most 9,007,199,254,740,991 cents",
      ],
      ["min_price=500&max_price=100", "min_price must not be more than max_price"],
      ["sort=random", "sort must be one of: newest, most_downloaded"],
      ["cursor=nonsense", "The cursor is not valid: start again without one"],
      [
        `sort=most_downloaded&cursor=${newestCursor}`,
        "The cursor is not valid: start again without one",
      ],
      [`cursor=${mostDownloadedCursor}`, "The cursor is not valid: start again without one"],
      ["tag=sunset", "Unknown parameter tag: the marketing API takes limit, cursor"],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/v1/marketing/images?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
      expect(res.headers["x-ratelimit-limit"], query).toBe("100000");
    }
    const detailWithX = await get(`/api/v1/marketing/images/${a}?x=1`);
    expect(detailWithX.statusCode).toBe(400);
    expect(detailWithX.json().message).toContain("Unknown parameter x");
    const tagsWithLimit = await get("/api/v1/marketing/tags?limit=5");
    expect(tagsWithLimit.statusCode).toBe(400);
    expect(tagsWithLimit.json().message).toContain("Unknown parameter limit");
    const badId = await get("/api/v1/marketing/images/abc");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe("The image id must be a number");
    const zeros = await get("/api/v1/marketing/images/057");
    expect(zeros.statusCode).toBe(400);
    expect(zeros.json().message).toBe("The image id must be a whole number without leading zeros");
    // A trailing slash names no image: a 404 naming the path, not "must be a number".
    for (const url of ["/api/v1/marketing/images/", "/api/v1/marketing/images/?limit=5"]) {
      const slash = await get(url);
      expect(slash.statusCode, url).toBe(404);
      expect(slash.json(), url).toEqual({
        message:
          "Not found: GET /api/v1/marketing/images/ names no image: the list is at /api/v1/marketing/images, an image at /api/v1/marketing/images/{id}",
        code: "not_found",
      });
      expect(slash.headers["x-ratelimit-limit"], url).toBe("100000");
    }
  });

  it("reads price bounds past what a price column holds as no bound, and refuses such a download count in a cursor (round 60)", async () => {
    // PostgreSQL's prices and download counts are `integer`: a bound or a count past 2^31 - 1
    // was sent as it came, and the database refused it (500).
    const priced = await idsOf("min_price=0");
    expect(priced).toEqual([c, b, a]);
    expect(await idsOf("min_price=2147483648")).toEqual([]);
    expect(await idsOf("min_price=2147483647")).toEqual([]);
    expect(await idsOf(`min_price=${Number.MAX_SAFE_INTEGER}&tags=sunset`)).toEqual([]);
    expect(await idsOf("max_price=9007199254740991")).toEqual(priced);
    expect(await idsOf("max_price=2147483648&sort=most_downloaded")).toEqual([b, c, a]);
    expect(await idsOf("min_price=1500&max_price=4294967296&style=watercolor")).toEqual([c, a]);

    const cursorOf = (position: object) =>
      Buffer.from(JSON.stringify(position)).toString("base64url");
    for (const filters of [
      "",
      "&edition_type=open_edition",
      "&edition_type=open_edition&tags=abstract",
    ]) {
      const tooMany = await get(
        `/api/v1/marketing/images?sort=most_downloaded${filters}&cursor=${cursorOf({ id: 21, d: 2147483648 })}`,
      );
      expect(tooMany.statusCode, `${filters}: ${tooMany.body}`).toBe(400);
      expect(tooMany.json()).toEqual({
        message: "The cursor is not valid: start again without one",
        code: "bad_cursor",
      });
      // The largest count a column holds is a place like any other.
      const largest = await get(
        `/api/v1/marketing/images?sort=most_downloaded${filters}&cursor=${cursorOf({ id: 21, d: 2147483647 })}`,
      );
      expect(largest.statusCode, `${filters}: ${largest.body}`).toBe(200);
    }
    // The public list's cursor carries an id alone (ids are bigint): read as any other.
    const visitors = await app.server.inject({
      url: `/api/v1/images?cursor=${cursorOf({ id: 2147483648 })}`,
    });
    expect(visitors.statusCode, visitors.body).toBe(200);
  });

  it("shows an image of an edition type it does not know as a gallery edition, alone and listed (spec section 1)", async () => {
    const legacy = await seedImage(app, { tags: ["legacy"], editionType: "one_of_one" });
    // A legacy or imported row: no CHECK constraint holds the column to the four types.
    await setImageColumns(app, legacy, { price_cents: 2500, edition_type: "legacy_print" });
    try {
      const res = await get(`/api/v1/marketing/images/${legacy}`);
      expect(res.statusCode, res.body).toBe(200);
      const image = ZMarketingImage.parse(res.json());
      expect(image).toMatchObject({
        edition_type: "sawdust_gallery",
        price: null,
        licence_prices: null,
      });
      const listed = await get("/api/v1/marketing/images?tags=legacy");
      expect(listed.statusCode, listed.body).toBe(200);
      expect(ZMarketingImagePage.parse(listed.json()).images).toEqual([image]);
    } finally {
      await setRow(legacy, { status: "processing" });
    }
  });

  it("refuses a colour it does not know, naming the parameter and the names it knows; grey is gray", async () => {
    expect(await idsOf("color=grey")).toEqual(await idsOf("color=gray"));
    expect(await idsOf("color=Blue,GREY")).toEqual([d, b]);
    expect(await idsOf("color=f00")).toEqual([a]);
    for (const colour of ["grey", "GREY", " grey "]) {
      const res = await get(`/api/v1/marketing/images?color=${encodeURIComponent(colour)}`);
      expect(res.statusCode, colour).toBe(200);
    }
    for (const colour of ["turquoise", "rgb(0,0,0)", "%23zzzzzz", "red,blu", "%23ff00"]) {
      const res = await get(`/api/v1/marketing/images?color=${colour}`);
      expect(res.statusCode, colour).toBe(400);
      expect(res.json().code, colour).toBe("validation_failed");
      expect(res.json().message, colour).toMatch(/^color: /);
      expect(res.json().message, colour).toContain("red, orange, yellow");
      expect(res.json().message, colour).toContain("gray (or grey)");
      expect(res.json().message, colour).toContain("#ff0000");
    }
    const documented = (await app.server.inject({ url: "/api/v1/marketing/docs" })).json();
    const color = documented.paths["/api/v1/marketing/images"].get.parameters.find(
      (p: { name: string }) => p.name === "color",
    );
    expect(color.description).toContain("red, orange, yellow");
    expect(color.description).toContain("grey");
  });

  it("says what is wrong with an address whose escapes are not UTF-8 text, as with a bare %", async () => {
    for (const query of ["tags=%ED%A0%80", "tags=%C3%28", "color=%E2%82", "tags=%zz"]) {
      const res = await get(`/api/v1/marketing/images?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: MESSAGES.badAddress, code: "bad_address" });
    }
    expect(MESSAGES.badAddress).toContain("must start an escape such as %20");
    expect(MESSAGES.badAddress).toContain("the escapes must spell UTF-8 text");
  });

  it("names the parameter of a value too long (round 60)", async () => {
    const cases: Array<[string, string]> = [
      [`tags=sunset,${"t".repeat(65)}`, "tags: a tag must be at most 64 characters"],
      [`style=${"s".repeat(65)}`, "style: a style must be at most 64 characters"],
      [`color=${"c".repeat(33)}`, "color: a colour must be at most 32 characters"],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/v1/marketing/images?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it("documents what it answers besides its own statuses: 503, 405, 431, and two keys' 401", async () => {
    const documented = (await app.server.inject({ url: "/api/v1/marketing/docs" })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { description: string; headers?: object }> }>
      >;
    };
    for (const path of [
      "/api/v1/marketing/images",
      "/api/v1/marketing/images/{id}",
      "/api/v1/marketing/tags",
    ]) {
      const { responses } = documented.paths[path]?.get ?? { responses: {} };
      expect(responses[401]?.description, path).toContain("ambiguous_api_key");
      expect(responses[503]?.description, path).toContain("service_unavailable");
      expect(Object.keys(responses[503]?.headers ?? {}), path).toEqual(["Retry-After"]);
      expect(responses[405]?.description, path).toContain("method_not_allowed");
      expect(Object.keys(responses[405]?.headers ?? {}), path).toEqual(["Allow"]);
      expect(responses[431]?.description, path).toContain("request_too_large");
      expect(responses[431]?.headers, path).toBeUndefined();
    }
    expect(documented.paths["/api/v1/marketing/docs"]?.get?.responses[405]).toBeDefined();
    // The answers' schemas have names a generated client can use.
    expect(JSON.stringify(documented.paths["/api/v1/marketing/images/{id}"])).toContain(
      '"#/components/schemas/MarketingImage"',
    );
    expect(JSON.stringify(documented.paths["/api/v1/marketing/images"])).toContain(
      '"#/components/schemas/MarketingImagePage"',
    );

    // And it answers them as documented.
    const preflight = { origin: "https://partner.example", "access-control-request-method": "GET" };
    for (const [method, headers] of [
      ["POST", { authorization: `Bearer ${key}` }],
      ["OPTIONS", preflight],
    ] as const) {
      const res = await app.server.inject({ method, url: "/api/v1/marketing/images", headers });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe("GET, HEAD");
      expect(res.json().code, method).toBe("method_not_allowed");
    }
    const down = vi
      .spyOn(ApiKeysRepo.prototype, "findByHash")
      .mockRejectedValue(
        Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      );
    try {
      const res = await partnerGet(app, newApiKey(), "/api/v1/marketing/tags");
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBeDefined();
      expect(res.json().code).toBe("service_unavailable");
    } finally {
      down.mockRestore();
    }
  });

  it("pages without repeating or skipping while images are published between pages", async () => {
    const pageThrough = async (query: string, added: number[]) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await get(
          `/api/v1/marketing/images?limit=3&${query}${cursor ? `&cursor=${cursor}` : ""}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = ZMarketingImagePage.parse(res.json());
        seen.push(...page.images.map((i) => i.id));
        cursor = page.next_cursor;
        pages += 1;
        // Two new public images between pages: one with many downloads, one with none.
        const busy = await seedImage(app, { tags: ["paging", "sunset"] });
        await setRow(busy, { total_downloads: 500 + pages });
        added.push(busy, await seedImage(app, { tags: ["paging", "sunset"] }));
      } while (cursor);
      return seen;
    };
    // Downloads with ties, so the second order pages through equal counts too.
    for (const downloads of [7, 7, 7, 3, 3, 0, 0, 0, 9]) {
      await setRow(await seedImage(app, { tags: ["paging", "sunset"] }), {
        total_downloads: downloads,
      });
    }
    for (const query of [
      "",
      "tags=paging",
      "sort=most_downloaded",
      "tags=sunset&sort=most_downloaded",
    ]) {
      const before = await idsOf(`limit=100&${query}`);
      expect(before.length).toBeGreaterThan(6);
      const added: number[] = [];
      const seen = await pageThrough(query, added);
      expect(new Set(seen).size, `${query}: repeated`).toBe(seen.length);
      const original = seen.filter((id) => before.includes(id));
      expect(original, `${query}: skipped or out of order`).toEqual(before);
      // What was published meanwhile may show up (after the cursor), never twice, never instead.
      expect(seen.filter((id) => !before.includes(id)).every((id) => added.includes(id))).toBe(
        true,
      );
    }
  });
});
