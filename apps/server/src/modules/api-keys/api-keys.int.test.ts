/**
 * Partners' API keys through HTTP on the real database (issue 16, acceptance 1 and 2): admins
 * alone manage them; a key is shown once, in the `sdk_` format, works from curl and stops at
 * once when revoked; only its hash is stored, and it appears nowhere in the database, a dump of
 * it or the server's log; `lastUsed` is written at most once a minute; the audit log records
 * creation and revocation; requests per day are counted.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { PARTNER_API, ZApiKeyCreated, ZApiKeyList } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../../test/images.js";
import { createApiKey, partnerGet, rateLimitOf, revokeApiKey } from "../../../test/partner-api.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";

const run = promisify(execFile);
const clock = new TestClock(Date.UTC(2026, 10, 21, 12, 0, 0));
const ORIGIN = "https://sawdust.example";
const log: string[] = [];
/** Every key this file made: none may be found anywhere afterwards. */
const issued: string[] = [];
let app: TestApp;
let admin: { cookie: string; userId: number };
let member: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp(
    { LOG_LEVEL: "trace", PUBLIC_URL: ORIGIN },
    { clock, logStream: { write: (line: string) => void log.push(line) } },
  );
  admin = await signIn(app, "keys_admin", "admin");
  member = await signIn(app, "keys_member");
  await seedImage(app, { title: "Harbour at dusk", tags: ["harbour"] });
});
afterAll(() => app.close());

async function newKey(body: { name?: string; rateLimitPerHour?: number } = {}) {
  const created = await createApiKey(app, admin.cookie, body);
  issued.push(created.apiKey);
  return created;
}

const list = async () =>
  app.server.inject({ method: "GET", url: "/api/v1/api-keys", headers: { cookie: admin.cookie } });

