/**
 * Two API processes on one database, over real sockets (issue 16, acceptance 1 and 3): a key
 * revoked through one is refused by the other at its next request, and one key's hourly count is
 * shared, whether its requests come one by one or fifty at once, split between the two, with
 * headers that might tempt a server to skip counting (X-Forwarded-For, If-None-Match, Range).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { seedImage, signIn } from "./images.js";
import { createApiKey, revokeApiKey } from "./partner-api.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "./test-app.js";

// One clock for both processes: no hour may end in the middle of a count.
const clock = new TestClock();
let a: TestApp;
let b: App;
let urlA: string;
let urlB: string;
let admin: { cookie: string; userId: number };

beforeAll(async () => {
  a = await createTestApp({}, { clock });
  // A second app on the same database, as a second API process would be.
  b = await buildApp(loadConfig(a.env), { webDist: a.webDist, clock });
  urlA = await a.server.listen({ port: 0, host: "127.0.0.1" });
  urlB = await b.server.listen({ port: 0, host: "127.0.0.1" });
  admin = await signIn(a, "two_process_admin", "admin");
  await seedImage(a, { title: "Shared catalogue", tags: ["shared"] });
});
afterAll(async () => {
  await b.server.close();
  await a.close();
});

const call = (base: string, key: string, path = "/api/v1/marketing/images?limit=5", headers = {}) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}`, ...headers } });

describe(`two API processes on one ${TEST_DB} database`, () => {
  it("refuses a key through B at its first request after A revoked it", async () => {
    const key = await createApiKey(a, admin.cookie, { name: "Revoked elsewhere" });
    // B has seen the key work (and knows it), A too.
    expect((await call(urlB, key.apiKey)).status).toBe(200);
    expect((await call(urlA, key.apiKey)).status).toBe(200);

    await revokeApiKey(a, admin.cookie, key.id);
    const refused = await call(urlB, key.apiKey);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "invalid_api_key" });
    expect((await call(urlA, key.apiKey)).status).toBe(401);
  });

  it("shares one count: N requests split across A and B, and the next is refused by both", async () => {
    const n = 10;
    const key = await createApiKey(a, admin.cookie, { name: "Split", rateLimitPerHour: n });
    const remaining: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await call(i % 2 === 0 ? urlA : urlB, key.apiKey);
      expect(res.status).toBe(200);
      remaining.push(Number(res.headers.get("x-ratelimit-remaining")));
      await res.arrayBuffer();
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    for (const base of [urlA, urlB]) {
      const refused = await call(base, key.apiKey);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(refused.headers.get("x-ratelimit-limit")).toBe(String(n));
    }
  });

  it("lets exactly N of 50 parallel requests through, split across A and B, whatever their headers", async () => {
    const n = 23;
    const key = await createApiKey(a, admin.cookie, { name: "Parallel", rateLimitPerHour: n });
    const variants: Array<Record<string, string>> = [
      {},
      { "x-forwarded-for": "203.0.113.9" },
      { "if-none-match": '"stale-etag"' },
      { range: "bytes=0-99" },
      { "x-forwarded-for": "198.51.100.4", "if-none-match": "*", range: "bytes=5-" },
    ];
    const paths = [
      "/api/v1/marketing/images?limit=5",
      "/api/v1/marketing/tags",
      "/api/v1/marketing/images?tags=shared&sort=most_downloaded",
    ];
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await call(
          i % 2 === 0 ? urlA : urlB,
          key.apiKey,
          paths[i % paths.length],
          variants[i % variants.length],
        );
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(n);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - n);
    const counted = await a.database.db
      .selectFrom("api_key_usage")
      .select("requests")
      .where("key_id", "=", key.id)
      .execute();
    expect(counted).toEqual([{ requests: n }]);
  });
});
