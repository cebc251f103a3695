import type { Generated, Insertable, Selectable } from "kysely";

/**
 * The database as Kysely sees it. Times are epoch milliseconds (bigint on PostgreSQL, integer on
 * SQLite) and JSON values are text, so both dialects return the same plain values.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  subscriptions: SubscriptionsTable;
  rate_limits: RateLimitsTable;
  rate_limit_attempts: RateLimitAttemptsTable;
  images: ImagesTable;
  image_facets: ImageFacetsTable;
  image_terms: ImageTermsTable;
  facet_counts: FacetCountsTable;
  storage_totals: StorageTotalsTable;
  download_days: DownloadDaysTable;
  image_download_days: ImageDownloadDaysTable;
  renditions: RenditionsTable;
  jobs: JobsTable;
  download_events: DownloadEventsTable;
  usage_monthly: UsageMonthlyTable;
  download_grants: DownloadGrantsTable;
  settings: SettingsTable;
  image_views: ImageViewsTable;
  collections: CollectionsTable;
  collection_images: CollectionImagesTable;
  billing_customers: BillingCustomersTable;
  billing_events: BillingEventsTable;
  sandbox_customers: SandboxCustomersTable;
  sandbox_checkouts: SandboxCheckoutsTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
  sandbox_invoices: SandboxInvoicesTable;
  sandbox_portal_sessions: SandboxPortalSessionsTable;
  sandbox_events: SandboxEventsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  audit_log: AuditLogTable;
  image_reports: ImageReportsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  payments: PaymentsTable;
  image_view_days: ImageViewDaysTable;
  view_days: ViewDaysTable;
  edition_reservations: EditionReservationsTable;
  edition_sales: EditionSalesTable;
  certificates: CertificatesTable;
  early_refunds: EarlyRefundsTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  account_tokens: AccountTokensTable;
  mail_outbox: MailOutboxTable;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: the unique key, so 'Ann' and 'ann' are one account. */
  username_key: string;
  email: string;
  password_hash: string;
  role: string;
  display_name: string | null;
  bio: string | null;
  website: string | null;
  social_links: string;
  artist_statement: string | null;
  specialties: string;
  created_at: number;
  updated_at: number;
  /** Set while an admin has suspended the account (0008). */
  suspended_at: number | null;
  /** An admin's account deletion in progress holds this until then (0041): not counted as staying. */
  leaving_until: Generated<number | null>;
  /** When the member opened their confirmation link; null until then (0012). */
  email_verified_at: Generated<number | null>;
  /** A new address waiting for its confirmation link (0012). */
  pending_email: Generated<string | null>;
  /** Set when the member deleted the account: the row stays, anonymised (0012). */
  deleted_at: Generated<number | null>;
  /** 1: the member's sold 1/1s read "collected privately", and certificates name no one (0015). */
  collects_privately: Generated<number>;
  /**
   * Moved on by whatever ends every session (a password reset or change, a suspension, a
   * deletion): a session counts only while its `epoch` equals this (0031).
   */
  session_epoch: Generated<number>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database does not yield live sessions. */
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** The browser's User-Agent when the session started (0012). */
  user_agent: Generated<string | null>;
  /** The member's `session_epoch` when their password was checked for this session (0031). */
  epoch: number;
}
export type SessionRow = Selectable<SessionsTable>;

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  tier: string;
  status: string;
  billing_cycle: string;
  created_at: number;
  /** The end of the paid period (a renewing subscription's next billing date); null: no end. */
  expiry_date: number | null;
  /** stripe | sandbox; null for a row made by hand (tests, an admin's grant). */
  provider: string | null;
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  /** One cycle's price as the provider bills it; null: the configured price of the cycle. */
  price_cents: number | null;
  /** 0 or 1. */
  cancel_at_period_end: Generated<number>;
  current_period_start: number | null;
  /** While past_due: Pro until then. */
  grace_until: number | null;
  updated_at: number | null;
  /** When the status was first stored as canceled; set once (0010). */
  canceled_at: number | null;
}
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscriptionRow = Insertable<SubscriptionsTable>;

/** The member's customer record at the payment provider (made once, kept). */
export interface BillingCustomersTable {
  user_id: number;
  provider: string;
  customer_id: string;
  created_at: number;
}

/** A webhook event applied, by the provider's event id (the dedupe key). */
export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: number;
}

// The built-in sandbox provider's own state: what Stripe keeps on its side.

export interface SandboxCustomersTable {
  id: string;
  user_id: number;
  email: string;
  name: string;
  /** Which sandbox test card is on file (SANDBOX_CARDS key); null before the first payment. */
  card: string | null;
  card_last4: string | null;
  /** The idempotency key of the call that made it (a repeated call answers this customer). */
  idempotency_key: string | null;
  created_at: number;
}

