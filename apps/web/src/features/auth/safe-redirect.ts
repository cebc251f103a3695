import { sameSitePath } from "@sawdust/shared";

/**
 * The `?redirect=` target after signing in, if it is a path on this site (sameSitePath) other
 * than the sign-in page itself; null otherwise. `origin` is this site's: the path must keep it.
 */
export function safeRedirectPath(raw: string | null, origin: string): string | null {
  const path = sameSitePath(raw);
  if (path === null) return null;
  const url = new URL(path, origin);
  return url.origin === origin && url.pathname !== "/auth" ? path : null;
}
