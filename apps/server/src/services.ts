import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { type Config, ConfigError } from "./config.js";
import type { DatabaseHandle } from "./db/database.js";
import { EventBus } from "./events/event-bus.js";
import { watchRater } from "./jobs/heartbeat.js";
import { JobsRepo } from "./jobs/jobs.repo.js";
import { WorkerHeartbeatsRepo } from "./jobs/worker-heartbeats.repo.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { hasNoRoom } from "./lib/disk-room.js";
import type { Serialised } from "./lib/serialised.js";
import { openAnalysers } from "./media/analysis/open-analysers.js";
import type { VisionClient } from "./media/analysis/vision.js";
import { claimLocalMedia } from "./media/media-owner.js";
import { MediaStore } from "./media/media-store.js";
import { type MediaSetup, openStorage } from "./media/open-media.js";
import type { Storage } from "./media/storage/storage.js";
import { AccountsRepo } from "./modules/accounts/accounts.repo.js";
import {
  type AccountLimits,
  AccountsService,
  DEFAULT_ACCOUNT_LIMITS,
} from "./modules/accounts/accounts.service.js";
import { AdminStatsRepo } from "./modules/admin-stats/admin-stats.repo.js";
import { AdminStatsService } from "./modules/admin-stats/admin-stats.service.js";
import {
  probeStorage,
  reasonOf,
  type VisionEndpoint,
} from "./modules/admin-stats/system-probes.js";
import { ApiKeysRepo } from "./modules/api-keys/api-keys.repo.js";
import { ApiKeysService } from "./modules/api-keys/api-keys.service.js";
import { AuditRepo } from "./modules/audit/audit.repo.js";
import { AuditService } from "./modules/audit/audit.service.js";
import { type AuthLimits, AuthService, DEFAULT_AUTH_LIMITS } from "./modules/auth/auth.service.js";
import { RateLimitsRepo } from "./modules/auth/rate-limits.repo.js";
import { SessionsRepo } from "./modules/auth/sessions.repo.js";
import { BillingRepo } from "./modules/billing/billing.repo.js";
import type { PaymentProvider } from "./modules/billing/payment-provider.js";
import { SandboxRepo } from "./modules/billing/sandbox.repo.js";
import { SANDBOX_SETTINGS, SandboxProvider } from "./modules/billing/sandbox-provider.js";
import { StripeProvider, type StripeTransport } from "./modules/billing/stripe-provider.js";
import { WebhooksService } from "./modules/billing/webhooks.service.js";
import { CollectionsRepo } from "./modules/collections/collections.repo.js";
import { CollectionsService } from "./modules/collections/collections.service.js";
import { DownloadsRepo } from "./modules/downloads/downloads.repo.js";
import { DownloadsService } from "./modules/downloads/downloads.service.js";
import { EditionsRepo } from "./modules/editions/editions.repo.js";
import { EditionsService } from "./modules/editions/editions.service.js";
import { HeroService } from "./modules/hero/hero.service.js";
import { AdminImagesRepo } from "./modules/images/admin-images.repo.js";
import { AdminImagesService } from "./modules/images/admin-images.service.js";
import { AnalysisService, type ContentRaterLike } from "./modules/images/analysis.service.js";
import { CatalogueService } from "./modules/images/catalogue.service.js";
import { ImageEditsService } from "./modules/images/image-edits.service.js";
import { ImagesRepo } from "./modules/images/images.repo.js";
import { IngestService } from "./modules/images/ingest.service.js";
import { ListCache } from "./modules/images/list-cache.js";
import { RenditionsService } from "./modules/images/renditions.service.js";
import { SimilarRepo } from "./modules/images/similar.repo.js";
import { SimilarService } from "./modules/images/similar.service.js";
import { MailRepo } from "./modules/mail/mail.repo.js";
import { MailService } from "./modules/mail/mail.service.js";
import { smtpMailer } from "./modules/mail/mailer.js";
import { MarketingRepo } from "./modules/marketing/marketing.repo.js";
import { MarketingService } from "./modules/marketing/marketing.service.js";
import { ModerationRepo } from "./modules/moderation/moderation.repo.js";
import { ModerationService } from "./modules/moderation/moderation.service.js";
import { ProfileService } from "./modules/profile/profile.service.js";
import { SettingsRepo } from "./modules/settings/settings.repo.js";
import { SiteSettingsService } from "./modules/settings/settings.service.js";
import { SitemapRepo } from "./modules/sitemap/sitemap.repo.js";
import { SitemapService } from "./modules/sitemap/sitemap.service.js";
import { SubscriptionsRepo } from "./modules/subscriptions/subscriptions.repo.js";
import { SubscriptionsService } from "./modules/subscriptions/subscriptions.service.js";
import { TagsRepo } from "./modules/tags/tags.repo.js";
import { TagsService } from "./modules/tags/tags.service.js";
import { SecretBox } from "./modules/two-factor/secret-box.js";
import { TwoFactorRepo } from "./modules/two-factor/two-factor.repo.js";
import { TwoFactorService } from "./modules/two-factor/two-factor.service.js";
import { UsageService } from "./modules/usage/usage.service.js";
import { AdminUsersService } from "./modules/users/admin-users.service.js";
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
  /** The site's origin as users see it (PUBLIC_URL): the partner API's absolute URLs. */
  publicUrl?: string;
  /** The payment provider (tests inject one); by default Stripe when configured, else the sandbox. */
  provider?: PaymentProvider;
  /** Where the configured Stripe provider sends its calls: api.stripe.com unless a test fakes it. */
  stripeTransport?: StripeTransport;
  /** The secret the sandbox signs its webhooks with (openPayments keeps it in the settings). */
  sandboxWebhookSecret?: string;
  /** Where billing reports what it could not do (a webhook naming no member, a failed delivery). */
  log?: Pick<FastifyBaseLogger, "warn">;
  /** What the admin dashboard's status list checks: the configured vision model and bucket. */
  statusChecks?: { vision?: VisionEndpoint; s3Bucket?: string };
  /** SMTP_URL and MAIL_FROM; without an SMTP URL mail is kept in the admin's outbox. */
  mail?: { smtpUrl?: string; from: string };
  /** The password-reset, password-check and confirmation-mail limits (tests lower or raise them). */
  accountLimits?: Partial<AccountLimits>;
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
  log: Pick<FastifyBaseLogger, "warn" | "error">,
  options: ServiceOptions = {},
) {
  const services = createServices(database, await openMedia(config, database), {
    ...openAnalysers(config, log),
    publicUrl: config.publicUrl,
    mail: config.mail,
    log,
    statusChecks: { vision: config.ai, s3Bucket: config.s3?.bucket },
    ...(await openPayments(config, database, log, options.stripeTransport)),
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
  const settings = new SettingsRepo(database.db);
  const signingKey = await settings.getOrCreate("media_signing_key", () =>
    randomBytes(32).toString("base64url"),
  );
  if (!config.s3) {
    // DATA_DIR/media is this database's, or nothing is written to it (media/media-owner.ts).
    const databaseId = await settings.getOrCreate("database_id", () => randomUUID());
    const images = await new ImagesRepo(database.db, database.dialect).whatImagesExist();
    await claimLocalMedia(config.dataDir, databaseId, images);
  }
  return { storage: openStorage(config), signingKey };
}

/**
 * A start's check of the media storage: a file written, read back and removed (the dashboard's
 * storage check), so a bucket that does not exist, an S3 that does not answer or a media folder
 * this user cannot write stops the start, naming the setting, rather than failing every upload
 * later with a bare error while /readyz says all is well. A process that receives uploads names
 * the folder they arrive in (`uploads`, under DATA_DIR even with S3): it is checked likewise.
 */
export async function checkStorageAtStart(
  config: Pick<Config, "dataDir" | "s3">,
  storage: Storage,
  uploads?: string,
): Promise<void> {
  if (uploads) await checkFolderWritable(config.dataDir, uploads, "where uploads arrive");
  const media = join(config.dataDir, "media");
  // The first start makes the folder (as the first upload would): a missing one is no fault here.
  const made = config.s3
    ? undefined
    : await mkdir(media, { recursive: true }).then(
        () => undefined,
        (error: unknown) => error,
      );
  const probe = made ? { ok: false as const, reason: reasonOf(made) } : await probeStorage(storage);
  if (probe.ok) return;
  const reason = "reason" in probe ? probe.reason : "the folder is missing";
  const full = !config.s3 && (/^(ENOSPC|EDQUOT)\b/.test(reason) || hasNoRoom(config.dataDir));
  throw new ConfigError(
    config.s3
      ? `S3_BUCKET ${config.s3.bucket}${config.s3.endpoint ? ` at S3_ENDPOINT ${config.s3.endpoint}` : ""}: cannot write, read back and remove a file (${reason}). Check that the bucket exists, that the endpoint answers, and that S3_ACCESS_KEY_ID may write to it.`
      : `DATA_DIR ${config.dataDir}: cannot write, read back and remove a file in ${media} (${reason}). ${full ? `The disk holding it is full: free space on it (df -h ${config.dataDir}) and start again.` : "Make it writable by the user the server runs as."}`,
  );
}

/**
 * Makes `folder` (in DATA_DIR) if it is missing, then writes and removes a file in it; a failure
 * stops the start naming DATA_DIR, and saying so when the disk is full.
 */
async function checkFolderWritable(dataDir: string, folder: string, what: string): Promise<void> {
  const probe = join(folder, `.start-check-${randomUUID()}`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(probe, "sawdust");
    await rm(probe);
  } catch (error) {
    const reason = reasonOf(error);
    const full = /^(ENOSPC|EDQUOT)\b/.test(reason) || hasNoRoom(dataDir);
    throw new ConfigError(
      `DATA_DIR ${dataDir}: cannot write a file in ${folder}, ${what} (${reason}). ${full ? `The disk holding it is full: free space on it (df -h ${dataDir}) and start again.` : "Make it writable by the user the server runs as."}`,
    );
  }
}

/**
 * The payment provider the config names: Stripe with its settings (reporting Stripe's failures
 * in the process's log), else the built-in sandbox, whose webhook secret is made by whichever
 * process asks first and kept in the settings.
 */
export async function openPayments(
  config: Pick<Config, "stripe" | "publicUrl">,
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, "error">,
  stripeTransport?: StripeTransport,
): Promise<Pick<ServiceOptions, "provider" | "sandboxWebhookSecret">> {
  if (config.stripe) {
    return { provider: new StripeProvider(config.stripe, config.publicUrl, stripeTransport, log) };
  }
  const sandboxWebhookSecret = await new SettingsRepo(database.db).getOrCreate(
    SANDBOX_SETTINGS.webhookSecret,
    () => `whsec_sbx_${randomBytes(24).toString("hex")}`,
  );
  return { sandboxWebhookSecret };
}

/** The composition root: repositories over one database, services over the repositories. */
export function createServices(
  database: DatabaseHandle,
  media: MediaSetup,
  options: ServiceOptions = {},
) {
  const clock = options.clock ?? systemClock;
  const { db, dialect } = database;
  const publicUrl = options.publicUrl ?? "http://127.0.0.1:3000";
  const rateLimits = new RateLimitsRepo(db);
  const billingRepo = new BillingRepo(db, dialect);
  // Tasks one at a time per key across every process on the database (lib/serialised.ts).
  const serialised: Serialised = (key, work) => billingRepo.serialised(key, () => work());
  const provider: PaymentProvider =
    options.provider ??
    new SandboxProvider({
      repo: new SandboxRepo(db),
      settings: new SettingsRepo(db),
      clock,
      publicUrl,
      // Without openPayments (the admin CLI) nothing is delivered to this process from outside.
      webhookSecret: options.sandboxWebhookSecret ?? randomBytes(24).toString("hex"),
      // The sandbox's events go through the very handler the webhook route calls.
      deliver: (rawBody, signature) => webhooks.receive(rawBody, signature),
      log: options.log,
      audit: { record: (...entry) => audit.record(...entry) },
    });
  const webhooks = new WebhooksService({
    provider,
    billing: billingRepo,
    clock,
    log: options.log,
    // Editions' payments and refunds (made below).
    oneOffPayments: {
      handles: (event) => editions.handles(event),
      handle: (event) => editions.handle(event),
    },
    receipts: {
      siteName: async () => (await siteSettings.current()).siteName,
      publicUrl,
      onJobQueued: () => hooks.onJobQueued?.(),
    },
  });
  const subscriptions = new SubscriptionsService({
    subscriptions: new SubscriptionsRepo(db),
    billing: billingRepo,
    users: new UsersRepo(db),
    settings: new SettingsRepo(db),
    provider,
    clock,
    publicUrl,
  });
  const authLimits = { ...DEFAULT_AUTH_LIMITS, ...options.authLimits };
  // The key that seals two-factor secrets: made by whichever process asks first, kept in the
  // settings like the media signing key (see two-factor/secret-box.ts for what it guards).
  let twoFactorKey: Promise<Buffer> | undefined;
  const twoFactor: TwoFactorService = new TwoFactorService({
    repo: new TwoFactorRepo(db),
    users: new UsersRepo(db),
    rateLimits,
    siteSettings: { current: () => siteSettings.current() },
    secrets: new SecretBox(() => {
      twoFactorKey ??= new SettingsRepo(db)
        .getOrCreate("two_factor_key", () => randomBytes(32).toString("base64url"))
        .then((key) => Buffer.from(key, "base64url"));
      return twoFactorKey;
    }),
    clock,
    limits: authLimits,
  });
  const auth = new AuthService({
    users: new UsersRepo(db),
    sessions: new SessionsRepo(db),
    rateLimits,
    subscriptions,
    // Made below, once the event bus it listens to exists.
    siteSettings: { current: () => siteSettings.current() },
    clock,
    limits: authLimits,
    twoFactor,
    serialised,
    onRegistered: (user, mail) => accounts.sendVerification(user, mail),
    audit: { record: (...entry) => audit.record(...entry) },
  });
  // One per process, shared by every service that changes what the image list counts.
  const listCache = new ListCache(clock);
  const imagesRepo = new ImagesRepo(db, dialect, listCache, database.longReads);
  const jobs = new JobsRepo(db, dialect);
  const mediaStore = new MediaStore(media.storage, media.signingKey);
  const hooks: { onJobQueued?: () => void } = {};
  // Changes from this process and, on PostgreSQL, from every other one sharing the database.
  const events = new EventBus(database.notifications);
  events.on((event) => {
    // A settings save can change what list pages show (the default licence prices, issue 19).
    if (event.type.startsWith("image.") || event.type === "resync") listCache.invalidate();
    else if (event.type === "settings.changed") listCache.invalidate();
  });
  // What search engines may list (issue 20): a changed image's part built again when next asked.
  const sitemap = new SitemapService({
    repo: new SitemapRepo(db, dialect),
    publicUrl,
    now: () => clock.now(),
  });
  events.on((event) => {
    if (event.type === "resync") sitemap.changed();
    else if (event.type.startsWith("image.") && "imageId" in event) sitemap.changed(event.imageId);
  });
  // The admin's site settings, kept briefly by each process and dropped when any process saves.
  const siteSettings: SiteSettingsService = new SiteSettingsService({
    settings: new SettingsRepo(db, dialect),
    events,
    clock,
    twoFactorEnabled: (userId) => twoFactor.isEnabled(userId),
  });
  const onJobQueued = () => hooks.onJobQueued?.();
  // What a piece for sale costs when it has no licence prices of its own (issue 19).
  const licenceDefaults = async () => (await siteSettings.current()).licencePrices;
  const ownership = {
    licenceOf: (userId: number, imageId: number) => editions.ownedLicence(userId, imageId),
  };
  const catalogue = new CatalogueService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    listCache,
    licenceDefaults,
    collectorsOf: (imageIds) =>
      listCache.collectorsOf(imageIds, (missing) => editions.collectorsOf(missing)),
    saleFacts: async (row, viewer) => ({
      ...(row.edition_type === "one_of_one" && row.sold_editions > 0
        ? ((await editions.collectorsOf([row.id])).get(row.id) ?? { collectedBy: null })
        : { collectedBy: null }),
      ownedLicence:
        viewer.kind === "member" ? await editions.ownedLicence(viewer.userId, row.id) : null,
    }),
    ownership,
  });
  const ingest = new IngestService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    licenceDefaults,
    events,
    options: { uploadLeaseMs: options.uploadLeaseMs ?? DEFAULT_UPLOAD_LEASE_MS },
    onJobQueued,
    defaultEditionType: async () => (await siteSettings.current()).defaultEditionType,
  });
  const edits = new ImageEditsService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    licenceDefaults,
    events,
    onJobQueued,
    serialised,
    log: options.log,
  });
  const adminImages = new AdminImagesService({
    images: imagesRepo,
    batches: new AdminImagesRepo(db, dialect),
    media: mediaStore,
    clock,
    licenceDefaults,
    events,
    onJobQueued,
    log: options.log,
  });
  const renditions = new RenditionsService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    ownership,
  });
  const downloads = new DownloadsService({
    downloads: new DownloadsRepo(db),
    images: imagesRepo,
    renditions,
    rateLimits,
    siteSettings,
    clock,
    ownership,
  });
  const editions = new EditionsService({
    editions: new EditionsRepo(db, dialect),
    images: imagesRepo,
    media: mediaStore,
    provider,
    customerOf: (viewer) => subscriptions.customerOf(viewer),
    emailVerified: async (userId) =>
      ((await new UsersRepo(db).findById(userId))?.email_verified_at ?? null) !== null,
    buyerOf: (userId) => new UsersRepo(db).findById(userId),
    siteName: async () => (await siteSettings.current()).siteName,
    licenceDefaults,
    onJobQueued,
    events,
    clock,
    publicUrl,
    log: options.log,
    serialised,
  });
  // Watched, for the worker heartbeat's report on it.
  const rater = watchRater(options.rater);
  const analysis = new AnalysisService({
    images: imagesRepo,
    media: mediaStore,
    clock,
    vision: options.vision,
    rater: rater.load,
    events,
    serialised,
  });
  const workerHeartbeats = new WorkerHeartbeatsRepo(db);
  const adminStats = new AdminStatsService({
    repo: new AdminStatsRepo(db, dialect, database.longReads),
    heartbeats: workerHeartbeats,
    jobs,
    onJobQueued,
    storage: media.storage,
    media: mediaStore,
    clock,
    database: { engine: dialect === "postgres" ? "PostgreSQL" : "SQLite", ping: database.ping },
    vision: options.statusChecks?.vision,
    s3Bucket: options.statusChecks?.s3Bucket,
  });
  const tags = new TagsService({ tags: new TagsRepo(db), images: imagesRepo, media: mediaStore });
  const settings = new SettingsRepo(db);
  const hero = new HeroService({ settings: new SettingsRepo(db, dialect), clock, events });
  const views = new ViewsService({
    views: new ViewsRepo(db),
    settings,
    images: imagesRepo,
    rateLimits,
    clock,
  });
  const profile = new ProfileService({
    users: new UsersRepo(db),
    clock,
    onNameChanged: (userId) => editions.collectorChanged(userId),
  });
  const collections = new CollectionsService({
    collections: new CollectionsRepo(db, dialect),
    images: imagesRepo,
    media: mediaStore,
    siteSettings,
    clock,
  });
  const usage = new UsageService({
    downloads: new DownloadsRepo(db),
    collections,
    siteSettings,
    clock,
  });
  const adminUsers = new AdminUsersService({
    users: new UsersRepo(db, dialect),
    subscriptions: new SubscriptionsRepo(db),
    provider: provider.name,
    clock,
    twoFactor,
  });
  const audit = new AuditService({ audit: new AuditRepo(db), clock });
  const mail = new MailService({
    repo: new MailRepo(db),
    mailer: options.mail?.smtpUrl ? smtpMailer(options.mail.smtpUrl, options.mail.from) : undefined,
    clock,
    onJobQueued,
    log: options.log,
  });
  const accounts = new AccountsService({
    repo: new AccountsRepo(db, dialect),
    mail,
    rateLimits,
    siteSettings,
    provider,
    audit,
    clock,
    publicUrl,
    limits: { ...DEFAULT_ACCOUNT_LIMITS, ...options.accountLimits },
    onJobQueued,
    onNameGone: (userId) => editions.collectorChanged(userId),
  });
  const apiKeys = new ApiKeysService({
    // SQLite commits every request's count in groups (one writer at a time there anyway).
    keys: new ApiKeysRepo(db, { groupCommit: dialect === "sqlite" }),
    clock,
    publicUrl,
  });
  const marketing = new MarketingService({
    catalogue,
    marketing: new MarketingRepo(db),
    tags: new TagsRepo(db),
    listCache,
    publicUrl,
  });
  const moderation = new ModerationService({
    moderation: new ModerationRepo(db, dialect),
    images: imagesRepo,
    edits,
    audit,
    media: mediaStore,
    clock,
    serialised,
  });
  return {
    rateLimits,
    auth,
    accounts,
    mail,
    sitemap,
    twoFactor,
    siteSettings,
    adminUsers,
    tags,
    subscriptions,
    catalogue,
    ingest,
    edits,
    adminImages,
    renditions,
    downloads,
    editions,
    analysis,
    jobs,
    settings,
    hero,
    views,
    profile,
    collections,
    usage,
    billing: {
      provider,
      webhooks,
      sandbox: provider instanceof SandboxProvider ? provider : undefined,
    },
    similar: new SimilarService({
      images: imagesRepo,
      similar: new SimilarRepo(db),
      visibleRow: (imageId, viewer) => catalogue.visibleRow(imageId, viewer),
      media: mediaStore,
      clock,
      licenceDefaults,
    }),
    publicUrl,
    audit,
    apiKeys,
    marketing,
    moderation,
    listCache,
    events,
    storage: media.storage,
    clock,
    hooks,
    adminStats,
    workerHeartbeats,
    /** What this process's job worker reports of its analysers in its heartbeat. */
    analysers: { rater: rater.state, visionConfigured: options.vision !== undefined },
  };
}

export type Services = ReturnType<typeof createServices>;
