import type { FastifyInstance } from "fastify";

/**
 * What a shared cache (a CDN, nginx's proxy_cache) may do with an API answer that did not say:
 * nothing. Many answers depend on who asks (the signed-in member, an admin's hidden images, a Pro
 * member's signed links) and carried no Cache-Control, which lets a cache apply its default TTL
 * and hand one person's answer to the next. Every API answer without one is now `no-store`; one
 * that says `public` also varies on the cookie, as its signed-in askers get another answer.
 */
export function cacheDefaults(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/")) return payload;
    const cacheControl = reply.getHeader("cache-control");
    if (cacheControl === undefined) {
      reply.header("cache-control", "no-store");
    } else if (/\bpublic\b/.test(String(cacheControl))) {
      reply.header("vary", withCookie(reply.getHeader("vary")));
    }
    return payload;
  });
}

function withCookie(vary: unknown): string {
  const names = String(vary ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === "*" || name.toLowerCase() === "cookie"))
    return names.join(", ");
  return [...names, "Cookie"].join(", ");
}
