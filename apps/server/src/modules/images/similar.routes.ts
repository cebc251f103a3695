import { ZSimilarImages, ZSimilarImagesQuery } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { viewerOf } from "../../http/viewer.js";
import { ZImageParams } from "./images.routes.js";
import type { SimilarService } from "./similar.service.js";

/** Mounted under /api/v1/images. */
export const similarRoutes: FastifyPluginAsync<{ similar: SimilarService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/:id/similar",
    {
      schema: {
        summary: "More like this: similar public images (Pro and admins)",
        description:
          "Ranked by the tags they share with this image and how close their palettes are.",
        tags: ["images"],
        operationId: "listSimilarImages",
        security: SIGNED_IN,
        params: ZImageParams,
        querystring: ZSimilarImagesQuery,
        response: {
          200: json(ZSimilarImages, "The most similar first, as list entries"),
          ...errors(400, 401),
          403: error("A Pro feature: the member is on the free plan"),
          404: error("No such image (or a private one, to anyone but admins)"),
        },
      },
    },
    async (request) =>
      opts.similar.similar(request.params.id, request.query.limit, viewerOf(request)),
  );
};
