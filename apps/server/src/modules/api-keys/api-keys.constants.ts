/** The API keys' server-side rules and messages (the page's texts live in the shared messages). */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** `lastUsed` is written at most this often per key: a request does not write it each time. */
export const LAST_USED_EVERY_MS = 60 * 1000;

/** Hourly counts older than this are forgotten. */
export const USAGE_RETENTION_MS = 90 * DAY_MS;

/** Keys whose id this process remembers by hash (an unknown one costs one indexed lookup). */
export const KNOWN_KEYS_MAX = 10_000;

export const API_KEY_MESSAGES = {
  missing:
    "Send an API key as 'Authorization: Bearer sdk_…': the marketing API takes a key, not a session",
  invalid: "This API key is not valid, or it has been revoked",
  twoKeys:
    "Send one Authorization header: this request has several, and which key it speaks for would be a guess",
  rateLimited: (limit: number) =>
    `This API key has made its ${limit} requests for this hour: try again when Retry-After says`,
  notFound: "No such API key",
  revoked: "This API key has been revoked: it cannot change",
} as const;

/** What a 401 of the marketing API tells the client to send (RFC 6750). */
export const BEARER_CHALLENGE = 'Bearer realm="Sawdust marketing API"';
