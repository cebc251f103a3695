import { MESSAGES, ZAdminUser, ZAdminUserList } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, subscribe } from "../../../test/images.js";
import {
  createTestApp,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
  TestClock,
} from "../../../test/test-app.js";

const clock = new TestClock(Date.UTC(2026, 10, 21, 12));
const PASSWORD = "correct horse battery";
let app: TestApp;
let admin: { cookie: string; userId: number };
let member: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "people_admin", "admin");
  member = await signIn(app, "people_member");
}, 60_000);
afterAll(() => app.close());

type Method = "GET" | "PATCH" | "DELETE" | "POST";
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  app.server.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const patchUser = (id: number, cookie: string, payload: object) =>
  call("PATCH", `/api/v1/admin/users/${id}`, cookie, payload);
const login = (username: string, password = PASSWORD) =>
  app.server.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { username, password },
  });
const currentUser = (cookie: string) => call("GET", "/api/v1/auth/user", cookie);

async function auditOf(subject: string) {
  return app.database.db
    .selectFrom("audit_log")
    .selectAll()
    .where("subject", "=", subject)
    .orderBy("id")
    .execute();
}

async function activeAdmins(): Promise<number[]> {
  const rows = await app.database.db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .where("suspended_at", "is", null)
    .execute();
  return rows.map((row) => row.id);
}

/** Makes every admin but `keep` a plain member, straight in the database (test set-up only). */
async function onlyAdmins(keep: number[]) {
  await app.database.db
    .updateTable("users")
    .set({ role: "user" })
    .where("role", "=", "admin")
    .where("id", "not in", keep)
    .execute();
}

describe(`the Users routes refuse everyone but admins on ${TEST_DB}`, () => {
  const routes: Array<[Method, string, object?]> = [
    ["GET", "/api/v1/admin/users"],
    ["GET", "/api/v1/admin/users/1"],
    ["PATCH", "/api/v1/admin/users/1", { role: "user" }],
    ["DELETE", "/api/v1/admin/users/1/sessions"],
  ];
  for (const [method, url, payload] of routes) {
    it(`${method} ${url}: 401 for a visitor, 403 for a member`, async () => {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      const asMember = await call(method, url, member.cookie, payload);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toBe(MESSAGES.auth.adminOnly);
    });
  }
});

