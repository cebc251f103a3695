/**
 * The Sawdust side: the real app on a temporary SQLite database (`createTestApp()`), an admin
 * signed in, and one full HTTP upload per call through `POST /api/v1/images/upload`.
 *
 * Phases are timed without touching server code: the bench wraps methods on the live service
 * objects (the images service's `ingest`, its repository and its storage), so each phase is the
 * gap between two of those calls. Wrapping costs microseconds against seconds of work.
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { MediaStore } from "../../apps/server/src/media/media-store.js";
import { EAGER_RENDITIONS } from "../../apps/server/src/media/renditions.js";
import type { ImagesRepo } from "../../apps/server/src/modules/images/images.repo.js";
import { signIn } from "../../apps/server/test/images.js";
import { createTestApp, type TestApp } from "../../apps/server/test/test-app.js";
import { between, type Instant, instant, type Phases } from "./phases.js";

export interface SawdustRun {
  ms: number;
  imageId: number;
  thumbhash: string;
  /** Stored renditions: name → 16-hex content hash (from the storage key). */
  hashes: Record<string, string>;
  /** Phase → wall and CPU time, in the order they happen. */
  phases: Phases;
}

interface Mark extends Instant {
  event: string;
  detail?: string;
}

/**
 * How the request body reaches `inject`:
 * - `buffer` (timing): the whole multipart body built once in memory, so the client costs
 *   nothing inside the timed request;
 * - `stream` (peak RSS): the file streamed from disk between the multipart head and tail, so the
 *   process never holds the 40 MB body whole (a real server reads it from a socket) and its peak
 *   RSS is the server's own.
 */
export type BodyMode = "buffer" | "stream";

export class SawdustBench {
  private marks: Mark[] | undefined;
  private buffered: Buffer | undefined;
  private readonly boundary = `----sawdustbench${Date.now().toString(16)}`;

  private constructor(
    readonly app: TestApp,
    private readonly cookie: string,
    private readonly pngPath: string,
    private readonly bodyMode: BodyMode,
  ) {
    this.instrument();
  }

  static async start(pngPath: string, bodyMode: BodyMode = "buffer"): Promise<SawdustBench> {
    const app = await createTestApp();
    const admin = await signIn(app, "bench_admin", "admin");
    return new SawdustBench(app, admin.cookie, pngPath, bodyMode);
  }

  /** One upload, timed from the request to the parsed 201 response. */
  async ingestOnce(): Promise<SawdustRun> {
    const payload = await this.payload();
    const marks: Mark[] = [];
    this.marks = marks;
    const started = instant();
    marks.push({ event: "request", ...started });
    const res = await this.app.server.inject({
      method: "POST",
      url: "/api/v1/images/upload",
      payload: payload.body,
      headers: {
        "content-type": `multipart/form-data; boundary=${this.boundary}`,
        "content-length": String(payload.length),
        cookie: this.cookie,
      },
    });
    const ended = instant();
    marks.push({ event: "response", ...ended });
    this.marks = undefined;
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    const image = (res.json() as { uploaded: Array<{ id: number; thumbhash: string }> })
      .uploaded[0];
    if (!image) throw new Error("upload returned no image");
    const { phases, hashes } = phasesOf(marks);
    return {
      ms: ended.at - started.at,
      imageId: image.id,
      thumbhash: image.thumbhash,
      hashes,
      phases,
    };
  }