export interface SandboxCheckoutsTable {
  id: string;
  customer_id: string;
  user_id: number;
  billing_cycle: string;
  price_cents: number;
  /** open | complete | expired */
  status: string;
  success_url: string;
  cancel_url: string;
  subscription_id: string | null;
  created_at: number;
  expires_at: number;
  /** subscription | payment (a one-off purchase, 0014). */
  mode: Generated<string>;
  product_name: Generated<string | null>;
  /** JSON object of text values, handed back in the session's events. */
  metadata: Generated<string | null>;
  payment_intent_id: Generated<string | null>;
  refunded_at: Generated<number | null>;
}
export type SandboxCheckoutRow = Selectable<SandboxCheckoutsTable>;

export interface SandboxSubscriptionsTable {
  id: Generated<number>;
  /** The id the provider's API and events use (`sub_sbx_…`). */
  provider_id: string;
  customer_id: string;
  user_id: number;
  status: string;
  billing_cycle: string;
  price_cents: number;
  pending_billing_cycle: string | null;
  current_period_start: number;
  current_period_end: number;
  /** 0 or 1. */
  cancel_at_period_end: Generated<number>;
  retry_until: number | null;
  ended_at: number | null;
  created_at: number;
  updated_at: number;
}
export type SandboxSubscriptionRow = Selectable<SandboxSubscriptionsTable>;

export interface SandboxInvoicesTable {
  id: string;
  subscription_id: string;
  customer_id: string;
  /** paid | open | void | uncollectible */
  status: string;
  amount_cents: number;
  billing_cycle: string;
  period_start: number;
  period_end: number;
  created_at: number;
}
export type SandboxInvoiceRow = Selectable<SandboxInvoicesTable>;

export interface SandboxPortalSessionsTable {
  id: string;
  customer_id: string;
  user_id: number;
  return_url: string;
  created_at: number;
  expires_at: number;
}

export interface SandboxEventsTable {
  id: Generated<number>;
  event_id: string;
  type: string;
  /** The event as JSON, exactly as delivered (signed afresh at each delivery). */
  payload: string;
  created_at: number;
  delivered_at: number | null;
}

/** One attempt within a sliding-window limit (migration 0033; RateLimitsRepo.reserve). */
export interface RateLimitAttemptsTable {
  id: Generated<number>;
  key: string;
  at: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: number;
}

export interface ImagesTable {
  id: Generated<number>;
  status: string;
  processing_expires_at: number | null;
  uploader_id: number | null;
  title: string | null;
  description: string | null;
  ai_analysis: Generated<string>;
  analysis_status: Generated<string>;
  tags: Generated<string>;
  style: string | null;
  /** 0 or 1 on both dialects. */
  is_public: Generated<number>;
  edition_type: string;
  price_cents: number | null;
  max_editions: number | null;
  sold_editions: Generated<number>;
  views: Generated<number>;
  total_downloads: Generated<number>;
  collections_count: Generated<number>;
  dl_preview: Generated<number>;
  dl_basic: Generated<number>;
  dl_hd: Generated<number>;
  dl_xlarge: Generated<number>;
  dl_ultra: Generated<number>;
  width: number;
  height: number;
  original_format: string;
  original_bytes: number;
  original_name: string | null;
  thumbhash: string | null;
  /** 1 while a private upload waits for its content rating before it is published. */
  publish_when_rated: Generated<number>;
  /** Why it waits for an admin: flagged | unrated | reported; null when nothing does (0008). */
  moderation: string | null;
  moderation_reason: string | null;
  /** Licence prices in cents; null: the site's default (0014). */
  price_standard_cents: Generated<number | null>;
  price_commercial_cents: Generated<number | null>;
  /** The last edition number handed out; numbers are never reused (0014). */
  last_edition_number: Generated<number>;
  /** SHA-256 of the stored original, taken at its first sale (0014). */
  original_sha256: Generated<string | null>;
  /** The analysis fields a list entry shows, as JSON text, written with ai_analysis (0016). */
  list_analysis: Generated<string>;
  /**
   * The storage keys of the public display renditions, written with them (0017): what a list
   * page links to. Null until the renditions exist.
   */
  key_small: Generated<string | null>;
  key_medium: Generated<string | null>;
  key_large: Generated<string | null>;
  /** The grid tile's rendition (0036); null for an image stored before it, until it is made. */
  key_thumb: Generated<string | null>;
  created_at: number;
  updated_at: number;
}
export type ImageRow = Selectable<ImagesTable>;
// Full-text search is kept by the database and is not part of these types: on SQLite the FTS5
// table `images_fts` (rowid = images.id), on PostgreSQL the generated column
// `images.search_vector`. Only ImagesRepo queries them (migration 0003).

