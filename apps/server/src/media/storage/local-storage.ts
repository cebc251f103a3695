import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import type { Storage } from "./storage.js";

/** Media on local disk under one root (DATA_DIR/media). Writes go to a temp file, then rename. */
export class LocalStorage implements Storage {
  readonly kind = "local";
  constructor(readonly root: string) {}

  /** The absolute path of a key, refusing anything that would escape the root. */
  pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (path !== this.root && !path.startsWith(this.root + sep)) {
      throw new Error(`invalid storage key: ${key}`);
    }
    return path;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.atomically(key, (tmp) => writeFile(tmp, body));
  }

  /** Moves the file into place when it is on the same filesystem (no copy), else copies it. */
  async putFile(key: string, path: string): Promise<void> {
    await this.atomically(key, async (tmp) => {
      try {
        await rename(path, tmp);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await copyFile(path, tmp);
      }
    });
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    // Open now: a missing file fails here (ENOENT) rather than on the stream's first read, and an
    // open file stays readable if it is removed meanwhile (an image deleted as it is downloaded).
    const stream = createReadStream(this.pathOf(key), range);
    await once(stream, "ready");
    return stream;
  }

  readBuffer(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    const path = this.pathOf(prefix.replace(/\/$/, ""));
    if (path === this.root) throw new Error("refusing to delete the whole media root");
    await rm(path, { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.pathOf(prefix.replace(/\/$/, "") || ".");
    try {
      const entries = await readdir(base, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile() && !e.name.startsWith(".tmp-"))
        .map((e) => relative(this.root, join(e.parentPath, e.name)).split(sep).join("/"));
    } catch {
      return [];
    }
  }

  private async atomically(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = join(dirname(path), `.tmp-${randomBytes(6).toString("hex")}`);
    try {
      await write(tmp);
      await rename(tmp, path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }
}
