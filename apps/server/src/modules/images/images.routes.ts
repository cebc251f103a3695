import type { Readable } from "node:stream";
import {
  DOWNLOAD_SIZES,
  hasProAccess,
  ZDownloadQuery,
  ZImage,
  ZImageListQuery,
  ZImageListResponse,
  ZImagePatchBody,
  ZOkResponse,
  ZUploadForm,
  ZUploadResponse,
  ZVisibilityBody,
  zRowId,
} from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendKept } from "../../http/kept-body.js";
import type { ListPages } from "../../http/list-pages.js";
import {
  error,
  errors,
  file,
  IF_MATCH_HEADER,
  json,
  noBody,
  SIGNED_IN,
  unparsedBody,
} from "../../http/openapi.js";
import { rememberQueryVerdicts } from "../../http/remembered-query.js";
import { adminFirst } from "../../http/request-auth.js";
import { isNotModified, rangeAsked, sendStored } from "../../http/send-stored.js";
import { receiveUpload } from "../../http/upload-intake.js";
import { adminViewerOf, viewerOf } from "../../http/viewer.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { isMissing, type Storage } from "../../media/storage/storage.js";
import { SESSION_COOKIE } from "../auth/session-token.js";
import { DOWNLOAD_MESSAGES, type DownloadsService } from "../downloads/downloads.service.js";
import type { CatalogueService } from "./catalogue.service.js";
import type { ImageEditsService } from "./image-edits.service.js";
import { IMAGE_MESSAGES } from "./images.constants.js";
import type { IngestService } from "./ingest.service.js";

export const ZImageParams = z.object({
  id: zRowId("image"),
});

/**
 * Sends JSON that is already text (a list page made once): Fastify sends a string as it is, so
 * the schema's serialiser does not run again over 20 images.
 */
function sendJsonText(reply: FastifyReply, text: string) {
  // The type provider types `send` by the response schema; the text is that schema's JSON.
  return reply.type(JSON_TYPE).send(text as never);
}
const JSON_TYPE = "application/json; charset=utf-8";
const TAGS = ["images"];
const ADMIN_ONLY = { security: SIGNED_IN } as const;
const NO_IMAGE = error("No such image (or a private one, to anyone but admins)");

export interface ImagesRoutesOptions {
  catalogue: CatalogueService;
  ingest: IngestService;
  edits: ImageEditsService;
  downloads: DownloadsService;
  listPages: ListPages;
  storage: Storage;
  uploadTmpDir: string;
  /** The commercial licence's page: a Pro-size download names it in a `Link` header. */
  licenceUrl: string;
}

