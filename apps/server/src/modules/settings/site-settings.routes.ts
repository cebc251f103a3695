import { ZSiteSettings } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, IF_MATCH_HEADER, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirst } from "../../http/request-auth.js";
import { viewerOf } from "../../http/viewer.js";
import { type SiteSettingsService, settingsVersion } from "./settings.service.js";

const TAGS = ["admin"];

/** Mounted under /api/v1: the site settings, public to read, admins' to change. */
export const siteSettingsRoutes: FastifyPluginAsync<{ siteSettings: SiteSettingsService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/site",
    {
      schema: {
        summary: "The site's name, registration and free-tier limits",
        description:
          "What the web app shows: the site name, whether registration is open, the default edition type and the free tier's monthly limits. Changes apply at once.",
        tags: TAGS,
        operationId: "getSite",
        response: { 200: json(ZSiteSettings, "The site settings now") },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return opts.siteSettings.current();
    },
  );

  app.get(
    "/admin/settings",
    {
      preValidation: adminFirst,
      schema: {
        summary: "The site settings (admins)",
        tags: TAGS,
        operationId: "getSiteSettings",
        security: SIGNED_IN,
        response: { 200: json(ZSiteSettings, "The site settings now"), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const settings = await opts.siteSettings.forAdmin(viewerOf(request));
      return reply.header("etag", settingsVersion(settings)).send(settings);
    },
  );

  app.put(
    "/admin/settings",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Replace the site settings (admins)",
        description:
          "Every field, checked against its bounds. Applied at once in every process (on SQLite, a separate worker process within 5 seconds); the audit log records what changed. Send the ETag the settings were read with as `If-Match`: if another save came in between, nothing is saved (412).",
        tags: TAGS,
        operationId: "saveSiteSettings",
        security: SIGNED_IN,
        headers: IF_MATCH_HEADER,
        body: ZSiteSettings,
        response: {
          200: json(ZSiteSettings, "The settings as saved"),
          412: error("The settings changed since the version `If-Match` names; nothing was saved"),
          ...errors(400, 401, 403, 415),
          409: error(
            "requireTwoFactorForAdmins asked for by an administrator without two-factor sign-in",
          ),
        },
      },
    },
    async (request, reply) => {
      const saved = await opts.siteSettings.save(
        request.body,
        viewerOf(request),
        request.headers["if-match"],
      );
      return reply.header("etag", settingsVersion(saved)).send(saved);
    },
  );
};
