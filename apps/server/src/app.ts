import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import { PARTNER_API, paths, VISITOR } from "@sawdust/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { uploadTmpDir } from "./background.js";
import type { Config } from "./config.js";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./db/database.js";
import { allowedMethodsOf } from "./http/allowed-methods.js";
import { registerBadAddress, rewriteAddress } from "./http/bad-address.js";
import { cacheDefaults } from "./http/cache-defaults.js";
import { answerClientError, answerConnect } from "./http/client-errors.js";
import { registerErrorHandler } from "./http/error-handler.js";
import { ErrorPages } from "./http/error-pages.js";
import { answerHeadAsGet } from "./http/head-as-get.js";
import { acceptEmptyJsonBodies } from "./http/json-bodies.js";
import { COMPRESSION } from "./http/kept-body.js";
import { ListPages } from "./http/list-pages.js";
import { metricsPlugin } from "./http/metrics.js";
import { registerApiDocs } from "./http/openapi.js";
import { memberOf, requestAuthPlugin } from "./http/request-auth.js";
import { requestIdOf, requestIdPlugin } from "./http/request-id.js";
import { requestForLog } from "./http/request-log.js";
import { securityPlugin } from "./http/security.js";
import { strictBodies } from "./http/strict-bodies.js";
import { refuseUnstorableText } from "./http/unstorable-text.js";
import { registerWebApp } from "./http/web-app.js";
import { jobHandlers } from "./jobs/handlers.js";
import { Metrics } from "./lib/metrics.js";
import {
  accountLinkRoutes,
  accountRoutes,
  adminAccountRoutes,
  sessionDevicePlugin,
} from "./modules/accounts/accounts.routes.js";
import { adminStatsRoutes } from "./modules/admin-stats/admin-stats.routes.js";
import { apiKeysRoutes } from "./modules/api-keys/api-keys.routes.js";
import { auditRoutes } from "./modules/audit/audit.routes.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { billingWebhookRoutes } from "./modules/billing/billing.routes.js";
import { sandboxRoutes } from "./modules/billing/sandbox.routes.js";
import { collectionsRoutes } from "./modules/collections/collections.routes.js";
import { editionsRoutes } from "./modules/editions/editions.routes.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { heroRoutes } from "./modules/hero/hero.routes.js";
import { adminImagesRoutes } from "./modules/images/admin-images.routes.js";
import { CatalogueService } from "./modules/images/catalogue.service.js";
import { imagesRoutes } from "./modules/images/images.routes.js";
import { similarRoutes } from "./modules/images/similar.routes.js";
import { mailOutboxRoutes } from "./modules/mail/mail.routes.js";
import { marketingDocsPageRoutes, marketingRoutes } from "./modules/marketing/marketing.routes.js";
import { withKeyedAnswerHeaders } from "./modules/marketing/marketing-docs.js";
import { mediaRoutes } from "./modules/media/media.routes.js";
import { moderationRoutes } from "./modules/moderation/moderation.routes.js";
import { profileRoutes } from "./modules/profile/profile.routes.js";
import { siteSettingsRoutes } from "./modules/settings/site-settings.routes.js";
import { sitemapRoutes } from "./modules/sitemap/sitemap.routes.js";
import { subscriptionsRoutes } from "./modules/subscriptions/subscriptions.routes.js";
import { tagsRoutes } from "./modules/tags/tags.routes.js";
import { adminTwoFactorRoutes, twoFactorRoutes } from "./modules/two-factor/two-factor.routes.js";
import { usageRoutes } from "./modules/usage/usage.routes.js";
import { adminUsersRoutes } from "./modules/users/admin-users.routes.js";
import { viewsRoutes } from "./modules/views/views.routes.js";
import { openServices, type ServiceOptions, type Services } from "./services.js";

/** How long a request may take to arrive, headers and body (README, Deployment). */
export const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

