/**
 * A start that fails says which setting to look at, in one line (README: "a bad value stops the
 * process with a message naming the variable"), and leaves nothing behind that the next start
 * needs: the administrator's one-time password is shown by the start that listens, not lost with
 * one that could not. Runs `scripts/start.mjs main`, what `npm start` runs (and `worker` and
 * `admin` where they fail alike), on the built server (no database server needed: SQLite files, and
 * PostgreSQL URLs nobody answers; start-failures-postgres.int.test.ts has those a server refuses).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startS3rver } from "../../../scripts/lib/cluster.mjs";
import { SQLite } from "../src/db/sqlite-driver.js";
import { startEntry } from "./start-entry.js";

const work = mkdtempSync(join(tmpdir(), "sawdust-start-failures-"));
const webDist = join(work, "web");
mkdirSync(webDist, { recursive: true });
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Sawdust</title>");
afterAll(() => rmSync(work, { recursive: true, force: true }));
/** The line a start that works logs once it listens. */
const SERVING = '"msg":"serving"';

/**
 * Starts the server (or `entry`: the worker, the admin CLI and its arguments), serving the
 * stand-in web app; resolves when it exits, or once `until` shows up in its output.
 */
function start(env: Record<string, string>, until?: string, entry = ["main"]) {
  return startEntry(entry, { WEB_DIST: webDist, ...env }, until);
}

function occupy(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      done({ server, port: typeof address === "object" && address ? address.port : 0 });
    }),
  );
}