/**
 * PostgreSQL only (0018): one row for each word of each image's `search_vector`, kept by
 * triggers from it, so a search page walks one word's images newest first. Only ImagesRepo
 * reads it; nothing writes it but the triggers.
 */
export interface ImageTermsTable {
  term: string;
  image_id: number;
}

export interface ImageViewsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  image_id: number;
  /** `u:{userId}` for a member, `v:{sha256 of ip, user agent and the day's salt}` for a visitor. */
  viewer_key: string;
}

/**
 * The bytes stored, one row (id 1), kept by triggers (migration 0026): every original's
 * `original_bytes` and every rendition's `bytes`, added up.
 */
export interface StorageTotalsTable {
  id: number;
  original_bytes: number;
  rendition_bytes: number;
}

/**
 * The counted downloads of one UTC day (`day_index`, days since 1970-01-01) and size, and their
 * bytes, kept by triggers on download_events (migration 0027).
 */
export interface DownloadDaysTable {
  day_index: number;
  size: string;
  downloads: number;
  bytes: number;
}

/**
 * One image's counted downloads on one UTC day (`day_index`), kept by triggers on download_events
 * (migration 0029): the events with an image, grouped by day and image.
 */
export interface ImageDownloadDaysTable {
  day_index: number;
  image_id: number;
  downloads: number;
}

/**
 * How many ready images of each visibility and edition type there are (`kind` 'all', value '')
 * and how many of them carry each facet value (0016; kept by facet-counts.repo.ts).
 */
export interface FacetCountsTable {
  /** all | sold | tag | style | color */
  kind: string;
  value: string;
  edition_type: string;
  /** 0 or 1, as images.is_public. */
  is_public: number;
  count: number;
}

export interface ImageFacetsTable {
  image_id: number;
  /** tag | style | color */
  kind: string;
  value: string;
}

export interface RenditionsTable {
  image_id: number;
  size: string;
  storage_key: string;
  width: number;
  height: number;
  bytes: number;
  upscaled: number;
  created_at: number;
}
export type RenditionRow = Selectable<RenditionsTable>;

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  image_id: number | null;
  status: string;
  /** Every run, the one under way included (a claim counts it). */
  attempts: Generated<number>;
  max_attempts: number;
  /** The failed runs that were outages (0039): not counted against max_attempts. */
  outages: Generated<number>;
  run_at: number;
  lease_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}
export type JobRow = Selectable<JobsTable>;

export interface DownloadEventsTable {
  id: Generated<number>;
  image_id: number | null;
  user_id: number | null;
  size: string;
  bytes: number;
  month: string;
  created_at: number;
}

/** A member's counted download of one image's size in one month (a resume of it is free). */
export interface DownloadGrantsTable {
  user_id: number;
  image_id: number;
  size: string;
  month: string;
}

export interface UsageMonthlyTable {
  user_id: number;
  month: string;
  /** Everything the member downloaded this month, and its bytes. */
  downloads: number;
  bytes: number;
  /** Of those, what was downloaded with no limits (Pro, admin): not the free limits' to count. */
  unlimited_downloads: Generated<number>;
  unlimited_bytes: Generated<number>;
}

export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  /** 0 or 1 on both dialects. */
  is_public: number;
  created_at: number;
  updated_at: number;
}
export type CollectionRow = Selectable<CollectionsTable>;

export interface CollectionImagesTable {
  id: Generated<number>;
  collection_id: number;
  image_id: number;
  added_at: number;
}

/** A partner's key for the marketing API: only its SHA-256 is kept (migration 0007). */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** SHA-256 (hex) of the whole key. */
  key_hash: string;
  /** `sdk_ab…wxyz`: enough to tell keys apart, not to use one. */
  display: string;
  rate_limit_per_hour: number;
  created_by: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  revoked_by: number | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** Requests a key made in one clock hour (UTC): its rate-limit window and its usage. */
export interface ApiKeyUsageTable {
  key_id: number;
  /** The hour's first millisecond. */
  hour_start: number;
  requests: number;
}

/** What an admin did, for the admin console's audit log. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  /** `<domain>.<verb>`, e.g. `api_key.created`. */
  action: string;
  /** `<kind>:<id>` of what was acted on, e.g. `api_key:7`. */
  subject: string;
  /** JSON. */
  details: Generated<string>;
  created_at: number;
}
export type AuditLogRow = Selectable<AuditLogTable>;

/** A member's report of an image, once per member and image (migration 0009). */
export interface ImageReportsTable {
  id: Generated<number>;
  image_id: number;
  user_id: number;
  /** One of the shared REPORT_REASONS. */
  reason: string;
  note: string | null;
  created_at: number;
  /** Set by an admin's decision; null while the report is open. */
  resolved_at: number | null;
  resolved_by: number | null;
  /** approved | kept_private. */
  resolution: string | null;
}
export type ImageReportRow = Selectable<ImageReportsTable>;

