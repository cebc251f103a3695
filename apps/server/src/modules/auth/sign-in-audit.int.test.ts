/**
 * Administrators' sign-ins in the audit log (references.md, "Admin consoles": who can run the site,
 * and who tried, from where): each sign-in, and each refused attempt on an administrator's account
 * that reached its password or code check. Members' sign-ins and attempts the limits refused are
 * not logged.
 */
import { type AuditPage, ZAuditPage, ZTwoFactorEnrolment } from "@sawdust/shared";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";

const PASSWORD = "correct horse battery";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Sawdust-test";
const clock = new TestClock(Date.UTC(2026, 10, 28, 12));
let app: TestApp;
let reader: { cookie: string };

beforeAll(async () => {
  app = await createTestApp({}, { clock, authLimits: { registrationsPerIp: 1000 } });
  reader = await signIn(app, "sia_reader", "admin");
}, 60_000);
afterAll(() => app?.close());

function login(username: string, address: string, password = PASSWORD) {
  return app.server.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { username, password },
    remoteAddress: address,
    headers: { "user-agent": BROWSER },
  });
}

/** The log's sign-in entries about this account, oldest first. */
async function signInsOf(userId: number): Promise<AuditPage["entries"]> {
  const res = await app.server.inject({
    method: "GET",
    url: `/api/v1/admin/audit?action=auth.&subject=user:${userId}&limit=100`,
    headers: { cookie: reader.cookie },
  });
  expect(res.statusCode).toBe(200);
  return ZAuditPage.parse(res.json()).entries.reverse();
}

describe(`administrators' sign-ins in the audit log on ${TEST_DB}`, () => {
  it("logs an administrator's sign-in and wrong passwords, with the address and browser", async () => {
    const admin = await signIn(app, "sia_admin", "admin");
    expect((await login("sia_admin", "10.31.0.1", "not the password")).statusCode).toBe(401);
    expect((await login("SIA_ADMIN", "10.31.0.2")).statusCode).toBe(200);

    const entries = await signInsOf(admin.userId);
    expect(entries.map((e) => [e.action, e.actor?.username ?? null])).toEqual([
      ["auth.sign_in_failed", null],
      ["auth.signed_in", "sia_admin"],
    ]);
    expect(entries[0]?.details).toEqual({
      username: "sia_admin",
      ip: "10.31.0.1",
      userAgent: BROWSER,
      reason: "wrong password",
    });
    expect(entries[1]?.details).toEqual({
      username: "sia_admin",
      ip: "10.31.0.2",
      userAgent: BROWSER,
      with: "password",
    });
  });

  it("logs nothing of members' sign-ins, unknown names, or attempts the limits refused", async () => {
    const member = await signIn(app, "sia_member");
    expect((await login("sia_member", "10.31.1.1", "wrong")).statusCode).toBe(401);
    expect((await login("sia_member", "10.31.1.1")).statusCode).toBe(200);
    expect(await signInsOf(member.userId)).toEqual([]);
    expect((await login("sia_nobody", "10.31.1.2")).statusCode).toBe(401);

    // Five wrong passwords fill the account's window; the next ten are refused before any check.
    const admin = await signIn(app, "sia_guarded", "admin");
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login("sia_guarded", `10.31.2.${i}`, "guess")),
    ).then((all) => all.map((r) => r.statusCode).sort());
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
    const entries = await signInsOf(admin.userId);
    expect(entries.map((e) => e.action)).toEqual(Array(5).fill("auth.sign_in_failed"));
  });

  it("logs which second step signed an administrator in, and a wrong code", async () => {
    const admin = await signIn(app, "sia_two_step", "admin");
    const enrolment = await app.server.inject({
      method: "POST",
      url: "/api/v1/two-factor/enrolment",
      headers: { cookie: admin.cookie },
    });
    const { secret } = ZTwoFactorEnrolment.parse(enrolment.json());
    const code = (steps = 0) =>
      generate({ secret, epoch: Math.floor(clock.now() / 1000) + steps * 30 });
    const confirmed = await app.server.inject({
      method: "POST",
      url: "/api/v1/two-factor/enrolment/confirm",
      headers: { cookie: admin.cookie },
      payload: { code: await code(), password: PASSWORD },
    });
    expect(confirmed.statusCode).toBe(200);
    clock.advance(30_000);

    const step = async (payload: object) => {
      const password = await login("sia_two_step", "10.31.3.1");
      expect(password.json().twoFactorRequired).toBe(true);
      return app.server.inject({
        method: "POST",
        url: "/api/v1/auth/two-factor",
        payload: { pendingToken: password.json().pendingToken, ...payload },
        remoteAddress: "10.31.3.1",
        headers: { "user-agent": BROWSER },
      });
    };
    const right = await code();
    const wrong = right === "000000" ? "111111" : "000000";
    expect((await step({ code: wrong })).statusCode).toBe(401);
    expect((await step({ code: right })).statusCode).toBe(200);
    const recoveryCode = (confirmed.json().recoveryCodes as string[])[0];
    expect((await step({ recoveryCode })).statusCode).toBe(200);

    const entries = await signInsOf(admin.userId);
    expect(entries.map((e) => [e.action, e.details.with ?? e.details.reason])).toEqual([
      ["auth.sign_in_failed", "wrong code"],
      ["auth.signed_in", "password and code"],
      ["auth.signed_in", "password and recovery code"],
    ]);
  });
});
