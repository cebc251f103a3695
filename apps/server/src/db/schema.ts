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
