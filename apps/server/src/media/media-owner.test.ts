import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../config.js";
import { claimLocalMedia, MEDIA_OWNER_FILE } from "./media-owner.js";

const folders: string[] = [];
async function mediaFolder(): Promise<string> {
  const root = join(await mkdtemp(join(tmpdir(), "sawdust-media-owner-")), "media");
  folders.push(root);
  return root;
}
afterEach(async () => {
  for (const root of folders.splice(0))
    await rm(join(root, ".."), { recursive: true, force: true });
});

describe("DATA_DIR/media belongs to one database", () => {
  it("is taken by the first database to start on it, and kept for it", async () => {
    const root = await mediaFolder();
    await claimLocalMedia(root, "db-a", false);
    expect((await readFile(join(root, MEDIA_OWNER_FILE), "utf8")).trim()).toBe("db-a");
    await expect(claimLocalMedia(root, "db-a", true)).resolves.toBeUndefined();
  });

  it("refuses another database, naming both and what to do, and writes nothing", async () => {
    const root = await mediaFolder();
    await claimLocalMedia(root, "db-a", false);
    const refused = claimLocalMedia(root, "db-b", false);
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/another database \(db-a\), not of this one \(db-b\)/);
    expect((await readFile(join(root, MEDIA_OWNER_FILE), "utf8")).trim()).toBe("db-a");
  });

  it("gives a folder from before the check to the database with images, never to an empty one", async () => {
    const root = await mediaFolder();
    await mkdir(join(root, "media", "private", "images", "1"), { recursive: true });
    await writeFile(join(root, "media", "private", "images", "1", "original.png"), "picture");
    await expect(claimLocalMedia(root, "empty-postgres", false)).rejects.toThrow(
      /holds pictures, but this database has no images/,
    );
    await claimLocalMedia(root, "the-sqlite-site", true);
    expect((await readFile(join(root, MEDIA_OWNER_FILE), "utf8")).trim()).toBe("the-sqlite-site");
  });

  it("takes a folder of empty folders, as a start before any upload leaves it", async () => {
    const root = await mediaFolder();
    await mkdir(join(root, "media", "public"), { recursive: true });
    await mkdir(join(root, "media", "private"), { recursive: true });
    await expect(claimLocalMedia(root, "db-a", false)).resolves.toBeUndefined();
  });
});
