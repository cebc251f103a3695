import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LATER_PRELOAD_REL, LATER_SCRIPT_TYPE, type SiteSettings } from "@sawdust/shared";

/** What the web app's server entry (apps/web/src/entry-server.tsx) takes and gives. */
interface PageRequest {
  url: string;
  site: SiteSettings;
  fetchApi: typeof fetch;
}
export interface RenderedPage {
  html: string;
  stateScript: string;
}
type RenderPage = (request: PageRequest) => Promise<RenderedPage>;

/** Rendered pages kept: one per distinct public URL visitors asked for recently. */
const MAX_PAGES = 200;
/**
 * Renders running at once in a process. A render costs 10–40 ms of CPU, and a URL no one asked
 * for before (any new query string) misses the cache: without a bound, a client asking for
 * `/gallery?x=<random>` kept the server's cores busy rendering. Beyond it a visitor gets the page
 * without its render, which their browser draws (what a member always gets).
 */
export const RENDERS_AT_ONCE = 2;
/**
 * How long a rendered page is served without a change event: what changes without one (view and
 * download counts) may lag by this much, and a process that missed an event catches up.
 */
export const RENDERED_PAGE_TTL_MS = 30_000;

/**
 * Every public page's first view rendered on the server for visitors, by the web app's own
 * components (its build in `<webDist>/ssr`), which ask the API for what they show through
 * `fetchApi` (a visitor's request, answered in-process). One cache policy for every page: a page
 * is kept by its URL until a change event drops every page (`invalidate`, wired to the event bus)
 * or RENDERED_PAGE_TTL_MS passes, whichever comes first; pages rendered with other site settings
 * are not served.
 */
export class PageRenderer {
  private readonly pages = new Map<
    string,
    { siteJson: string; expiresAt: number; page: Promise<RenderedPage> }
  >();
  /** Bumped by `invalidate`: a render that started before it is not kept. */
  private generation = 0;
  /** Renders not yet finished. */
  private running = 0;

  private constructor(
    private readonly renderPage: RenderPage,
    private readonly fetchApi: typeof fetch,
    private readonly now: () => number,
  ) {}

  /** The renderer of this build, or undefined when the build has no server entry. */
  static async load(
    webDist: string,
    fetchApi: typeof fetch,
    now: () => number = Date.now,
  ): Promise<PageRenderer | undefined> {
    const entry = join(webDist, "ssr", "entry-server.js");
    if (!existsSync(entry)) return undefined;
    const module = (await import(pathToFileURL(entry).href)) as { renderPage?: RenderPage };
    return module.renderPage ? new PageRenderer(module.renderPage, fetchApi, now) : undefined;
  }

  /**
   * The page at this URL (path and query) as a visitor sees it, with these site settings: kept, or
   * rendered now; undefined when RENDERS_AT_ONCE others are being rendered (send it unrendered).
   */
  render(url: string, site: SiteSettings): Promise<RenderedPage> | undefined {
    const siteJson = JSON.stringify(site);
    const now = this.now();
    const cached = this.pages.get(url);
    if (cached && cached.siteJson === siteJson && cached.expiresAt > now) return cached.page;
    if (this.running >= RENDERS_AT_ONCE) return undefined;
    this.running += 1;
    const page = this.renderPage({ url, site, fetchApi: this.fetchApi });
    const done = () => {
      this.running -= 1;
    };
    page.then(done, done);
    const generation = this.generation;
    this.pages.delete(url);
    const entry = { siteJson, expiresAt: now + RENDERED_PAGE_TTL_MS, page };
    this.pages.set(url, entry);
    const forget = () => {
      if (this.pages.get(url) === entry) this.pages.delete(url);
    };
    // A failed render is not kept: the next visitor tries again. Nor is one that started before
    // a change: it may show the catalogue as it was.
    page.then(() => {
      if (generation !== this.generation) forget();
    }, forget);
    if (this.pages.size > MAX_PAGES) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return page;
  }

  /** Something a page may show changed: every kept page is dropped. */
  invalidate(): void {
    this.generation += 1;
    this.pages.clear();
  }
}

/** index.html with the rendered page inside its root element and the page's data after it. */
export function withRenderedPage(indexHtml: string, page: RenderedPage): string {
  return indexHtml.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root">${page.html}</div>\n    ${page.stateScript}`,
  );
}

/** The app's own code as index.html and the page's preloads name it. */
const OWN_CODE = /<(?:(script) type="module"|(link) rel="modulepreload")(?=\s)/g;

/**
 * A rendered page with its code held until its first pictures have been painted: the module
 * script and module preloads in the inert forms CODE_AFTER_PICTURES_SCRIPT (in the page's head)
 * makes real then. The page is already there to be seen, so its pictures (the artwork or first
 * tiles, preloaded at high priority) come before the code that makes it interactive, and are
 * painted before that code takes the main thread (issue 20). Clicks made meanwhile are kept.
 */
export function withCodeAfterPictures(html: string): string {
  return html.replace(OWN_CODE, (_, script?: string) =>
    script ? `<script type="${LATER_SCRIPT_TYPE}"` : `<link rel="${LATER_PRELOAD_REL}"`,
  );
}

/** A `<link rel="stylesheet">` of the build's own (a same-site path), its `href` captured. */
const OWN_STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/[^"]+\.css)"[^>]*>/gi;

/**
 * The page with its own stylesheets written into it (`<style>`, which the Content-Security-Policy
 * allows), read by `styleOf`, so the first paint waits for no second request (issue 20: the
 * stylesheet was the render-blocking request of every page). Its link stays, `disabled` (browsers
 * neither fetch nor apply it): the app's code-split imports list the entry's stylesheet among their
 * files, and Vite's loader adds a link for any stylesheet the page does not link, which downloaded
 * the stylesheet again after the first paint and restyled the whole page with every rule twice.
 * A stylesheet that cannot be read, or whose text could end its element, stays linked as it was.
 */
export async function withInlineStyles(
  html: string,
  styleOf: (href: string) => Promise<string | undefined>,
): Promise<string> {
  const hrefs = [...html.matchAll(OWN_STYLESHEET)].map((match) => match[1] ?? "");
  const styles = new Map<string, string>();
  await Promise.all(
    hrefs.map(async (href) => {
      const css = await styleOf(href).catch(() => undefined);
      if (css !== undefined && !/<\/style/i.test(css)) styles.set(href, css);
    }),
  );
  return html.replace(OWN_STYLESHEET, (tag, href: string) => {
    const css = styles.get(href);
    return css === undefined
      ? tag
      : `<style>${css}</style>${tag.replace(/\s*\/?>$/, " disabled>")}`;
  });
}
