import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, lstat, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import type { Config } from "../config.js";
import {
  markDeletedInSnapshot,
  type SnapshotCounts,
  snapshotCounts,
  snapshotImages,
  snapshotSqlite,
} from "../db/sqlite-backup.js";
import { hasNoRoom } from "../lib/disk-room.js";
import { MEDIA_OWNER_FILE } from "../media/media-owner.js";
import { EXTENSION_OF, type SniffedFormat } from "../media/sniff.js";

/** The file that marks a folder as a Sawdust backup, and says what is in it. */
export const MANIFEST = "sawdust-backup.json";
const DATABASE_FILE = "sawdust.db";

/** A path a backup may hold: its database, or a file under its media folder (never outside). */
function isBackupPath(path: string): boolean {
  if (path === DATABASE_FILE) return true;
  const [top, ...rest] = path.split("/");
  return (
    top === "media" && rest.length > 0 && rest.every((s) => s !== "" && s !== "." && s !== "..")
  );
}

/** One file of a backup as its manifest records it, the path relative to the backup folder. */
const ZBackupFile = z.object({
  path: z.string().refine(isBackupPath, "a path outside the backup's database and media"),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
type BackupFile = z.infer<typeof ZBackupFile>;
type FileDigest = Omit<BackupFile, "path">;

interface Manifest {
  format: 1;
  createdAt: string;
  database: "sqlite";
  media: "included" | "in the S3 bucket";
  counts: SnapshotCounts & { files: number; bytes: number };
  /**
   * Every file the backup copied (its database first), for restore to check one by one. Absent
   * from the backups of builds before it: those are checked by their counts alone. The format
   * stays 1 so that those builds still restore the backups of this one.
   */
  files?: BackupFile[];
}

/** A refusal the operator can act on: printed as it is, exit code 1. */
export class BackupError extends Error {
  override name = "BackupError";
}

type Out = (line: string) => void;

/** What to do instead on PostgreSQL: pg_dump, and the media folder when the pictures are local. */
function postgresAdvice(config: Config): string {
  const database =
    'This deployment keeps its data in PostgreSQL: back it up with pg_dump (pg_dump --format=custom --file=sawdust.dump "$DATABASE_URL") and restore with pg_restore';
  const media = config.s3
    ? "; the pictures are in the S3 bucket (keep it versioned)"
    : `, then copy ${join(config.dataDir, "media")} and ${join(config.dataDir, MEDIA_OWNER_FILE)}: the pictures are there, not in the database, and a restore needs both`;
  return `${database}${media}. See the README's Backups.`;
}

/**
 * `npm run admin -- backup --to DIR`: the embedded database, copied consistently while the
 * server runs, then the media it names. The snapshot comes first and names exactly the files to
 * copy; a file deleted between the two belongs to an image deleted since, which the copy then
 * records as a deletion under way (the restored server's janitor completes it).
 */
export async function backup(config: Config, to: string, out: Out): Promise<Manifest> {
  if (config.database.kind !== "sqlite") throw new BackupError(postgresAdvice(config));
  await mustHaveDatabase(config.dataDir, config.database.file);
  await mustBeEmpty(to, "--to");
  // The first folder this makes (undefined when `to` was there, empty).
  const made = await mkdir(to, { recursive: true }).catch((error: unknown) => {
    throw destinationFailure(error, to, dirname(to)) ?? error;
  });
  try {
    return await copySite(config, config.database.file, to, out);
  } catch (error) {
    // Told before the partial backup goes: removing it frees the room whose lack failed it.
    const told = destinationFailure(error, to, made ? dirname(made) : to);
    // No half backup is left to be mistaken for one: `to` is gone again, or empty as it was.
    if (made) await rm(made, { recursive: true, force: true });
    else await emptyFolder(to);
    throw told ?? error;
  }
}

/** Codes of a write that found no room, or a folder that takes none. */
const CANNOT_WRITE = new Set(["ENOSPC", "EDQUOT", "EFBIG", "EROFS", "SQLITE_FULL"]);

/**
 * A failed backup told as the destination's fault (`--to`, with `df -h` of `existing`, the
 * nearest folder of it that stays) when it was writing the copy there: a full disk, a folder
 * this user cannot write. Undefined for a failure reading DATA_DIR, which the caller explains
 * as a failed start is (naming DATA_DIR).
 */
export function destinationFailure(
  error: unknown,
  to: string,
  existing: string,
): BackupError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, path, dest, message } = error as {
    code?: unknown;
    path?: unknown;
    dest?: unknown;
    message?: unknown;
  };
  const inTo = (file: unknown) =>
    typeof file === "string" && (file === to || file.startsWith(`${to}/`));
  const noRoom = (typeof code === "string" && CANNOT_WRITE.has(code)) || hasNoRoom(to);
  // A copy's error names both files: it is the destination's only when writing found no room.
  const writingTo = inTo(dest)
    ? noRoom
    : inTo(path) || (path === undefined && dest === undefined && noRoom);
  if (!writingTo) return undefined;
  const what = inTo(dest) ? dest : inTo(path) ? path : to;
  const advice =
    code === "EROFS"
      ? "It is on a read-only file system: back up elsewhere"
      : noRoom
        ? `The disk holding it is full: free space on it (df -h ${existing}) or back up elsewhere`
        : "Back up into a folder this user can write";
  return new BackupError(
    `--to ${to}: cannot write ${String(what)} (${String(message)}). ${advice}; nothing was backed up.`,
  );
}

