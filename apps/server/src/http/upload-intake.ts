import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { type FileHandle, mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import type {} from "@fastify/multipart";
import { UPLOAD_REFUSED_FOR_CONTENT as REFUSED, UPLOAD } from "@sawdust/shared";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../lib/errors.js";
import { type SniffedFormat, sniffImageFormat } from "../media/sniff.js";

export interface ReceivedUpload {
  /** The file, streamed to a temporary path (the caller removes it). */
  path: string;
  bytes: number;
  format: SniffedFormat;
  filename: string;
  fields: Record<string, string>;
}

export const UPLOAD_MESSAGES = {
  noFile: "No image file was sent: attach it in the 'images' field",
  tooLarge: "The file is larger than the 50 MB limit (52,428,800 bytes)",
  notImage: (name: string) => `${name} is not a JPEG, PNG, WebP or AVIF image`,
  notMultipart: "Send the upload as multipart/form-data",
  oneFile: "Send one image per request",
  incomplete: "The upload ended before the whole file arrived: send it again",
} as const;

/** What busboy says when the body stops before the multipart data is complete. */
const CUT_SHORT = /unexpected end of (multipart|form)|part terminated early|malformed part header/i;

/**
 * The temporary files this process is still receiving uploads into. A graceful stop that runs
 * out of time (STOP_TIMEOUT_MS) exits in the middle of one; the janitor would remove its file only
 * once the upload lease has passed, since it cannot tell a dead process's file from one another
 * live process sharing DATA_DIR is still writing. This process can: see `removePartialUploads`.
 */
const receiving = new Set<string>();

/** Removes the partial files of the uploads still arriving; for the process's exit (synchronous). */
export function removePartialUploads(): void {
  for (const path of receiving) rmSync(path, { force: true });
  receiving.clear();
}

/**
 * A browser's name for an uploaded file as it was on the person's disk. Browsers escape three
 * characters of it in a multipart body, as the HTML standard's form encoding says: `"` as `%22`,
 * a line feed as `%0A` and a carriage return as `%0D` (and nothing else, not even `%`): those are
 * undone, so `My "best" piece.jpg` is not titled `My %22best%22 Piece`. Control characters (a NUL
 * above all: PostgreSQL refuses it) never reach a title. A name is not a path: what comes before
 * a `/`, or before the last `\` of a Windows path (`C:\fakepath\x.jpg`), is left out, but a `\` in
 * a name made on a Mac or Linux (`dusk\dawn.png`) stays, where busboy would drop what precedes it.
 */
export function fileNameOf(sent: string): string {
  const name = /^[A-Za-z]:\\/.test(sent)
    ? sent.slice(sent.lastIndexOf("\\") + 1)
    : sent.slice(sent.lastIndexOf("/") + 1);
  if (name === "." || name === "..") return "";
  return name
    .replaceAll("%22", '"')
    .replace(/%0[AD]/g, " ")
    .replace(/\p{Cc}/gu, "");
}

/**
 * Streams one multipart upload to a temporary file (never holding it whole in memory), checking
 * its magic bytes as it arrives and stopping at 50 MB. Form fields are collected beside it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tmpDir: string,
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new AppError(415, UPLOAD_MESSAGES.notMultipart, "not_multipart");
  await mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: ReceivedUpload | undefined;
  const cleanup = async () => {
    if (received) await rm(received.path, { force: true });
  };

  try {
    for await (const part of request.parts({
      limits: { fileSize: UPLOAD.maxBytes, files: 2, fields: 20, fieldSize: 4096 },
      // The name as sent: fileNameOf takes the name out of a path, keeping a name's own `\`.
      preservePath: true,
    })) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (received) {
        part.file.resume();
        throw badRequest(UPLOAD_MESSAGES.oneFile, "too_many_files");
      }
      const path = join(tmpDir, `upload-${Date.now()}-${randomBytes(6).toString("hex")}`);
      const filename = fileNameOf(part.filename);
      received = { path, bytes: 0, format: "png", filename, fields };
      receiving.add(path);
      const name = filename || "The file";
      const written = await writeSniffed(part.file, path, name);
      if (part.file.truncated) throw new AppError(413, UPLOAD_MESSAGES.tooLarge, REFUSED.tooLarge);
      if (!written.format) throw badRequest(UPLOAD_MESSAGES.notImage(name), REFUSED.notAnImage);
      received.bytes = written.bytes;
      received.format = written.format;
    }
  } catch (error) {
    discardRest(request);
    await cleanup();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(413, UPLOAD_MESSAGES.tooLarge, REFUSED.tooLarge);
    if (code === "FST_FILES_LIMIT") throw badRequest(UPLOAD_MESSAGES.oneFile, "too_many_files");
    if (code?.startsWith("FST_")) throw badRequest((error as Error).message, "bad_multipart");
    if (CUT_SHORT.test((error as Error).message ?? ""))
      throw badRequest(UPLOAD_MESSAGES.incomplete, "incomplete_upload");
    throw error;
  } finally {
    // Whole (the caller owns it now) or removed above.
    if (received) receiving.delete(received.path);
  }
  if (!received) throw badRequest(UPLOAD_MESSAGES.noFile, "no_file");
  return received;
}

/**
 * Reads and drops what is left of a refused upload's body. A refusal decided from the file's first
 * bytes (not an image) or its second file left the rest unread, the request paused under the
 * multipart parser: the client's next request on the same keep-alive connection then waited
 * behind it for the server's timeout (a minute), so the upload after a refused one hung.
 */
function discardRest(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/** Bytes gathered before each write: ~16 socket chunks a system call instead of one each. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Streams a file part to `path` as it arrives, reading the format from its first 16 bytes (a
 * file that is not an image is refused there, before the rest is written). Chunks are written as
 * they are, no copies: up to 1 MB of them in one `writev`, one write in flight at a time while
 * the next batch arrives.
 */
async function writeSniffed(
  file: AsyncIterable<Buffer>,
  path: string,
  name: string,
): Promise<{ bytes: number; format: SniffedFormat | undefined }> {
  const handle = await open(path, "w");
  let bytes = 0;
  let format: SniffedFormat | undefined;
  let head: Buffer | undefined = Buffer.alloc(0);
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let writeError: unknown;
  const flush = async () => {
    await writing;
    if (writeError) throw writeError;
    const buffers = batch;
    batch = [];
    batchBytes = 0;
    // Caught here, so a failure while the next batch arrives is no unhandled rejection.
    writing = writeAll(handle, buffers).catch((error: unknown) => {
      writeError = error;
    });
  };
  try {
    for await (const chunk of file) {
      bytes += chunk.length;
      if (head) {
        head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
        if (head.length >= 16) {
          format = sniffImageFormat(head);
          if (!format) throw badRequest(UPLOAD_MESSAGES.notImage(name), REFUSED.notAnImage);
          head = undefined;
        }
      }
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= WRITE_BATCH_BYTES) await flush();
    }
    // Shorter than 16 bytes: whatever the head says (sniffImageFormat needs its whole magic).
    if (head) format = sniffImageFormat(head);
    await flush();
    await writing;
    if (writeError) throw writeError;
  } finally {
    await writing;
    await handle.close();
  }
  return { bytes, format };
}

/** Writes every buffer, in order, at the file's current position (writev may write part). */
async function writeAll(handle: FileHandle, buffers: Buffer[]): Promise<void> {
  let pending = buffers;
  while (pending.length > 0) {
    const { bytesWritten } = await handle.writev(pending);
    let skip = bytesWritten;
    const rest: Buffer[] = [];
    for (const buffer of pending) {
      if (skip >= buffer.length) {
        skip -= buffer.length;
        continue;
      }
      rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
      skip = 0;
    }
    pending = rest;
  }
}
