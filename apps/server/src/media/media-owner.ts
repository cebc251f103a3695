import { mkdir, opendir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ConfigError } from "../config.js";

/**
 * The file in DATA_DIR naming the database whose pictures `DATA_DIR/media` holds. Beside the
 * folder, not in it: the storage lists, sizes and sweeps everything in the folder as pictures.
 */
export const MEDIA_OWNER_FILE = ".media-database";

/**
 * Makes sure `DATA_DIR/media` holds this database's pictures, or none, before anything is written
 * there. Files are kept by image id, so a second database on the same folder (an SQLite site
 * restarted with DATABASE_URL set to an empty PostgreSQL) overwrote the first site's pictures
 * with its own image 1 and deleted them with it. The first start on a folder writes the database's
 * id into it; a start of another database is refused, naming what to do. A folder from before
 * this check is taken by the database that has images, never by an empty one. And a database with
 * ready images is not started on a folder with none of their pictures (a PostgreSQL database
 * restored without DATA_DIR/media looked healthy, every picture missing), unless told to.
 */
export async function claimLocalMedia(
  dataDir: string,
  databaseId: string,
  images: "none" | "some" | "ready",
): Promise<void> {
  const root = join(dataDir, "media");
  const ownerFile = join(dataDir, MEDIA_OWNER_FILE);
  const owner = await readFile(ownerFile, "utf8").then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    },
  );
  if (owner === databaseId) return;
  const moving =
    "Use a DATA_DIR of its own for this database, or point DATABASE_URL back at the database whose pictures they are (README: Moving a site).";
  if (owner !== undefined) {
    throw new ConfigError(
      `${root} holds the pictures of another database (${owner}), not of this one (${databaseId}). ${moving}`,
    );
  }
  if (images === "none" && (await holdsAFile(root))) {
    throw new ConfigError(
      `${root} holds pictures, but this database has no images: they belong to another site's database. ${moving}`,
    );
  }
  if (images === "ready" && !(await holdsAFile(root))) {
    throw new ConfigError(
      `This database has images, but ${root} holds none of their pictures: restore DATA_DIR/media from the same backup as the database (README: Backups). If they are lost for good, write the database's id (${databaseId}) into ${ownerFile} to start without them.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(ownerFile, `${databaseId}\n`);
}

/** Whether any file lies under `root` (folders alone do not count); stops at the first. */
async function holdsAFile(root: string): Promise<boolean> {
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  for await (const entry of entries) {
    if (entry.isFile()) return true;
  }
  return false;
}