/** The backup itself, into the empty folder `to`: the database, then the media it names. */
async function copySite(config: Config, database: string, to: string, out: Out): Promise<Manifest> {
  const databaseCopy = join(to, DATABASE_FILE);
  await snapshotSqlite(database, databaseCopy);

  const media: BackupFile[] = [];
  if (!config.s3) {
    const mediaRoot = join(config.dataDir, "media");
    const gone: number[] = [];
    for (const image of snapshotImages(databaseCopy)) {
      if (image.status === "deleting") continue;
      const keys = [
        `private/images/${image.id}/original.${EXTENSION_OF[image.originalFormat as SniffedFormat] ?? image.originalFormat}`,
        ...image.renditionKeys,
      ];
      let complete = true;
      for (const key of keys) {
        const copied = await copyIfPresent(join(mediaRoot, key), join(to, "media", key));
        if (copied === undefined) complete = false;
        else media.push({ path: `media/${key}`, ...copied });
      }
      // An upload still in progress has no renditions yet: its janitor cleans it after restore.
      if (!complete && image.status === "ready") gone.push(image.id);
    }
    markDeletedInSnapshot(databaseCopy, gone);
    if (gone.length > 0)
      out(`${gone.length} image(s) were deleted while the backup ran; they stay deleted.`);
  }

  const counts = snapshotCounts(databaseCopy);
  // SQLite's backup API writes the copy itself, so it is read once more here, when final.
  const databaseEntry = { path: DATABASE_FILE, ...(await hashFile(databaseCopy)) };
  const files = media.length;
  const bytes = media.reduce((sum, file) => sum + file.size, 0);
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: "sqlite",
    media: config.s3 ? "in the S3 bucket" : "included",
    counts: { ...counts, files, bytes },
    files: [databaseEntry, ...media],
  };
  await writeFile(join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const { users, images } = manifest.counts;
  out(
    `Backed up ${users} user(s), ${images} image(s) and ${files} media file(s) (${(bytes / 1048576).toFixed(1)} MiB) to ${to}.`,
  );
  if (config.s3)
    out(
      "Media live in the S3 bucket and are not in this backup: keep them with the bucket's versioning (or replication).",
    );
  return manifest;
}

/**
 * `npm run admin -- restore --from DIR`: puts a backup into an empty data directory (DATA_DIR),
 * never over an installation. Start the server on it afterwards.
 */
