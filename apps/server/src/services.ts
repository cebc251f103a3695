import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/database.js";
import { EventBus } from "./events/event-bus.js";
import { JobsRepo } from "./jobs/jobs.repo.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { openAnalysers } from "./media/analysis/open-analysers.js";
import type { VisionClient } from "./media/analysis/vision.js";
import { MediaStore } from "./media/media-store.js";
import { type MediaSetup, openStorage } from "./media/open-media.js";
import { type AuthLimits, AuthService, DEFAULT_AUTH_LIMITS } from "./modules/auth/auth.service.js";
import { RateLimitsRepo } from "./modules/auth/rate-limits.repo.js";
import { SessionsRepo } from "./modules/auth/sessions.repo.js";
import { CollectionsRepo } from "./modules/collections/collections.repo.js";
import { CollectionsService } from "./modules/collections/collections.service.js";
import { DownloadsRepo } from "./modules/downloads/downloads.repo.js";
import { DownloadsService } from "./modules/downloads/downloads.service.js";
import { HeroService } from "./modules/hero/hero.service.js";
import { AnalysisService, type ContentRaterLike } from "./modules/images/analysis.service.js";
import { CatalogueService } from "./modules/images/catalogue.service.js";
import { ImageEditsService } from "./modules/images/image-edits.service.js";
import { ImagesRepo } from "./modules/images/images.repo.js";
import { IngestService } from "./modules/images/ingest.service.js";
import { ListCache } from "./modules/images/list-cache.js";
import { RenditionsService } from "./modules/images/renditions.service.js";
import { ProfileService } from "./modules/profile/profile.service.js";
import { SettingsRepo } from "./modules/settings/settings.repo.js";
import { SubscriptionsRepo } from "./modules/subscriptions/subscriptions.repo.js";
import { SubscriptionsService } from "./modules/subscriptions/subscriptions.service.js";
import { TagsRepo } from "./modules/tags/tags.repo.js";
import { TagsService } from "./modules/tags/tags.service.js";
import { UsageService } from "./modules/usage/usage.service.js";
import { UsersRepo } from "./modules/users/users.repo.js";
import { ViewsRepo } from "./modules/views/views.repo.js";
import { ViewsService } from "./modules/views/views.service.js";

export interface ServiceOptions {
  clock?: Clock;
  authLimits?: Partial<AuthLimits>;
  /** How long an upload may run before the janitor treats it as abandoned. */
  uploadLeaseMs?: number;
  /** The vision model client, when AI_BASE_URL is configured. */
  vision?: VisionClient;
  /** The content rater, loaded on first use. */
  rater?: () => Promise<ContentRaterLike | null>;
}

export const DEFAULT_UPLOAD_LEASE_MS = 2 * 60 * 1000;

/**
 * The services of a process as its config describes them: storage, the content rater and the
 * vision model included. The API (`buildApp`) and `npm run worker` both start from here, so a
 * worker process runs every analyser the in-process worker runs. `options` override (tests).
 */
export async function openServices(
  config: Config,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, "warn">,
  options: ServiceOptions = {},
) {
  const services = createServices(database, await openMedia(config, database), {
    ...openAnalysers(config, log),
    ...options,
    authLimits: { registrationsPerIp: config.registrationsPerIpHour, ...options.authLimits },
  });
  await services.events.start();
  return services;
}

/**
 * The media storage and the key that signs pro-size URLs (made by whichever process asks first,
 * kept in the database so every process signs alike).
 */
export async function openMedia(
  config: Pick<Config, "dataDir" | "s3">,
  database: DatabaseHandle,
): Promise<MediaSetup> {
  const signingKey = await new SettingsRepo(database.db).getOrCreate("media_signing_key", () =>
    randomBytes(32).toString("base64url"),
  );
  return { storage: openStorage(config), signingKey };
}

/** The composition root: repositories over one database, services over the repositories. */
export function createServices(
  database: DatabaseHandle,
  media: MediaSetup,
  options: ServiceOptions = {},
) {
  const clock = options.clock ?? systemClock;
  const { db, dialect } = database;
  const rateLimits = new RateLimitsRepo(db);
  const subscriptions = new SubscriptionsService(new SubscriptionsRepo(db), clock);
  const auth = new AuthService({
    users: new UsersRepo(db),
    sessions: new SessionsRepo(db),
    rateLimits,
    subscriptions,
    clock,
    limits: { ...DEFAULT_AUTH_LIMITS, ...options.authLimits },
  });
  const imagesRepo = new ImagesRepo(db, dialect);
  const jobs = new JobsRepo(db, dialect);
  const mediaStore = new MediaStore(media.storage, media.signingKey);
  const hooks: { onJobQueued?: () => void } = {};
  // One per process, shared by every service that changes what the image list counts.
  const listCache = new ListCache(clock);
  // Changes from this process and, on PostgreSQL, from every other one sharing the database.
  const events = new EventBus(database.notifications);
  events.on((event) => {
    if (event.type.startsWith("image.") || event.type === "resync") listCache.invalidate();
  });
  const onJobQueued = () => hooks.onJobQueued?.();
  const catalogue = new CatalogueService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    listCache,
  });
  const ingest = new IngestService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    events,
    options: { uploadLeaseMs: options.uploadLeaseMs ?? DEFAULT_UPLOAD_LEASE_MS },
    onJobQueued,
  });
  const edits = new ImageEditsService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    events,
    onJobQueued,
  });
  const renditions = new RenditionsService({ images: imagesRepo, media: mediaStore, clock });
  const downloads = new DownloadsService({
    downloads: new DownloadsRepo(db),
    images: imagesRepo,
    renditions,
    rateLimits,
    clock,
  });
  const analysis = new AnalysisService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    vision: options.vision,
    rater: options.rater,
    events,
  });
  const tags = new TagsService({ tags: new TagsRepo(db), images: imagesRepo, media: mediaStore });
  const settings = new SettingsRepo(db);
  const hero = new HeroService(settings);
  const views = new ViewsService({
    views: new ViewsRepo(db),
    settings,
    images: imagesRepo,
    clock,
  });
  const profile = new ProfileService({ users: new UsersRepo(db), clock });
  const collections = new CollectionsService({
    collections: new CollectionsRepo(db, dialect),
    images: imagesRepo,
    media: mediaStore,
    clock,
  });
  const usage = new UsageService({ downloads: new DownloadsRepo(db), collections, clock });
  return {
    auth,
    tags,
    subscriptions,
    catalogue,
    ingest,
    edits,
    renditions,
    downloads,
    analysis,
    jobs,
    settings,
    hero,
    views,
    profile,
    collections,
    usage,
    listCache,
    events,
    storage: media.storage,
    clock,
    hooks,
  };
}

export type Services = ReturnType<typeof createServices>;
