import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, subscribe } from "./images.js";
import { createApiKey } from "./partner-api.js";
import { createTestApp, type TestApp } from "./test-app.js";

/**
 * Who may call what: every route the app registers (Fastify's route table) against every kind of
 * caller. A route added without an entry here fails the first test, so each new route states who
 * may call it.
 *
 * - `anyone`: no caller hears 401 or 403 (what the route answers beyond that is its own tests').
 * - `member`: visitors and suspended members hear 401; every signed-in member passes.
 * - `pro`: visitors and suspended members hear 401, free members 403, Pro members and admins pass.
 * - `admin`: visitors and suspended members hear 401, members who are not admins 403, admins pass.
 * - `partner`: only a partner's API key passes; everyone else hears 401 (a session is no key).
 * - `operator`: only METRICS_TOKEN passes; everyone else hears 401.
 *
 * Requests carry no body and ids that name nothing (999999): an admin hears 400 or 404, never a
 * change; a caller who may not call the route must hear 401 or 403 before anything about the
 * request's shape (a 400 would tell a visitor what an admin route expects).
 */
type Access = "anyone" | "member" | "pro" | "admin" | "partner" | "operator";

const ROUTES: Record<string, Access> = {
  // The web app, its documents and health.
  "GET /": "anyone",
  "GET /*": "anyone",
  "GET /healthz": "anyone",
  "GET /readyz": "anyone",
  // For crawlers (issue 20): the sitemap, its files when it is an index, and robots.txt.
  "GET /sitemap.xml": "anyone",
  "GET /sitemaps/:file": "anyone",
  "GET /robots.txt": "anyone",
  "GET /metrics": "operator",
  "GET /api/openapi.json": "anyone",
  // An address whose path does not decode, or decodes to a NUL, and a request naming its host
  // twice, are answered here (http/bad-address.ts): a 400.
  ...Object.fromEntries(
    ["bad-address", "nul-address", "two-hosts"].flatMap((name) =>
      ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((method) => [
        `${method} /__sawdust/${name}`,
        "anyone",
      ]),
    ),
  ),
  "GET /api/docs": "anyone",
  "GET /api/docs/json": "anyone",
  "GET /api/docs/yaml": "anyone",
  "GET /api/docs/static/*": "anyone",
  "GET /api/docs/static/index.html": "anyone",
  "GET /api/docs/static/swagger-initializer.js": "anyone",
  "GET /api/docs/marketing": "anyone",
  "GET /api/docs/marketing/initializer.js": "anyone",
  "GET /media/images/:id/:file": "anyone",
  "GET /media/signed/:id/:size": "anyone",

  // Accounts.
  "GET /api/v1/auth/user": "member",
  "POST /api/v1/auth/login": "anyone",
  "POST /api/v1/auth/register": "anyone",
  "POST /api/v1/auth/logout": "anyone",
  // The code step after the password: the pending token, not a session, decides.
  "POST /api/v1/auth/two-factor": "anyone",
  "GET /api/v1/two-factor": "member",
  "POST /api/v1/two-factor/enrolment": "member",
  "POST /api/v1/two-factor/enrolment/confirm": "member",
  "POST /api/v1/two-factor/disable": "member",
  "POST /api/v1/two-factor/recovery-codes": "member",
  "PATCH /api/v1/profile": "member",
  "GET /api/v1/usage": "member",
  // Looking after one's account (issue 22). Mailed links carry their own proof: anyone.
  "GET /api/v1/account": "member",
  "POST /api/v1/account/email/verification": "member",
  "POST /api/v1/account/email": "member",
  "POST /api/v1/account/password": "member",
  "GET /api/v1/account/sessions": "member",
  "DELETE /api/v1/account/sessions": "member",
  "DELETE /api/v1/account/sessions/:id": "member",
  "GET /api/v1/account/export": "member",
  "DELETE /api/v1/account": "member",
  "POST /api/v1/auth/password-reset": "anyone",
  "POST /api/v1/auth/password-reset/confirm": "anyone",
  "POST /api/v1/auth/verify-email": "anyone",
  "POST /api/v1/admin/users/:id/verification-email": "admin",
  "GET /api/v1/admin/mail-outbox": "admin",

  // The catalogue.
  "GET /api/v1/images": "anyone",
  "GET /api/v1/images/:id": "anyone",
  "GET /api/v1/images/:id/download": "anyone",
  // A Pro tool ("More like this").
  "GET /api/v1/images/:id/similar": "pro",
  "POST /api/v1/images/:id/views": "anyone",
  "POST /api/v1/images/upload": "admin",
  "PATCH /api/v1/images/:id": "admin",
  "PATCH /api/v1/images/:id/visibility": "admin",
  "DELETE /api/v1/images/:id": "admin",
  "POST /api/v1/images/:id/analyze": "admin",
  "GET /api/v1/tags": "anyone",
  "GET /api/v1/explore/tags": "anyone",
  "GET /api/v1/hero-content": "anyone",
  "POST /api/v1/images/:id/reports": "member",

  // Collections.
  "GET /api/v1/collections": "member",
  "POST /api/v1/collections": "member",
  "GET /api/v1/collections/:id": "member",
  "PATCH /api/v1/collections/:id": "member",
  "DELETE /api/v1/collections/:id": "member",
  "POST /api/v1/collections/:id/images": "member",
  "DELETE /api/v1/collections/:id/images/:imageId": "member",

  // Billing.
  "POST /api/v1/subscriptions/create": "member",
  "GET /api/v1/subscriptions/current": "member",
  "POST /api/v1/subscriptions/portal": "member",
  "GET /api/v1/admin/subscriptions": "admin",
  "GET /api/v1/admin/subscribers": "admin",
  // Signed by the provider: the signature, not a session, decides (billing tests).
  "POST /api/v1/billing/webhook": "anyone",
  "GET /api/v1/billing/sandbox/checkout/:id": "member",
  "POST /api/v1/billing/sandbox/checkout/:id/pay": "member",
  "GET /api/v1/billing/sandbox/portal/:id": "member",
  "POST /api/v1/billing/sandbox/portal/:id": "member",
  "POST /api/v1/billing/sandbox/clock": "admin",

  // Selling editions (certificates are public: anyone may verify one).
  "POST /api/v1/images/:id/purchase": "member",
  "GET /api/v1/library": "member",
  "GET /api/v1/library/purchases/:checkoutId": "member",
  "GET /api/v1/account/collecting": "member",
  "PUT /api/v1/account/collecting": "member",
  "GET /api/v1/certificates/:id": "anyone",
  "GET /api/v1/certificates/:id/pdf": "anyone",
  "GET /api/v1/admin/sales": "admin",
  "POST /api/v1/admin/sales/:id/refund": "admin",
  "PUT /api/v1/admin/images/:id/licence-prices": "admin",

  // The admin console.
  "GET /api/v1/site": "anyone",
  "GET /api/v1/admin/dashboard": "admin",
  "POST /api/v1/admin/jobs/retry-failed": "admin",
  "GET /api/v1/admin/analytics": "admin",
  "GET /api/v1/admin/analytics/figures": "admin",
  "GET /api/v1/admin/analytics/top": "admin",
  "GET /api/v1/admin/analytics.csv": "admin",
  "GET /api/v1/admin/images": "admin",
  "GET /api/v1/admin/images/:id": "admin",
  "POST /api/v1/admin/images/batch": "admin",
  "PUT /api/v1/hero-content": "admin",
  "POST /api/v1/hero-content/preview": "admin",
  "GET /api/v1/admin/moderation": "admin",
  "POST /api/v1/admin/moderation/decisions": "admin",
  "GET /api/v1/admin/users": "admin",
  "GET /api/v1/admin/users/:id": "admin",
  "PATCH /api/v1/admin/users/:id": "admin",
  "DELETE /api/v1/admin/users/:id/sessions": "admin",
  "DELETE /api/v1/admin/users/:id/two-factor": "admin",
  "GET /api/v1/admin/settings": "admin",
  "PUT /api/v1/admin/settings": "admin",
  "GET /api/v1/admin/audit": "admin",

  // The partner API and its keys.
  "GET /api/v1/api-keys": "admin",
  "POST /api/v1/api-keys": "admin",
  "PATCH /api/v1/api-keys/:id": "admin",
  "DELETE /api/v1/api-keys/:id": "admin",
  "GET /api/v1/marketing/images": "partner",
  "GET /api/v1/marketing/images/:id": "partner",
  "GET /api/v1/marketing/tags": "partner",
  "GET /api/v1/marketing/docs": "anyone",
};

