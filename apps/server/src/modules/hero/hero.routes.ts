import { ZHeroContent, ZHeroContentBody } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, IF_MATCH_HEADER, json, SIGNED_IN } from "../../http/openapi.js";
import { requireAdmin } from "../../http/request-auth.js";
import { adminViewerOf } from "../../http/viewer.js";
import { type HeroService, heroVersion } from "./hero.service.js";

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
    async (_request, reply) => {
      const hero = await opts.hero.get();
      return reply.header("etag", heroVersion(hero)).send(hero);
    },
  );

  app.put(
    "/hero-content",
    {
      preValidation: adminOnly,
      schema: {
        summary: "Save the gallery's hero banner (admins)",
        description: `${SANITISING} Only the sanitised copy is stored and served; the answer is that copy. Send the ETag the hero was read with as \`If-Match\`: if another save came in between, nothing is saved (412).`,
        tags: TAGS,
        operationId: "updateHeroContent",
        security: SIGNED_IN,
        headers: IF_MATCH_HEADER,
        body: ZHeroContentBody,
        response: {
          200: json(ZHeroContent, "The hero as stored (sanitised)"),
          ...errors(400, 401, 403, 415),
          412: error("The hero changed since the version `If-Match` names; nothing was saved"),
        },
      },
    },
    async (request, reply) => {
      const hero = await opts.hero.save(
        request.body,
        adminViewerOf(request),
        request.headers["if-match"],
      );
      return reply.header("etag", heroVersion(hero)).send(hero);
    },
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
