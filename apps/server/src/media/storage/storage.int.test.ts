import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unavailableMessage } from "../../lib/unavailable.js";
import { LocalStorage } from "./local-storage.js";
import { S3Storage } from "./s3-storage.js";
import type { Storage } from "./storage.js";

/** A storage backend under test, with what it takes to tear it down. */
interface Backend {
  storage: Storage;
  stop(): Promise<void>;
}

async function openLocal(): Promise<Backend> {
  const root = await mkdtemp(join(tmpdir(), "sawdust-storage-"));
  return {
    storage: new LocalStorage(root),
    stop: () => rm(root, { recursive: true, force: true }),
  };
}

/** s3rver on a free loopback port, with one bucket, in its own temp directory. */
async function openS3(): Promise<Backend> {
  const directory = await mkdtemp(join(tmpdir(), "sawdust-s3rver-"));
  const bucket = "sawdust-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const storage = new S3Storage({
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER", // s3rver's built-in account
    secretAccessKey: "S3RVER",
  });
  return {
    storage,
    stop: async () => {
      storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("S3 storage whose store stops answering", () => {
  it("fails the call with ETIMEDOUT, which the API answers 503, instead of waiting for ever", async () => {
    // A store that takes connections and never answers (a stalled or black-holed bucket).
    const sockets = new Set<Socket>();
    const blackHole = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((done) => blackHole.listen(0, "127.0.0.1", done));
    const { port } = blackHole.address() as AddressInfo;
    const storage = new S3Storage({
      bucket: "stalled",
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      answerTimeoutMs: 300,
    });
    try {
      const failed = await storage.size("public/images/1/small.webp").then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toMatchObject({ code: "ETIMEDOUT" });
      expect(unavailableMessage(failed)).toMatch(/cannot reach its storage/);
    } finally {
      storage.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => blackHole.close(done));
    }
  });
});

describe.each([
  { name: "local disk", open: openLocal, honoursFirstByteRange: true },
  // s3rver reads `bytes=0-0` as "from 0 to the end" (`end || Infinity`); real S3 and MinIO do not.
  { name: "S3 (s3rver)", open: openS3, honoursFirstByteRange: false },
])("storage on $name", ({ open, honoursFirstByteRange }) => {
  let backend: Backend;
  let storage: Storage;
  let scratch: string;
  let testNumber = 0;
  /** A key prefix of its own for each test, so tests never see each other's objects. */
  const area = () => `t${++testNumber}`;

  beforeAll(async () => {
    backend = await open();
    storage = backend.storage;
    scratch = await mkdtemp(join(tmpdir(), "sawdust-storage-src-"));
  });

  afterAll(async () => {
    await backend?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("reads back what put stored", async () => {
    const key = `${area()}/public/images/7/small-ab12.webp`;
    const body = randomBytes(4096);
    await storage.put(key, body, "image/webp");
    expect((await storage.readBuffer(key)).equals(body)).toBe(true);
  });

  it("streams a file of several megabytes in and reads it back whole and in ranges", async () => {
    const key = `${area()}/private/images/7/original.png`;
    // Just over 5 MiB: more than one part for a multipart upload.
    const body = randomBytes(5 * 1024 * 1024 + 123);
    const path = join(scratch, "big.png");
    await writeFile(path, body);
    await storage.putFile(key, path, "image/png");

    expect(await storage.size(key)).toBe(body.length);
    expect((await storage.readBuffer(key)).equals(body)).toBe(true);
    expect((await collect(await storage.read(key))).equals(body)).toBe(true);

    const middle = await collect(await storage.read(key, { start: 1000, end: 1999 }));
    expect(middle.length).toBe(1000);
    expect(middle.equals(body.subarray(1000, 2000))).toBe(true);

    const last = body.length - 1;
    const tail = await collect(await storage.read(key, { start: last - 9, end: last }));
    expect(tail.equals(body.subarray(last - 9))).toBe(true);

    const acrossParts = { start: 5 * 1024 * 1024 - 50, end: 5 * 1024 * 1024 + 49 };
    const seam = await collect(await storage.read(key, acrossParts));
    expect(seam.equals(body.subarray(acrossParts.start, acrossParts.end + 1))).toBe(true);
  });

  it("reads a one-byte range", async () => {
    const key = `${area()}/one-byte.bin`;
    await storage.put(key, Buffer.from("abcdef"), "application/octet-stream");
    expect((await collect(await storage.read(key, { start: 2, end: 2 }))).toString()).toBe("c");
    if (honoursFirstByteRange) {
      expect((await collect(await storage.read(key, { start: 0, end: 0 }))).toString()).toBe("a");
    }
  });

  it("knows the size of present keys and reports missing ones as undefined", async () => {
    const prefix = area();
    await storage.put(`${prefix}/a.webp`, Buffer.alloc(1234, 1), "image/webp");
    await storage.put(`${prefix}/empty.webp`, Buffer.alloc(0), "image/webp");
    expect(await storage.size(`${prefix}/a.webp`)).toBe(1234);
    expect(await storage.size(`${prefix}/empty.webp`)).toBe(0);
    expect(await storage.size(`${prefix}/missing.webp`)).toBeUndefined();
    expect(await storage.size(`${prefix}-elsewhere/a.webp`)).toBeUndefined();
  });

  it("lists every key under a prefix and nothing outside it", async () => {
    const prefix = area();
    const inside = [`${prefix}/images/7/a.webp`, `${prefix}/images/7/sizes/b.webp`];
    const outside = [
      `${prefix}/images/70/c.webp`, // A sibling whose name starts the same.
      `${prefix}/images/8/d.webp`,
      `${prefix}/other.webp`,
    ];
    for (const key of [...inside, ...outside])
      await storage.put(key, Buffer.from(key), "image/webp");

    expect((await storage.list(`${prefix}/images/7`)).sort()).toEqual(inside);
    expect((await storage.list(`${prefix}/images/7/`)).sort()).toEqual(inside);
    expect(await storage.list(`${prefix}/images/9`)).toEqual([]);
    expect((await storage.list(prefix)).sort()).toEqual([...inside, ...outside].sort());
  });

  it("deletes exactly the keys under a prefix", async () => {
    const prefix = area();
    const doomed = [`${prefix}/images/7/a.webp`, `${prefix}/images/7/sizes/b.webp`];
    const kept = [`${prefix}/images/70/c.webp`, `${prefix}/images/8/d.webp`];
    for (const key of [...doomed, ...kept]) await storage.put(key, Buffer.from(key), "image/webp");

    await storage.deletePrefix(`${prefix}/images/7`);

    expect(await storage.list(`${prefix}/images/7`)).toEqual([]);
    for (const key of doomed) expect(await storage.size(key)).toBeUndefined();
    expect((await storage.list(prefix)).sort()).toEqual(kept);
    // Deleting what is already gone is fine.
    await storage.deletePrefix(`${prefix}/images/7`);
    await storage.deletePrefix(`${prefix}/never-existed/`);
    expect((await storage.list(prefix)).sort()).toEqual(kept);
  });

  it("deletes one key, and only it", async () => {
    const prefix = area();
    const [doomed, kept] = [`${prefix}/images/9/ultra-1.webp`, `${prefix}/images/9/ultra-1.webp2`];
    for (const key of [doomed, kept]) await storage.put(key, Buffer.from(key), "image/webp");
    await storage.delete(doomed);
    expect(await storage.size(doomed)).toBeUndefined();
    expect(await storage.list(prefix)).toEqual([kept]);
    // Deleting what is already gone is fine.
    await storage.delete(doomed);
  });

  it("refuses to delete everything", async () => {
    await expect(storage.deletePrefix("")).rejects.toThrow();
    await expect(storage.deletePrefix("/")).rejects.toThrow();
  });

  it("replaces a key's bytes when put again", async () => {
    const key = `${area()}/public/images/7/medium.webp`;
    await storage.put(key, randomBytes(5000), "image/webp");
    const newer = randomBytes(300);
    await storage.put(key, newer, "image/webp");
    expect((await storage.readBuffer(key)).equals(newer)).toBe(true);
    expect(await storage.size(key)).toBe(300);

    const path = join(scratch, "replacement.webp");
    const newest = randomBytes(700);
    await writeFile(path, newest);
    await storage.putFile(key, path, "image/webp");
    expect((await storage.readBuffer(key)).equals(newest)).toBe(true);
    expect(await storage.list(key.slice(0, key.lastIndexOf("/")))).toEqual([key]);
  });

  it("rejects reading a missing key", async () => {
    const key = `${area()}/missing.webp`;
    await expect(storage.read(key)).rejects.toThrow();
    await expect(storage.read(key, { start: 0, end: 9 })).rejects.toThrow();
    await expect(storage.readBuffer(key)).rejects.toThrow();
  });
});
