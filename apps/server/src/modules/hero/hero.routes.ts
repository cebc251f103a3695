import { ZHeroContent } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { json } from "../../http/openapi.js";
import type { HeroService } from "./hero.service.js";

export const heroRoutes: FastifyPluginAsync<{ hero: HeroService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/hero-content",
    {
      schema: {
        summary: "The gallery's hero banner",
        tags: ["explore"],
        operationId: "getHeroContent",
        response: { 200: json(ZHeroContent, "The hero banner (title and subtitle are HTML)") },
      },
    },
    async () => opts.hero.get(),
  );
};
