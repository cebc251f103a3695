import { DEFAULT_SITE_SETTINGS, MESSAGES, ZAuditPage } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { registeredRoutes } from "../../http/openapi.js";

const clock = new TestClock(Date.UTC(2026, 10, 21, 12));
let app: TestApp;
let admin: { cookie: string; userId: number };
let other: { cookie: string; userId: number };
let member: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "audit_admin", "admin");
  other = await signIn(app, "audit_other", "admin");
  member = await signIn(app, "audit_member");
}, 60_000);
afterAll(() => app.close());

const get = (query: string, cookie = admin.cookie) =>
  app.server.inject({ method: "GET", url: `/api/v1/admin/audit${query}`, headers: { cookie } });
const page = async (query = "") => {
  const res = await get(query);
  expect(res.statusCode).toBe(200);
  return ZAuditPage.parse(res.json());
};
const as = (
  cookie: string,
  method: "PATCH" | "PUT" | "POST" | "DELETE",
  url: string,
  payload?: object,
) => app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe(`the audit log on ${TEST_DB}`, () => {
  it("refuses everyone but admins", async () => {
    expect(
      (await app.server.inject({ method: "GET", url: "/api/v1/admin/audit" })).statusCode,
    ).toBe(401);
    const asMember = await get("", member.cookie);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe(MESSAGES.auth.adminOnly);
  });

  it("has no route that edits or deletes an entry", () => {
    const routes = registeredRoutes(app.server).filter((r) => r.url.includes("/admin/audit"));
    const methods = routes.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]));
    expect(methods.filter((m) => m !== "HEAD")).toEqual(["GET"]);
  });

  it("lists every admin action of the console, newest first, with the actor's username", async () => {
    // A role change, a suspension, a reactivation, ended sessions, a settings save, an API key.
    expect(
      (await as(admin.cookie, "PATCH", `/api/v1/admin/users/${member.userId}`, { role: "admin" }))
        .statusCode,
    ).toBe(200);
    await as(admin.cookie, "PATCH", `/api/v1/admin/users/${member.userId}`, { role: "user" });
    await as(other.cookie, "PATCH", `/api/v1/admin/users/${member.userId}`, { suspended: true });
    await as(other.cookie, "PATCH", `/api/v1/admin/users/${member.userId}`, { suspended: false });
    await as(admin.cookie, "DELETE", `/api/v1/admin/users/${member.userId}/sessions`);
    const saved = await as(admin.cookie, "PUT", "/api/v1/admin/settings", {
      ...DEFAULT_SITE_SETTINGS,
      siteName: "Audited",
    });
    expect(saved.statusCode).toBe(200);
    const key = await as(admin.cookie, "POST", "/api/v1/api-keys", { name: "Partner" });
    expect(key.statusCode).toBe(201);

    const { entries, nextCursor } = await page();
    expect(nextCursor).toBeNull();
    expect(entries.map((e) => [e.action, e.actor?.username])).toEqual([
      ["api_key.created", "audit_admin"],
      ["settings.updated", "audit_admin"],
      ["user.sessions_ended", "audit_admin"],
      ["user.reactivated", "audit_other"],
      ["user.suspended", "audit_other"],
      ["user.role_changed", "audit_admin"],
      ["user.role_changed", "audit_admin"],
    ]);
    expect(entries[1]).toMatchObject({
      subject: "settings:site",
      details: { before: { siteName: "Sawdust" }, after: { siteName: "Audited" } },
      createdAt: new Date(clock.now()).toISOString(),
    });
    expect(entries[4]?.subject).toBe(`user:${member.userId}`);
    // Never a secret: the new key's value is nowhere in the log.
    expect(JSON.stringify(entries)).not.toContain(key.json().apiKey);
  });

  it("filters by the start of the action, the actor (any case) and the subject", async () => {
    const users = await page("?action=user.");
    expect(users.entries.length).toBe(5);
    expect(users.entries.every((e) => e.action.startsWith("user."))).toBe(true);
    expect((await page("?action=user.suspended")).entries.map((e) => e.action)).toEqual([
      "user.suspended",
    ]);
    // `_` is a character here, not LIKE's wildcard.
    expect((await page("?action=api_")).entries.map((e) => e.action)).toEqual(["api_key.created"]);
    expect((await page("?action=apiX")).entries).toEqual([]);

    const byOther = await page("?actor=AUDIT_OTHER");
    expect(byOther.entries.map((e) => e.action)).toEqual(["user.reactivated", "user.suspended"]);

    const bySubject = await page(`?subject=user:${member.userId}&actor=audit_admin`);
    expect(bySubject.entries.map((e) => e.action)).toEqual([
      "user.sessions_ended",
      "user.role_changed",
      "user.role_changed",
    ]);
    expect((await page("?actor=nobody")).entries).toEqual([]);
  });

  it("pages with a cursor, and refuses a bad one", async () => {
    const all = (await page()).entries.map((e) => e.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const next: ReturnType<typeof page> = page(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      const result = await next;
      seen.push(...result.entries.map((e) => e.id));
      cursor = result.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await get("?cursor=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("cursor");
    expect((await get("?limit=500")).statusCode).toBe(400);
  });

  it("records a system entry (no actor) as such", async () => {
    await app.services.audit.record(null, "system.test", "system:1", { note: "made by a job" });
    const [entry] = (await page("?action=system.")).entries;
    expect(entry).toMatchObject({ actor: null, action: "system.test", subject: "system:1" });
  });

  it("records the sandbox clock moved on by an admin", async () => {
    const moved = await as(admin.cookie, "POST", "/api/v1/billing/sandbox/clock", { days: 2 });
    expect(moved.statusCode).toBe(200);
    const [entry] = (await page("?action=billing.")).entries;
    expect(entry).toMatchObject({
      action: "billing.sandbox_clock_advanced",
      actor: { id: admin.userId, username: "audit_admin" },
      details: { days: 2, before: { offsetMs: 0 }, after: { offsetMs: 2 * 24 * 60 * 60 * 1000 } },
    });
  });
});
