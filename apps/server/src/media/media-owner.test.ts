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
    await claimLocalMedia(root, "db-a", "none");
    expect((await readFile(join(root, MEDIA_OWNER_FILE), "utf8")).trim()).toBe("db-a");
    await expect(claimLocalMedia(root, "db-a", "ready")).resolves.toBeUndefined();
  });

  it("refuses another database, naming both and what to do, and writes nothing", async () => {
    const root = await mediaFolder();
    await claimLocalMedia(root, "db-a", "none");
    const refused = claimLocalMedia(root, "db-b", "none");
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/another database \(db-a\), not of this one \(db-b\)/);
    expect((await readFile(join(root, MEDIA_OWNER_FILE), "utf8")).trim()).toBe("db-a");
  });

  it("gives a folder from before the check to the database with images, never to an empty one", async () => {
    const root = await mediaFolder();
    await mkdir(join(root, "media", "private", "images", "1"), { recursive: true });
    await writeFile(join(root, "media", "private", "images", "1", "original.png"), "picture");
    await expect(claimLocalMedia(root, "empty-postgres", "none")).rejects.toThrow(
      /holds pictures, but this database has no images/,
    );
    await claimLocalMedia(root, "the-sqlite-site", "ready");
    expect((await readFile(join(root, MEDIA_OWNER_FILE), "utf8")).trim()).toBe("the-sqlite-site");
  });

  it("takes a folder of empty folders, as a start before any upload leaves it", async () => {
    const root = await mediaFolder();
    await mkdir(join(root, "media", "public"), { recursive: true });
    await mkdir(join(root, "media", "private"), { recursive: true });
    await expect(claimLocalMedia(root, "db-a", "none")).resolves.toBeUndefined();
  });

  it("refuses a database with ready images on a folder with none of their pictures, unless told to", async () => {
    const root = await mediaFolder();
    await mkdir(join(root, "media", "public"), { recursive: true });
    const restored = claimLocalMedia(root, "restored-db", "ready");
    await expect(restored).rejects.toThrow(ConfigError);
    await expect(claimLocalMedia(root, "restored-db", "ready")).rejects.toThrow(
      /holds none of their pictures: restore DATA_DIR\/media from the same backup/,
    );
    // Images whose upload never stored a picture (a disk full at the first upload) are no reason.
    await expect(claimLocalMedia(root, "failed-uploads", "some")).resolves.toBeUndefined();
    // Told to: the pictures are lost for good, and the operator wrote the id as the message says.
    const other = await mediaFolder();
    await mkdir(other, { recursive: true });
    await writeFile(join(other, MEDIA_OWNER_FILE), "restored-db\n");
    await expect(claimLocalMedia(other, "restored-db", "ready")).resolves.toBeUndefined();
  });
});
