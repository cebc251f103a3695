/**
 * A start that fails says which setting to look at, in one line (README: "a bad value stops the
 * process with a message naming the variable"), and leaves nothing behind that the next start
 * needs: the administrator's one-time password is shown by the start that listens, not lost with
 * one that could not. Runs `scripts/start.mjs main`, what `npm start` runs, on the built server (no
 * database server needed: SQLite files, and a PostgreSQL URL nobody answers).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startS3rver } from "../../../scripts/lib/cluster.mjs";

const root = resolve(import.meta.dirname, "../../..");
const work = mkdtempSync(join(tmpdir(), "sawdust-start-failures-"));
const webDist = join(work, "web");
mkdirSync(webDist, { recursive: true });
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Sawdust</title>");
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  output: string;
}

/** Starts the server; resolves when it exits, or once `until` shows up in its output (then stops it). */
function start(env: Record<string, string>, until?: string): Promise<Run> {
  // The built server, as `npm start` runs it: a second faster a start than compiling the sources
  // with tsx, and this file starts a dozen.
  const child = spawn(process.execPath, ["scripts/start.mjs", "main"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      HOST: "127.0.0.1",
      WEB_DIST: webDist,
      DEMO_CONTENT: "false",
      LOG_LEVEL: "info",
      WORKERS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((done) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && output.includes(until)) child.kill("SIGTERM");
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => done({ code, output }));
  });
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
});
