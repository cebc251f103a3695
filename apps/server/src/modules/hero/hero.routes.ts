import { ZHeroContent, ZHeroContentBody } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors, json, SIGNED_IN } from "../../http/openapi.js";
import { requireAdmin } from "../../http/request-auth.js";
import { adminViewerOf } from "../../http/viewer.js";
import type { HeroService } from "./hero.service.js";

const TAGS = ["explore"];
const SANITISING =
  'Title and subtitle are HTML, sanitised with an allowlist: b, strong, i, em, u, s, mark, small, br, span and a (href to http, https, mailto or a path on this site; title; target _blank, always with rel="noopener noreferrer"). Everything else is removed, its text kept (the content of script, style and the like too).';

/** Mounted under /api/v1. Everyone reads the hero; admins write it. */
export const heroRoutes: FastifyPluginAsync<{ hero: HeroService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Admin first: anyone else hears 401 or 403 before anything about the body.
  const adminOnly = async (request: Parameters<typeof requireAdmin>[0]) => {
    requireAdmin(request);
  };

  app.get(
    "/hero-content",
    {
      schema: {
        summary: "The gallery's hero banner",
        tags: TAGS,
        operationId: "getHeroContent",
        response: { 200: json(ZHeroContent, "The hero banner (title and subtitle are HTML)") },
      },
    },
    async () => opts.hero.get(),
  );

  app.put(
    "/hero-content",
    {
      preValidation: adminOnly,
      schema: {
        summary: "Save the gallery's hero banner (admins)",
        description: `${SANITISING} Only the sanitised copy is stored and served; the answer is that copy.`,
        tags: TAGS,
        operationId: "updateHeroContent",
        security: SIGNED_IN,
        body: ZHeroContentBody,
        response: {
          200: json(ZHeroContent, "The hero as stored (sanitised)"),
          ...errors(400, 401, 403, 415),
        },
      },
    },
    async (request) => opts.hero.save(request.body, adminViewerOf(request)),
  );

  app.post(
    "/hero-content/preview",
    {
      preValidation: adminOnly,
      schema: {
        summary: "What saving this hero would store (admins)",
        description: `${SANITISING} Nothing is stored.`,
        tags: TAGS,
        operationId: "previewHeroContent",
        security: SIGNED_IN,
        body: ZHeroContentBody,
        response: {
          200: json(ZHeroContent, "The hero as it would be stored (sanitised)"),
          ...errors(400, 401, 403, 415),
        },
      },
    },
    async (request) => opts.hero.preview(request.body, adminViewerOf(request)),
  );
};