export const imagesRoutes: FastifyPluginAsync<ImagesRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Everyone without Pro access sees the same pages: those come as kept JSON text with an ETag
  // (a visitor's may be kept by a CDN for 5 s). Pro members' pages carry freshly signed URLs and
  // admins' their private images, so theirs are made each time.
  app.get(
    "/",
    {
      validatorCompiler: rememberQueryVerdicts,
      schema: {
        summary: "A page of the catalogue, with filters and search",
        tags: TAGS,
        operationId: "listImages",
        querystring: ZImageListQuery,
        response: {
          200: json(ZImageListResponse, "One page, newest first, and the filter's total"),
          304: noBody("The page the client holds (If-None-Match) is still current"),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      if (hasProAccess(viewer)) {
        // Made for this viewer (signed URLs): sent as text made once, never kept.
        const page = await opts.catalogue.listJson(request.query, viewer);
        reply.header("cache-control", "private, no-store");
        return sendJsonText(reply, page);
      }
      const page = await opts.listPages.page(request.query, request.url);
      reply
        .header("etag", page.etag)
        .header(
          "cache-control",
          request.cookies[SESSION_COOKIE] ? "private, no-cache" : "public, max-age=5",
        );
      if (isNotModified(request, page.etag)) return reply.code(304).send();
      return sendKept(request, reply.type(JSON_TYPE), page.body);
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        summary: "One image",
        tags: TAGS,
        operationId: "getImage",
        params: ZImageParams,
        response: {
          200: json(ZImage, "The image as this viewer may see it"),
          ...errors(400),
          404: NO_IMAGE,
        },
      },
    },
    async (request) => opts.catalogue.get(request.params.id, viewerOf(request)),
  );

  app.post(
    "/upload",
    {
      config: { countAs: "upload" },
      schema: {
        summary: "Upload an image (admins)",
        description:
          "One image a request, as multipart/form-data. It stays private until its content rating has run.",
        tags: TAGS,
        operationId: "uploadImage",
        ...ADMIN_ONLY,
        consumes: ["multipart/form-data"],
        body: unparsedBody(ZUploadForm),
        response: {
          201: json(ZUploadResponse, "The new image, private until rated"),
          ...errors(400, 401, 403),
          413: error("The file is larger than the 50 MB limit"),
          ...errors(415),
        },
      },
    },
    async (request, reply) => {
      const admin = adminViewerOf(request);
      const upload = await receiveUpload(request, opts.uploadTmpDir);
      const image = await opts.ingest.ingest(upload, admin.userId, { requestId: request.id });
      return reply.code(201).send({ uploaded: [image] });
    },
  );

  app.patch(
    "/:id",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Edit an image's words, tags, style and edition (admins)",
        description:
          "Changes the fields sent, only those. Send the ETag the image was read with (GET /api/v1/admin/images/{id}) as `If-Match`: if its title, description, tags, style, visibility or edition changed since (another admin's save, a batch operation, an analysis run), nothing is saved (412). Without `If-Match` the change applies to the image as it is.",
        tags: TAGS,
        operationId: "updateImage",
        ...ADMIN_ONLY,
        params: ZImageParams,
        headers: IF_MATCH_HEADER,
        body: ZImagePatchBody,
        response: {
          200: json(ZImage, "The image as edited; its new version is the ETag"),
          ...errors(400, 401, 403),
          404: NO_IMAGE,
          409: error("The image kept changing while this edit was written; nothing was saved"),
          412: error("The image changed since the version `If-Match` names; nothing was saved"),
        },
      },
    },
    async (request, reply) => {
      const { image, version } = await opts.edits.edit(
        request.params.id,
        request.body,
        adminViewerOf(request),
        { ifMatch: request.headers["if-match"] },
      );
      return reply.header("etag", version).send(image);
    },
  );

  app.patch(
    "/:id/visibility",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Show or hide an image (admins)",
        tags: TAGS,
        operationId: "setImageVisibility",
        ...ADMIN_ONLY,
        params: ZImageParams,
        body: ZVisibilityBody,
        response: { 200: json(ZImage, "The image"), ...errors(400, 401, 403), 404: NO_IMAGE },
      },
    },
    async (request) => {
      return opts.edits.setVisibility(
        request.params.id,
        request.body.isPublic,
        adminViewerOf(request),
      );
    },
  );

  app.post(
    "/:id/analyze",
    {
      schema: {
        summary: "Analyse an image again (admins)",
        tags: TAGS,
        operationId: "analyzeImage",
        ...ADMIN_ONLY,
        params: ZImageParams,
        response: {
          202: json(ZImage, "Queued; the image as it is now"),
          ...errors(400, 401, 403),
          404: NO_IMAGE,
        },
      },
    },
    async (request, reply) => {
      const image = await opts.edits.requestAnalysis(
        request.params.id,
        adminViewerOf(request),
        request.id,
      );
      return reply.code(202).send(image);
    },
  );

  app.delete(
    "/:id",
    {
      schema: {
        summary: "Delete an image with its files (admins)",
        tags: TAGS,
        operationId: "deleteImage",
        ...ADMIN_ONLY,
        params: ZImageParams,
        response: { 200: json(ZOkResponse, "Deleted"), ...errors(400, 401, 403), 404: NO_IMAGE },
      },
    },
    async (request) => {
      await opts.edits.delete(request.params.id, adminViewerOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    "/:id/download",
    {
      config: { countAs: "download" },
      schema: {
        summary: "Download a size of an image",
        description:
          "Preview for everyone, Basic for members, HD, XLarge and Ultra for Pro members and admins, with the commercial licence named in a `Link` header (rel=\"license\"). Free members' downloads count against the month's limits.",
        tags: ["downloads"],
        operationId: "downloadImage",
        params: ZImageParams,
        querystring: ZDownloadQuery,
        response: {
          200: file("image/webp", "The file, as an attachment"),
          206: file("image/webp", "The byte range asked for"),
          304: noBody("The file the client holds (If-None-Match) is current"),
          ...errors(400, 401, 403),
          404: NO_IMAGE,
          ...errors(416, 429),
        },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // A GET that counts against a member's month: another site must not spend it by sending
      // the member's browser here (the session cookie, SameSite=Lax, rides along on a top-level
      // navigation). A link opened directly ("none") or from our own pages passes.
      const from = request.headers["sec-fetch-site"];
      if (viewer.kind === "member" && (from === "cross-site" || from === "same-site")) {
        throw forbidden(DOWNLOAD_MESSAGES.fromAnotherSite, "foreign_origin");
      }
      const file = await opts.downloads.prepare(request.params.id, request.query.size, viewer);
      // Only what sends no file skips counting: a HEAD, a revalidation that names this file's ETag
      // (304) and a range outside it (416). A range is part of a download: the member's first
      // part of this file this month is counted as the download, and every other part (resumed,
      // or asked for in parallel by a download manager) only as its bytes of bandwidth.
      const range = rangeAsked(request, file);
      const sendsFile =
        request.method !== "HEAD" &&
        !isNotModified(request, file.etag) &&
        range !== "unsatisfiable";
      let opened: Readable | undefined;
      if (request.method === "HEAD")
        await opts.downloads.assertWithinLimits(file, viewer, request.ip);
      if (sendsFile) {
        // Opened before it is counted: a file gone meanwhile (the image deleted as it was asked
        // for) is the image's 404 and costs the member nothing; once open, it is sent whole.
        opened = await opts.storage.read(file.storageKey, range).catch((error: unknown) => {
          if (isMissing(error)) throw notFound(IMAGE_MESSAGES.notFound);
          throw error;
        });
        const rangeBytes = range === undefined ? file.bytes : range.end - range.start + 1;
        const part = range === undefined ? undefined : { bytes: rangeBytes };
        try {
          await opts.downloads.count({ ...file, bytes: rangeBytes }, viewer, request.ip, part);
        } catch (error) {
          opened.destroy();
          throw error;
        }
      }
      if (file.ownedLicence) {
        // The licence the piece was bought under (issue 19).
        reply.header("link", `<${opts.licenceUrl}#${file.ownedLicence}>; rel="license"`);
      } else if (DOWNLOAD_SIZES[file.size].access === "pro") {
        reply.header("link", `<${opts.licenceUrl}>; rel="license"`);
      }
      return sendStored(request, reply, opts.storage, {
        key: file.storageKey,
        bytes: file.bytes,
        etag: file.etag,
        cacheControl: "private, no-cache",
        downloadName: file.filename,
        opened,
      });
    },
  );
};
