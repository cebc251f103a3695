import type { Readable } from "node:stream";

/**
 * Where media files live: local disk by default, an S3-compatible bucket when configured.
 * Keys are server-made paths such as `public/images/7/small-ab12.webp` or
 * `private/images/7/original.png`; nothing under `private/` is ever served at a public path.
 */
export interface Storage {
  readonly kind: "local" | "s3";
  /** Stores the bytes under the key, replacing what was there, all or nothing. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a local file under the key (streamed, never read whole into memory). The file is
   * handed over: it may be moved rather than copied, so the caller must not use it afterwards.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /**
   * The stored bytes, or a part of them (inclusive byte range), from a file already open: one
   * removed after this resolves is still read whole. A missing key rejects (isMissing).
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  readBuffer(key: string): Promise<Buffer>;
  /** Size in bytes, or undefined when the key does not exist. */
  size(key: string): Promise<number | undefined>;
  /** Removes one key; a missing key is fine. */
  delete(key: string): Promise<void>;
  /** Removes every key under the prefix (a folder: never a key itself); missing keys are fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every key under the prefix (for cleanup and tests). */
  list(prefix: string): Promise<string[]>;
}

export const contentTypeOf = (key: string): string => {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return (
    {
      webp: "image/webp",
      png: "image/png",
      jpg: "image/jpeg",
      jpeg: "image/jpeg",
      avif: "image/avif",
    }[ext] ?? "application/octet-stream"
  );
};

/** Whether a storage call failed because the key does not exist (on disk or in the bucket). */
export function isMissing(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return code === "ENOENT" || name === "NoSuchKey" || name === "NotFound";
}