type Caller = "visitor" | "free" | "pro" | "admin" | "suspended" | "partner";
const CALLERS: Caller[] = ["visitor", "free", "pro", "admin", "suspended", "partner"];

/** What a caller of this kind must hear from a route of this access: a status, or "passes". */
function expected(access: Access, caller: Caller): 401 | 403 | "passes" {
  switch (access) {
    case "anyone":
      return "passes";
    case "member":
      return caller === "visitor" || caller === "suspended" || caller === "partner"
        ? 401
        : "passes";
    case "pro":
      if (caller === "pro" || caller === "admin") return "passes";
      return caller === "free" ? 403 : 401;
    case "admin":
      if (caller === "admin") return "passes";
      return caller === "free" || caller === "pro" ? 403 : 401;
    case "partner":
      return caller === "partner" ? "passes" : 401;
    case "operator":
      return 401;
  }
}

/** A concrete URL for a route pattern: ids that name nothing, a file name, a size. */
function concrete(pattern: string): string {
  return pattern
    .replace(/:(id|imageId)\b/g, "999999")
    .replace(":checkoutId", "cs_none")
    .replace(":file", "missing.webp")
    .replace(":size", "hd")
    .replace("*", "no-such-page");
}

const METRICS_TOKEN = "route-access-metrics-token";

