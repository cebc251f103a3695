import { paths } from "@sawdust/shared";
import type { SitemapRepo } from "./sitemap.repo.js";

/** The sitemaps.org protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Images read per query while the sitemap is built. */
const READ_BATCH = 5_000;
/** A built sitemap is kept this long at most, events or not (a missed event heals). */
const SITEMAP_TTL_MS = 60 * 60_000;
const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";

interface Entry {
  path: string;
  lastModified?: number;
}

/** The sitemap as files: one urlset, or an index of urlsets when there are too many URLs. */
interface Built {
  index: string;
  files: string[];
  expiresAt: number;
}

const escapeXml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");

const isoDate = (epochMs: number) => new Date(epochMs).toISOString();

/**
 * /sitemap.xml: the public pages, every tag and every listable image with when it last changed.
 * Built once (the images read by id in batches) and kept until the catalogue changes (`invalidate`,
 * wired to the event bus) or an hour passes; over SITEMAP_MAX_URLS it is a sitemap index of
 * /sitemaps/{n}.xml files.
 */
export class SitemapService {
  private built: Promise<Built> | undefined;
  private generation = 0;

  constructor(
    private readonly deps: {
      repo: SitemapRepo;
      /** The site's origin: sitemaps hold absolute URLs. */
      publicUrl: string;
      now: () => number;
      /** URLs per file (SITEMAP_MAX_URLS; tests make it small). */
      maxUrls?: number;
    },
  ) {}

  /** The XML of /sitemap.xml. */
  async index(): Promise<string> {
    return (await this.current()).index;
  }

  /** The XML of /sitemaps/{n}.xml (n from 1), or null when there is no such file. */
  async file(n: number): Promise<string | null> {
    const { files } = await this.current();
    return files.length > 1 ? (files[n - 1] ?? null) : null;
  }

  /** The catalogue changed: the next request builds the sitemap again. */
  invalidate(): void {
    this.generation += 1;
    this.built = undefined;
  }

  private current(): Promise<Built> {
    const kept = this.built;
    if (kept) {
      return kept.then((built) => (built.expiresAt > this.deps.now() ? built : this.rebuild()));
    }
    return this.rebuild();
  }

  private rebuild(): Promise<Built> {
    const generation = this.generation;
    const built = this.build();
    this.built = built;
    built.then(
      () => {
        if (generation !== this.generation && this.built === built) this.built = undefined;
      },
      () => {
        if (this.built === built) this.built = undefined;
      },
    );
    return built;
  }

  private async build(): Promise<Built> {
    const entries: Entry[] = [
      { path: paths.home.getHref() },
      { path: paths.gallery.getHref() },
      { path: paths.explore.getHref() },
      { path: paths.oneOfOne.getHref() },
      { path: paths.openEditions.getHref() },
    ];
    for (const row of await this.deps.repo.findListableTags()) {
      entries.push({ path: paths.tag.getHref(row.tag), lastModified: row.updated_at });
    }
    for (let afterId = 0; ; ) {
      const rows = await this.deps.repo.findListableImagesAfter(afterId, READ_BATCH);
      for (const row of rows) {
        entries.push({ path: paths.image.getHref(row.id), lastModified: row.updated_at });
      }
      const last = rows.at(-1);
      if (!last || rows.length < READ_BATCH) break;
      afterId = last.id;
    }

    const maxUrls = this.deps.maxUrls ?? SITEMAP_MAX_URLS;
    const chunks: Entry[][] = [];
    for (let i = 0; i < entries.length; i += maxUrls) chunks.push(entries.slice(i, i + maxUrls));
    const files = chunks.map((chunk) => this.urlset(chunk));
    const expiresAt = this.deps.now() + SITEMAP_TTL_MS;
    if (files.length === 1) return { index: files[0] ?? "", files, expiresAt };
    const sitemaps = chunks.map((chunk, i) => {
      const newest = Math.max(0, ...chunk.map((entry) => entry.lastModified ?? 0));
      const lastmod = newest > 0 ? `<lastmod>${isoDate(newest)}</lastmod>` : "";
      return `<sitemap><loc>${escapeXml(this.absolute(`/sitemaps/${i + 1}.xml`))}</loc>${lastmod}</sitemap>`;
    });
    return {
      index: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${sitemaps.join("\n")}\n</sitemapindex>\n`,
      files,
      expiresAt,
    };
  }

  private urlset(entries: Entry[]): string {
    const urls = entries.map((entry) => {
      const lastmod =
        entry.lastModified === undefined ? "" : `<lastmod>${isoDate(entry.lastModified)}</lastmod>`;
      return `<url><loc>${escapeXml(this.absolute(entry.path))}</loc>${lastmod}</url>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${urls.join("\n")}\n</urlset>\n`;
  }

  private absolute(path: string): string {
    return new URL(path, this.deps.publicUrl).href;
  }
}

/**
 * robots.txt: everything but the admin console and the API may be crawled (the API's public
 * documentation aside), and the sitemap is named.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /api/docs",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${new URL("/sitemap.xml", publicUrl).href}`,
    "",
  ].join("\n");
}
