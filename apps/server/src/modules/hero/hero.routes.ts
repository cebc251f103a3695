import type { FastifyPluginAsync } from "fastify";
import type { HeroService } from "./hero.service.js";

export const heroRoutes: FastifyPluginAsync<{ hero: HeroService }> = async (app, opts) => {
  app.get("/hero-content", async () => opts.hero.get());
};
