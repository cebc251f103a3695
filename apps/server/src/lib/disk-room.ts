import { statfsSync } from "node:fs";

/** Less than this free, a write that failed under a folder is the disk's fault. */
const NO_ROOM_BYTES = 1024 * 1024;

/**
 * Whether the disk holding `folder` is (all but) full, of bytes or of inodes. A start that fails
 * to make a file there is told to free space rather than to fix permissions: Node's recursive
 * `mkdir` reports a full disk as ENOENT, and SQLite one out of inodes as "unable to open database
 * file" (rounds 48 and 50). A file system that counts no inodes says 0 of 0; a folder that is
 * not there is not full.
 */
export function hasNoRoom(folder: string): boolean {
  try {
    const disk = statfsSync(folder);
    return disk.bavail * disk.bsize < NO_ROOM_BYTES || (disk.files > 0 && disk.ffree === 0);
  } catch {
    return false;
  }
}
