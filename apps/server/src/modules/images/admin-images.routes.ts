import {
  ADMIN_IMAGES,
  ZAdminImage,
  ZAdminImageBatchBody,
  ZAdminImageBatchResult,
  ZAdminImageList,
  ZAdminImageListQuery,
  zRowId,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirstNoStore } from "../../http/request-auth.js";
import { adminViewerOf } from "../../http/viewer.js";
import type { AdminImagesService } from "./admin-images.service.js";

const TAGS = ["images"];

/**
 * Mounted under /api/v1/admin/images. Admins only: the image table of /admin/images (every image,
 * private and flagged ones included) and its batch operations.
 */
export const adminImagesRoutes: FastifyPluginAsync<{ adminImages: AdminImagesService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Admin first: anyone else hears 401 or 403 before anything about the request's shape.
  app.addHook("preValidation", adminFirstNoStore);

  app.get(
    "/",
    {
      schema: {
        summary: "The admin image table: every image, filtered and searched (admins)",
        description:
          "Ready images newest first, private ones and those waiting for a moderator included (uploads still being processed are not listed). Filters: visibility, a search over titles, descriptions, tags and styles, the edition type, the analysis status, and `flagged` (waiting for a moderator: flagged, unrated or reported).",
        tags: TAGS,
        operationId: "listAdminImages",
        security: SIGNED_IN,
        querystring: ZAdminImageListQuery,
        response: {
          200: json(ZAdminImageList, "One page, newest first, and the filter's total"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.adminImages.list(request.query, adminViewerOf(request)),
  );

  app.get(
    "/:id",
    {
      schema: {
        summary: "One image for the edit page, with its version (admins)",
        description:
          "The image as the admin table shows it, whatever its visibility. The ETag names its version: send it as `If-Match` with PATCH /api/v1/images/{id}, and a save made after another change to the image (another admin's save, a batch operation) is refused (412) rather than undoing it.",
        tags: TAGS,
        operationId: "getAdminImage",
        security: SIGNED_IN,
        params: z.object({ id: zRowId("image") }),
        response: {
          200: json(ZAdminImage, "The image; its version is the ETag"),
          ...errors(400, 401, 403),
          404: error("No such image"),
        },
      },
    },
    async (request, reply) => {
      const { image, version } = await opts.adminImages.getForEdit(
        request.params.id,
        adminViewerOf(request),
      );
      return reply.header("etag", version).send(image);
    },
  );

  app.post(
    "/batch",
    {
      schema: {
        summary: "Apply one operation to many images at once (admins)",
        description: `Selects images by id or by the table's filter (at most ${ADMIN_IMAGES.batchMax}; a filter matching more is a 400) and makes them public or private, deletes them, queues their analysis again, sets their edition type and price, or adds or removes tags. Every change commits in one transaction, with one audit entry. The answer reports each image: an id that names no image, or an image a rule refuses (an edition size below its sales, too many tags), is reported and left as it is.`,
        tags: TAGS,
        operationId: "batchAdminImages",
        security: SIGNED_IN,
        body: ZAdminImageBatchBody,
        response: {
          200: json(ZAdminImageBatchResult, "What happened to each selected image"),
          ...errors(400, 401, 403, 415),
        },
      },
    },
    async (request) =>
      opts.adminImages.batch(
        request.body.selection,
        request.body.operation,
        adminViewerOf(request),
        request.id,
      ),
  );
};
