/**
 * The `?redirect=` target after signing in, if it is a path on this site; null otherwise. Only a
 * single leading "/" is accepted ("//host" and "/\host" leave the site), and the resolved URL must
 * keep our origin.
 */
export function safeRedirectPath(raw: string | null, origin: string): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === "/auth") return null;
  // Dot segments can resolve to "//host" ("/.//host", "/a/..//host"): the answer must keep the rule.
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