describe(`the user list on ${TEST_DB}`, () => {
  it("shows each user's standing, plan, use this month, collections and live sessions", async () => {
    const ann = await signIn(app, "people_ann");
    // A second browser of Ann's, and a session that has expired (not live).
    expect((await login("people_ann")).statusCode).toBe(200);
    await app.database.db
      .insertInto("sessions")
      .values({
        token_hash: `expired-${ann.userId}`,
        user_id: ann.userId,
        created_at: clock.now() - 10,
        last_seen_at: clock.now() - 10,
        expires_at: clock.now() - 1,
        epoch: 0,
      })
      .execute();
    await subscribe(app, ann.userId);
    await app.database.db
      .insertInto("usage_monthly")
      .values([
        { user_id: ann.userId, month: "2026-11", downloads: 4, bytes: 123_456 },
        { user_id: ann.userId, month: "2026-10", downloads: 9, bytes: 999 },
      ])
      .execute();
    for (const name of ["One", "Two"]) {
      const made = await call("POST", "/api/v1/collections", ann.cookie, {
        name,
        isPublic: true,
      });
      expect(made.statusCode).toBe(201);
    }

    const res = await call("GET", "/api/v1/admin/users?q=people_ann", admin.cookie);
    expect(res.statusCode).toBe(200);
    const list = ZAdminUserList.parse(res.json());
    expect(list.total).toBe(1);
    expect(list.users).toHaveLength(1);
    expect(list.users[0]).toMatchObject({
      id: ann.userId,
      username: "people_ann",
      email: "people_ann@example.com",
      role: "user",
      suspendedAt: null,
      tier: "pro",
      downloadsThisMonth: 4,
      bytesThisMonth: 123_456,
      collections: 2,
      liveSessions: 2,
    });
    expect(list.users[0]?.subscription?.status).toBe("active");

    const one = await call("GET", `/api/v1/admin/users/${ann.userId}`, admin.cookie);
    expect(ZAdminUser.parse(one.json())).toEqual(list.users[0]);
  });

  it("searches username and email in any case, filters by role and standing, and pages", async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await signIn(app, `pager_${i}`));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=PAGER_&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await call("GET", `/api/v1/admin/users?${query}`, admin.cookie);
      expect(res.statusCode).toBe(200);
      const page = ZAdminUserList.parse(res.json());
      expect(page.total).toBe(5);
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((u) => u.userId).reverse());

    const byEmail = await call("GET", "/api/v1/admin/users?q=pager_3%40EXAMPLE", admin.cookie);
    expect(byEmail.json().users.map((u: { id: number }) => u.id)).toEqual([made[3]?.userId]);
    // LIKE's wildcards are text here: `_` matches only an underscore.
    const wild = await call("GET", "/api/v1/admin/users?q=pager%25", admin.cookie);
    expect(wild.json().total).toBe(0);

    const admins = await call("GET", "/api/v1/admin/users?role=admin", admin.cookie);
    const adminList = ZAdminUserList.parse(admins.json());
    expect(adminList.users.every((u) => u.role === "admin")).toBe(true);
    expect(adminList.users.map((u) => u.id)).toContain(admin.userId);

    const target = made[1] as { userId: number };
    expect((await patchUser(target.userId, admin.cookie, { suspended: true })).statusCode).toBe(
      200,
    );
    const suspended = await call("GET", "/api/v1/admin/users?status=suspended", admin.cookie);
    expect(suspended.json().users.map((u: { id: number }) => u.id)).toEqual([target.userId]);
    const active = await call("GET", "/api/v1/admin/users?status=active&q=pager", admin.cookie);
    expect(active.json().total).toBe(4);
  });

  it("refuses bad filters, a bad cursor and an unknown user clearly", async () => {
    const badRole = await call("GET", "/api/v1/admin/users?role=owner", admin.cookie);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe("role must be one of: admin, user");
    const badCursor = await call("GET", "/api/v1/admin/users?cursor=nonsense", admin.cookie);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toContain("cursor");
    const missing = await call("GET", "/api/v1/admin/users/999999", admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.adminUsers.notFound);
    expect((await patchUser(999_999, admin.cookie, { role: "admin" })).statusCode).toBe(404);
    expect(
      (await call("DELETE", "/api/v1/admin/users/999999/sessions", admin.cookie)).statusCode,
    ).toBe(404);
  });

  it("knows a deleted account no more: no name, no standing to change (round 61)", async () => {
    const leaving = await signIn(app, "people_leaving");
    const deleted = await call("DELETE", "/api/v1/account", leaving.cookie, { password: PASSWORD });
    expect(deleted.statusCode).toBeLessThan(300);
    const detail = await call("GET", `/api/v1/admin/users/${leaving.userId}`, admin.cookie);
    expect(detail.statusCode).toBe(404);
    expect(detail.body).not.toContain("people_leaving");
    expect((await patchUser(leaving.userId, admin.cookie, { role: "admin" })).statusCode).toBe(404);
    expect((await patchUser(leaving.userId, admin.cookie, { suspended: true })).statusCode).toBe(
      404,
    );
    const sessions = `/api/v1/admin/users/${leaving.userId}/sessions`;
    expect((await call("DELETE", sessions, admin.cookie)).statusCode).toBe(404);
    const row = await app.database.db
      .selectFrom("users")
      .select(["role", "suspended_at"])
      .where("id", "=", leaving.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "user", suspended_at: null });
  });
});

