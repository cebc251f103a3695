import { ZExploreTags, ZTagList } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { json } from "../../http/openapi.js";
import type { TagsService } from "./tags.service.js";

export const tagsRoutes: FastifyPluginAsync<{ tags: TagsService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/tags",
    {
      schema: {
        summary: "Every tag of the Sawdust Gallery's public pieces, with its count",
        description:
          "The tags of the gallery the site's tag pages and Explore link to: public, ready Sawdust Gallery pieces only (editions for sale are not counted). The partner API's `GET /api/v1/marketing/tags` counts every edition type.",
        tags: ["explore"],
        operationId: "listTags",
        response: {
          200: json(ZTagList, "Tags and how many public Sawdust Gallery pieces carry each"),
        },
      },
    },
    async () => opts.tags.list(),
  );
  app.get(
    "/explore/tags",
    {
      schema: {
        summary: "The most used tags with a sample image, and the rest",
        tags: ["explore"],
        operationId: "exploreTags",
        response: { 200: json(ZExploreTags, "Featured tags (with a sample image) and the others") },
      },
    },
    async () => opts.tags.explore(),
  );
};
