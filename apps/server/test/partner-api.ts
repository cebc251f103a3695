import type { ApiKeyCreated } from "@sawdust/shared";
import type { App } from "../src/app.js";

/** Creates an API key as the admin whose session cookie this is; returns the 201's body. */
export async function createApiKey(
  app: Pick<App, "server">,
  cookie: string,
  body: { name?: string; rateLimitPerHour?: number } = {},
): Promise<ApiKeyCreated> {
  const res = await app.server.inject({
    method: "POST",
    url: "/api/v1/api-keys",
    headers: { cookie },
    payload: { name: "Print partner", ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create key: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Revokes a key as that admin. */
export async function revokeApiKey(app: Pick<App, "server">, cookie: string, id: number) {
  const res = await app.server.inject({
    method: "DELETE",
    url: `/api/v1/api-keys/${id}`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`revoke key: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A marketing API request with a key (none: no Authorization header). */
export function partnerGet(
  app: Pick<App, "server">,
  key: string | undefined,
  url: string,
  headers: Record<string, string> = {},
) {
  return app.server.inject({
    method: "GET",
    url,
    headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
  });
}

/** The rate-limit fields of a response, as numbers and text. */
export function rateLimitOf(res: { headers: Record<string, unknown> }) {
  return {
    limit: Number(res.headers["x-ratelimit-limit"]),
    remaining: Number(res.headers["x-ratelimit-remaining"]),
    reset: Number(res.headers["x-ratelimit-reset"]),
    policy: res.headers["ratelimit-policy"],
    state: res.headers.ratelimit,
    retryAfter: res.headers["retry-after"],
  };
}
