import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { HeroContent, ImageListResponse, SiteSettings } from "@sawdust/shared";

/** What the web app's server entry (apps/web/src/entry-server.tsx) takes and gives. */
interface GalleryPageData {
  url: string;
  list: ImageListResponse;
  hero: HeroContent;
  site: SiteSettings;
}
interface RenderedPage {
  html: string;
  stateScript: string;
}
type RenderGalleryPage = (page: GalleryPageData) => Promise<RenderedPage>;

/** Rendered pages kept: one per distinct gallery URL visitors asked for recently. */
const MAX_PAGES = 200;

/**
 * The gallery's first view rendered on the server for visitors, by the web app's own components
 * (its build in `<webDist>/ssr`). A render costs ~15–25 ms of CPU, so a page is rendered again only
 * when its data changed: the image list's JSON comes from the list cache (the same text for 5 s),
 * and a page whose list and hero text are unchanged is the same page.
 */
export class GalleryRenderer {
  private readonly pages = new Map<
    string,
    { listJson: string; heroJson: string; page: Promise<RenderedPage> }
  >();

  private constructor(private readonly renderPage: RenderGalleryPage) {}

  /** The renderer of this build, or undefined when the build has no server entry. */
  static async load(webDist: string): Promise<GalleryRenderer | undefined> {
    const entry = join(webDist, "ssr", "entry-server.js");
    if (!existsSync(entry)) return undefined;
    const module = (await import(pathToFileURL(entry).href)) as {
      renderGalleryPage?: RenderGalleryPage;
    };
    return module.renderGalleryPage ? new GalleryRenderer(module.renderGalleryPage) : undefined;
  }

  /**
   * The page for this URL with this list (its kept text and the object behind it), hero and site
   * settings (the name in the header, the free tier's figures). The
   * list text is compared by identity first: the list cache hands out the same string while the
   * page is unchanged.
   */
  render(
    url: string,
    first: { json: string; list: ImageListResponse },
    hero: HeroContent,
    site: SiteSettings,
  ): Promise<RenderedPage> {
    const heroJson = JSON.stringify({ hero, site });
    const cached = this.pages.get(url);
    if (cached?.listJson === first.json && cached.heroJson === heroJson) return cached.page;
    const page = this.renderPage({ url, list: first.list, hero, site });
    this.pages.delete(url);
    this.pages.set(url, { listJson: first.json, heroJson, page });
    // A failed render is not kept: the next visitor tries again.
    page.catch(() => {
      if (this.pages.get(url)?.page === page) this.pages.delete(url);
    });
    if (this.pages.size > MAX_PAGES) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return page;
  }
}

/** index.html with the rendered page inside its root element and the page's data after it. */
export function withRenderedPage(indexHtml: string, page: RenderedPage): string {
  return indexHtml.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root">${page.html}</div>\n    ${page.stateScript}`,
  );
}
