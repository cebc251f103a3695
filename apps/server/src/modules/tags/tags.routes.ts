import type { FastifyPluginAsync } from "fastify";
import type { TagsService } from "./tags.service.js";

export const tagsRoutes: FastifyPluginAsync<{ tags: TagsService }> = async (app, opts) => {
  app.get("/tags", async () => opts.tags.list());
  app.get("/explore/tags", async () => opts.tags.explore());
};