describe(`role changes on ${TEST_DB}`, () => {
  it("promotes and demotes, at once, with an audit entry each", async () => {
    const bea = await signIn(app, "people_bea");
    expect((await call("GET", "/api/v1/admin/users", bea.cookie)).statusCode).toBe(403);

    const promoted = await patchUser(bea.userId, admin.cookie, { role: "admin" });
    expect(promoted.statusCode).toBe(200);
    expect(ZAdminUser.parse(promoted.json()).role).toBe("admin");
    // Her open session is an admin's from its next request.
    expect((await call("GET", "/api/v1/admin/users", bea.cookie)).statusCode).toBe(200);

    // The same role again changes nothing and writes nothing.
    expect((await patchUser(bea.userId, admin.cookie, { role: "admin" })).statusCode).toBe(200);

    const demoted = await patchUser(bea.userId, admin.cookie, { role: "user" });
    expect(demoted.json().role).toBe("user");
    expect((await call("GET", "/api/v1/admin/users", bea.cookie)).statusCode).toBe(403);

    const entries = await auditOf(`user:${bea.userId}`);
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ["user.role_changed", admin.userId],
      ["user.role_changed", admin.userId],
    ]);
    expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({
      username: "people_bea",
      before: { role: "user" },
      after: { role: "admin" },
    });
    expect(JSON.parse(entries[1]?.details ?? "{}")).toMatchObject({
      before: { role: "admin" },
      after: { role: "user" },
    });
  });

  it("refuses a body with both changes, or none, saying why", async () => {
    for (const payload of [{ role: "user", suspended: true }, {}, { role: "owner" }, { nick: 1 }]) {
      const res = await patchUser(member.userId, admin.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/role|suspended/);
    }
  });
});

