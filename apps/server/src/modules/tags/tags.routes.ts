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
        summary: "Every tag of the public catalogue, with its count",
        tags: ["explore"],
        operationId: "listTags",
        response: { 200: json(ZTagList, "Tags and how many public images carry each") },
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