export async function restore(config: Config, from: string, out: Out): Promise<void> {
  if (config.database.kind !== "sqlite") throw new BackupError(postgresAdvice(config));
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(from, MANIFEST), "utf8")) as Manifest;
  } catch {
    throw new BackupError(`${from} is not a Sawdust backup: it has no readable ${MANIFEST}.`);
  }
  if (manifest.format !== 1)
    throw new BackupError(
      `${from} is a backup of format ${manifest.format}, which this version cannot read.`,
    );
  if (manifest.media === "included" && config.s3)
    throw new BackupError(
      "This backup holds its media on disk, but S3 is configured: restore into a DATA_DIR without S3 settings (then copy the media folder into the bucket if you move to S3).",
    );
  await mustBeEmpty(config.dataDir, "DATA_DIR");
  const checkedOneByOne = await mustMatchManifest(from, manifest);
  await mkdir(config.dataDir, { recursive: true });
  let files: number;
  try {
    await copyFile(join(from, DATABASE_FILE), config.database.file);
    files =
      manifest.media === "included"
        ? await copyTree(join(from, "media"), join(config.dataDir, "media"))
        : 0;
  } catch (error) {
    // DATA_DIR was empty: it is again, rather than half an installation.
    await emptyFolder(config.dataDir);
    throw new BackupError(
      `Restoring into ${config.dataDir} failed (${(error as Error).message}); it is empty again.`,
    );
  }
  if (!checkedOneByOne)
    out(
      "This backup was made by an older version, whose manifest lists no checksums: its files could not be checked one by one (only the database's own check, its counts, and the media's number of files and bytes).",
    );
  out(
    `Restored ${manifest.counts.users} user(s), ${manifest.counts.images} image(s) and ${files} media file(s) from the backup of ${manifest.createdAt} into ${config.dataDir}. Start the server on it (npm start).`,
  );
}

/**
 * Refuses a backup that is not what its manifest says, before anything is written: each file it
 * lists must be there with its size and SHA-256, and no other under media/ (a flipped byte or two
 * swapped pictures keep the counts); its database must pass SQLite's check and hold the users and
 * images listed. A manifest of an older build lists no files: its media must then hold the number
 * of files and bytes listed, which still catches a missing media folder (a site whose every
 * picture is a 404). True when the files were checked one by one.
 */
async function mustMatchManifest(from: string, manifest: Manifest): Promise<boolean> {
  const nothing = "nothing was restored";
  const listed =
    manifest.files === undefined ? undefined : z.array(ZBackupFile).safeParse(manifest.files);
  if (listed && !listed.success)
    throw new BackupError(
      `${from}/${MANIFEST} is damaged: its list of files is not one this version wrote (${listed.error.issues[0]?.message}); ${nothing}.`,
    );
  if (listed) await mustMatchFiles(from, listed.data, manifest.media === "included");
  let counts: SnapshotCounts;
  try {
    counts = snapshotCounts(join(from, DATABASE_FILE), true);
  } catch (error) {
    throw new BackupError(
      `${from} has no usable ${DATABASE_FILE} (${(error as Error).message}): the backup is incomplete or damaged; ${nothing}.`,
    );
  }
  const expected = manifest.counts;
  if (counts.users !== expected.users || counts.images !== expected.images) {
    throw new BackupError(
      `${from}/${DATABASE_FILE} holds ${counts.users} user(s) and ${counts.images} image(s) where the manifest lists ${expected.users} and ${expected.images}: it is not this backup's database; ${nothing}.`,
    );
  }
  if (listed) return true;
  if (manifest.media !== "included") return false;
  const media = await measureTree(join(from, "media"));
  if (media.files !== expected.files || media.bytes !== expected.bytes) {
    throw new BackupError(
      `${from}/media holds ${media.files} file(s) (${media.bytes} bytes) where the manifest lists ${expected.files} (${expected.bytes} bytes): the backup is incomplete; ${nothing}.`,
    );
  }
  return false;
}

/** How many bad files a refusal names; the rest are counted. */
const NAMED_PROBLEMS = 3;

/**
 * Checks each listed file (there, a regular file, its size, then its SHA-256, read as a stream),
 * and that media/ (when the backup includes it) holds no file the manifest does not list. Every
 * file is checked, so the refusal can count them, but only the first few problems are kept.
 */
async function mustMatchFiles(
  from: string,
  files: BackupFile[],
  withMedia: boolean,
): Promise<void> {
  const problems: string[] = [];
  let bad = 0;
  const problem = (text: string) => {
    bad += 1;
    if (problems.length < NAMED_PROBLEMS) problems.push(text);
  };
  if (!files.some((file) => file.path === DATABASE_FILE))
    problem(`${DATABASE_FILE} is not listed in ${MANIFEST}`);
  for (const file of files) {
    const found = await fileProblem(join(from, file.path), file);
    if (found) problem(`${file.path} ${found}`);
  }
  if (withMedia) {
    const paths = new Set(files.map((file) => file.path));
    for await (const path of filesUnder(from, "media")) {
      if (!paths.has(path)) problem(`${path} is not in the manifest`);
    }
  }
  if (bad === 0) return;
  const more = bad > problems.length ? ` (and ${bad - problems.length} more file(s))` : "";
  throw new BackupError(
    `${from} does not match its manifest (${MANIFEST}): ${problems.join("; ")}${more}. The backup is damaged or incomplete; nothing was restored.`,
  );
}

