import { ZViewCount } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors, json } from "../../http/openapi.js";
import { viewerOf } from "../../http/viewer.js";
import { ZImageParams } from "../images/images.routes.js";
import type { ViewsService } from "./views.service.js";

/** Mounted under /api/v1/images. */
export const viewsRoutes: FastifyPluginAsync<{ views: ViewsService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The web app calls it when an image's detail opens; no body.
  app.post(
    "/:id/views",
    {
      schema: {
        summary: "Count a view of an image",
        description:
          "Counted once per viewer and UTC day; the detail dialog calls it when it opens.",
        tags: ["images"],
        operationId: "recordImageView",
        params: ZImageParams,
        response: {
          200: json(ZViewCount, "The image's view count"),
          ...errors(400, 403, 404),
        },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return opts.views.record(request.params.id, viewer, {
        userId: viewer.kind === "member" ? viewer.userId : undefined,
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
    },
  );
};