  /** The multipart body, as the upload page sends it: one file in the `images` field. */
  private async payload(): Promise<{ body: Buffer | Readable; length: number }> {
    const head = Buffer.from(
      `--${this.boundary}\r\nContent-Disposition: form-data; name="images"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${this.boundary}--\r\n`);
    if (this.bodyMode === "buffer") {
      this.buffered ??= Buffer.concat([head, await readFile(this.pngPath), tail]);
      return { body: this.buffered, length: this.buffered.length };
    }
    const file = this.pngPath;
    const length = head.length + (await stat(file)).size + tail.length;
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(file);
        yield tail;
      })(),
    );
    return { body, length };
  }

  /** Removes an uploaded image (files and rows), so every round starts from the same state. */
  async remove(imageId: number): Promise<void> {
    await this.app.services.edits.delete(imageId);
  }

  close(): Promise<void> {
    return this.app.close();
  }

  private instrument(): void {
    const service = this.app.services.ingest as unknown as {
      ingest: (...args: unknown[]) => Promise<unknown>;
      deps?: { images?: ImagesRepo; media?: MediaStore };
    };
    const repo = service.deps?.images;
    const storage = service.deps?.media?.storage;
    if (!repo || !storage) {
      throw new Error("IngestService no longer keeps deps.images / deps.media: update the bench");
    }
    this.wrap(service, "ingest");
    this.wrap(repo, "insertProcessing");
    this.wrap(repo, "completeUpload");
    this.wrap(storage, "putFile");
    this.wrap(storage, "put", (key) => String(key));
  }

  /** Replaces obj[name] on the instance with a version that marks its start and end. */
  private wrap<T extends object>(obj: T, name: string, detailOf?: (first: unknown) => string) {
    const target = obj as Record<string, unknown>;
    const original = target[name];
    if (typeof original !== "function") throw new Error(`cannot instrument ${name}`);
    target[name] = async (...args: unknown[]) => {
      const detail = detailOf?.(args[0]);
      this.marks?.push({ event: `${name}:start`, detail, ...instant() });
      try {
        return await (original as (...a: unknown[]) => Promise<unknown>).apply(obj, args);
      } finally {
        this.marks?.push({ event: `${name}:end`, detail, ...instant() });
      }
    };
  }
}

/** Turns the marks of one upload into named phases (each the gap between two calls). */
function phasesOf(marks: Mark[]): { phases: Phases; hashes: Record<string, string> } {
  const find = (event: string): Instant => {
    const mark = marks.find((m) => m.event === event);
    if (!mark) throw new Error(`phase marker ${event} missing: did ingest change shape?`);
    return mark;
  };
  const puts = marks.filter((m) => m.event.startsWith("put:"));
  if (puts.length !== EAGER_RENDITIONS.length * 2) {
    throw new Error(`expected ${EAGER_RENDITIONS.length} rendition writes, saw ${puts.length / 2}`);
  }
  const phases: Phases = {};
  const hashes: Record<string, string> = {};
  const phase = (name: string, from: string, to: string) => {
    phases[name] = between(find(from), find(to));
  };
  phase("receive (routing, auth, multipart → temp file)", "request", "ingest:start");
  phase("header check (sharp metadata)", "ingest:start", "insertProcessing:start");
  phase("DB: insert processing row", "insertProcessing:start", "insertProcessing:end");
  phase("decode once", "insertProcessing:end", "putFile:start");
  phase("store original (copy)", "putFile:start", "putFile:end");
  let previousEnd = find("putFile:end");
  for (let i = 0; i < puts.length; i += 2) {
    const start = puts[i];
    const end = puts[i + 1];
    if (!start || !end) throw new Error("unbalanced storage marks");
    const match = /\/([a-z]+)-([0-9a-f]{16})\.webp$/.exec(start.detail ?? "");
    const name = match?.[1] ?? `rendition ${i / 2}`;
    if (match?.[2]) hashes[name] = match[2];
    phases[`encode ${name}`] = between(previousEnd, start);
    phases[`write ${name}`] = between(start, end);
    previousEnd = end;
  }
  phases.thumbhash = between(previousEnd, find("completeUpload:start"));
  phase("DB: transaction (renditions, ready, job)", "completeUpload:start", "completeUpload:end");
  phase("read back image + remove temp file", "completeUpload:end", "ingest:end");
  phase("reply (serialize, inject)", "ingest:end", "response");
  return { phases, hashes };
}
