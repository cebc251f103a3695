import { SQLite } from "./sqlite-driver.js";

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API, while other
 * processes read and write it (WAL: the copy reads, it never blocks a writer). SQLite starts the
 * copy over when another connection writes between two of its steps, so after a first step
 * that learns the size, the rest is copied in one step: it always finishes, however busy the
 * server is. The copy is then made a single self-contained file (no WAL beside it).
 */
export async function snapshotSqlite(sourceFile: string, destinationFile: string): Promise<void> {
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(destinationFile, {
      progress: ({ totalPages }) => Math.max(totalPages * 2, 100),
    });
  } finally {
    source.close();
  }
  const copy = new SQLite(destinationFile);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** The files of each image that a snapshot says exist: its original and its renditions. */
export interface SnapshotImage {
  id: number;
  status: string;
  originalFormat: string;
  renditionKeys: string[];
}

/** What a backup holds, counted from its own copy of the database. */
export interface SnapshotCounts {
  users: number;
  images: number;
  renditions: number;
  sessions: number;
}

/** Reads a snapshot's images and the media keys they name. */
export function snapshotImages(file: string): SnapshotImage[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const images = db
      .prepare("select id, status, original_format from images order by id")
      .all() as Array<{
      id: number;
      status: string;
      original_format: string;
    }>;
    const keys = db.prepare("select image_id, storage_key from renditions").all() as Array<{
      image_id: number;
      storage_key: string;
    }>;
    return images.map((image) => ({
      id: image.id,
      status: image.status,
      originalFormat: image.original_format,
      renditionKeys: keys.filter((k) => k.image_id === image.id).map((k) => k.storage_key),
    }));
  } finally {
    db.close();
  }
}

/**
 * The rows a snapshot holds, after SQLite's own check of the whole file (`quick_check`) when
 * `checked`: a truncated or damaged copy throws rather than counting what it still can.
 */
export function snapshotCounts(file: string, checked = false): SnapshotCounts {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    if (checked) {
      const problems = db.pragma("quick_check", { simple: false }) as Array<{
        quick_check: string;
      }>;
      if (problems[0]?.quick_check !== "ok") {
        throw new Error(
          problems
            .map((p) => p.quick_check)
            .slice(0, 3)
            .join("; "),
        );
      }
    }
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return {
      users: count("users"),
      images: count("images"),
      renditions: count("renditions"),
      sessions: count("sessions"),
    };
  } finally {
    db.close();
  }
}

/**
 * Marks images whose files were gone by the time the backup copied the media (deleted after the
 * snapshot) as deletions under way, due at once: the restored server's janitor finishes them,
 * as the live one did.
 */
export function markDeletedInSnapshot(file: string, imageIds: number[]): void {
  if (imageIds.length === 0) return;
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const mark = db.prepare(
      "update images set status = 'deleting', processing_expires_at = 0 where id = ?",
    );
    db.transaction(() => {
      for (const id of imageIds) mark.run(id);
    })();
  } finally {
    db.close();
  }
}
