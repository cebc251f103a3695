import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * How responses travel compressed (app.ts registers @fastify/compress with these): brotli or gzip
 * to clients that accept them, above a kilobyte. Brotli at quality 4: its default (11) costs a
 * hundred times the CPU for a few percent, too much for responses made per request.
 */
export const COMPRESSION = {
  encodings: ["br", "gzip"] as Array<"br" | "gzip">,
  threshold: 1024,
  brotliQuality: 4,
};
type Encoding = (typeof COMPRESSION.encodings)[number];

/**
 * A response body sent many times over (a visitor's list page, a rendered public page): its bytes
 * made once, and each compressed form made once, when a client first accepts it. Compressing per
 * request is what a browser's `Accept-Encoding: br, gzip` otherwise costs every time: 0.7 ms a
 * 25 kB list page (six times sending it) and 3 ms a 190 kB rendered gallery.
 */
export class KeptBody {
  readonly bytes: Buffer;
  private readonly compressed = new Map<Encoding, Buffer>();

  constructor(text: string) {
    this.bytes = Buffer.from(text, "utf8");
  }

  /** The body in this encoding (made now, the first time). */
  encoded(encoding: Encoding): Buffer {
    let body = this.compressed.get(encoding);
    if (body === undefined) {
      body =
        encoding === "br"
          ? brotliCompressSync(this.bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
              },
            })
          : gzipSync(this.bytes);
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

/** The same negotiation as @fastify/compress's ("*" and "x-gzip" read as gzip). */
const negotiator = new Negotiator({ supportedValues: COMPRESSION.encodings });
const GZIP_ALIASES = /\*|x-gzip/gu;

/** The encoding to send `body` in to this client: undefined for the bytes as they are. */
function encodingFor(request: FastifyRequest, body: KeptBody): Encoding | undefined {
  const accepted = request.headers["accept-encoding"];
  if (accepted === undefined || body.bytes.length < COMPRESSION.threshold) return undefined;
  if (request.headers["x-no-compression"] !== undefined) return undefined;
  return negotiator.negotiate(accepted.toLowerCase().replace(GZIP_ALIASES, "gzip")) ?? undefined;
}

/**
 * Sends a kept body, compressed as the client accepts (the compressed form kept with it), with
 * `Vary: Accept-Encoding`. @fastify/compress leaves a reply that already names its encoding alone.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, body: KeptBody) {
  const vary = reply.getHeader("vary");
  if (vary === undefined) reply.header("vary", "accept-encoding");
  else if (!/\baccept-encoding\b/i.test(String(vary))) {
    reply.header("vary", `${String(vary)}, accept-encoding`);
  }
  const encoding = encodingFor(request, body);
  if (encoding === undefined) return reply.send(body.bytes);
  return reply.header("content-encoding", encoding).send(body.encoded(encoding));
}
