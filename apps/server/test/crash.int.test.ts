import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { EAGER_RENDITIONS } from "../src/media/renditions.js";
import { LocalStorage } from "../src/media/storage/local-storage.js";
import { makePng } from "./images.js";
import { createTestDatabase, TEST_DB } from "./test-app.js";

const serverDir = resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "sawdust-crash-"));
const database = await createTestDatabase();
const env = {
  ...process.env,
  ...database.env,
  DATA_DIR: dataDir,
  PORT: "0",
  LOG_LEVEL: "silent",
  DEMO_CONTENT: "false",
  ADMIN_USERNAME: "crash_admin",
  ADMIN_PASSWORD: "crash admin password",
  TEST_UPLOAD_LEASE_MS: "1000",
};
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/crash-server.ts"], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolvePromise, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /READY (\d+)/.exec(out)?.[1];
      if (port) resolvePromise({ child, base: `http://127.0.0.1:${port}` });
    });
    child.on("exit", (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "crash_admin", password: "crash admin password" }),
  });
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

describe(`a server killed during uploads on ${TEST_DB}`, () => {
  it("leaves no orphan file or row, and every committed image has its renditions and job", async () => {
    const first = await startServer();
    const cookie = await signIn(first.base);
    const png = await makePng(2400, 3000);
    const uploads = Array.from({ length: 6 }, (_, i) => {
      const form = new FormData();
      form.append("images", new Blob([png], { type: "image/png" }), `crash-${i}.png`);
      form.append("editionType", "open_edition");
      return fetch(`${first.base}/api/v1/images/upload`, {
        method: "POST",
        headers: { cookie },
        body: form,
      })
        .then((r) => r.status)
        .catch(() => "killed");
    });
    // Kill as soon as one upload has committed: the others are mid-flight.
    await Promise.race(uploads);
    first.child.kill("SIGKILL");
    const outcomes = await Promise.all(uploads);
    expect(outcomes).toContain(201);
    expect(outcomes).toContain("killed");

    // The kill left work behind: an upload mid-processing, or one still arriving.
    const dead = openDatabase(loadConfig(env));
    const leftRows = await dead.db
      .selectFrom("images")
      .select("id")
      .where("status", "!=", "ready")
      .execute();
    await dead.close();
    const leftTmp = readdirSync(join(dataDir, "tmp", "uploads")).length;
    expect(leftRows.length + leftTmp).toBeGreaterThan(0);

    // Let the dead uploads' leases run out, then start again: the janitor sweeps at start.
    await new Promise((r) => setTimeout(r, 1200));
    const second = await startServer();
    try {
      const handle = openDatabase(loadConfig(env));
      const storage = new LocalStorage(join(dataDir, "media"));
      try {
        const images = await handle.db.selectFrom("images").select(["id", "status"]).execute();
        expect(images.length).toBeGreaterThanOrEqual(1);
        expect(images.every((i) => i.status === "ready")).toBe(true);
        const ids = new Set(images.map((i) => i.id));
        for (const { id } of images) {
          const renditions = await handle.db
            .selectFrom("renditions")
            .selectAll()
            .where("image_id", "=", id)
            .execute();
          expect(renditions.map((r) => r.size).sort()).toEqual([...EAGER_RENDITIONS].sort());
          for (const r of renditions) expect(await storage.size(r.storage_key)).toBe(r.bytes);
          const jobs = await handle.db
            .selectFrom("jobs")
            .select("kind")
            .where("image_id", "=", id)
            .execute();
          expect(jobs.map((j) => j.kind)).toEqual(["analyze-image"]);
        }
        // No file belongs to an image that does not exist.
        const orphans = (await storage.list("")).filter(
          (key) => !ids.has(Number(key.split("/")[2])),
        );
        expect(orphans).toEqual([]);
        const tmp = join(dataDir, "tmp", "uploads");
        expect(readdirSync(tmp).length).toBe(0);
        // The restarted server works.
        const list = await fetch(`${second.base}/api/v1/images`, {
          headers: { cookie: await signIn(second.base) },
        });
        expect(((await list.json()) as { stats: { totalImages: number } }).stats.totalImages).toBe(
          images.length,
        );
      } finally {
        await handle.close();
      }
    } finally {
      second.child.kill("SIGTERM");
    }
  }, 120_000);
});
