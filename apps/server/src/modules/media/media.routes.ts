import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStored } from "../../http/send-stored.js";
import { notFound } from "../../lib/errors.js";
import type { Storage } from "../../media/storage/storage.js";
import type { ImagesService } from "../images/images.service.js";

const ZPublicParams = z.object({
  id: z.coerce.number().int().positive(),
  file: z.string().regex(/^(small|medium|large)-[0-9a-f]{16}\.webp$/),
});

const ZSignedParams = z.object({
  id: z.coerce.number().int().positive(),
  size: z.string().max(16),
});
const ZSignedQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });

/**
 * Media files. Display renditions have content-addressed names, so they are cached forever;
 * pro sizes are reachable only with a signature that expires.
 */
export const mediaRoutes: FastifyPluginAsync<{ images: ImagesService; storage: Storage }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/images/:id/:file", async (request, reply) => {
    const parsed = ZPublicParams.safeParse(request.params);
    if (!parsed.success) throw notFound("No such media file");
    const key = `public/images/${parsed.data.id}/${parsed.data.file}`;
    const bytes = await opts.storage.size(key);
    if (bytes === undefined) throw notFound("No such media file");
    return sendStored(request, reply, opts.storage, {
      key,
      bytes,
      etag: `"${parsed.data.file.slice(-21, -5)}"`,
      cacheControl: "public, max-age=31536000, immutable",
    });
  });

  app.get(
    "/signed/:id/:size",
    { schema: { params: ZSignedParams, querystring: ZSignedQuery } },
    async (request, reply) => {
      const { id, size } = request.params;
      const rendition = await opts.images.openSigned(
        id,
        size,
        request.query.exp,
        request.query.sig,
      );
      const hash = rendition.storage_key.match(/-([0-9a-f]+)\.webp$/)?.[1] ?? "0";
      return sendStored(request, reply, opts.storage, {
        key: rendition.storage_key,
        bytes: rendition.bytes,
        etag: `"${hash}"`,
        cacheControl: "private, max-age=600",
      });
    },
  );
};