export interface AppDeps extends ServiceOptions {
  /** An open database; by default the one the config names is opened (and closed with the app). */
  database?: DatabaseHandle;
  /** Where the built web app lives. */
  webDist?: string;
  /** Where the server's log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

export interface App {
  server: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  /** This process's metrics (`/metrics`); its job worker reports its runs here too. */
  metrics: Metrics;
  /** The first step of a graceful stop: `/readyz` answers 503 from now on. */
  markStopping(): void;
  /** Every route the server registered (Fastify's route table), HEAD routes aside. */
  routes: ReadonlyArray<{ method: string; url: string }>;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Builds the whole application from a config; tests build it exactly the same way. */
/** The longest path parameter the router matches (find-my-way's default is 100). */
const MAX_PARAM_LENGTH = 2048;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  // The logger comes first: everything this process reports, from its start on (a connection
  // lost, the migrations, what billing and mail have to say), is one of its JSON lines.
  const server = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      // The address of a page a mailed link opens carries its token (`/auth/reset?token=…`):
      // whoever reads the logs must not be able to use it.
      serializers: { req: requestForLog },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // TRUST_PROXY: X-Forwarded-For is read only from the proxies it names (request.ip is what
    // sign-in limits, registrations per address and view counting see).
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
    // While stopping, a request on a connection that is still open is served (with
    // `Connection: close`) rather than refused with 503: an accepted request never fails.
    return503OnClosing: false,
    // A request must arrive whole within 10 minutes (a 50 MB upload at 0.7 Mbit/s): Fastify turns
    // Node's 5-minute default off, and a body sent a byte at a time then held its connection for
    // ever. (Headers are cut at Node's 60 s.)
    requestTimeout: REQUEST_TIMEOUT_MS,
    rewriteUrl: rewriteAddress,
    // A path parameter over find-my-way's 100 characters got its raw 414 (or a 404 for GET):
    // longer ones reach the route, whose schema says what is wrong with them.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What Node's parser refuses (headers over 16 kB, bytes that are not HTTP) in our shape.
    clientErrorHandler: answerClientError,
  });
  server.server.on("connect", answerConnect);
  const database =
    deps.database ??
    openDatabase(config, (error) =>
      server.log.warn(
        { err: error },
        "database: a connection was closed; reconnecting on next use",
      ),
    );
  const migrated = await migrateToLatest(database);
  if (migrated.length > 0) server.log.info({ migrations: migrated }, "database migrated");
  const services = await openServices(config, database, server.log, deps);
  const errorPages = new ErrorPages();
  const routes: Array<{ method: string; url: string }> = [];
  server.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url });
    }
  });
  server.setValidatorCompiler(strictBodies);
  acceptEmptyJsonBodies(server);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server, errorPages);
  refuseUnstorableText(server);
  cacheDefaults(server);
  let stopping = false;
  const metrics = new Metrics({
    queueStats: (now) => services.jobs.queueStats(now),
    jobKinds: Object.keys(jobHandlers(services)),
    pool: database.poolStats,
    now: () => services.clock.now(),
    onScrapeError: (error) =>
      server.log.warn({ err: error }, "metrics: reading the job queue failed"),
  });
  await server.register(requestIdPlugin);
  await server.register(metricsPlugin, { metrics, token: config.metrics.token });
  server.addHook("onClose", () => services.events.close());
  if (!deps.database) server.addHook("onClose", () => database.close());
  closeConnectionsAsTheyIdle(server);

  // Text responses (pages, JSON, scripts, styles) travel compressed to clients that accept it
  // (COMPRESSION); pictures are already compressed and pass as they are. Bodies sent many times
  // over are compressed once and kept so (kept-body.ts).
  await server.register(compress, {
    encodings: COMPRESSION.encodings,
    threshold: COMPRESSION.threshold,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } },
  });
  answerHeadAsGet(server);
  await server.register(cookie);
  await server.register(multipart);
  await server.register(securityPlugin, {
    publicUrl: config.publicUrl,
    onlyPublicUrl: config.publicUrlGiven,
    https: config.secureCookies,
  });
  await server.register(requestAuthPlugin, { auth: services.auth });
  await server.register(sessionDevicePlugin, { accounts: services.accounts });
  // Before every route: the OpenAPI document is made from the schemas the routes declare.
  await registerApiDocs(server, { withHeaders: withKeyedAnswerHeaders });
  await server.register(healthRoutes, { ping: database.ping, stopping: () => stopping });
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
    licenceUrl: `${config.publicUrl}${paths.licence.getHref()}`,
  });
  await server.register(viewsRoutes, { prefix: "/api/v1/images", views: services.views });
  await server.register(adminImagesRoutes, {
    prefix: "/api/v1/admin/images",
    adminImages: services.adminImages,
  });
  await server.register(similarRoutes, { prefix: "/api/v1/images", similar: services.similar });
  await server.register(collectionsRoutes, {
    prefix: "/api/v1/collections",
    collections: services.collections,
  });
  await server.register(tagsRoutes, { prefix: "/api/v1", tags: services.tags });
  await server.register(heroRoutes, { prefix: "/api/v1", hero: services.hero });
  await server.register(moderationRoutes, { prefix: "/api/v1", moderation: services.moderation });
  await server.register(profileRoutes, { prefix: "/api/v1", profile: services.profile });
  await server.register(usageRoutes, { prefix: "/api/v1", usage: services.usage });
  await server.register(subscriptionsRoutes, {
    prefix: "/api/v1",
    subscriptions: services.subscriptions,
  });
  await server.register(billingWebhookRoutes, {
    prefix: "/api/v1/billing",
    webhooks: services.billing.webhooks,
  });
  await server.register(sandboxRoutes, {
    prefix: "/api/v1/billing/sandbox",
    sandbox: services.billing.sandbox,
  });
  // The sandbox delivers again what a failure or a crash left undelivered (as Stripe retries), from
  // the processes that take webhooks: at start, then every minute.
  const sandboxRedelivery = services.billing.sandbox?.startRedelivery();
  server.addHook("onClose", async () => sandboxRedelivery?.stop());
  await server.register(editionsRoutes, { prefix: "/api/v1", editions: services.editions });
  await server.register(apiKeysRoutes, { prefix: "/api/v1/api-keys", apiKeys: services.apiKeys });
  await server.register(adminStatsRoutes, {
    prefix: "/api/v1/admin",
    adminStats: services.adminStats,
  });
  await server.register(adminUsersRoutes, {
    prefix: "/api/v1/admin/users",
    adminUsers: services.adminUsers,
  });
  await server.register(twoFactorRoutes, {
    prefix: "/api/v1/two-factor",
    twoFactor: services.twoFactor,
  });
  await server.register(adminTwoFactorRoutes, {
    prefix: "/api/v1/admin/users",
    twoFactor: services.twoFactor,
  });
  await server.register(accountRoutes, { prefix: "/api/v1/account", accounts: services.accounts });
  await server.register(accountLinkRoutes, { prefix: "/api/v1/auth", accounts: services.accounts });
  await server.register(adminAccountRoutes, {
    prefix: "/api/v1/admin/users",
    accounts: services.accounts,
  });
  await server.register(mailOutboxRoutes, { prefix: "/api/v1/admin", mail: services.mail });
  await server.register(siteSettingsRoutes, {
    prefix: "/api/v1",
    siteSettings: services.siteSettings,
  });
  await server.register(auditRoutes, { prefix: "/api/v1/admin/audit", audit: services.audit });
  await server.register(marketingRoutes, {
    prefix: PARTNER_API.basePath,
    marketing: services.marketing,
    apiKeys: services.apiKeys,
    publicUrl: config.publicUrl,
    publicUrlGiven: config.publicUrlGiven,
  });
  await server.register(marketingDocsPageRoutes, { prefix: PARTNER_API.docsPagePath });
  await server.register(mediaRoutes, {
    prefix: "/media",
    renditions: services.renditions,
    auth: services.auth,
    storage: services.storage,
  });
  await server.register(sitemapRoutes, { sitemap: services.sitemap, publicUrl: config.publicUrl });
  registerBadAddress(server, errorPages);
  await registerWebApp(server, {
    allowedMethods: allowedMethodsOf(server, routes),
    webDist: deps.webDist ?? config.webDist ?? DEFAULT_WEB_DIST,
    publicUrl: config.publicUrl,
    shareCard: (id) => services.catalogue.shareCard(id),
    memberMaySee: async (id, token) => {
      const current = await services.auth.userForSession(token);
      if (!current) return false;
      return services.catalogue.get(id, memberOf(current)).then(
        () => true,
        () => false,
      );
    },
    visitorImage: (id) => services.catalogue.get(id, VISITOR),
    galleryFirstPage: (params) => listPages.page(CatalogueService.queryOf(params)),
    siteSettings: () => services.siteSettings.current(),
    // Anything a public page shows: images, the hero, collections, the site's settings.
    onPagesStale: (listener) => services.events.on(() => listener()),
    now: () => services.clock.now(),
    errorPages,
  });
  return {
    server,
    services,
    database,
    metrics,
    routes,
    markStopping: () => {
      stopping = true;
    },
  };
}

/**
 * Node's `server.close()` closes the keep-alive connections idle when it starts and waits for the
 * rest. A request in flight then leaves its connection open and idle once answered (it came
 * before the close, so Fastify did not add `Connection: close`), and the close waits out its
 * keep-alive (72 s). While closing, each connection is closed as soon as it idles.
 */
function closeConnectionsAsTheyIdle(server: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  server.addHook("preClose", (done) => {
    timer = setInterval(() => server.server.closeIdleConnections(), 100);
    timer.unref();
    done();
  });
  // onClose hooks run after the server's own, which ends when the last connection has.
  server.addHook("onClose", (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
