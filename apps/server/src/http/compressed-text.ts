import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

type Encoding = "br" | "gzip";

/** Smaller than this, a text goes as it is (the compress plugin's threshold in app.ts too). */
const THRESHOLD_BYTES = 1024;
const MAX_ENTRIES = 256;

/**
 * Compressed copies of the texts the server answers again and again unchanged (the cached list
 * pages, the rendered gallery pages), made once each instead of by the compress plugin on every
 * request: brotli costs about half a millisecond for a 25 kB list page, four times the rest of
 * answering it from the cache. Keyed by the text itself; when full, the oldest copy goes. Brotli
 * at quality 5 is affordable once per text (the plugin uses 4 per request).
 */
export class CompressedTexts {
  private readonly copies: Record<Encoding, Map<string, Buffer>> = {
    br: new Map(),
    gzip: new Map(),
  };
  private readonly negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"] });

  /** The encoding this request accepts that we prefer, if any. */
  encodingFor(request: FastifyRequest): Encoding | null {
    const header = request.headers["accept-encoding"];
    return typeof header === "string" ? this.negotiator.negotiate(header.toLowerCase()) : null;
  }

  compressed(text: string, encoding: Encoding): Buffer {
    const copies = this.copies[encoding];
    let copy = copies.get(text);
    if (copy === undefined) {
      copy =
        encoding === "br"
          ? brotliCompressSync(text, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_LGWIN]: 18,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
              },
            })
          : gzipSync(text);
      if (copies.size >= MAX_ENTRIES) {
        const oldest = copies.keys().next();
        if (!oldest.done) copies.delete(oldest.value);
      }
      copies.set(text, copy);
    }
    return copy;
  }

  /** Sends `text` as `type`, compressed from the kept copy when the client accepts it. */
  send(request: FastifyRequest, reply: FastifyReply, type: string, text: string): FastifyReply {
    reply.type(type).header("vary", "accept-encoding");
    const encoding = text.length >= THRESHOLD_BYTES ? this.encodingFor(request) : null;
    if (encoding === null) return reply.send(text);
    return reply.header("content-encoding", encoding).send(this.compressed(text, encoding));
  }
}
