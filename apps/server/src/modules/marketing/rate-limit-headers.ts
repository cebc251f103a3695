import type { RateWindow } from "../api-keys/api-keys.service.js";

/** The window's length in seconds, as the IETF fields state it. */
const WINDOW_SECONDS = 3600;

/**
 * Where a key stands in its hour, on every answer to a keyed request: the `X-RateLimit-*` fields
 * partners know from GitHub, Unsplash and Pexels (Reset in epoch seconds, as GitHub and Pexels
 * send it), and the same in the IETF draft's `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers: quota, window, remaining, seconds to reset).
 */
export function rateLimitHeaders(window: RateWindow): Record<string, string> {
  return {
    "x-ratelimit-limit": String(window.limit),
    "x-ratelimit-remaining": String(window.remaining),
    "x-ratelimit-reset": String(Math.ceil(window.resetsAt / 1000)),
    "ratelimit-policy": `"hourly";q=${window.limit};w=${WINDOW_SECONDS}`,
    ratelimit: `"hourly";r=${window.remaining};t=${window.resetsInSeconds}`,
  };
}
