import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/**
 * A command on settings that name no usable site says so in one line naming the setting, as a
 * failed start does, exits 1, and leaves nothing behind: no backup folder, no new DATA_DIR.
 */
describe("npm run admin on settings that name no usable site", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "sawdust-cli-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The exit code and what went to stderr; a throw (a stack trace) fails the test. */
  async function run(args: string[], env: Record<string, string>) {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const code = await runAdminCli(args, { LOG_LEVEL: "silent", ...env });
      return {
        code,
        said: error.mock.calls.map((call) => call.join(" ")).join("\n"),
        told: log.mock.calls.map((call) => call.join(" ")).join("\n"),
      };
    } finally {
      error.mockRestore();
      log.mockRestore();
    }
  }

  it("refuses a backup of a DATA_DIR that does not exist, naming it, and makes no folder", async () => {
    const missing = join(folder, "no-such-data");
    const copy = join(folder, "copy");
    const result = await run(["backup", "--to", copy], { DATA_DIR: missing });
    expect(result).toMatchObject({
      code: 1,
      said: `DATA_DIR ${missing}: there is no database here (${join(missing, "sawdust.db")} does not exist); nothing was backed up. Set DATA_DIR to the server's data directory.`,
    });
    expect(existsSync(copy)).toBe(false);
    expect(existsSync(missing)).toBe(false);
  });

  it("removes what a backup wrote when it fails part-way, naming DATA_DIR", async () => {
    const dataDir = join(folder, "not-a-database");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "sawdust.db"), "this is not a SQLite file ".repeat(200));
    const copy = join(folder, "half", "copy");
    const result = await run(["backup", "--to", copy], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.said).toMatch(
      new RegExp(`^DATA_DIR ${dataDir}: .*sawdust\\.db is not a SQLite database`),
    );
    expect(existsSync(join(folder, "half"))).toBe(false);
    // A folder that was there (empty) stays, empty.
    const empty = join(folder, "empty");
    mkdirSync(empty);
    expect((await run(["backup", "--to", empty], { DATA_DIR: dataDir })).code).toBe(1);
    expect(readdirSync(empty)).toEqual([]);
  });

  it("refuses reset-password on a DATA_DIR that does not exist, rather than making a new site", async () => {
    const missing = join(folder, "typo");
    const result = await run(["reset-password", "--username", "admin"], { DATA_DIR: missing });
    expect(result.code).toBe(1);
    expect(result.said).toMatch(new RegExp(`^DATA_DIR ${missing}: there is no database here`));
    expect(existsSync(missing)).toBe(false);
  });

  it("names DATA_DIR when it is a file, for create, restore and as a backup's folder", async () => {
    const file = join(folder, "a-file");
    writeFileSync(file, "");
    const create = await run(["create", "--username", "boss", "--email", "boss@example.com"], {
      DATA_DIR: file,
    });
    expect(create).toMatchObject({
      code: 1,
      said: expect.stringMatching(/^DATA_DIR .*: not a directory/),
    });
    const backupDir = join(folder, "backup-to-restore");
    const site = join(folder, "site");
    const made = await run(["create", "--username", "boss", "--email", "boss@example.com"], {
      DATA_DIR: site,
    });
    expect(made.code).toBe(0);
    // A DATA_DIR with no database (a typo, or a site not started yet) is named (round 63).
    expect(made.told).toContain(`DATA_DIR ${site} held no database: this made a new site there.`);
    const again = await run(["create", "--username", "boss", "--email", "boss@example.com"], {
      DATA_DIR: site,
    });
    expect(again.told).not.toContain("held no database");
    expect((await run(["backup", "--to", backupDir], { DATA_DIR: site })).code).toBe(0);
    expect(await run(["restore", "--from", backupDir], { DATA_DIR: file })).toMatchObject({
      code: 1,
      said: `DATA_DIR (${file}) is a file, not a directory: point DATA_DIR at a new folder.`,
    });
    expect(await run(["backup", "--to", file], { DATA_DIR: site })).toMatchObject({
      code: 1,
      said: `${file} is a file, not a folder: back up into a new or empty folder.`,
    });
  });

  it("names a bad setting or a database it cannot reach in one line", async () => {
    const badKey = await run(["backup", "--to", join(folder, "never")], {
      DATA_DIR: folder,
      STRIPE_SECRET_KEY: "pk_test_51Hx",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_YEARLY: "price_y",
    });
    expect(badKey.code).toBe(1);
    expect(badKey.said).toContain("STRIPE_SECRET_KEY: must be a secret key");
    const unreachable = await run(["reset-password", "--username", "admin"], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/sawdust",
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.said).toMatch(
      /^DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:1\/sawdust\): cannot connect/,
    );
  });
});
