import { ZDownloadQuery, ZImageListQuery, ZImagePatchBody, ZVisibilityBody } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../http/request-auth.js";
import { isNotModified, parseRange, sendStored } from "../../http/send-stored.js";
import { receiveUpload } from "../../http/upload-intake.js";
import { adminViewerOf, viewerOf } from "../../http/viewer.js";
import type { Storage } from "../../media/storage/storage.js";
import type { DownloadsService } from "../downloads/downloads.service.js";
import type { ImagesService } from "./images.service.js";

export const ZImageParams = z.object({
  id: z.coerce
    .number({ error: "The image id must be a number" })
    .int("The image id must be a whole number")
    .positive("The image id must be positive")
    .max(2 ** 52, "The image id is too large"),
});

const JSON_TYPE = "application/json; charset=utf-8";

export interface ImagesRoutesOptions {
  images: ImagesService;
  downloads: DownloadsService;
  storage: Storage;
  uploadTmpDir: string;
}

export const imagesRoutes: FastifyPluginAsync<ImagesRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The service answers JSON text: most pages come ready-made from its cache, and a URL it
  // answered a moment ago is answered again before its query is parsed and validated.
  app.get(
    "/",
    {
      schema: { querystring: ZImageListQuery },
      onRequest: async (request, reply) => {
        const ready = opts.images.readyListJson(request.url, viewerOf(request));
        if (ready !== undefined) return reply.type(JSON_TYPE).send(ready);
      },
    },
    async (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send(await opts.images.listJson(request.query, viewerOf(request), request.url)),
  );

  app.get("/:id", { schema: { params: ZImageParams } }, async (request) =>
    opts.images.get(request.params.id, viewerOf(request)),
  );

  app.post("/upload", async (request, reply) => {
    const admin = requireAdmin(request);
    const upload = await receiveUpload(request, opts.uploadTmpDir);
    const image = await opts.images.ingest(upload, admin.user.id);
    return reply.code(201).send({ uploaded: [image] });
  });

  app.patch(
    "/:id",
    { schema: { params: ZImageParams, body: ZImagePatchBody } },
    async (request) => {
      return opts.images.update(request.params.id, request.body, adminViewerOf(request));
    },
  );

  app.patch(
    "/:id/visibility",
    { schema: { params: ZImageParams, body: ZVisibilityBody } },
    async (request) => {
      return opts.images.setVisibility(
        request.params.id,
        request.body.isPublic,
        adminViewerOf(request),
      );
    },
  );

  app.post("/:id/analyze", { schema: { params: ZImageParams } }, async (request, reply) => {
    const image = await opts.images.requestAnalysis(request.params.id, adminViewerOf(request));
    return reply.code(202).send(image);
  });

  app.delete("/:id", { schema: { params: ZImageParams } }, async (request) => {
    await opts.images.delete(request.params.id, adminViewerOf(request));
    return { ok: true };
  });

  app.get(
    "/:id/download",
    { schema: { params: ZImageParams, querystring: ZDownloadQuery } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const file = await opts.downloads.prepare(request.params.id, request.query.size, viewer);
      // Only what sends no file skips counting: a revalidation that names this file's ETag (304)
      // and a range outside it (416). A range after byte 0 resumes a download this member was
      // counted for this month, or is counted like any other.
      const range = parseRange(request.headers.range, file.bytes);
      if (!isNotModified(request, file.etag) && range !== "unsatisfiable") {
        const resume = range !== undefined && range.start > 0;
        await opts.downloads.count(file, viewer, request.ip, resume);
      }
      return sendStored(request, reply, opts.storage, {
        key: file.storageKey,
        bytes: file.bytes,
        etag: file.etag,
        cacheControl: "private, no-cache",
        downloadName: file.filename,
      });
    },
  );
};
