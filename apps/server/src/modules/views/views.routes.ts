import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { viewerOf } from "../../http/viewer.js";
import { ZImageParams } from "../images/images.routes.js";
import type { ViewsService } from "./views.service.js";

/** Mounted under /api/v1/images. */
export const viewsRoutes: FastifyPluginAsync<{ views: ViewsService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The web app calls it when an image's detail opens; no body.
  app.post("/:id/views", { schema: { params: ZImageParams } }, async (request) => {
    const viewer = viewerOf(request);
    return opts.views.record(request.params.id, viewer, {
      userId: viewer?.userId,
      ip: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
    });
  });
};