/** What is wrong with one listed file, or undefined when it is as listed. */
async function fileProblem(path: string, listed: BackupFile): Promise<string | undefined> {
  let size: number;
  try {
    const found = await lstat(path);
    if (!found.isFile()) return "is not a regular file";
    size = found.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "is missing";
    return `cannot be read (${(error as Error).message})`;
  }
  if (size !== listed.size) return `has ${size} bytes where the manifest lists ${listed.size}`;
  const { sha256 } = await hashFile(path);
  if (sha256 !== listed.sha256)
    return `has the listed size but other content (SHA-256 ${sha256}, the manifest lists ${listed.sha256})`;
  return undefined;
}

/** The regular files under `root/dir`, as paths relative to `root`, one directory at a time. */
async function* filesUnder(root: string, dir: string): AsyncGenerator<string> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(root, path);
    else if (entry.isFile()) yield path;
  }
}

/** A file's size and SHA-256, read as a stream (a picture is never held whole). */
async function hashFile(path: string): Promise<FileDigest> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/** The files under a folder and their bytes (none when it does not exist). */
async function measureTree(dir: string): Promise<{ files: number; bytes: number }> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { files: 0, bytes: 0 };
    throw error;
  }
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await measureTree(path);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += (await stat(path)).size;
    }
  }
  return { files, bytes };
}

/**
 * Refuses a DATA_DIR with no database in it, before anything is written: it is a setting gone
 * wrong (a typo, a path relative to another folder), not a site with nothing to back up.
 */
async function mustHaveDatabase(dataDir: string, file: string): Promise<void> {
  try {
    if ((await stat(file)).isFile()) return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      throw new BackupError(
        `DATA_DIR ${dataDir}: cannot read ${file} (${(error as Error).message}); nothing was backed up.`,
      );
    }
  }
  throw new BackupError(
    `DATA_DIR ${dataDir}: there is no database here (${file} does not exist); nothing was backed up. Set DATA_DIR to the server's data directory.`,
  );
}

/** Refuses a folder that holds anything: a backup or restore never overwrites. */
async function mustBeEmpty(dir: string, what: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") {
      throw new BackupError(
        what === "DATA_DIR"
          ? `DATA_DIR (${dir}) is a file, not a directory: point DATA_DIR at a new folder.`
          : `${dir} is a file, not a folder: back up into a new or empty folder.`,
      );
    }
    throw error;
  }
  if (entries.length > 0) {
    throw new BackupError(
      what === "DATA_DIR"
        ? `DATA_DIR (${dir}) is not empty: restore only into an empty data directory, so no installation is overwritten. Point DATA_DIR at a new folder, or move this one away first.`
        : `${dir} is not empty: back up into a new or empty folder.`,
    );
  }
}

/** Removes everything in a folder, leaving it empty. */
async function emptyFolder(dir: string): Promise<void> {
  for (const entry of await readdir(dir)) {
    await rm(join(dir, entry), { recursive: true, force: true });
  }
}

/**
 * Copies `from` to `to`, hashing what it copies (the file is read once): its size and SHA-256,
 * or undefined when `from` was deleted meanwhile. Only a missing source is a deletion: Node's
 * recursive mkdir says ENOENT on a full disk too, and that failure is the destination's, thrown
 * for the caller to name.
 */
export async function copyIfPresent(from: string, to: string): Promise<FileDigest | undefined> {
  try {
    await stat(from);
    await mkdir(dirname(to), { recursive: true });
    return await copyHashing(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const sourceIsThere = await stat(from).then(
      () => true,
      () => false,
    );
    if (sourceIsThere) throw error;
    await rm(to, { force: true });
    return undefined;
  }
}

/** Streams `from` into `to`, hashing each chunk on its way through. */
async function copyHashing(from: string, to: string): Promise<FileDigest> {
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(
    createReadStream(from),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(to),
  );
  return { size, sha256: hash.digest("hex") };
}

async function copyTree(from: string, to: string): Promise<number> {
  let files = 0;
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    if (entry.isDirectory()) files += await copyTree(join(from, entry.name), join(to, entry.name));
    else if (entry.isFile()) {
      await copyFile(join(from, entry.name), join(to, entry.name));
      files += 1;
    }
  }
  return files;
}
