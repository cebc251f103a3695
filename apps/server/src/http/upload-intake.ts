import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type {} from "@fastify/multipart";
import { UPLOAD } from "@sawdust/shared";
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
      const sniffer = new MagicSniffer(part.filename || "The file");
      received = { path, bytes: 0, format: "png", filename: part.filename, fields };
      await pipeline(part.file, sniffer, createWriteStream(path));
      if (part.file.truncated) throw new AppError(413, UPLOAD_MESSAGES.tooLarge, "file_too_large");
      if (!sniffer.format)
        throw badRequest(UPLOAD_MESSAGES.notImage(part.filename || "The file"), "not_an_image");
      received.bytes = sniffer.bytes;
      received.format = sniffer.format;
    }
  } catch (error) {
    await cleanup();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(413, UPLOAD_MESSAGES.tooLarge, "file_too_large");
    if (code === "FST_FILES_LIMIT") throw badRequest(UPLOAD_MESSAGES.oneFile, "too_many_files");
    if (code?.startsWith("FST_")) throw badRequest((error as Error).message, "bad_multipart");
    if (CUT_SHORT.test((error as Error).message ?? ""))
      throw badRequest(UPLOAD_MESSAGES.incomplete, "incomplete_upload");
    throw error;
  }
  if (!received) throw badRequest(UPLOAD_MESSAGES.noFile, "no_file");
  return received;
}

/** Passes bytes through, counting them and reading the format from the first 16. */
class MagicSniffer extends Transform {
  bytes = 0;
  format: SniffedFormat | undefined;
  private head = Buffer.alloc(0);

  constructor(private readonly name: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.head.length < 16) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, 16 - this.head.length)]);
      if (this.head.length >= 16 || this.bytes === this.head.length) {
        this.format = sniffImageFormat(this.head);
        if (this.head.length >= 16 && !this.format) {
          callback(badRequest(UPLOAD_MESSAGES.notImage(this.name), "not_an_image"));
          return;
        }
      }
    }
    callback(null, chunk);
  }
}
