import { DEFAULT_SITE_SETTINGS, MESSAGES, ZTwoFactorEnrolment } from "@sawdust/shared";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import {
  createTestApp,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
  TestClock,
} from "../../../test/test-app.js";

const PASSWORD = "correct horse battery";
const clock = new TestClock(Date.UTC(2026, 10, 25, 12));
let app: TestApp;
let addressCount = 0;

beforeAll(async () => {
  app = await createTestApp({}, { clock, authLimits: { registrationsPerIp: 1000 } });
}, 60_000);
afterAll(() => app?.close());

/** Each test signs in from an address of its own, so one test's wrong codes never limit another. */
const newAddress = () => `10.22.0.${++addressCount}`;

/** The code an authenticator app shows now (or `steps` periods later) for the secret. */
const codeFor = (secret: string, steps = 0, at: TestClock = clock) =>
  generate({ secret, epoch: Math.floor(at.now() / 1000) + steps * 30 });

type Target = Pick<TestApp, "server">;

function login(username: string, address: string, password = PASSWORD, target: Target = app) {
  return target.server.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { username, password },
    remoteAddress: address,
  });
}

function secondFactor(payload: object, address: string, target: Target = app) {
  return target.server.inject({
    method: "POST",
    url: "/api/v1/auth/two-factor",
    payload,
    remoteAddress: address,
  });
}

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  cookie?: string,
  payload?: object,
  target: Target = app,
) {
  return target.server.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** Turns two-factor on for the member: the secret and the recovery codes. */
async function enrol(cookie: string, at: TestClock = clock, target: Target = app) {
  const started = await call("POST", "/api/v1/two-factor/enrolment", cookie, undefined, target);
  expect(started.statusCode).toBe(200);
  const { secret } = ZTwoFactorEnrolment.parse(started.json());
  const confirmed = await call(
    "POST",
    "/api/v1/two-factor/enrolment/confirm",
    cookie,
    { code: await codeFor(secret, 0, at), password: PASSWORD },
    target,
  );
  expect(confirmed.statusCode).toBe(200);
  // The confirming code's step is spent: the next sign-in needs the next period's code.
  at.advance(30_000);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

/** A member with two-factor on. */
async function memberWithTwoFactor(username: string) {
  const member = await signIn(app, username);
  return { ...member, username, ...(await enrol(member.cookie)) };
}

/** The password step: the pending token (and that no session was started). */
async function passwordStep(username: string, address: string, target: Target = app) {
  const res = await login(username, address, PASSWORD, target);
  expect(res.statusCode).toBe(200);
  expect(res.json().twoFactorRequired).toBe(true);
  expect(res.cookies.find((c) => c.name === "sawdust_session")).toBeUndefined();
  return res.json().pendingToken as string;
}

describe(`two-factor enrolment on ${TEST_DB}`, () => {
  it("answers a secret and its QR code, turns on with the app's code only, and keeps the secret sealed", async () => {
    const member = await signIn(app, "tf_enrol");
    const off = await call("GET", "/api/v1/two-factor", member.cookie);
    expect(off.json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      requiredForYou: false,
    });
    const started = await call("POST", "/api/v1/two-factor/enrolment", member.cookie);
    expect(started.statusCode).toBe(200);
    expect(started.headers["cache-control"]).toBe("no-store");
    const enrolment = ZTwoFactorEnrolment.parse(started.json());
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUri).toContain("tf_enrol");
    const svg = Buffer.from(enrolment.qrCodeSvg.split(",")[1] ?? "", "base64").toString("utf8");
    expect(enrolment.qrCodeSvg.startsWith("data:image/svg+xml;base64,")).toBe(true);
    expect(svg).toContain("<svg");

    // Stored sealed: the table alone does not give the secret away.
    const stored = await app.database.db
      .selectFrom("user_two_factor")
      .selectAll()
      .where("user_id", "=", member.userId)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(enrolment.secret);
    expect(stored.enabled_at).toBeNull();

    const wrong = await call("POST", "/api/v1/two-factor/enrolment/confirm", member.cookie, {
      code: await codeFor(enrolment.secret, 10),
      password: PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.twoFactor.wrongCode);
    // The session alone cannot turn it on: the right code with a wrong or missing password fails.
    const noPassword = await call("POST", "/api/v1/two-factor/enrolment/confirm", member.cookie, {
      code: await codeFor(enrolment.secret),
    });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await call(
      "POST",
      "/api/v1/two-factor/enrolment/confirm",
      member.cookie,
      {
        code: await codeFor(enrolment.secret),
        password: "not the password",
      },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(MESSAGES.twoFactor.wrongPassword);
    expect((await call("GET", "/api/v1/two-factor", member.cookie)).json().enabled).toBe(false);

    const confirmed = await call("POST", "/api/v1/two-factor/enrolment/confirm", member.cookie, {
      code: await codeFor(enrolment.secret),
      password: PASSWORD,
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are kept.
    const hashes = await app.database.db
      .selectFrom("two_factor_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", member.userId)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(codes.join()).not.toContain(code_hash);

    const on = (await call("GET", "/api/v1/two-factor", member.cookie)).json();
    expect(on).toMatchObject({ enabled: true, recoveryCodesLeft: 10, requiredForYou: false });
    expect(on.enabledAt).toBe(new Date(clock.now()).toISOString());
    expect((await call("POST", "/api/v1/two-factor/enrolment", member.cookie)).statusCode).toBe(
      409,
    );
  });
});

describe(`signing in with two-factor on ${TEST_DB}`, () => {
  it("a right password and code refused for another reason is no failed check (round 26)", async () => {
    const member = await signIn(app, "tf_already_on");
    const started = await call("POST", "/api/v1/two-factor/enrolment", member.cookie);
    const { secret } = ZTwoFactorEnrolment.parse(started.json());
    const code = await codeFor(secret, 0, clock);
    const confirm = () =>
      call("POST", "/api/v1/two-factor/enrolment/confirm", member.cookie, {
        code,
        password: PASSWORD,
      });
    expect((await confirm()).statusCode).toBe(200);
    // Confirmed again (another tab): "already on", six times, none of them a wrong guess…
    for (let i = 0; i < 6; i++) expect((await confirm()).statusCode).toBe(409);
    // …so the security page's password checks are still open.
    clock.advance(30_000);
    const codes = await call("POST", "/api/v1/two-factor/recovery-codes", member.cookie, {
      password: PASSWORD,
    });
    expect(codes.statusCode, codes.body).toBe(200);
  });

  it("the password alone starts no session; the right code does, and the pending token works once", async () => {
    const member = await memberWithTwoFactor("tf_signin");
    const address = newAddress();
    const res = await login(member.username, address);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      twoFactorRequired: true,
      pendingToken: expect.any(String),
      expiresAt: new Date(clock.now() + 5 * 60_000).toISOString(),
    });
    expect(res.headers["set-cookie"]).toBeUndefined();
    // Nothing a session gives: the pending token is no cookie, and the API sees a visitor.
    const pendingToken = res.json().pendingToken as string;
    expect(
      (await call("GET", "/api/v1/auth/user", `sawdust_session=${pendingToken}`)).statusCode,
    ).toBe(401);
    const stored = await app.database.db
      .selectFrom("pending_sign_ins")
      .select("token_hash")
      .execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(pendingToken);

    const noCode = await secondFactor({ pendingToken }, address);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(MESSAGES.twoFactor.oneFactor);

    const signedIn = await secondFactor(
      { pendingToken, code: await codeFor(member.secret) },
      address,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.username).toBe(member.username);
    const cookie = sessionCookieOf(signedIn);
    const me = await call("GET", "/api/v1/auth/user", cookie);
    expect(me.statusCode).toBe(200);

    // The pending sign-in is spent, even with a fresh code.
    clock.advance(30_000);
    const again = await secondFactor({ pendingToken, code: await codeFor(member.secret) }, address);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      message: MESSAGES.twoFactor.signInExpired,
      code: "two_factor_sign_in_expired",
    });
  });

  it("a code is accepted once: replayed in its window it is refused", async () => {
    const member = await memberWithTwoFactor("tf_replay");
    const address = newAddress();
    const code = await codeFor(member.secret);
    const first = await secondFactor(
      { pendingToken: await passwordStep(member.username, address), code },
      address,
    );
    expect(first.statusCode).toBe(200);
    // Same period, same code, a new pending sign-in: refused.
    const replayed = await secondFactor(
      { pendingToken: await passwordStep(member.username, address), code },
      address,
    );
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe("wrong_code");
    // So is the period before (the tolerance window looks back one step).
    const older = await secondFactor(
      {
        pendingToken: await passwordStep(member.username, address),
        code: await codeFor(member.secret, -1),
      },
      address,
    );
    expect(older.statusCode).toBe(401);
    clock.advance(30_000);
    const next = await secondFactor(
      {
        pendingToken: await passwordStep(member.username, address),
        code: await codeFor(member.secret),
      },
      address,
    );
    expect(next.statusCode).toBe(200);
  });

  it("the pending sign-in ends after five minutes", async () => {
    const member = await memberWithTwoFactor("tf_expiry");
    const address = newAddress();
    const pendingToken = await passwordStep(member.username, address);
    clock.advance(5 * 60_000 - 1_000);
    const stillOpen = await secondFactor({ pendingToken, code: "000000" }, address);
    expect(stillOpen.json().code).not.toBe("two_factor_sign_in_expired");
    clock.advance(1_000);
    const res = await secondFactor({ pendingToken, code: await codeFor(member.secret) }, address);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.twoFactor.signInExpired);
    expect(res.cookies).toEqual([]);
  });

  it("a pending sign-in ends when the account is deleted or its password changed meanwhile", async () => {
    const gone = await memberWithTwoFactor("tf_deleted_meanwhile");
    const goneAddress = newAddress();
    const goneToken = await passwordStep(gone.username, goneAddress);
    const deleted = await call("DELETE", "/api/v1/account", gone.cookie, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const afterDeletion = await secondFactor(
      { pendingToken: goneToken, code: await codeFor(gone.secret) },
      goneAddress,
    );
    expect(afterDeletion.statusCode).toBe(401);
    expect(afterDeletion.json().message).toBe(MESSAGES.twoFactor.signInExpired);
    expect(afterDeletion.cookies).toEqual([]);
    // Its second factor went with it.
    const factor = await app.database.db
      .selectFrom("user_two_factor")
      .select("user_id")
      .where("user_id", "=", gone.userId)
      .execute();
    expect(factor).toEqual([]);

    const moved = await memberWithTwoFactor("tf_password_meanwhile");
    const movedAddress = newAddress();
    const movedToken = await passwordStep(moved.username, movedAddress);
    const changed = await call("POST", "/api/v1/account/password", moved.cookie, {
      currentPassword: PASSWORD,
      newPassword: "a password changed meanwhile",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = await secondFactor(
      { pendingToken: movedToken, code: await codeFor(moved.secret) },
      movedAddress,
    );
    expect(afterChange.statusCode).toBe(401);
    expect(afterChange.json().message).toBe(MESSAGES.twoFactor.signInExpired);
  });
});

describe(`wrong codes count toward the sign-in limit on ${TEST_DB}`, () => {
  it("30 parallel wrong guesses: only the limit's 5 are checked, the rest 429, and then the right code is refused too", async () => {
    const member = await memberWithTwoFactor("tf_burst");
    const address = newAddress();
    const pendingToken = await passwordStep(member.username, address);
    const right = await codeFor(member.secret);
    const wrong = right === "123456" ? "654321" : "123456";
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => secondFactor({ pendingToken, code: wrong }, address)),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(burst.find((res) => res.statusCode === 429)?.headers["retry-after"]).toBeDefined();

    const refused = await secondFactor({ pendingToken, code: right }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      new RegExp(`^${MESSAGES.auth.tooManyAttempts} Try again in \\d+ minutes\\.$`),
    );
    // The password cannot reopen the window either.
    expect((await login(member.username, address)).statusCode).toBe(429);

    // When the window ends, the member signs in.
    clock.advance(15 * 60_000 + 1);
    const pending = await passwordStep(member.username, address);
    const ok = await secondFactor(
      { pendingToken: pending, code: await codeFor(member.secret) },
      address,
    );
    expect(ok.statusCode).toBe(200);
  });

  it("signing in again with the password buys no more guesses", async () => {
    const member = await memberWithTwoFactor("tf_again");
    const address = newAddress();
    const guess = async () => {
      const right = await codeFor(member.secret);
      return secondFactor(
        {
          pendingToken: await passwordStep(member.username, address),
          code: right === "111111" ? "222222" : "111111",
        },
        address,
      );
    };
    for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(401);
    // Five wrong codes over five password steps: the account's window is full.
    expect((await login(member.username, address)).statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1);
  });

  it("a wrong recovery code counts too", async () => {
    const member = await memberWithTwoFactor("tf_wrongrec");
    const address = newAddress();
    const pendingToken = await passwordStep(member.username, address);
    for (let i = 0; i < 5; i++) {
      const res = await secondFactor({ pendingToken, recoveryCode: "aaaaa-aaaaa" }, address);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.twoFactor.wrongRecoveryCode);
    }
    const limited = await secondFactor(
      { pendingToken, recoveryCode: member.recoveryCodes[0] ?? "" },
      address,
    );
    expect(limited.statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1);
  });
});