describe(`API keys on ${TEST_DB}`, () => {
  it("are for admins only: a visitor hears 401, a member 403, on every call", async () => {
    const calls = [
      { method: "GET", url: "/api/v1/api-keys" },
      { method: "POST", url: "/api/v1/api-keys", payload: { name: "x" } },
      { method: "PATCH", url: "/api/v1/api-keys/1", payload: { rateLimitPerHour: 5 } },
      { method: "DELETE", url: "/api/v1/api-keys/1" },
    ] as const;
    for (const call of calls) {
      const visitor = await app.server.inject(call);
      expect(visitor.statusCode, `${call.method} as a visitor`).toBe(401);
      const asMember = await app.server.inject({ ...call, headers: { cookie: member.cookie } });
      expect(asMember.statusCode, `${call.method} as a member`).toBe(403);
    }
  });

  it("creates a key shown once, sdk_ and 36 base62 characters, stored as its SHA-256 only", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: { cookie: admin.cookie },
      payload: { name: "  Print shop  " },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const created = ZApiKeyCreated.parse(res.json());
    issued.push(created.apiKey);
    expect(created.apiKey).toMatch(/^sdk_[0-9A-Za-z]{36}$/);
    expect(created).toMatchObject({
      name: "Print shop",
      display: `sdk_${created.apiKey.slice(4, 6)}…${created.apiKey.slice(-4)}`,
      createdAt: new Date(clock.now()).toISOString(),
      lastUsed: null,
      isActive: true,
      revokedAt: null,
      rateLimitPerHour: PARTNER_API.defaultRequestsPerHour,
    });
    expect(created.requestsPerDay).toHaveLength(PARTNER_API.usageDays);
    expect(created.requestsPerDay.every((d) => d.requests === 0)).toBe(true);

    const row = await app.database.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash("sha256").update(created.apiKey).digest("hex"));
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(created.apiKey.slice(4));
    }

    // The list never carries a key: only displays.
    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["cache-control"]).toBe("no-store");
    const body = ZApiKeyList.parse(listed.json());
    for (const key of issued) expect(listed.body).not.toContain(key.slice(4));
    expect(body.apiKeys.find((k) => k.id === created.id)?.display).toBe(created.display);
    expect(body.partnerApi).toEqual({
      baseUrl: `${ORIGIN}/api/v1/marketing`,
      documentUrl: `${ORIGIN}/api/v1/marketing/docs`,
      docsPageUrl: `${ORIGIN}/api/docs/marketing`,
      defaultRateLimitPerHour: 1000,
    });
  });

  it("refuses a blank name and a bad limit with the spec's message", async () => {
    const post = (payload: unknown) =>
      app.server.inject({
        method: "POST",
        url: "/api/v1/api-keys",
        headers: { cookie: admin.cookie },
        payload: payload as object,
      });
    for (const payload of [{ name: "" }, { name: "   " }, {}]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("API key name is required");
    }
    const tooMany = await post({ name: "x", rateLimitPerHour: 0 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(
      /^Requests per hour \(rateLimitPerHour\) must be a whole number from 1 to 1,000,000$/,
    );
    const long = await post({ name: "x".repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("An API key name must be at most 100 characters");
  });

  it("works from curl, and after revocation its next request is 401", async () => {
    const created = await newKey({ name: "Newsletter" });
    const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
    const curl = async (key: string) => {
      const { stdout } = await run("curl", [
        "-s",
        "-i",
        "-H",
        `Authorization: Bearer ${key}`,
        `${address}/api/v1/marketing/images?limit=5`,
      ]);
      const [head = "", body = ""] = stdout.split("\r\n\r\n");
      return { status: Number(head.split(" ")[1]), head: head.toLowerCase(), body };
    };
    const ok = await curl(created.apiKey);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).images[0]).toMatchObject({ title: "Harbour at dusk" });
    expect(ok.head).toContain("x-ratelimit-limit: 1000");
    expect(ok.head).toContain("x-ratelimit-remaining: 999");

    const revoked = await revokeApiKey(app, admin.cookie, created.id);
    expect(revoked).toMatchObject({ id: created.id, isActive: false });
    expect(revoked.revokedAt).toBe(new Date(clock.now()).toISOString());
    const refused = await curl(created.apiKey);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({
      message: "This API key is not valid, or it has been revoked",
      code: "invalid_api_key",
    });
    expect(refused.head).toContain('www-authenticate: bearer realm="sawdust marketing api"');
  });

  it("revokes for good: again changes nothing, a revoked key cannot change, an unknown id is 404", async () => {
    const created = await newKey({ name: "Short-lived" });
    await revokeApiKey(app, admin.cookie, created.id);
    const firstRevokedAt = (await list())
      .json()
      .apiKeys.find((k: { id: number }) => k.id === created.id).revokedAt;
    clock.advance(5_000);
    const again = await revokeApiKey(app, admin.cookie, created.id);
    expect(again.revokedAt).toBe(firstRevokedAt);
    const patch = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/api-keys/${created.id}`,
      headers: { cookie: admin.cookie },
      payload: { rateLimitPerHour: 10 },
    });
    expect(patch.statusCode).toBe(409);
    expect(
      (
        await app.server.inject({
          method: "DELETE",
          url: "/api/v1/api-keys/999999",
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.server.inject({
          method: "DELETE",
          url: "/api/v1/api-keys/abc",
          headers: { cookie: admin.cookie },
        })
      ).json().message,
    ).toBe("The API key id must be a number");
  });

  it("records creation and revocation in the audit log, once each, without the key", async () => {
    const created = await newKey({ name: "Audited" });
    await revokeApiKey(app, admin.cookie, created.id);
    await revokeApiKey(app, admin.cookie, created.id);
    const entries = await app.services.audit.recent(10, { subject: `api_key:${created.id}` });
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ["api_key.revoked", admin.userId],
      ["api_key.created", admin.userId],
    ]);
    expect(entries[1]?.details).toEqual({
      name: "Audited",
      display: created.display,
      rateLimitPerHour: 1000,
    });
    expect(JSON.stringify(entries)).not.toContain(created.apiKey.slice(4));
  });

  it("keeps lastUsed without a write a request: at most once a minute", async () => {
    const created = await newKey({ name: "Busy" });
    const lastUsed = async () =>
      (
        await app.database.db
          .selectFrom("api_keys")
          .select("last_used_at")
          .where("id", "=", created.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const start = clock.now();
    expect((await partnerGet(app, created.apiKey, "/api/v1/marketing/tags")).statusCode).toBe(200);
    expect(await lastUsed()).toBe(start);
    clock.advance(30_000);
    await partnerGet(app, created.apiKey, "/api/v1/marketing/tags");
    clock.advance(29_000);
    await partnerGet(app, created.apiKey, "/api/v1/marketing/tags");
    expect(await lastUsed()).toBe(start);
    // Another process may have written it meanwhile: the statement's own condition holds too.
    clock.advance(2_000);
    await partnerGet(app, created.apiKey, "/api/v1/marketing/tags");
    expect(await lastUsed()).toBe(start + 61_000);
    const shown = (await list()).json().apiKeys.find((k: { id: number }) => k.id === created.id);
    expect(shown.lastUsed).toBe(new Date(start + 61_000).toISOString());
  });

  it("counts each key's requests per UTC day for the admin page", async () => {
    const created = await newKey({ name: "Counted" });
    for (let i = 0; i < 3; i++) await partnerGet(app, created.apiKey, "/api/v1/marketing/tags");
    clock.advance(24 * 60 * 60 * 1000);
    for (let i = 0; i < 2; i++) await partnerGet(app, created.apiKey, "/api/v1/marketing/tags");
    const shown = (await list()).json().apiKeys.find((k: { id: number }) => k.id === created.id);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const yesterday = new Date(clock.now() - 86_400_000).toISOString().slice(0, 10);
    expect(shown.requestsPerDay).toHaveLength(7);
    expect(shown.requestsPerDay.at(-1)).toEqual({ day: today, requests: 2 });
    expect(shown.requestsPerDay.at(-2)).toEqual({ day: yesterday, requests: 3 });
    expect(shown.requestsPerDay.slice(0, 5).every((d: { requests: number }) => !d.requests)).toBe(
      true,
    );
  });

  it("takes a limit on creation and a new one by PATCH, from the key's next request", async () => {
    const created = await newKey({ name: "Limited", rateLimitPerHour: 5 });
    expect(created.rateLimitPerHour).toBe(5);
    const first = await partnerGet(app, created.apiKey, "/api/v1/marketing/tags");
    expect(rateLimitOf(first)).toMatchObject({ limit: 5, remaining: 4 });
    const patched = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/api-keys/${created.id}`,
      headers: { cookie: admin.cookie },
      payload: { rateLimitPerHour: 50, name: "Limited, then less so" },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ rateLimitPerHour: 50, name: "Limited, then less so" });
    const next = await partnerGet(app, created.apiKey, "/api/v1/marketing/tags");
    expect(rateLimitOf(next)).toMatchObject({ limit: 50, remaining: 48 });
    const empty = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/api-keys/${created.id}`,
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Send a name or a rateLimitPerHour to change");
    const audit = await app.services.audit.recent(1, { subject: `api_key:${created.id}` });
    expect(audit[0]).toMatchObject({
      action: "api_key.updated",
      details: {
        display: created.display,
        before: { rateLimitPerHour: 5, name: "Limited" },
        after: { rateLimitPerHour: 50, name: "Limited, then less so" },
      },
    });
  });

  it("audits only what a PATCH changes, and nothing when it changes nothing", async () => {
    const created = await newKey({ name: "Steady", rateLimitPerHour: 1000 });
    const patch = (payload: object) =>
      app.server.inject({
        method: "PATCH",
        url: `/api/v1/api-keys/${created.id}`,
        headers: { cookie: admin.cookie },
        payload,
      });
    const entries = () => app.services.audit.recent(10, { subject: `api_key:${created.id}` });
    const updates = async () =>
      (await entries()).filter((entry) => entry.action === "api_key.updated");

    for (const same of [
      { rateLimitPerHour: 1000 },
      { name: "Steady" },
      { name: "Steady", rateLimitPerHour: 1000 },
    ]) {
      const res = await patch(same);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: "Steady", rateLimitPerHour: 1000 });
    }
    expect(await updates()).toEqual([]);

    // The same name beside a new limit: only the limit is recorded.
    const res = await patch({ name: "Steady", rateLimitPerHour: 2000 });
    expect(res.json()).toMatchObject({ name: "Steady", rateLimitPerHour: 2000 });
    const [entry, ...others] = await updates();
    expect(others).toEqual([]);
    expect(entry?.details).toEqual({
      display: created.display,
      before: { rateLimitPerHour: 1000 },
      after: { rateLimitPerHour: 2000 },
    });
  });

  it("leaves no key in the database, a dump of it or the server's log", async () => {
    expect(issued.length).toBeGreaterThanOrEqual(6);
    // Each key's random part and checksum: found with or without its prefix, it is found.
    const secrets = issued.map((key) => key.slice(4));
    const text = log.join("");
    // The log did see the requests that carried the keys.
    expect(text).toContain("/api/v1/marketing/tags");
    expect(text).toContain("/api/v1/marketing/images?limit=5");
    for (const secret of secrets) expect(text).not.toContain(secret);

    if (TEST_DB === "postgres") {
      const url = app.env.DATABASE_URL as string;
      const { stdout } = await run("/usr/lib/postgresql/15/bin/pg_dump", ["--no-owner", url], {
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(stdout).toContain("COPY public.api_keys");
      expect(stdout).toContain("api_key.created");
      for (const secret of secrets) expect(stdout).not.toContain(secret);
    } else {
      const files = readdirSync(app.dataDir).filter((name) => name.startsWith("sawdust.db"));
      expect(files).toContain("sawdust.db");
      const bytes = Buffer.concat(files.map((name) => readFileSync(join(app.dataDir, name))));
      expect(bytes.includes("api_key.created")).toBe(true);
      for (const secret of secrets) expect(bytes.includes(secret)).toBe(false);
    }
  });
});
