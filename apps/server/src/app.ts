import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import { VISITOR } from "@sawdust/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { uploadTmpDir } from "./background.js";
import type { Config } from "./config.js";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./db/database.js";
import { registerErrorHandler } from "./http/error-handler.js";
import { ListPages } from "./http/list-pages.js";
import { registerApiDocs } from "./http/openapi.js";
import { requestAuthPlugin } from "./http/request-auth.js";
import { securityPlugin } from "./http/security.js";
import { registerWebApp } from "./http/web-app.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { collectionsRoutes } from "./modules/collections/collections.routes.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { heroRoutes } from "./modules/hero/hero.routes.js";
import { CatalogueService } from "./modules/images/catalogue.service.js";
import { imagesRoutes } from "./modules/images/images.routes.js";
import { mediaRoutes } from "./modules/media/media.routes.js";
import { profileRoutes } from "./modules/profile/profile.routes.js";
import { tagsRoutes } from "./modules/tags/tags.routes.js";
import { usageRoutes } from "./modules/usage/usage.routes.js";
import { viewsRoutes } from "./modules/views/views.routes.js";
import { openServices, type ServiceOptions, type Services } from "./services.js";

export interface AppDeps extends ServiceOptions {
  /** An open database; by default the one the config names is opened (and closed with the app). */
  database?: DatabaseHandle;
  /** Where the built web app lives. */
  webDist?: string;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Builds the whole application from a config; tests build it exactly the same way. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const database = deps.database ?? openDatabase(config);
  await migrateToLatest(database);
  const services = await openServices(config, database, console, deps);

  const server = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  server.addHook("onClose", () => services.events.close());
  if (!deps.database) server.addHook("onClose", () => database.close());

  // Text responses (pages, JSON, scripts, styles) travel compressed to clients that accept it;
  // pictures are already compressed and pass as they are. Brotli at quality 4: its default (11)
  // costs a hundred times the CPU for a few percent, too much for responses made per request.
  await server.register(compress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await server.register(cookie);
  await server.register(multipart);
  await server.register(securityPlugin, {
    publicUrl: config.publicUrl,
    https: config.secureCookies,
  });
  await server.register(requestAuthPlugin, { auth: services.auth });
  // Before every route: the OpenAPI document is made from the schemas the routes declare.
  await registerApiDocs(server);
  await server.register(healthRoutes, { ping: database.ping });
  await server.register(authRoutes, {
    prefix: "/api/v1/auth",
    auth: services.auth,
    secureCookies: config.secureCookies,
  });
  // Visitors' list pages as bytes: made from the catalogue's page objects, kept by the list cache.
  const listPages = new ListPages(
    {
      list: (query) => services.catalogue.list(query, VISITOR),
      keyOf: (query) => services.catalogue.sharedPageKey(query),
    },
    services.listCache,
  );
  await server.register(imagesRoutes, {
    prefix: "/api/v1/images",
    catalogue: services.catalogue,
    ingest: services.ingest,
    edits: services.edits,
    downloads: services.downloads,
    listPages,
    storage: services.storage,
    uploadTmpDir: uploadTmpDir(config.dataDir),
  });
  await server.register(viewsRoutes, { prefix: "/api/v1/images", views: services.views });
  await server.register(collectionsRoutes, {
    prefix: "/api/v1/collections",
    collections: services.collections,
  });
  await server.register(tagsRoutes, { prefix: "/api/v1", tags: services.tags });
  await server.register(heroRoutes, { prefix: "/api/v1", hero: services.hero });
  await server.register(profileRoutes, { prefix: "/api/v1", profile: services.profile });
  await server.register(usageRoutes, { prefix: "/api/v1", usage: services.usage });
  await server.register(mediaRoutes, {
    prefix: "/media",
    renditions: services.renditions,
    auth: services.auth,
    storage: services.storage,
  });
  await registerWebApp(server, {
    webDist: deps.webDist ?? config.webDist ?? DEFAULT_WEB_DIST,
    publicUrl: config.publicUrl,
    shareCard: (id) => services.catalogue.shareCard(id),
    galleryFirstPage: async (params) => {
      const { json } = await listPages.page(CatalogueService.queryOf(params));
      return { json, list: listPages.listOf(json) };
    },
    heroContent: () => services.hero.get(),
  });
  return { server, services, database };
}
