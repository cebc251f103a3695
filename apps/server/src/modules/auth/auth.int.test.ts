import { MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  newAccount,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
  TestClock,
} from "../../../test/test-app.js";
import { passwordWork } from "./password.js";

const clock = new TestClock();
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({}, { clock, authLimits: { registrationsPerIp: 1000 } });
});
afterAll(() => app.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.server.inject({ method: "POST", url, payload: payload as object, headers });
const getUser = (cookie?: string) =>
  app.server.inject({
    method: "GET",
    url: "/api/v1/auth/user",
    headers: cookie ? { cookie } : {},
  });

describe(`auth on ${TEST_DB}`, () => {
  it("answers 401 to a visitor asking for the current user", async () => {
    const res = await getUser();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.auth.notSignedIn, code: "unauthorized" });
  });

  it("registers, signs in, shows the user, signs out, and refuses the old token", async () => {
    const account = newAccount();
    const registered = await post("/api/v1/auth/register", account);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user).toMatchObject({
      username: account.username,
      email: account.email,
      role: "user",
      tier: "free",
    });
    expect(JSON.stringify(registered.json())).not.toContain("password");

    const login = await post("/api/v1/auth/login", {
      username: account.username,
      password: account.password,
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieOf(login);

    const me = await getUser(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(account.username);

    const logout = await post("/api/v1/auth/logout", undefined, { cookie });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === "sawdust_session")?.value).toBe("");

    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie, not Secure over plain http", async () => {
    const res = await post("/api/v1/auth/register", newAccount());
    const header = String(res.headers["set-cookie"]);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
  });

  it("rotates the session at sign-in: the token from before stops working", async () => {
    const account = newAccount();
    const first = sessionCookieOf(await post("/api/v1/auth/register", account));
    const second = sessionCookieOf(
      await post(
        "/api/v1/auth/login",
        { username: account.username, password: account.password },
        { cookie: first },
      ),
    );
    expect(second).not.toBe(first);
    expect((await getUser(first)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(200);
  });

  it("ends a session after 14 idle days", async () => {
    const cookie = sessionCookieOf(await post("/api/v1/auth/register", newAccount()));
    clock.advance(13 * 24 * 3600 * 1000);
    expect((await getUser(cookie)).statusCode).toBe(200);
    clock.advance(13 * 24 * 3600 * 1000);
    expect((await getUser(cookie)).statusCode).toBe(200); // Used yesterday: still alive.
    clock.advance(15 * 24 * 3600 * 1000);
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it("keeps an account's newest 50 sessions: the 51st sign-in ends the oldest", async () => {
    const account = newAccount();
    const first = sessionCookieOf(await post("/api/v1/auth/register", account));
    const signIn = async () => {
      clock.advance(1000);
      return sessionCookieOf(
        await post("/api/v1/auth/login", {
          username: account.username,
          password: account.password,
        }),
      );
    };
    const second = await signIn();
    const later: string[] = [];
    for (let i = 0; i < 49; i++) later.push(await signIn());
    // 51 sign-ins in all: the first is gone, the second is the oldest kept.
    expect((await getUser(first)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(200);
    const list = await app.server.inject({
      method: "GET",
      url: "/api/v1/account/sessions",
      headers: { cookie: later.at(-1) as string },
    });
    expect(list.json().sessions).toHaveLength(50);
  });

  it("signs in case-insensitively by username", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const res = await post("/api/v1/auth/login", {
      username: account.username.toUpperCase(),
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe(`CSRF on ${TEST_DB}`, () => {
  it("refuses a POST with a foreign Origin with 403", async () => {
    const res = await post("/api/v1/auth/register", newAccount(), {
      origin: "https://evil.example",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.auth.foreignOrigin);
  });

  it("refuses a cross-site fetch even without an Origin header", async () => {
    const res = await post("/api/v1/auth/logout", undefined, { "sec-fetch-site": "cross-site" });
    expect(res.statusCode).toBe(403);
  });

  it("accepts a POST from its own origin", async () => {
    const res = await post("/api/v1/auth/register", newAccount(), {
      origin: "http://localhost:80",
      host: "localhost:80",
    });
    expect(res.statusCode).toBe(201);
  });

  it("takes PUBLIC_URL, once set, as the only origin: an old address still reaching it is another site", async () => {
    const moved = await createTestApp(
      { PUBLIC_URL: "https://art.example.com" },
      { clock, authLimits: { registrationsPerIp: 1000 } },
    );
    try {
      const register = (origin: string) =>
        moved.server.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: newAccount(),
          headers: { origin, host: "127.0.0.1:4469" },
        });
      const old = await register("http://127.0.0.1:4469");
      expect(old.statusCode).toBe(403);
      expect(old.json()).toEqual({
        message: MESSAGES.auth.foreignOrigin,
        code: "foreign_origin",
      });
      expect((await register("https://art.example.com")).statusCode).toBe(201);
    } finally {
      await moved.close();
    }
  });
});

describe(`registration rules on ${TEST_DB}`, () => {
  it.each<[Partial<ReturnType<typeof newAccount>>, string]>([
    [{ username: "ab" }, "Username must be between 3 and 32 characters"],
    [{ username: "a".repeat(33) }, "Username must be between 3 and 32 characters"],
    [{ username: "no spaces" }, MESSAGES.validation.usernameChars],
    // Names that pass for the site itself on a 1/1's public "collected by" line (round 40).
    ...[
      "sawdust",
      "Admin",
      "support",
      "staff",
      "moderator",
      "root",
      "ad.min",
      "adm1n",
      "SawDust_Official",
      "the-5awdust",
      // The form the site names its own administrator by while "admin" is taken.
      "admin-1a2b3c",
      "admin-abcdef",
      "Adm1n-ABCDEF",
    ].map((username): [{ username: string }, string] => [
      { username },
      MESSAGES.validation.usernameReserved,
    ]),
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ password: "" }, "Password is required"],
  ])("refuses %j with a clear 400", async (override, message) => {
    const res = await post("/api/v1/auth/register", newAccount(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [undefined, "The request body must be a JSON object"],
    ["{", "The request body is not valid JSON"],
    [[1, 2], "The request body must be a JSON object"],
    [{ username: 12, email: "a@b.co", password: "12345678" }, "Username must be text"],
  ])("refuses a malformed body %j with 400", async (payload, message) => {
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      headers: { "content-type": "application/json" },
      payload: payload === undefined ? "" : payload === "{" ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("takes an empty JSON body on a call that needs none as no body", async () => {
    const account = newAccount();
    const registered = await post("/api/v1/auth/register", account);
    const cookie = String(registered.headers["set-cookie"]).split(";")[0] as string;
    // What many clients send: the JSON content type on every call, with nothing after it.
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: { "content-type": "application/json", cookie },
      payload: "",
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const me = await app.server.inject({ url: "/api/v1/auth/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it.each([
    ["text/plain", 400, "The request body must be a JSON object"],
    ["application/xml", 415, "This content type is not accepted here; send JSON"],
  ])("refuses a %s body with %d", async (contentType, status, message) => {
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      headers: { "content-type": contentType },
      payload: "<username>x</username>",
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it("answers 409 for a taken username (any case) or email", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const sameName = await post(
      "/api/v1/auth/register",
      newAccount({ username: account.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(MESSAGES.auth.usernameTaken);
    const sameEmail = await post(
      "/api/v1/auth/register",
      newAccount({ email: account.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(MESSAGES.auth.emailTaken);
  });
});

describe(`sign-in limits on ${TEST_DB}`, () => {
  it("gives one message for an unknown user and a wrong password", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const wrongPassword = await post("/api/v1/auth/login", {
      username: account.username,
      password: "wrong password",
    });
    const unknownUser = await post("/api/v1/auth/login", {
      username: `${account.username}x`,
      password: account.password,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownUser.json());
    expect(wrongPassword.json().message).toBe(MESSAGES.auth.invalidCredentials);
  });

  it("answers 429 with Retry-After after 5 wrong passwords for one account", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const attempt = (password: string) =>
      post("/api/v1/auth/login", { username: account.username, password });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong password")).statusCode).toBe(401);
    const refused = await attempt("wrong password");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    // It says when: the window's first attempt was just now.
    expect(refused.json().message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    // Even the right password waits out the window…
    expect((await attempt(account.password)).statusCode).toBe(429);
    // …and works once it has passed.
    clock.advance(15 * 60 * 1000 + 1);
    expect((await attempt(account.password)).statusCode).toBe(200);
  });

  it("lets parallel right passwords through, and parallel wrong ones only the limit's tries (round 24)", async () => {
    const signInFrom = (remoteAddress: string, username: string, password: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { username, password },
        remoteAddress,
      });
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    // A right password's place is given back: twelve at once each wait their turn, none is refused.
    const right = await Promise.all(
      Array.from({ length: 12 }, () =>
        signInFrom("198.51.100.41", account.username, account.password),
      ),
    );
    expect(right.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    // Wrong ones keep theirs: five are checked, the rest refused until the window ends.
    const other = newAccount();
    await post("/api/v1/auth/register", other);
    const wrong = await Promise.all(
      Array.from({ length: 30 }, () =>
        signInFrom("198.51.100.42", other.username, "wrong password"),
      ),
    );
    const statuses = wrong.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    for (const refused of wrong.filter((r) => r.statusCode === 429)) {
      expect(refused.json().message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    }
    expect((await signInFrom("198.51.100.42", other.username, other.password)).statusCode).toBe(
      429,
    );
    clock.advance(15 * 60 * 1000 + 1);
  });

  it("never tells a refused sign-in to wait longer than the window (round 24)", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const attempt = () =>
      post("/api/v1/auth/login", { username: account.username, password: "wrong password" });
    // Another process's attempts, stored with a clock reading 2 s later than this one's.
    clock.advance(2000);
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    clock.advance(-2000);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBe(15 * 60);
    expect(refused.json().message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    clock.advance(2000);
  });

  it("forgets attempts no window counts any more, for keys never used again", async () => {
    const limits = app.services.rateLimits;
    const old = `test:prune:old:${Date.now()}`;
    const recent = `test:prune:recent:${Date.now()}`;
    await limits.reserve(old, clock.now(), { max: 5, windowMs: 60_000 });
    clock.advance(25 * 60 * 60 * 1000);
    await limits.reserve(recent, clock.now(), { max: 5, windowMs: 60_000 });
    await limits.prune(clock.now());
    const left = await app.database.db
      .selectFrom("rate_limit_attempts")
      .select("key")
      .where("key", "in", [old, recent])
      .execute();
    expect(left.map((row) => row.key)).toEqual([recent]);
  });

  it("counts the 15 minutes before each attempt, not a fixed window: no burst across its edge", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const attempt = () =>
      post("/api/v1/auth/login", { username: account.username, password: "wrong password" });
    const MINUTE = 60 * 1000;
    expect((await attempt()).statusCode).toBe(401);
    clock.advance(14 * MINUTE + 55_000);
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(401);
    // Past the first attempt's 15 minutes: one place has freed, not five.
    clock.advance(7_000);
    expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    // Until the oldest of the five in the window is 15 minutes old.
    expect(Number(refused.headers["retry-after"])).toBe(15 * 60 - 7);
  });
});

describe(`sign-in limits under concurrency on ${TEST_DB}`, () => {
  const loginFrom = (remoteAddress: string, payload: object, headers = {}) =>
    app.server.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload,
      remoteAddress,
      headers,
    });
  const statuses = (responses: Array<{ statusCode: number }>) => {
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  };

  it("checks at most 5 of 30 parallel wrong passwords for one account, then refuses the right one", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        // Forged forwarding headers change nothing: the server trusts no proxy.
        loginFrom(
          "10.9.0.1",
          { username: account.username, password: `wrong password ${i}` },
          { "x-forwarded-for": `203.0.113.${i}` },
        ),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: 5, 429: 25 });
    const right = await loginFrom("10.9.0.1", {
      username: account.username,
      password: account.password,
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("checks at most 30 of 45 parallel failed sign-ins from one address", async () => {
    const burst = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        loginFrom("10.9.0.2", { username: `nobody_${i}_${Date.now()}`, password: "whatever1" }),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: 30, 429: 15 });
    // Another address is not affected.
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const elsewhere = await loginFrom("10.9.0.3", {
      username: account.username,
      password: account.password,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("gives the address its places back when the password is right", async () => {
    const account = newAccount();
    await post("/api/v1/auth/register", account);
    const body = { username: account.username, password: account.password };
    for (let i = 0; i < 35; i++) expect((await loginFrom("10.9.0.4", body)).statusCode).toBe(200);
  });
});

describe(`registrations per address on ${TEST_DB}`, () => {
  it("answers 429 once one address has made too many accounts", async () => {
    const limited = await createTestApp({}, { authLimits: { registrationsPerIp: 2 } });
    try {
      const register = () =>
        limited.server.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: newAccount(),
        });
      expect((await register()).statusCode).toBe(201);
      expect((await register()).statusCode).toBe(201);
      const third = await register();
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
      // It names what the address did: registering, not signing in.
      expect(third.json().message).toBe(
        `${MESSAGES.auth.tooManyRegistrations} ${MESSAGES.tryAgainIn(Number(third.headers["retry-after"]))}`,
      );
    } finally {
      await limited.close();
    }
  });

  it("makes at most the limit's accounts from 30 parallel registrations", async () => {
    const limited = await createTestApp({}, { authLimits: { registrationsPerIp: 4 } });
    try {
      const burst = await Promise.all(
        Array.from({ length: 30 }, () =>
          limited.server.inject({
            method: "POST",
            url: "/api/v1/auth/register",
            payload: newAccount(),
          }),
        ),
      );
      expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(4);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(26);
    } finally {
      await limited.close();
    }
  });

  it("counts a registration told its email or username is taken: one address cannot test who has an account", async () => {
    const limited = await createTestApp({}, { authLimits: { registrationsPerIp: 4 } });
    try {
      const register = (payload: object) =>
        limited.server.inject({ method: "POST", url: "/api/v1/auth/register", payload });
      const taken = newAccount();
      expect((await register(taken)).statusCode).toBe(201);
      const probes = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          register({ ...newAccount(), email: i % 2 ? taken.email : `probe${i}@example.org` }),
        ),
      );
      // Each probe of a taken address keeps its place; a free one makes an account: 3 places left.
      const told = probes.filter((r) => r.statusCode === 409 || r.statusCode === 201);
      expect(told).toHaveLength(3);
      expect(probes.filter((r) => r.statusCode === 429)).toHaveLength(27);
      // A form refused for what it says (a short password) gives its place back.
      const fresh = await createTestApp({}, { authLimits: { registrationsPerIp: 1 } });
      try {
        const short = await fresh.server.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: { ...newAccount(), password: "x" },
        });
        expect(short.statusCode).toBe(400);
        const made = await fresh.server.inject({
          method: "POST",
          url: "/api/v1/auth/register",
          payload: newAccount(),
        });
        expect(made.statusCode).toBe(201);
      } finally {
        await fresh.close();
      }
    } finally {
      await limited.close();
    }
  });
});

describe(`password work anyone can ask for on ${TEST_DB}`, () => {
  // Hashing is the costliest thing a visitor can make the server do: what would be refused anyway
  // is refused before it.
  it("hashes nothing for 30 parallel registrations of a taken username or email", async () => {
    const taken = newAccount();
    expect((await post("/api/v1/auth/register", taken)).statusCode).toBe(201);
    const asked = passwordWork.asked;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(
          "/api/v1/auth/register",
          i % 2 === 0
            ? { ...newAccount(), username: taken.username.toUpperCase() }
            : { ...newAccount(), email: taken.email },
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(409));
    expect(passwordWork.asked - asked).toBe(0);
  });

  it("hashes nothing for 30 parallel password resets with links that do not work", async () => {
    const asked = passwordWork.asked;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post("/api/v1/auth/password-reset/confirm", {
          token: `${"A".repeat(40)}${i}`,
          password: "a new password",
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(400));
    expect(answers[0]?.json().message).toBe(MESSAGES.account.linkInvalid);
    expect(passwordWork.asked - asked).toBe(0);
  });
});

describe(`admin bootstrap on ${TEST_DB}`, () => {
  it("creates 'admin' with a generated password once, and never again", async () => {
    const fresh = await createTestApp();
    try {
      const first = await fresh.services.auth.ensureAdmin(undefined);
      expect(first?.username).toBe("admin");
      expect(first?.generatedPassword?.length).toBeGreaterThanOrEqual(16);
      expect(await fresh.services.auth.ensureAdmin(undefined)).toBeUndefined();
      const login = await fresh.server.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { username: "admin", password: first?.generatedPassword },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.role).toBe("admin");
    } finally {
      await fresh.close();
    }
  });

  it("makes one administrator when replicas start at once on a new database", async () => {
    // Round 57: two API processes started together both found no admin; one made "admin" and
    // the other "admin-99374f" (two passwords, in two logs), or crashed on the name taken.
    const fresh = await createTestApp();
    // On PostgreSQL a second app on the same database, as a second process; SQLite serves one.
    const other =
      TEST_DB === "postgres"
        ? await createTestApp({ DATABASE_URL: fresh.env.DATABASE_URL ?? "" })
        : undefined;
    try {
      const apps = [fresh, other ?? fresh];
      const made = await Promise.all(
        Array.from({ length: 8 }, (_, i) => apps[i % 2]?.services.auth.ensureAdmin(undefined)),
      );
      expect(made.filter((result) => result !== undefined)).toHaveLength(1);
      const admins = await fresh.database.db
        .selectFrom("users")
        .select("username")
        .where("role", "=", "admin")
        .execute();
      expect(admins).toEqual([{ username: "admin" }]);
    } finally {
      await other?.close();
      await fresh.close();
    }
  });

  it("makes an administrator again when every one was deleted, under a new name while 'admin' is kept", async () => {
    const fresh = await createTestApp();
    try {
      const first = await fresh.services.auth.ensureAdmin(undefined);
      // A site left with deleted administrators only (as two admins deleting themselves at once could, before).
      await fresh.database.db
        .updateTable("users")
        .set({ deleted_at: Date.now(), email: "deleted-1@deleted.invalid" })
        .where("role", "=", "admin")
        .execute();
      const again = await fresh.services.auth.ensureAdmin(undefined);
      expect(again?.username).toMatch(/^admin-[0-9a-f]{6}$/);
      expect(again?.username).not.toBe(first?.username);
      const login = await fresh.server.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { username: again?.username, password: again?.generatedPassword },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.role).toBe("admin");
      expect(await fresh.services.auth.adminId()).toBe(login.json().user.id);
    } finally {
      await fresh.close();
    }
  });

  it("makes an administrator when the only one is suspended, and another name when ADMIN_USERNAME is taken", async () => {
    const fresh = await createTestApp();
    try {
      const member = await fresh.server.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: { username: "boss", email: "boss@example.com", password: "a long password" },
      });
      expect(member.statusCode).toBe(201);
      await fresh.services.auth.ensureAdmin(undefined);
      await fresh.database.db
        .updateTable("users")
        .set({ suspended_at: Date.now() })
        .where("role", "=", "admin")
        .execute();
      // The configured name is a member's: not taken over, and the start goes on.
      const made = await fresh.services.auth.ensureAdmin({
        username: "Boss",
        password: "a long admin password",
        email: "new-boss@example.com",
      });
      expect(made).toMatchObject({ configuredTaken: "Boss" });
      expect(made?.username).toMatch(/^admin-[0-9a-f]{6}$/);
      const login = await fresh.server.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { username: made?.username, password: made?.generatedPassword },
      });
      expect(login.json().user.role).toBe("admin");
      const boss = await fresh.database.db
        .selectFrom("users")
        .select("role")
        .where("username_key", "=", "boss")
        .executeTakeFirstOrThrow();
      expect(boss.role).toBe("user");
      expect(await fresh.services.auth.ensureAdmin(undefined)).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it("creates the configured admin from ADMIN_USERNAME and ADMIN_PASSWORD", async () => {
    const fresh = await createTestApp();
    try {
      const made = await fresh.services.auth.ensureAdmin({
        username: "curator",
        password: "a long admin password",
        email: "curator@example.com",
      });
      expect(made).toEqual({ username: "curator" });
      const login = await fresh.server.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { username: "curator", password: "a long admin password" },
      });
      expect(login.json().user.role).toBe("admin");
    } finally {
      await fresh.close();
    }
  });
});
