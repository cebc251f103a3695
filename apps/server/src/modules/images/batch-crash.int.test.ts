/**
 * A batch of 200 images is all or nothing, through the real entry point: `npm start` (WORKERS=0)
 * in its own process group is SIGKILLed while the batch's transaction is open, then started
 * again; either every image changed and its tag facets with it, or none did. A batch delete killed
 * the same way leaves every image and every file (files go only after the commit).
 *
 * Catching the transaction open, without a hook in the server:
 * - PostgreSQL: the test holds a SHARE lock on audit_log, so the batch, which writes its audit
 *   entry last, waits there with all 200 images changed but not committed; the test sees it wait
 *   and checks it has written (pg_locks), and kills the server.
 * - SQLite: the test polls for the database's write lock (BEGIN IMMEDIATE answers SQLITE_BUSY
 *   while another connection holds it) and kills once the batch has held it for a few
 *   milliseconds, so it is well inside its writes.
 * `npm test` builds the app first; run alone, `npm start` builds what is stale (not the web app:
 * WEB_DIST names a stand-in).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readyImageRow } from "../../../test/images.js";
import { createTestDatabase, TEST_DB } from "../../../test/test-app.js";
import { until } from "../../../test/until.js";
import { loadConfig } from "../../config.js";
import { type DatabaseHandle, openDatabase } from "../../db/database.js";
import { LocalStorage } from "../../media/storage/local-storage.js";

const root = resolve(import.meta.dirname, "../../../../..");
const ADMIN = { username: "crash-batch-admin", password: "crash-batch-password" };
const IMAGES = 200;
const TAG = "batch-crash";
/** How long the SQLite batch must have held the write lock before the kill. */
const SQLITE_HOLD_MS = 3;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const processes = new Set<ChildProcess>();

