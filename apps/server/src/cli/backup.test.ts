import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyIfPresent, destinationFailure } from "./backup.js";

const work = mkdtempSync(join(tmpdir(), "sawdust-backup-failure-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const coded = (code: string, message: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe("a backup that fails", () => {
  const to = "/backups/2026-11-25";

  it("names --to, and df -h of it, when the destination's disk is full (round 61)", async () => {
    // A real full disk's error (/dev/full takes no byte): a write's names no file.
    symlinkSync("/dev/full", join(work, "sawdust-backup.json"));
    const full = await writeFile(join(work, "sawdust-backup.json"), "{}").catch((e: unknown) => e);
    expect(destinationFailure(full, work, work)?.message).toMatch(
      new RegExp(
        `^--to ${work}: cannot write ${work} \\(ENOSPC: .*\\)\\. The disk holding it is full: free space on it \\(df -h ${work}\\)`,
      ),
    );
    // What the operator met: a copy of a picture into the full destination.
    const copy = coded(
      "ENOSPC",
      `ENOSPC: no space left on device, copyfile '/srv/sawdust/media/private/images/1/original.png' -> '${to}/media/private/images/1/original.png'`,
      { path: "/srv/sawdust/media/private/images/1/original.png", dest: `${to}/media/x.png` },
    );
    const told = destinationFailure(copy, to, "/backups")?.message ?? "";
    expect(told).toMatch(/^--to \/backups\/2026-11-25: cannot write .*df -h \/backups\)/);
    expect(told).not.toContain("DATA_DIR");
    // SQLite's copy of the database reports no file: the destination is the one written.
    expect(
      destinationFailure(coded("SQLITE_FULL", "database or disk is full"), to, to)?.message,
    ).toContain(`--to ${to}: cannot write ${to} (database or disk is full)`);
  });

  it("names --to when it cannot be written, and leaves a failure reading DATA_DIR to DATA_DIR", () => {
    const denied = coded("EACCES", `EACCES: permission denied, mkdir '${to}/media'`, {
      path: `${to}/media`,
    });
    expect(destinationFailure(denied, to, to)?.message).toContain(
      `--to ${to}: cannot write ${to}/media (EACCES: permission denied, mkdir '${to}/media'). Back up into a folder this user can write`,
    );
    const unreadable = coded("EACCES", "EACCES: permission denied, copyfile", {
      path: "/srv/sawdust/media/x.png",
      dest: `${to}/media/x.png`,
    });
    expect(destinationFailure(unreadable, to, to)).toBeUndefined();
    const elsewhere = coded("EIO", "EIO: i/o error, read", { path: "/srv/sawdust/sawdust.db" });
    expect(destinationFailure(elsewhere, to, to)).toBeUndefined();
  });
});

describe("copying a picture into the backup", () => {
  it("is told a deleted picture only when the picture is gone, not when the destination fails", async () => {
    const picture = join(work, "picture.png");
    await writeFile(picture, "png");
    // Its size and SHA-256, taken from the bytes the copy read (sha256sum of "png").
    expect(await copyIfPresent(picture, join(work, "copy", "picture.png"))).toEqual({
      size: 3,
      sha256: createHash("sha256").update("png").digest("hex"),
    });
    expect(await readFile(join(work, "copy", "picture.png"), "utf8")).toBe("png");
    expect(await copyIfPresent(join(work, "deleted.png"), join(work, "copy", "x.png"))).toBe(
      undefined,
    );
    // Node's recursive mkdir says ENOENT for a folder it cannot make (a full disk, here a link
    // to nowhere): the picture is there, so this is the destination's failure, not a deletion.
    symlinkSync(join(work, "nowhere", "deeper"), join(work, "dangling"));
    const failed = await copyIfPresent(picture, join(work, "dangling", "picture.png")).catch(
      (e: unknown) => e,
    );
    expect(failed).toMatchObject({ code: "ENOENT" });
    expect(destinationFailure(failed, work, work)?.message).toContain(`--to ${work}: cannot write`);
  });
});
