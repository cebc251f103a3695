import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { contentTypeOf, type Storage } from "../media/storage/storage.js";

export interface StoredFile {
  key: string;
  bytes: number;
  etag: string;
  cacheControl: string;
  /** Sent as an attachment with this name when given. */
  downloadName?: string;
  /** The file's bytes (or the range asked for), opened already by the caller. */
  opened?: Readable;
}

/** The byte range a Range header asks for, "unsatisfiable", or undefined for the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined; // Ignore what we do not parse.
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/**
 * The range a request asks of this file: none when an `If-Range` names another version of it (an
 * ETag that is not this one, or a date: ours are ETags), so a resumed download of a file that
 * changed gets the whole new file rather than a splice of two (RFC 9110, 13.1.5).
 */
export function rangeAsked(request: FastifyRequest, file: { bytes: number; etag: string }) {
  const ifRange = [request.headers["if-range"]].flat()[0];
  if (ifRange !== undefined && ifRange.trim() !== file.etag) return undefined;
  return parseRange(request.headers.range, file.bytes);
}

/**
 * Whether `If-None-Match` names this version (or `*`), compared weakly as RFC 9110 13.1.2 says:
 * `W/"x"` and `"x"` are the same tag. A proxy that weakens tags as it compresses (nginx does)
 * made every revalidation of a download a whole new one, counted against a free month (round 49);
 * the list, sent weak, was not matched by its strong form.
 */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const tags = request.headers["if-none-match"]?.split(",").map((t) => t.trim()) ?? [];
  const asked = opaqueTag(etag);
  return tags.some((tag) => tag === "*" || opaqueTag(tag) === asked);
}

/** An entity tag without its weakness mark. */
const opaqueTag = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/**
 * A download's name in ASCII, for the clients that read only `filename` (browsers read the UTF-8
 * `filename*`): accents dropped ("Évil" → "Evil"), other runs of characters one `_`, nothing
 * leading but a letter or digit ("夕焼けの海-preview.webp" → "preview.webp", not
 * "_____-preview.webp"; round 58).
 */
export function asciiFilename(name: string): string {
  const ascii = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\w.-]+/g, "_");
  const dot = name.lastIndexOf(".");
  const stem = ascii(dot > 0 ? name.slice(0, dot) : name).replace(/^[^A-Za-z0-9]+/, "");
  return `${stem || "download"}${dot > 0 ? ascii(name.slice(dot)) : ""}`;
}

/** Sends a stored file with ETag, conditional GET and single byte ranges. */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: StoredFile,
) {
  reply.header("etag", file.etag);
  reply.header("cache-control", file.cacheControl);
  reply.header("accept-ranges", "bytes");
  reply.header("content-type", contentTypeOf(file.key));
  if (file.downloadName) {
    reply.header(
      "content-disposition",
      `attachment; filename="${asciiFilename(file.downloadName)}"; filename*=UTF-8''${encodeURIComponent(file.downloadName)}`,
    );
  }
  if (isNotModified(request, file.etag)) return reply.code(304).send();

  const range = rangeAsked(request, file);
  if (range === "unsatisfiable") {
    // The error is JSON, whatever type the file would have had.
    reply.removeHeader("content-disposition");
    return reply
      .code(416)
      .type("application/json; charset=utf-8")
      .header("content-range", `bytes */${file.bytes}`)
      .send({
        message: "The requested byte range is outside the file",
        code: "range_not_satisfiable",
      });
  }
  if (range) {
    reply.code(206);
    reply.header("content-range", `bytes ${range.start}-${range.end}/${file.bytes}`);
    reply.header("content-length", range.end - range.start + 1);
    return reply.send(file.opened ?? (await storage.read(file.key, range)));
  }
  reply.header("content-length", file.bytes);
  return reply.send(file.opened ?? (await storage.read(file.key)));
}