/** A running job worker's last heartbeat (0010): removed when it stops cleanly. */
export interface WorkerHeartbeatsTable {
  /** The worker's id: `host:pid:random`. */
  worker_id: string;
  host: string;
  pid: number;
  concurrency: number;
  started_at: number;
  beat_at: number;
  /** idle | loading | loaded | unavailable: its content rater. */
  rater: string;
  /** 0 or 1: whether it has a vision model (AI_BASE_URL). */
  vision_configured: number;
}
export type WorkerHeartbeatRow = Selectable<WorkerHeartbeatsTable>;

/** A paid invoice: the money the analytics' revenue adds up (0010). */
export interface PaymentsTable {
  id: Generated<number>;
  provider: string;
  provider_invoice_id: string;
  provider_subscription_id: string | null;
  user_id: number | null;
  amount_cents: number;
  /** Lower-case ISO code, as the provider sends it (usd). */
  currency: string;
  paid_at: number;
  created_at: number;
}
export type NewPaymentRow = Insertable<PaymentsTable>;

/** Counted views of an image on a UTC day, kept for good (0010). */
export interface ImageViewDaysTable {
  /** YYYY-MM-DD. */
  day: string;
  image_id: number;
  views: number;
}

/** Counted views on a UTC day, every image's: image_view_days by day, kept by triggers (0030). */
export interface ViewDaysTable {
  /** YYYY-MM-DD. */
  day: string;
  views: number;
}

/** A member's TOTP secret, encrypted; enabled once the first code confirmed it (0013). */
export interface UserTwoFactorTable {
  user_id: number;
  /** AES-256-GCM of the Base32 secret (see two-factor/secret-box.ts). */
  secret: string;
  created_at: number;
  /** Null while the enrolment waits for its confirming code. */
  enabled_at: number | null;
  /** The newest TOTP time step a code was accepted for: no code is accepted twice. */
  last_used_step: number | null;
}
export type UserTwoFactorRow = Selectable<UserTwoFactorTable>;

/** A one-time recovery code, as its SHA-256 (0013). */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** A sign-in past the password, waiting for its second factor (0013). */
export interface PendingSignInsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** The member's `session_epoch` when their password was checked; the session inherits it (0031). */
  epoch: number;
}

/** An edition held for a buyer at checkout (issue 19): active | completed | expired | released. */
export interface EditionReservationsTable {
  id: Generated<number>;
  image_id: number;
  user_id: number;
  licence: string;
  price_cents: number;
  checkout_id: string | null;
  status: string;
  created_at: number;
  expires_at: number;
}
export type EditionReservationRow = Selectable<EditionReservationsTable>;

/** A payment for an edition: sold | refunded | declined (paid after it sold out, refunded). */
export interface EditionSalesTable {
  id: Generated<number>;
  image_id: number;
  user_id: number | null;
  reservation_id: number | null;
  licence: string;
  number: number | null;
  price_cents: number;
  provider: string;
  provider_payment_id: string;
  status: string;
  created_at: number;
  refunded_at: number | null;
  /** The piece's edition type when it sold (0015; null only for a sale whose image had gone). */
  edition_type: Generated<string | null>;
  /** Refunded of the payment so far, in part (0037: the provider's running total). */
  refunded_cents: Generated<number>;
  /** Disputes of the payment lost so far, summed (0037). */
  disputed_cents: Generated<number>;
  /** The piece's title when it sold (0038): what the sale shows once the piece is deleted. */
  title: Generated<string | null>;
  /** The piece's edition size when it sold (0038), likewise. */
  max_editions: Generated<number | null>;
  /** The checkout session it was paid through (0043; null for sales from before). */
  checkout_id: Generated<string | null>;
}
export type EditionSaleRow = Selectable<EditionSalesTable>;

/**
 * A full refund or lost dispute of a payment not recorded yet (0035): the payment, when it
 * arrives, is recorded as refunded and this row removed.
 */
export interface EarlyRefundsTable {
  provider_payment_id: string;
  /** The provider's event that gave the money back, and its type. */
  event_id: string;
  event_type: string;
  received_at: number;
  /** How much went back, when the event says (a dispute's amount); null: the whole payment. */
  amount_cents: number | null;
}

/** A sale's certificate of authenticity; revoked with a refund. */
export interface CertificatesTable {
  id: string;
  sale_id: number;
  original_sha256: string;
  created_at: number;
  revoked_at: number | null;
}

/** A link mailed to a member: only its token's SHA-256 is kept, and it works once (0012). */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  /** verify_email | change_email | reset_password */
  purpose: string;
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type AccountTokenRow = Selectable<AccountTokensTable>;

/** A mail kept instead of sent, when no SMTP_URL is configured (0012). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}
