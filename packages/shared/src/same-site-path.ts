/** The parts of a WHATWG URL read here (this package names no runtime's types). */
interface UrlParts {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}
/** The WHATWG URL, which browsers and Node both have. */
declare const URL: new (input: string, base: string) => UrlParts;

/** The longest path a link carries back to (a confirmation link's `next`). */
export const RETURN_PATH_MAX = 1000;

/** Any origin: a path is resolved against it only to see whether it stays there. */
const SITE = "http://site.invalid";

/**
 * The path, query and fragment of `raw` when it is a path on this site, as a link back may carry
 * it ("/image/58", "/gallery?tag=nature#top"); null for anything else. Only a single leading "/"
 * is accepted ("//host" and "/\host" leave the site, and so do "https:…" and "javascript:…"), and
 * dot segments or stripped tabs that resolve to "//host" are refused too.
 */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  let url: UrlParts;
  try {
    url = new URL(raw, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  // "/.//host", "/a/..//host", "/%2e//host": a path beginning "//" is another host to a browser.
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