describe("who may call each route", () => {
  let app: TestApp;
  const headers = {} as Record<Caller, Record<string, string>>;

  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN });
    const free = await signIn(app, "access-free");
    const pro = await signIn(app, "access-pro");
    await subscribe(app, pro.userId);
    const admin = await signIn(app, "access-admin", "admin");
    const suspended = await signIn(app, "access-suspended");
    const { apiKey } = await createApiKey(app, admin.cookie, { name: "route access" });
    await suspend(app, admin.cookie, suspended.userId);
    headers.visitor = {};
    headers.free = { cookie: free.cookie };
    headers.pro = { cookie: pro.cookie };
    headers.admin = { cookie: admin.cookie };
    // Their cookie is the one they had before the suspension.
    headers.suspended = { cookie: suspended.cookie };
    headers.partner = { authorization: `Bearer ${apiKey}` };
  });
  afterAll(() => app?.close());

  it("has an entry for every route the app registers, and no entry for a route it does not", () => {
    const registered = [...new Set(app.routes.map((r) => `${r.method} ${r.url}`))].sort();
    expect(registered.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
  });

  it("answers every caller of every route as its entry says", async () => {
    // Signing out ends the caller's session: it goes last.
    const routes = Object.entries(ROUTES).sort(
      ([a], [b]) => Number(a.endsWith("/logout")) - Number(b.endsWith("/logout")),
    );
    const wrong: string[] = [];
    for (const [route, access] of routes) {
      const [method, pattern] = route.split(" ") as [string, string];
      for (const caller of CALLERS) {
        const res = await app.server.inject({
          method: method as "GET",
          url: concrete(pattern),
          headers: headers[caller],
        });
        const want = expected(access, caller);
        const ok =
          want === "passes"
            ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
            : res.statusCode === want;
        if (!ok) wrong.push(`${route} as ${caller}: ${res.statusCode} (want ${want})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** Suspends a member through the admin's users API. */
async function suspend(app: TestApp, adminCookie: string, userId: number): Promise<void> {
  const res = await app.server.inject({
    method: "PATCH",
    url: `/api/v1/admin/users/${userId}`,
    headers: { cookie: adminCookie },
    payload: { suspended: true },
  });
  if (res.statusCode !== 200) throw new Error(`suspend: ${res.statusCode} ${res.body}`);
}