/** `npm start` in its own process group (npm and the server it execs die together). */
function npmStart(env: Record<string, string>) {
  const child = spawn("npm", ["run", "--silent", "start"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  processes.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return { child, output: () => output, exited };
}

function killGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

describe(`a 200-image batch killed midway (npm start, SIGKILL) on ${TEST_DB}`, () => {
  let env: Record<string, string>;
  let base = "";
  let dataDir = "";
  let drop = async () => {};
  let inspect: DatabaseHandle;
  let ids: number[] = [];

  async function start() {
    const server = npmStart(env);
    await until(
      "the server",
      async () => ((await fetch(`${base}/readyz`)).ok ? true : undefined),
      180_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    return server;
  }

  async function signIn(): Promise<string> {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    return (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }

  function sendBatch(cookie: string, operation: object): Promise<number | "killed"> {
    return fetch(`${base}/api/v1/admin/images/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: base },
      body: JSON.stringify({ selection: { ids }, operation }),
    })
      .then((res) => res.status)
      .catch(() => "killed" as const);
  }

  /**
   * PostgreSQL: sends the batch while audit_log is locked, waits until the batch waits there (its
   * image writes done, uncommitted), kills the server, and waits until PostgreSQL has ended the
   * dead connection's transaction.
   */
  async function killWhileWaitingForAudit(
    server: ReturnType<typeof npmStart>,
    cookie: string,
    operation: object,
    written: string[],
  ) {
    const blocker = new pg.Client({ connectionString: env.DATABASE_URL as string });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table audit_log in share mode");
      const answer = sendBatch(cookie, operation);
      const waiting = await until(
        "the batch to wait for its audit entry",
        async () => {
          const { rows } = await blocker.query<{ pid: number }>(
            `select l.pid from pg_locks l join pg_class c on c.oid = l.relation
              where c.relname = 'audit_log' and not l.granted`,
          );
          return rows[0]?.pid;
        },
        30_000,
      );
      // It has written: it holds row-exclusive locks on what it changed.
      const { rows: held } = await blocker.query<{ relname: string }>(
        `select c.relname from pg_locks l join pg_class c on c.oid = l.relation
          where l.pid = $1 and l.granted and l.mode = 'RowExclusiveLock'`,
        [waiting],
      );
      expect(held.map((h) => h.relname)).toEqual(expect.arrayContaining(written));
      killGroup(server.child);
      expect(await answer).toBe("killed");
      await server.exited;
      await blocker.query("rollback");
      await until(
        "the killed server's transaction to end",
        async () => {
          const { rows } = await blocker.query("select 1 from pg_stat_activity where pid = $1", [
            waiting,
          ]);
          return rows.length === 0 ? true : undefined;
        },
        30_000,
      );
    } finally {
      await blocker.end();
    }
  }

  /**
   * SQLite: sends the batch and kills the server once the batch has held the database's write
   * lock for SQLITE_HOLD_MS (a shorter hold is some other write, and is waited out). Says whether
   * the kill landed inside the batch or after its commit.
   */
  async function killWhileHoldingWriteLock(
    server: ReturnType<typeof npmStart>,
    cookie: string,
    operation: object,
  ): Promise<"killed" | "committed"> {
    const require = createRequire(import.meta.url);
    const nodeMajor = Number(process.versions.node.split(".")[0]);
    const SQLite: typeof BetterSqlite3 = require(
      nodeMajor >= 22 ? "better-sqlite3-napi" : "better-sqlite3",
    );
    const probe = new SQLite(join(dataDir, "sawdust.db"));
    probe.pragma("busy_timeout = 0");
    const writing = () => {
      try {
        probe.exec("begin immediate");
        probe.exec("rollback");
        return false;
      } catch (error) {
        if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
        throw error;
      }
    };
    try {
      const answer = sendBatch(cookie, operation);
      let answered = false;
      void answer.then(() => {
        answered = true;
      });
      let since: number | undefined;
      const started = Date.now();
      for (;;) {
        const now = performance.now();
        if (writing()) {
          since ??= now;
          if (now - since >= SQLITE_HOLD_MS) break;
        } else {
          since = undefined;
        }
        if (answered) break;
        if (Date.now() - started > 30_000) throw new Error("the batch never started writing");
        await new Promise((r) => setImmediate(r));
      }
      killGroup(server.child);
      const outcome = await answer;
      await server.exited;
      // On a busy machine the commit and its answer can beat the kill: the caller tries again.
      return outcome === "killed" ? "killed" : "committed";
    } finally {
      probe.close();
    }
  }

  /** How many of the 200 carry this tag, in their row and in their facets; and batch entries. */
  async function changed(tag = TAG) {
    const rows = await inspect.db
      .selectFrom("images")
      .select(["id", "tags"])
      .where("id", "in", ids)
      .execute();
    const tagged = rows.filter((r) => (JSON.parse(r.tags) as string[]).includes(tag)).length;
    const facets = await inspect.db
      .selectFrom("image_facets")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "=", "tag")
      .where("value", "=", tag)
      .executeTakeFirstOrThrow();
    const audits = await inspect.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("action", "=", "image.batch_add_tags")
      .executeTakeFirstOrThrow();
    return { rows: rows.length, tagged, facets: Number(facets.n), audits: Number(audits.n) };
  }

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    dataDir = mkdtempSync(join(tmpdir(), "sawdust-batch-crash-"));
    // The server serves a stand-in web app, so `npm start` never builds the real one here.
    const webDist = join(dataDir, "web-dist");
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Sawdust</title>");
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...database.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKERS: "0",
      WEB_DIST: webDist,
      DEMO_CONTENT: "false",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: "crash-batch-admin@example.com",
    };
    inspect = openDatabase(loadConfig(env));
  }, 60_000);

  afterAll(async () => {
    for (const child of processes) killGroup(child);
    await inspect?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves every image as it was, facets too; after a restart the same batch applies whole", async () => {
    const first = await start();
    // 200 images with tags and facets of their own, written as another process would.
    const now = Date.now();
    for (let i = 0; i < IMAGES; i++) {
      const row = await inspect.db
        .insertInto("images")
        .values({ ...readyImageRow(now), title: `Crash ${i}`, tags: JSON.stringify(["kept"]) })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await inspect.db
      .insertInto("image_facets")
      .values(ids.map((id) => ({ image_id: id, kind: "tag", value: "kept" })))
      .execute();
    ids = ids.sort((a, b) => a - b);
    let cookie = await signIn();

    let addTags = { type: "add_tags", tags: [TAG] };
    // Batches that committed before the kill could land (SQLite on a busy machine): each is whole.
    let committed = 0;
    if (TEST_DB === "postgres") {
      await killWhileWaitingForAudit(first, cookie, addTags, ["images", "image_facets"]);
    } else {
      let server = first;
      for (let attempt = 1; ; attempt++) {
        addTags = { type: "add_tags", tags: [`${TAG}-${attempt}`] };
        const outcome = await killWhileHoldingWriteLock(server, cookie, addTags);
        const after = await changed(addTags.tags[0]);
        // The kill can also land between the commit and its answer: the batch is then whole, and
        // counts as committed. Anything between none and all fails the assertion below.
        if (outcome === "killed" && after.tagged === 0) break;
        committed += 1;
        expect(after).toMatchObject({ tagged: IMAGES, facets: IMAGES });
        if (attempt === 5) throw new Error("five batches in a row committed before the kill");
        server = await start();
        cookie = await signIn();
      }
    }
    const tag = addTags.tags[0];

    // Nothing of the batch survived: no image tagged, no facet, no audit entry.
    expect(await changed(tag)).toEqual({ rows: IMAGES, tagged: 0, facets: 0, audits: committed });

    // Restarted, the same batch applies whole, facets with it.
    const second = await start();
    try {
      const result = await (
        await fetch(`${base}/api/v1/admin/images/batch`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: await signIn(), origin: base },
          body: JSON.stringify({ selection: { ids }, operation: addTags }),
        })
      ).json();
      expect(result).toMatchObject({ total: IMAGES, succeeded: IMAGES, failed: 0 });
      expect(await changed(tag)).toEqual({
        rows: IMAGES,
        tagged: IMAGES,
        facets: IMAGES,
        audits: committed + 1,
      });
      const kept = await inspect.db
        .selectFrom("image_facets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("value", "=", "kept")
        .executeTakeFirstOrThrow();
      expect(Number(kept.n)).toBe(IMAGES);
    } finally {
      killGroup(second.child);
      await second.exited;
    }
  }, 300_000);

  // A delete's transaction is one statement and its audit entry: on SQLite it holds the write lock
  // too briefly to be caught from outside, so only PostgreSQL's lock can hold it open here.
  it.skipIf(TEST_DB !== "postgres")(
    "a killed batch delete leaves every image and its files; after a restart it deletes them, files after the commit",
    async () => {
      const storage = new LocalStorage(join(dataDir, "media"));
      for (const id of ids) {
        await storage.put(`public/images/${id}/small-crash.webp`, Buffer.from("webp"));
      }
      const files = async () => (await storage.list("public/images/")).length;
      const statuses = async () =>
        (await inspect.db.selectFrom("images").select("status").where("id", "in", ids).execute())
          .map((r) => r.status)
          .sort();
      const deletes = async () =>
        Number(
          (
            await inspect.db
              .selectFrom("audit_log")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("action", "=", "image.batch_delete")
              .executeTakeFirstOrThrow()
          ).n,
        );

      const first = await start();
      await killWhileWaitingForAudit(first, await signIn(), { type: "delete" }, ["images"]);
      expect(await statuses()).toEqual(ids.map(() => "ready"));
      expect(await files()).toBe(IMAGES);
      expect(await deletes()).toBe(0);

      const second = await start();
      try {
        const res = await fetch(`${base}/api/v1/admin/images/batch`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: await signIn(), origin: base },
          body: JSON.stringify({ selection: { ids }, operation: { type: "delete" } }),
        });
        expect(await res.json()).toMatchObject({ succeeded: IMAGES, failed: 0 });
        expect(await statuses()).toEqual([]);
        expect(await files()).toBe(0);
        expect(await deletes()).toBe(1);
      } finally {
        killGroup(second.child);
        await second.exited;
      }
    },
    300_000,
  );
});