describe("a start that fails", () => {
  it("names PORT when the port is taken, and makes no administrator: the next start shows the password", async () => {
    const dataDir = join(work, "port-taken");
    const taken = await occupy();
    try {
      const failed = await start({ PORT: String(taken.port), DATA_DIR: dataDir });
      expect(failed.code).toBe(1);
      expect(failed.output).toContain(
        `Sawdust failed to start: PORT ${taken.port}: another process already listens there`,
      );
      expect(failed.output).not.toContain("adminPassword");
      expect(failed.output).not.toMatch(/^\s+at /m);
    } finally {
      taken.server.close();
    }
    const port = await freePort();
    const next = await start({ PORT: String(port), DATA_DIR: dataDir }, '"adminPassword"');
    expect(next.output).toMatch(/"adminPassword":"[\w-]{20}"/);
  }, 90_000);

  it("shows the generated administrator password when LOG_LEVEL leaves warnings out", async () => {
    const dataDir = join(work, "quiet-log");
    const quiet = await start(
      { PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      "with the password",
    );
    expect(quiet.output).toMatch(
      /^Sawdust created the administrator account "admin" with the password [\w-]{20} \(shown only this once; LOG_LEVEL=silent/m,
    );
  }, 90_000);

  it.each([
    [{ HOST: "nonexistent.invalid" }, "HOST nonexistent.invalid: not an address of this machine"],
    [
      { DATABASE_URL: "postgres://someone:secret-pass@127.0.0.1:1/sawdust" },
      "DATABASE_URL (postgres://someone:***@127.0.0.1:1/sawdust): cannot connect",
    ],
    [
      { ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "short" },
      "ADMIN_PASSWORD: Password must be at least 8 characters",
    ],
  ])(
    "names the setting for %j",
    async (env, message) => {
      const dataDir = join(work, `case-${Object.keys(env).join("-")}`);
      const run = await start({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
      expect(run.code).toBe(1);
      expect(run.output).toContain(message);
      expect(run.output).not.toContain("secret-pass");
      expect(run.output).not.toMatch(/^\s+at /m);
    },
    60_000,
  );

  it("names DATA_DIR when it is a file, or holds a file that is no database", async () => {
    const file = join(work, "a-file");
    writeFileSync(file, "not a directory");
    const notDir = await start({ PORT: String(await freePort()), DATA_DIR: file });
    expect(notDir.code).toBe(1);
    expect(notDir.output).toContain(`DATA_DIR ${file}: not a directory`);
    const garbled = join(work, "garbled");
    mkdirSync(garbled);
    writeFileSync(join(garbled, "sawdust.db"), "garbage");
    const notDb = await start({ PORT: String(await freePort()), DATA_DIR: garbled });
    expect(notDb.code).toBe(1);
    expect(notDb.output).toContain(`sawdust.db is not a SQLite database`);
  }, 60_000);

  it("names S3_BUCKET when the bucket does not exist or S3 does not answer, and DATA_DIR when media cannot be written", async () => {
    const s3 = await startS3rver(join(work, "s3rver"), "the-real-bucket");
    try {
      const noBucket = await start({
        ...s3.env,
        S3_BUCKET: "no-such-bucket",
        PORT: String(await freePort()),
        DATA_DIR: join(work, "s3-no-bucket"),
      });
      expect(noBucket.code).toBe(1);
      expect(noBucket.output).toContain(
        `S3_BUCKET no-such-bucket at S3_ENDPOINT ${s3.env.S3_ENDPOINT}: cannot write, read back and remove a file`,
      );
      expect(noBucket.output).not.toContain('"msg":"serving"');
    } finally {
      await s3.close();
    }
    const nobody = await occupy();
    nobody.server.close();
    const unreachable = await start({
      S3_BUCKET: "sawdust",
      S3_ENDPOINT: `http://127.0.0.1:${nobody.port}`,
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      PORT: String(await freePort()),
      DATA_DIR: join(work, "s3-unreachable"),
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.output).toContain("S3_BUCKET sawdust at S3_ENDPOINT");
    // A media folder nothing can be stored in (these tests may run as root, whom permissions do
    // not stop: its private half leads to a device instead of a folder).
    const dataDir = join(work, "media-unwritable");
    mkdirSync(join(dataDir, "media"), { recursive: true });
    symlinkSync("/dev/null", join(dataDir, "media", "private"));
    const blocked = await start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(blocked.code).toBe(1);
    expect(blocked.output).toContain(
      `DATA_DIR ${dataDir}: cannot write, read back and remove a file in ${join(dataDir, "media")}`,
    );
  }, 90_000);

  it("names DATA_DIR when the folder uploads arrive in cannot be written, with local media or S3 (round 61)", async () => {
    // A file where DATA_DIR/tmp should be (permissions do not stop root, who may run these).
    const dataDir = join(work, "tmp-unwritable");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "tmp"), "");
    const uploads = join(dataDir, "tmp", "uploads");
    const local = await start({ PORT: String(await freePort()), DATA_DIR: dataDir }, SERVING);
    expect(local.code).toBe(1);
    expect(local.output).toContain(
      `DATA_DIR ${dataDir}: cannot write a file in ${uploads}, where uploads arrive (ENOTDIR`,
    );
    expect(local.output).toContain("Make it writable by the user the server runs as.");
    expect(local.output).not.toContain(SERVING);
    const s3 = await startS3rver(join(work, "s3rver-uploads"), "sawdust");
    try {
      const onS3 = await start(
        { ...s3.env, PORT: String(await freePort()), DATA_DIR: dataDir },
        SERVING,
      );
      expect(onS3.code).toBe(1);
      expect(onS3.output).toContain(`DATA_DIR ${dataDir}: cannot write a file in ${uploads}`);
    } finally {
      await s3.close();
    }
  }, 90_000);

  it("prints a database a newer build migrated in one line, from the server, the worker and the admin CLI", async () => {
    const dataDir = join(work, "from-the-future");
    const made = await start({ DATA_DIR: dataDir }, undefined, [
      "admin",
      "create",
      "--username",
      "boss",
      "--email",
      "boss@example.com",
      "--password",
      "a long password",
    ]);
    expect(made.code, made.output).toBe(0);
    const db = new SQLite(join(dataDir, "sawdust.db"));
    db.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run(
      "2099-01-01-0999-from-the-future",
      new Date().toISOString(),
    );
    db.close();
    for (const entry of [["main"], ["worker"], ["admin", "reset-password", "--username", "boss"]]) {
      const run = await start(
        { PORT: String(await freePort()), DATA_DIR: dataDir },
        SERVING,
        entry,
      );
      expect(run.code, entry[0]).toBe(1);
      expect(run.output, entry[0]).toMatch(
        /^This database was upgraded by a newer Sawdust \(it has migration 2099-01-01-0999-from-the-future, which this build does not know\)\. Start the newer build, or restore a backup taken before the upgrade\.$/m,
      );
      expect(run.output, entry[0]).not.toMatch(/^\s+at /m);
    }
  }, 90_000);

  it("names DATABASE_URL when a # in its password breaks it, in the server, the worker and the admin CLI", async () => {
    for (const entry of [["main"], ["worker"], ["admin", "reset-password", "--username", "boss"]]) {
      const run = await start(
        {
          PORT: String(await freePort()),
          DATA_DIR: join(work, "hash-in-password"),
          DATABASE_URL: "postgres://sawdust:s3cr#t@127.0.0.1:4744/sawdust",
        },
        SERVING,
        entry,
      );
      expect(run.code, entry[0]).toBe(1);
      expect(run.output, entry[0]).toContain("DATABASE_URL: must be a URL such as postgres://");
      expect(run.output, entry[0]).toContain("# as %23");
      expect(run.output, entry[0]).not.toContain("s3cr");
      expect(run.output, entry[0]).not.toMatch(/^\s+at /m);
    }
  }, 90_000);
});