describe(`recovery codes on ${TEST_DB}`, () => {
  it("a recovery code works once: 30 parallel sign-ins with one code start exactly one session", async () => {
    // Limits far above the burst: what is measured is the code's single use, not the limit.
    const roomy = await createTestApp(
      {},
      { clock, authLimits: { registrationsPerIp: 1000, accountFailures: 1000, ipFailures: 1000 } },
    );
    try {
      const member = await signIn(roomy, "tf_recovery");
      const { recoveryCodes } = await enrol(member.cookie, clock, roomy);
      const address = newAddress();
      const tokens: string[] = [];
      for (let i = 0; i < 30; i++) tokens.push(await passwordStep("tf_recovery", address, roomy));
      const code = recoveryCodes[0] ?? "";
      const burst = await Promise.all(
        tokens.map((pendingToken) =>
          secondFactor({ pendingToken, recoveryCode: code }, address, roomy),
        ),
      );
      expect(burst.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(burst.filter((res) => res.statusCode === 401)).toHaveLength(29);
      const sessions = await roomy.database.db
        .selectFrom("sessions")
        .select("token_hash")
        .where("user_id", "=", member.userId)
        .execute();
      // The registration's session and the one sign-in.
      expect(sessions).toHaveLength(2);

      // The same pending token 30 times with another code: one session again.
      const token = await passwordStep("tf_recovery", address, roomy);
      const sameToken = await Promise.all(
        Array.from({ length: 30 }, () =>
          secondFactor(
            { pendingToken: token, recoveryCode: recoveryCodes[1] ?? "" },
            address,
            roomy,
          ),
        ),
      );
      expect(sameToken.filter((res) => res.statusCode === 200)).toHaveLength(1);

      // Used: refused; the dash and case do not matter for an unused one.
      const reused = await secondFactor(
        { pendingToken: await passwordStep("tf_recovery", address, roomy), recoveryCode: code },
        address,
        roomy,
      );
      expect(reused.statusCode).toBe(401);
      const third = (recoveryCodes[2] ?? "").replace("-", "").toUpperCase();
      const fresh = await secondFactor(
        { pendingToken: await passwordStep("tf_recovery", address, roomy), recoveryCode: third },
        address,
        roomy,
      );
      expect(fresh.statusCode).toBe(200);
      const status = await call(
        "GET",
        "/api/v1/two-factor",
        sessionCookieOf(fresh),
        undefined,
        roomy,
      );
      expect(status.json().recoveryCodesLeft).toBe(7);
    } finally {
      await roomy.close();
    }
  }, 120_000);

  it("new recovery codes need the password and replace the old ones", async () => {
    const member = await memberWithTwoFactor("tf_regen");
    const address = newAddress();
    const wrong = await call("POST", "/api/v1/two-factor/recovery-codes", member.cookie, {
      password: "not the password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.twoFactor.wrongPassword);
    const res = await call("POST", "/api/v1/two-factor/recovery-codes", member.cookie, {
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => member.recoveryCodes.includes(code))).toBe(false);
    const old = await secondFactor(
      {
        pendingToken: await passwordStep(member.username, address),
        recoveryCode: member.recoveryCodes[0] ?? "",
      },
      address,
    );
    expect(old.statusCode).toBe(401);
    const ok = await secondFactor(
      { pendingToken: await passwordStep(member.username, address), recoveryCode: fresh[0] ?? "" },
      address,
    );
    expect(ok.statusCode).toBe(200);
  });
});

describe(`turning two-factor off on ${TEST_DB}`, () => {
  it("needs the password and a code; afterwards the password alone signs in", async () => {
    const member = await memberWithTwoFactor("tf_disable");
    const address = newAddress();
    const code = await codeFor(member.secret);
    const disable = (payload: object) =>
      call("POST", "/api/v1/two-factor/disable", member.cookie, payload);
    const wrongPassword = await disable({ password: "not the password", code });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(MESSAGES.twoFactor.wrongPassword);
    const noCode = await disable({ password: PASSWORD });
    expect(noCode.statusCode).toBe(400);
    const wrongCode = await disable({
      password: PASSWORD,
      code: code === "000000" ? "999999" : "000000",
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe(MESSAGES.twoFactor.wrongCode);
    expect((await call("GET", "/api/v1/two-factor", member.cookie)).json().enabled).toBe(true);

    const off = await disable({ password: PASSWORD, code });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const res = await login(member.username, address);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(member.username);
    expect(sessionCookieOf(res)).toMatch(/^sawdust_session=/);
  });
});

describe(`the admin's reset on ${TEST_DB}`, () => {
  it("clears a member's two-factor, shows on the Users page and is audited", async () => {
    const admin = await signIn(app, "tf_admin", "admin");
    const member = await memberWithTwoFactor("tf_reset");
    const address = newAddress();
    const listed = await call("GET", `/api/v1/admin/users/${member.userId}`, admin.cookie);
    expect(listed.json().twoFactorEnabled).toBe(true);
    const list = await call("GET", "/api/v1/admin/users?q=tf_reset", admin.cookie);
    expect(list.json().users[0].twoFactorEnabled).toBe(true);
    const pendingToken = await passwordStep(member.username, address);

    const reset = await call(
      "DELETE",
      `/api/v1/admin/users/${member.userId}/two-factor`,
      admin.cookie,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ wasEnabled: true });
    expect(
      (await call("GET", `/api/v1/admin/users/${member.userId}`, admin.cookie)).json()
        .twoFactorEnabled,
    ).toBe(false);
    // A sign-in waiting for its code ended with it.
    const waiting = await secondFactor(
      { pendingToken, code: await codeFor(member.secret) },
      address,
    );
    expect(waiting.statusCode).toBe(401);
    const res = await login(member.username, address);
    expect(res.json().user.username).toBe(member.username);

    const entry = await app.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "user.two_factor_reset")
      .where("subject", "=", `user:${member.userId}`)
      .executeTakeFirstOrThrow();
    expect(entry.actor_id).toBe(admin.userId);
    expect(JSON.parse(entry.details)).toEqual({
      username: "tf_reset",
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    expect(entry.details).not.toContain(member.secret);

    expect(
      (await call("DELETE", "/api/v1/admin/users/999999/two-factor", admin.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", `/api/v1/admin/users/${member.userId}/two-factor`, member.cookie))
        .statusCode,
    ).toBe(403);
  });
});

describe(`requiring two-factor of admins on ${TEST_DB}`, () => {
  const settings = (on: boolean) => ({ ...DEFAULT_SITE_SETTINGS, requireTwoFactorForAdmins: on });

  it("refuses the admin routes to an admin without it until they turn it on", async () => {
    const first = await signIn(app, "tf_head", "admin");
    // Not for an admin who would shut themself out.
    const refused = await call("PUT", "/api/v1/admin/settings", first.cookie, settings(true));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.twoFactor.enableYoursFirst);
    const head = { ...first, ...(await enrol(first.cookie)) };
    expect(
      (await call("PUT", "/api/v1/admin/settings", head.cookie, settings(true))).statusCode,
    ).toBe(200);
    expect((await call("GET", "/api/v1/site")).json().requireTwoFactorForAdmins).toBe(true);

    // Another admin, signed in before or after: a member until they turn it on.
    const other = await signIn(app, "tf_deputy", "admin");
    const address = newAddress();
    const res = await login("tf_deputy", address);
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactorSetupRequired).toBe(true);
    for (const cookie of [other.cookie, sessionCookieOf(res)]) {
      const console = await call("GET", "/api/v1/admin/users", cookie);
      expect(console.statusCode).toBe(403);
      expect(console.json()).toEqual({
        message: MESSAGES.twoFactor.adminMustEnrol,
        code: "two_factor_setup_required",
      });
    }
    expect((await call("GET", "/api/v1/two-factor", other.cookie)).json().requiredForYou).toBe(
      true,
    );
    // Members' own pages still serve them, and they can turn it on.
    expect((await call("GET", "/api/v1/auth/user", other.cookie)).statusCode).toBe(200);
    await enrol(other.cookie);
    expect((await call("GET", "/api/v1/admin/users", other.cookie)).statusCode).toBe(200);

    // A member is not affected.
    const member = await signIn(app, "tf_plain");
    expect((await login("tf_plain", address)).json().twoFactorSetupRequired).toBeUndefined();
    expect((await call("GET", "/api/v1/collections", member.cookie)).statusCode).toBe(200);

    // Off again: an admin without two-factor is an admin.
    expect(
      (await call("PUT", "/api/v1/admin/settings", head.cookie, settings(false))).statusCode,
    ).toBe(200);
    const third = await signIn(app, "tf_third", "admin");
    expect((await call("GET", "/api/v1/admin/users", third.cookie)).statusCode).toBe(200);
  });
});
