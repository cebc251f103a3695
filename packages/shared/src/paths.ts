/** A query-string component as URLSearchParams writes it (spaces as `+`). */
function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, "+");
}

/**
 * Every route of the app (spec section 2), in one place. `path` is the router pattern, `getHref`
 * builds a link to it.
 */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  gallery: {
    path: "/gallery",
    getHref: (filter?: { tag?: string; style?: string; color?: string }) => {
      const given = Object.entries(filter ?? {}).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "",
      );
      const query = given
        .map(([key, value]) => `${formEncode(key)}=${formEncode(value)}`)
        .join("&");
      return query ? `/gallery?${query}` : "/gallery";
    },
  },
  image: { path: "/image/:imageId", getHref: (imageId: number) => `/image/${imageId}` },
  explore: {
    path: "/explore",
    getHref: (section?: string) => (section ? `/explore#${section}` : "/explore"),
  },
  tag: { path: "/tag/:tag", getHref: (tag: string) => `/tag/${encodeURIComponent(tag)}` },
  oneOfOne: { path: "/one-of-one", getHref: () => "/one-of-one" },
  openEditions: { path: "/open-editions", getHref: () => "/open-editions" },
  auth: {
    path: "/auth",
    // Slashes are legal in a query string; leaving them readable keeps /auth?redirect=/x tidy.
    // `register` opens the Create account tab (a "Create free account" link), not Login.
    getHref: (redirectTo?: string, tab?: "register") => {
      const query = [
        ...(redirectTo
          ? [`redirect=${encodeURIComponent(redirectTo).replaceAll("%2F", "/")}`]
          : []),
        ...(tab ? [`tab=${tab}`] : []),
      ];
      return query.length > 0 ? `/auth?${query.join("&")}` : "/auth";
    },
  },
  /** A mailed reset link carries `?token=`; without one the page asks for the email address. */
  passwordReset: {
    path: "/auth/reset",
    getHref: (token?: string) =>
      token ? `/auth/reset?token=${encodeURIComponent(token)}` : "/auth/reset",
  },
  /**
   * A mailed confirmation link (a new account's address, or a changed one); `next` is the path on
   * this site the member came from, which the page links back to once the address is confirmed.
   */
  verifyEmail: {
    path: "/auth/verify",
    getHref: (token: string, next?: string) =>
      `/auth/verify?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`,
  },
  account: { path: "/account", getHref: () => "/account" },
  dashboard: { path: "/dashboard", getHref: () => "/dashboard" },
  collections: { path: "/collections", getHref: () => "/collections" },
  newCollection: { path: "/collections/new", getHref: () => "/collections/new" },
  collection: { path: "/collections/:id", getHref: (id: number) => `/collections/${id}` },
  artistProfile: { path: "/artist-profile", getHref: () => "/artist-profile" },
  upload: { path: "/upload", getHref: () => "/upload" },
  subscriptions: { path: "/subscriptions", getHref: () => "/subscriptions" },
  licence: { path: "/licence", getHref: () => "/licence" },
  /** Two-factor sign-in and recovery codes (issue 22). */
  accountSecurity: { path: "/account/security", getHref: () => "/account/security" },
  /** A member's owned editions, and a certificate's public page (issue 19). */
  library: { path: "/library", getHref: () => "/library" },
  verifyCertificate: {
    path: "/verify/:certificateId",
    getHref: (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`,
  },
  /** The built-in sandbox provider's pages (the server hands out their addresses). */
  sandboxCheckout: { path: "/billing/sandbox/checkout/:sessionId" },
  sandboxPortal: { path: "/billing/sandbox/portal/:sessionId" },
  admin: {
    dashboard: { path: "/admin/dashboard", getHref: () => "/admin/dashboard" },
    hero: { path: "/admin/hero", getHref: () => "/admin/hero" },
    images: { path: "/admin/images", getHref: () => "/admin/images" },
    editImage: {
      path: "/admin/images/:id/edit",
      getHref: (id: number) => `/admin/images/${id}/edit`,
    },
    subscriptions: { path: "/admin/subscriptions", getHref: () => "/admin/subscriptions" },
    subscribers: { path: "/admin/subscribers", getHref: () => "/admin/subscribers" },
    apiKeys: { path: "/admin/api-keys", getHref: () => "/admin/api-keys" },
    users: { path: "/admin/users", getHref: () => "/admin/users" },
    moderation: { path: "/admin/moderation", getHref: () => "/admin/moderation" },
    analytics: { path: "/admin/analytics", getHref: () => "/admin/analytics" },
    settings: { path: "/admin/settings", getHref: () => "/admin/settings" },
    audit: { path: "/admin/audit", getHref: () => "/admin/audit" },
    mailOutbox: { path: "/admin/mail", getHref: () => "/admin/mail" },
    sales: { path: "/admin/sales", getHref: () => "/admin/sales" },
    /** Any other admin path: the app's 404 page. */
    unknown: { path: "/admin/*" },
  },
} as const;

/**
 * Every route pattern of the app, from `paths` (the admin catch-all aside: it is a 404 page). Pure:
 * the web app, which never asks, leaves the work out of its first JavaScript.
 */
const ROUTE_PATTERNS: string[][] = /* @__PURE__ */ (() => {
  const patterns: string[] = [];
  const collect = (node: object) => {
    for (const [name, value] of Object.entries(node)) {
      if (name === "unknown") continue;
      if ("path" in value && typeof value.path === "string") patterns.push(value.path);
      else collect(value);
    }
  };
  collect(paths);
  return patterns.map((p) => p.split("/").filter(Boolean));
})();

/** The route parameters that name a row by its id (an image, a collection). */
const ROW_ID_PARAMS = new Set([":imageId", ":id"]);

/**
 * The id a path segment names, written as the API writes ids (digits, no sign, no leading zero,
 * at most 15 of them); null for any other text (`abc`, `007`, `1.5`, `0`): no row has it.
 */
export function rowIdOf(segment: string | undefined): number | null {
  return segment !== undefined && /^[1-9][0-9]{0,14}$/.test(segment) ? Number(segment) : null;
}

/**
 * Whether the app's router has a page for this path (the server answers any other page path
 * with the app's 404 screen and HTTP 404). A `:param` matches one non-empty segment; an id's
 * parameter only an id (rowIdOf).
 */
export function isAppPath(pathname: string): boolean {
  const segments = pathname.split("/").filter(Boolean);
  return ROUTE_PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) =>
        ROW_ID_PARAMS.has(part)
          ? rowIdOf(segments[i]) !== null
          : part.startsWith(":") || part === segments[i],
      ),
  );
}

/**
 * What keeps a path from naming a page, if anything: `"undecodable"` when a `%` starts no escape
 * of UTF-8 (`/tag/%zz`, a cut sequence such as `/tag/%E0%A4`), `"nul"` when it decodes to U+0000
 * (`/tag/%00`), which no page or name holds. The server answers either with a 400 saying which,
 * the app with its not-found page. A query string, if any, is not looked at.
 */
export function pathProblem(url: string): "undecodable" | "nul" | undefined {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes("%")) return undefined;
  try {
    // The result is used so that a minifier, taking the call for one without effects, keeps it.
    return decodeURIComponent(path).includes("\u0000") ? "nul" : undefined;
  } catch {
    return "undecodable";
  }
}

/** Whether a path decodes, to no U+0000 (pathProblem). */
export function pathDecodes(url: string): boolean {
  return pathProblem(url) === undefined;
}