describe(`suspension on ${TEST_DB}`, () => {
  it("ends the member's sessions at once and refuses their sign-in until reactivated", async () => {
    const cal = await signIn(app, "people_cal");
    const second = sessionCookieOf(await login("people_cal"));
    expect((await currentUser(cal.cookie)).statusCode).toBe(200);

    const res = await patchUser(cal.userId, admin.cookie, { suspended: true });
    expect(res.statusCode).toBe(200);
    const suspended = ZAdminUser.parse(res.json());
    expect(suspended.suspendedAt).toBe(new Date(clock.now()).toISOString());
    expect(suspended.liveSessions).toBe(0);

    // Both open browsers: their next API call is a 401.
    expect((await currentUser(cal.cookie)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(401);
    expect(
      await app.database.db
        .selectFrom("sessions")
        .select("token_hash")
        .where("user_id", "=", cal.userId)
        .execute(),
    ).toEqual([]);

    // The right password hears why; a wrong one hears nothing about the suspension.
    const refused = await login("people_cal");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: "This account is suspended. Contact the site's administrators.",
      code: "account_suspended",
    });
    expect(refused.cookies.find((c) => c.name === "sawdust_session")).toBeUndefined();
    const wrong = await login("people_cal", "not the password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.auth.invalidCredentials);

    const back = await patchUser(cal.userId, admin.cookie, { suspended: false });
    expect(back.json().suspendedAt).toBeNull();
    expect((await login("people_cal")).statusCode).toBe(200);

    const entries = await auditOf(`user:${cal.userId}`);
    expect(entries.map((e) => e.action)).toEqual(["user.suspended", "user.reactivated"]);
    expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({
      username: "people_cal",
      before: { suspended: false },
      after: { suspended: true },
      sessionsEnded: 2,
    });
  });

  it("keeps a suspended member's sign-in within the account's attempt limit", async () => {
    const dee = await signIn(app, "people_dee");
    await patchUser(dee.userId, admin.cookie, { suspended: true });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login("people_dee")).statusCode);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it("a session whose member is suspended behind the route's back is not honoured", async () => {
    const eve = await signIn(app, "people_eve");
    await app.database.db
      .updateTable("users")
      .set({ suspended_at: clock.now() })
      .where("id", "=", eve.userId)
      .execute();
    expect((await currentUser(eve.cookie)).statusCode).toBe(401);
  });

  it("refuses to let an admin suspend themself", async () => {
    const res = await patchUser(admin.userId, admin.cookie, { suspended: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.adminUsers.notYourself);
    expect(await auditOf(`user:${admin.userId}`)).toEqual([]);
  });
});

describe(`ending sessions on ${TEST_DB}`, () => {
  it("signs the member out everywhere and lets them sign in again", async () => {
    const fay = await signIn(app, "people_fay");
    const second = sessionCookieOf(await login("people_fay"));
    const res = await call("DELETE", `/api/v1/admin/users/${fay.userId}/sessions`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await currentUser(fay.cookie)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(401);
    expect((await login("people_fay")).statusCode).toBe(200);
    const [entry] = await auditOf(`user:${fay.userId}`);
    expect(entry?.action).toBe("user.sessions_ended");
    expect(JSON.parse(entry?.details ?? "{}")).toEqual({
      username: "people_fay",
      sessionsEnded: 2,
    });
  });
});

describe(`the last active administrator on ${TEST_DB}`, () => {
  it("can be neither demoted nor suspended; a suspended admin does not count", async () => {
    const gus = await signIn(app, "guard_gus", "admin");
    await onlyAdmins([admin.userId, gus.userId]);
    expect((await patchUser(gus.userId, admin.cookie, { suspended: true })).statusCode).toBe(200);
    expect(await activeAdmins()).toEqual([admin.userId]);

    for (const payload of [{ role: "user" }]) {
      const res = await patchUser(admin.userId, admin.cookie, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MESSAGES.adminUsers.lastAdmin, code: "last_admin" });
    }
    // Demoting the suspended admin is fine: it takes no active admin away.
    expect((await patchUser(gus.userId, admin.cookie, { role: "user" })).statusCode).toBe(200);
    expect(await activeAdmins()).toEqual([admin.userId]);
  });

  it("holds under 30 parallel demotions and suspensions of the last two admins", async () => {
    const a = await signIn(app, "guard_a", "admin");
    const b = await signIn(app, "guard_b", "admin");
    await onlyAdmins([a.userId, b.userId]);
    const auditBefore = (await app.database.db.selectFrom("audit_log").select("id").execute())
      .length;

    const requests = Array.from({ length: 30 }, (_, i) => {
      const actor = i % 2 === 0 ? a : b;
      const other = i % 2 === 0 ? b : a;
      // Demote the other, demote oneself, suspend the other: all at once.
      const [target, payload] = [
        [other, { role: "user" }],
        [actor, { role: "user" }],
        [other, { suspended: true }],
      ][i % 3] as [typeof a, object];
      return patchUser(target.userId, actor.cookie, payload);
    });
    const results = await Promise.all(requests);
    const statuses = results.map((r) => r.statusCode);
    expect(new Set(statuses).size).toBeGreaterThan(1);
    for (const status of statuses) expect([200, 401, 403, 409]).toContain(status);
    expect(statuses).toContain(409);

    const remaining = await activeAdmins();
    expect(remaining).toHaveLength(1);
    expect([a.userId, b.userId]).toContain(remaining[0]);

    // Every change that was made has its entry; the refused ones have none.
    const entries = await app.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", ">", auditBefore)
      .where("action", "like", "user.%")
      .execute();
    const adminLosses = entries.filter((e) => {
      const details = JSON.parse(e.details) as {
        before?: { role?: string; suspended?: boolean };
        after?: { role?: string; suspended?: boolean };
      };
      return details.after?.role === "user" || details.after?.suspended === true;
    });
    expect(adminLosses.length).toBeGreaterThanOrEqual(1);
    expect(adminLosses.length).toBeLessThanOrEqual(2);
  }, 60_000);
});
