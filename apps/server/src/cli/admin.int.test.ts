import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_DB, type TestApp } from "../../test/test-app.js";
import { runAdminCli } from "./admin.js";

let app: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  env = app.env;
});
afterAll(() => app.close());

const login = (username: string, password: string) =>
  app.server.inject({ method: "POST", url: "/api/v1/auth/login", payload: { username, password } });

describe(`npm run admin on ${TEST_DB}`, () => {
  it("creates an admin who can sign in, then resets the password", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(
        await runAdminCli(
          [
            "create",
            "--username",
            "boss",
            "--email",
            "boss@example.com",
            "--password",
            "first password",
          ],
          env,
        ),
      ).toBe(0);
      const first = await login("boss", "first password");
      expect(first.statusCode).toBe(200);
      expect(first.json().user.role).toBe("admin");

      expect(await runAdminCli(["reset-password", "--username", "boss"], env)).toBe(0);
      const printed = log.mock.calls.map((c) => String(c[0])).join("\n");
      const generated = /password: (\S+)/.exec(printed)?.[1];
      expect(generated).toBeDefined();
      expect((await login("boss", "first password")).statusCode).toBe(401);
      expect((await login("boss", generated as string)).statusCode).toBe(200);
      // Both in the audit log, with no actor (no one signs in to a shell) and where they came from.
      const boss = first.json().user.id as number;
      const entries = await app.services.audit.recent(10, { subject: `user:${boss}` });
      const byCli = entries.filter((e) => e.action.startsWith("cli."));
      expect(byCli.map((e) => [e.action, e.actorId, e.details])).toEqual([
        ["cli.password_reset", null, { username: "boss", via: "npm run admin" }],
        ["cli.admin_created", null, { username: "boss", via: "npm run admin" }],
      ]);
    } finally {
      log.mockRestore();
    }
  });

  it("says so when create promotes an existing account: a new password, the email kept", async () => {
    const member = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { username: "promoted", email: "promoted@example.com", password: "member password" },
    });
    expect(member.statusCode, member.body).toBe(201);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const args = ["create", "--username", "Promoted", "--email", "other@example.com"];
      expect(await runAdminCli(args, env)).toBe(0);
      const printed = log.mock.calls.map((c) => String(c[0])).join("\n");
      expect(printed).toContain(
        "The account 'Promoted' already existed: it is an administrator now",
      );
      expect(printed).toContain("Its email stays promoted@example.com.");
      const generated = /password: (\S+)/.exec(printed)?.[1] as string;
      expect((await login("promoted", "member password")).statusCode).toBe(401);
      const signedIn = await login("promoted", generated);
      expect(signedIn.json().user).toMatchObject({ role: "admin", email: "promoted@example.com" });
      const about = await app.services.audit.recent(10, {
        subject: `user:${member.json().user.id}`,
      });
      expect(about.find((e) => e.action.startsWith("cli."))).toMatchObject({
        action: "cli.admin_promoted",
        actorId: null,
      });
    } finally {
      log.mockRestore();
    }
  });

  it("refuses an unknown account and bad arguments without a stack trace", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runAdminCli(["reset-password", "--username", "nobody"], env)).toBe(1);
      expect(error.mock.calls.flat().join(" ")).toContain("No account named 'nobody'");
      expect(await runAdminCli(["create", "--username", "x"], env)).toBe(2);
      expect(await runAdminCli(["explode"], env)).toBe(2);
      expect(error.mock.calls.flat().join(" ")).toContain("Unknown command 'explode'");
      expect(
        await runAdminCli(
          ["create", "--username", "weak", "--email", "w@example.com", "--password", "short"],
          env,
        ),
      ).toBe(1);
    } finally {
      error.mockRestore();
    }
  });

  it("refuses a deleted account's reserved name: no password, no role, no audit entry naming it", async () => {
    const registered = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { username: "gonezo", email: "gonezo@example.com", password: "member password" },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().user.id as number;
    const cookie = String(registered.headers["set-cookie"]).split(";")[0] as string;
    const deleted = await app.server.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: { cookie },
      payload: { password: "member password" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      for (const args of [
        ["reset-password", "--username", "gonezo", "--password", "new password 123"],
        [
          "create",
          "--username",
          "Gonezo",
          "--email",
          "boss2@example.com",
          "--password",
          "new password 123",
        ],
      ]) {
        expect(await runAdminCli(args, env)).toBe(1);
      }
      expect(error.mock.calls.flat().join(" ")).toContain("belonged to an account deleted on");
      expect((await login("gonezo", "new password 123")).statusCode).toBe(401);
      const row = await app.database.db
        .selectFrom("users")
        .select(["role", "password_hash"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: "user", password_hash: "!deleted" });
      const entries = await app.services.audit.recent(10, { subject: `user:${id}` });
      expect(entries.filter((e) => e.action.startsWith("cli."))).toEqual([]);
    } finally {
      error.mockRestore();
      log.mockRestore();
    }
  });
});
