/**
 * `npm run admin -- backup` and `restore` (issue 17, acceptance 5): a backup taken while members
 * register and admins upload restores into a fresh instance with the same users, images and
 * renditions (files byte for byte), the sessions of the backup's moment (later ones refused),
 * and a passing /readyz. The embedded database only: on PostgreSQL the command points to pg_dump.
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../src/app.js";
import { createWorker, startJanitor } from "../src/background.js";
import { runAdminCli } from "../src/cli/admin.js";
import { loadConfig } from "../src/config.js";
import { LocalStorage } from "../src/media/storage/local-storage.js";
import { calmRater, makePng, signIn, upload } from "./images.js";
import { createTestApp, TEST_DB, type TestApp } from "./test-app.js";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const quiet = { warn() {}, error() {}, info() {}, debug() {}, child: () => quiet } as never;

/** Runs the admin command line, returning its exit code and what it printed. */
async function admin(args: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((line) => lines.push(String(line)));
  const error = vi.spyOn(console, "error").mockImplementation((line) => lines.push(String(line)));
  try {
    return { code: await runAdminCli(args, env), output: lines.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const rowsOf = async (app: App) => ({
  users: await app.database.db.selectFrom("users").selectAll().orderBy("id").execute(),
  images: await app.database.db
    .selectFrom("images")
    .selectAll()
    .where("status", "=", "ready")
    .orderBy("id")
    .execute(),
  renditions: await app.database.db
    .selectFrom("renditions")
    .selectAll()
    .orderBy("image_id")
    .orderBy("size")
    .execute(),
});

describe.skipIf(TEST_DB !== "sqlite")("backup and restore of the embedded database", () => {
  let live: TestApp;
  let restored: App | undefined;
  const folders: string[] = [];
  const folder = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `sawdust-${name}-`));
    folders.push(dir);
    return dir;
  };
  beforeAll(async () => {
    live = await createTestApp({}, { rater: calmRater });
  });
  afterAll(async () => {
    await restored?.server.close();
    await live.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it("a backup under write load restores into a fresh instance with the same catalogue and accounts", async () => {
    const boss = await signIn(live, "backup_admin", "admin");
    const before = await signIn(live, "backup_member");
    for (let i = 0; i < 3; i++) {
      const res = await upload(live, boss.cookie, {
        name: `before-${i}.png`,
        data: await makePng(900, 900, { seed: 40 + i }),
      });
      expect(res.statusCode).toBe(201);
    }
    const worker = createWorker(live.services, quiet);
    while (await worker.runOnce()) {}
    const atStart = await rowsOf(live);

    // Write load until the backup is done: registrations and uploads one after another, and a
    // member saving their profile as fast as the server commits it.
    let loading = true;
    let written = 0;
    let profileSaves = 0;
    let saving = true;
    const png = await makePng(900, 900, { seed: 7 });
    const load = (async () => {
      for (let i = 0; loading; i++) {
        await signIn(live, `load_${i}`);
        const res = await upload(live, boss.cookie, { name: `load-${i}.png`, data: png });
        if (res.statusCode !== 201) throw new Error(`upload under load: ${res.body}`);
        written += 1;
      }
    })();
    const writer = await signIn(live, "backup_busy_writer");
    const saves = (async () => {
      while (saving) {
        const res = await live.server.inject({
          method: "PATCH",
          url: "/api/v1/profile",
          headers: { cookie: writer.cookie },
          payload: { bio: `save ${profileSaves}` },
        });
        if (res.statusCode !== 200) throw new Error(`profile under load: ${res.body}`);
        profileSaves += 1;
      }
    })();
    while (written < 2) await new Promise((r) => setTimeout(r, 20));
    const backupDir = join(folder("backup"), "copy");
    const savesBefore = profileSaves;
    const made = await admin(["backup", "--to", backupDir], live.env);
    const savesDuring = profileSaves - savesBefore;
    saving = false;
    expect(made.code).toBe(0);
    expect(made.output).toMatch(/Backed up \d+ user\(s\), \d+ image\(s\) and \d+ media file\(s\)/);
    const after = await signIn(live, "after_backup_member");
    loading = false;
    await Promise.all([load, saves]);
    // Writes were committed while the backup ran.
    expect(savesDuring).toBeGreaterThan(0);
    const atEnd = await rowsOf(live);

    // Backing up into a folder that holds something is refused.
    const again = await admin(["backup", "--to", backupDir], live.env);
    expect(again.code).toBe(1);
    expect(again.output).toContain("is not empty");

    // Restore: refused over an installation, done into an empty DATA_DIR.
    const overLive = await admin(["restore", "--from", backupDir], live.env);
    expect(overLive.code).toBe(1);
    expect(overLive.output).toContain("DATA_DIR");
    expect(overLive.output).toContain("not empty");
    const restoredDir = folder("restored");
    const env = { ...live.env, DATA_DIR: restoredDir };
    const put = await admin(["restore", "--from", backupDir], env);
    expect(put.code).toBe(0);
    restored = await buildApp(loadConfig(env), { webDist: live.webDist, rater: calmRater });
    await startJanitor(restored.services, restoredDir, 120_000, quiet).firstSweep;
    const back = await rowsOf(restored);

    // Everything there before the backup began is there, as it was.
    const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);
    expect(ids(back.users)).toEqual(expect.arrayContaining(ids(atStart.users)));
    expect(ids(back.images)).toEqual(expect.arrayContaining(ids(atStart.images)));
    // Whatever else it holds was written during the backup, and is exactly as written.
    for (const user of back.users) {
      // The busy writer's profile is whatever it was at the backup's moment.
      if (user.id === writer.userId) expect(user.bio).toMatch(/^save \d+$/);
      else expect(user).toEqual(atEnd.users.find((u) => u.id === user.id));
    }
    for (const image of back.images)
      expect(image).toEqual(atEnd.images.find((i) => i.id === image.id));
    const liveRenditions = atEnd.renditions.filter((r) => ids(back.images).includes(r.image_id));
    expect(back.renditions).toEqual(liveRenditions);
    expect(back.images.length).toBeGreaterThan(atStart.images.length);
    expect(back.users.length).toBeLessThan(atEnd.users.length);

    // Every file of every restored image, byte for byte; the public ones served over HTTP too.
    const liveFiles = new LocalStorage(join(live.dataDir, "media"));
    const restoredFiles = new LocalStorage(join(restoredDir, "media"));
    const digest = async (files: LocalStorage, key: string) =>
      createHash("sha256")
        .update(await files.readBuffer(key))
        .digest("hex");
    for (const rendition of back.renditions) {
      expect(await digest(restoredFiles, rendition.storage_key)).toBe(
        await digest(liveFiles, rendition.storage_key),
      );
    }
    const bossOnRestored = { cookie: boss.cookie };
    for (const image of back.images) {
      const res = await restored.server.inject({
        method: "GET",
        url: `/api/v1/images/${image.id}`,
        headers: bossOnRestored,
      });
      expect(res.statusCode).toBe(200);
      const media = await restored.server.inject({
        method: "GET",
        url: res.json().urlSmall,
        headers: bossOnRestored,
      });
      expect(media.statusCode).toBe(200);
    }

    // Sessions: those of the backup's moment work, a later one is refused.
    const whoAmI = (cookie: string) =>
      restored?.server.inject({ method: "GET", url: "/api/v1/auth/user", headers: { cookie } });
    const beforeAnswer = await whoAmI(before.cookie);
    expect(beforeAnswer?.statusCode).toBe(200);
    expect(beforeAnswer?.json().username).toBe("backup_member");
    expect((await whoAmI(after.cookie))?.statusCode).toBe(401);
    const ready = await restored.server.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
  }, 60_000);

  it("records an image whose files vanished during the backup as deleted, and the restored janitor removes it", async () => {
    const app = await createTestApp({}, { rater: calmRater });
    try {
      const boss = await signIn(app, "vanish_admin", "admin");
      const kept = (
        await upload(app, boss.cookie, { name: "kept.png", data: await makePng(900, 900) })
      ).json().uploaded[0].id as number;
      const gone = (
        await upload(app, boss.cookie, {
          name: "gone.png",
          data: await makePng(900, 900, { seed: 2 }),
        })
      ).json().uploaded[0].id as number;
      // As if deleted after the snapshot: a file of it is no longer on disk.
      const [rendition] = await app.database.db
        .selectFrom("renditions")
        .select("storage_key")
        .where("image_id", "=", gone)
        .execute();
      unlinkSync(join(app.dataDir, "media", rendition?.storage_key ?? ""));

      const backupDir = join(folder("vanish"), "copy");
      const made = await admin(["backup", "--to", backupDir], app.env);
      expect(made.code).toBe(0);
      expect(made.output).toContain("1 image(s) were deleted while the backup ran");
      const restoredDir = folder("vanish-restored");
      const env = { ...app.env, DATA_DIR: restoredDir };
      expect((await admin(["restore", "--from", backupDir], env)).code).toBe(0);
      const copy = await buildApp(loadConfig(env), { webDist: app.webDist });
      try {
        await startJanitor(copy.services, restoredDir, 120_000, quiet).firstSweep;
        const images = await copy.database.db.selectFrom("images").select("id").execute();
        expect(images.map((i) => i.id)).toEqual([kept]);
        expect(readdirSync(join(restoredDir, "media", "public", "images"))).toEqual([String(kept)]);
      } finally {
        await copy.server.close();
      }
    } finally {
      await app.close();
    }
  });

  /** A backup of `live` holding two more pictures, taken once for the checks below. */
  let checkedBackup: Promise<string> | undefined;
  const goodBackup = () => {
    checkedBackup ??= (async () => {
      const boss = await signIn(live, "backup_checker", "admin");
      for (const seed of [99, 98]) {
        const res = await upload(live, boss.cookie, {
          name: `checked-${seed}.png`,
          data: await makePng(900, 900, { seed }),
        });
        expect(res.statusCode).toBe(201);
      }
      const worker = createWorker(live.services, quiet);
      while (await worker.runOnce()) {}
      const good = join(folder("checked"), "backup");
      expect((await admin(["backup", "--to", good], live.env)).code).toBe(0);
      return good;
    })();
    return checkedBackup;
  };
  /** A copy of the good backup, damaged by `damage`. */
  const damaged = async (name: string, damage: (dir: string) => void) => {
    const dir = join(folder(name), "backup");
    cpSync(await goodBackup(), dir, { recursive: true });
    damage(dir);
    return dir;
  };
  const manifestOf = (dir: string) =>
    JSON.parse(readFileSync(join(dir, "sawdust-backup.json"), "utf8")) as {
      counts: { files: number; bytes: number };
      files?: Array<{ path: string; size: number; sha256: string }>;
    };
  /** The files under a backup's media folder, as paths inside the backup. */
  const mediaFilesOf = (dir: string) => {
    const found: string[] = [];
    const stack = ["media"];
    for (let next = stack.pop(); next; next = stack.pop()) {
      for (const entry of readdirSync(join(dir, next), { withFileTypes: true })) {
        if (entry.isDirectory()) stack.push(`${next}/${entry.name}`);
        else found.push(`${next}/${entry.name}`);
      }
    }
    return found.sort();
  };
  /** The pictures' originals in the good backup, as paths inside it. */
  const originals = async () =>
    mediaFilesOf(await goodBackup()).filter((path) =>
      /^media\/private\/images\/\d+\/original\.png$/.test(path),
    );
  /** Restores `from` into a new DATA_DIR, expecting a refusal that writes nothing. */
  const refused = async (from: string) => {
    const dataDir = join(folder("restore-refused"), "data");
    const res = await admin(["restore", "--from", from], { ...live.env, DATA_DIR: dataDir });
    expect({ from, code: res.code, output: res.output }).toMatchObject({ from, code: 1 });
    expect(res.output).toContain("nothing was restored");
    expect(readdirSync(join(dataDir, ".."))).toEqual([]);
    return res.output;
  };
  /** Writes the manifest an older build wrote: counts, no per-file entries. */
  const asOldBuild = (dir: string) => {
    const { files: _files, ...old } = manifestOf(dir);
    writeFileSync(join(dir, "sawdust-backup.json"), JSON.stringify(old, null, 2));
  };

  it("lists every file it copied with its size and SHA-256, and restores a backup that matches", async () => {
    const good = await goodBackup();
    const { files = [], counts } = manifestOf(good);
    expect(files[0]?.path).toBe("sawdust.db");
    const listed = files.slice(1).map((file) => file.path);
    expect(listed.sort()).toEqual(mediaFilesOf(good));
    for (const file of files) {
      const bytes = readFileSync(join(good, file.path));
      expect({ path: file.path, size: bytes.length, sha256: sha256(bytes) }).toEqual(file);
    }
    expect(counts.files).toBe(files.length - 1);

    const restoredDir = join(folder("restore-good"), "data");
    const accepted = await admin(["restore", "--from", good], {
      ...live.env,
      DATA_DIR: restoredDir,
    });
    expect(accepted.code, accepted.output).toBe(0);
    expect(accepted.output).not.toContain("one by one");
    for (const file of files) {
      expect(sha256(readFileSync(join(restoredDir, file.path)))).toBe(file.sha256);
    }
  }, 60_000);

  it("refuses a backup missing its media or database, or damaged, and writes nothing", async () => {
    const [first] = await originals();
    const cases: Array<[string, string]> = [
      [
        await damaged("no-media", (dir) => rmSync(join(dir, "media"), { recursive: true })),
        " is missing",
      ],
      [
        await damaged("one-file-gone", (dir) => unlinkSync(join(dir, first ?? ""))),
        `${first} is missing`,
      ],
      [
        await damaged("no-db", (dir) => unlinkSync(join(dir, "sawdust.db"))),
        "sawdust.db is missing",
      ],
      [
        await damaged("garbage-db", (dir) => writeFileSync(join(dir, "sawdust.db"), "garbage")),
        "sawdust.db has 7 bytes where the manifest lists",
      ],
      [
        await damaged("truncated-db", (dir) => truncateSync(join(dir, "sawdust.db"), 40 * 1024)),
        "sawdust.db has 40960 bytes where the manifest lists",
      ],
      [
        await damaged("one-byte-short", (dir) => {
          const path = join(dir, first ?? "");
          truncateSync(path, statSync(path).size - 1);
        }),
        `${first} has `,
      ],
      [
        await damaged("stray-file", (dir) =>
          writeFileSync(join(dir, "media", "private", "stray.png"), "png"),
        ),
        "media/private/stray.png is not in the manifest",
      ],
    ];
    for (const [from, message] of cases) {
      const output = await refused(from);
      expect(output).toContain(`${from} does not match its manifest`);
      expect(output).toContain(message);
    }
  }, 60_000);

  it("refuses a picture with one byte changed, same size, naming it (outside operator)", async () => {
    const [first] = await originals();
    const from = await damaged("flipped-byte", (dir) => {
      const bytes = readFileSync(join(dir, first ?? ""));
      bytes[100] = (bytes[100] ?? 0) ^ 0xff;
      writeFileSync(join(dir, first ?? ""), bytes);
    });
    const output = await refused(from);
    expect(output).toContain(`${first} has the listed size but other content`);
    expect(output).not.toContain("more file(s)");
  });

  it("refuses two pictures swapped, naming both", async () => {
    const [first, second] = await originals();
    expect(second).toBeDefined();
    const from = await damaged("swapped", (dir) => {
      const a = readFileSync(join(dir, first ?? ""));
      writeFileSync(join(dir, first ?? ""), readFileSync(join(dir, second ?? "")));
      writeFileSync(join(dir, second ?? ""), a);
    });
    const output = await refused(from);
    expect(output).toContain(`${first} has `);
    expect(output).toContain(`${second} has `);
  });

  it("restores a backup of an older build (no per-file list) with its old checks, saying its files were not checked one by one", async () => {
    const old = await damaged("old-build", asOldBuild);
    const dataDir = join(folder("restore-old"), "data");
    const res = await admin(["restore", "--from", old], { ...live.env, DATA_DIR: dataDir });
    expect(res.code, res.output).toBe(0);
    expect(res.output).toContain("its files could not be checked one by one");
    expect(res.output).toMatch(/Restored \d+ user\(s\)/);
    const [first] = await originals();
    expect(readFileSync(join(dataDir, first ?? ""))).toEqual(
      readFileSync(join(await goodBackup(), first ?? "")),
    );

    // Its old checks still hold: the media's count and bytes, and SQLite's own check.
    const noMedia = await damaged("old-no-media", (dir) => {
      asOldBuild(dir);
      rmSync(join(dir, "media"), { recursive: true });
    });
    expect(await refused(noMedia)).toContain("/media holds 0 file(s)");
    const garbage = await damaged("old-garbage-db", (dir) => {
      asOldBuild(dir);
      writeFileSync(join(dir, "sawdust.db"), "garbage");
    });
    expect(await refused(garbage)).toContain("has no usable sawdust.db");
  }, 60_000);

  it("refuses a folder that is not a backup", async () => {
    const notBackup = folder("not-backup");
    writeFileSync(join(notBackup, "hello.txt"), "hi");
    const res = await admin(["restore", "--from", notBackup], {
      ...live.env,
      DATA_DIR: folder("empty"),
    });
    expect(res.code).toBe(1);
    expect(res.output).toContain("is not a Sawdust backup");
    expect((await admin(["backup"], live.env)).code).toBe(2);
  });
});

describe.skipIf(TEST_DB !== "postgres")("backup on PostgreSQL", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("points to pg_dump and the media folder instead of copying anything", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sawdust-pg-backup-"));
    try {
      const res = await admin(["backup", "--to", join(dir, "copy")], app.env);
      expect(res.code).toBe(1);
      expect(res.output).toContain("pg_dump");
      // The pictures are on local disk here: a dump alone restores a site without them.
      expect(res.output).toContain(`then copy ${join(app.dataDir, "media")}`);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
