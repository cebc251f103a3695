import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Storage } from "./storage.js";

/** Connection settings for an S3-compatible bucket (the shape of `config.s3`). */
export interface S3StorageOptions {
  bucket: string;
  /** Set for S3-compatible stores (MinIO, R2, s3rver…); unset means AWS itself. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * How long one call may wait for the store's answer (its headers: a download then streams for
   * as long as the client reads) before it fails with ETIMEDOUT, which the API answers 503.
   */
  answerTimeoutMs?: number;
}

/**
 * A store that stops answering (stalled, or its packets dropped) fails calls instead of holding
 * every media request and upload for ever: 5 s to connect, S3_ANSWER_TIMEOUT_MS for the answer
 * (long enough for a 16 MB rendition's PUT over a slow uplink), and one retry.
 */
const S3_CONNECT_TIMEOUT_MS = 5_000;
const S3_ANSWER_TIMEOUT_MS = 30_000;
const S3_MAX_ATTEMPTS = 2;

/**
 * Media in an S3-compatible bucket; storage keys are the object keys, unchanged.
 * Prefixes (`list`, `deletePrefix`) are folder-like, as on local disk: `public/images/7`
 * means `public/images/7/…`, never `public/images/70/…`.
 */
export class S3Storage implements Storage {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const compatibleStore = options.endpoint !== undefined;
    this.client = new S3Client({
      region: options.region,
      maxAttempts: S3_MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: S3_CONNECT_TIMEOUT_MS,
        requestTimeout: options.answerTimeoutMs ?? S3_ANSWER_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      ...(compatibleStore
        ? {
            endpoint: options.endpoint,
            // Self-hosted stores are reached by IP or a single host name, not bucket subdomains.
            forcePathStyle: true,
            // Many S3-compatible stores reject the SDK's default CRC32 trailers (aws-chunked
            // bodies); send checksums only where the S3 API demands them.
            requestChecksumCalculation: "WHEN_REQUIRED" as const,
            responseChecksumValidation: "WHEN_REQUIRED" as const,
          }
        : {}),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /** Streams the file in parts (multipart above one part), so memory stays bounded. */
  async putFile(key: string, path: string, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(path),
        ContentType: contentType,
      },
      // S3's smallest part; at most queueSize × partSize (20 MiB) is buffered at once.
      partSize: 5 * 1024 * 1024,
      queueSize: 4,
    });
    await upload.done();
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const output = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(output.Body instanceof Readable)) {
      throw new Error(`S3 returned no readable body for ${key}`);
    }
    return output.Body;
  }

  async readBuffer(key: string): Promise<Buffer> {
    const body = await this.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a deletion of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = folderPrefix(prefix);
    if (folder === "") throw new Error("refusing to delete the whole media bucket");
    // Each ListObjectsV2 page holds at most 1000 keys, which is also DeleteObjects' limit.
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: folder },
    )) {
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length === 0) continue;
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: objects, Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `could not delete ${failed.length} object(s) under ${folder}: ${first?.Key} (${first?.Code}: ${first?.Message})`,
        );
      }
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: folderPrefix(prefix) },
    )) {
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    }
    return keys;
  }

  /** Closes the client's pooled connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

/** `a/b` and `a/b/` both become `a/b/`, so a prefix never matches a sibling such as `a/bc`. */
function folderPrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, "");
  return trimmed === "" || trimmed === "." ? "" : `${trimmed}/`;
}

/** A missing object: HeadObject answers a bare 404 ("NotFound"), GetObject "NoSuchKey". */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException && (error.name === "NotFound" || error.name === "NoSuchKey")
  );
}
