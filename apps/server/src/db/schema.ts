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
  images: ImagesTable;
  image_facets: ImageFacetsTable;
  renditions: RenditionsTable;
  jobs: JobsTable;
  download_events: DownloadEventsTable;
  usage_monthly: UsageMonthlyTable;
  download_grants: DownloadGrantsTable;
  settings: SettingsTable;
  image_views: ImageViewsTable;
  collections: CollectionsTable;
  collection_images: CollectionImagesTable;
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
}
export type SessionRow = Selectable<SessionsTable>;

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  tier: string;
  status: string;
  billing_cycle: string;
  created_at: number;
  expiry_date: number | null;
}
export type SubscriptionRow = Selectable<SubscriptionsTable>;

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
  created_at: number;
  updated_at: number;
}
export type ImageRow = Selectable<ImagesTable>;
// Full-text search is kept by the database and is not part of these types: on SQLite the FTS5
// table `images_fts` (rowid = images.id), on PostgreSQL the generated column
// `images.search_vector`. Only ImagesRepo queries them (migration 0003).

export interface ImageViewsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  image_id: number;
  /** `u:{userId}` for a member, `v:{sha256 of ip, user agent and the day's salt}` for a visitor. */
  viewer_key: string;
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
  attempts: Generated<number>;
  max_attempts: number;
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
  downloads: number;
  bytes: number;
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
