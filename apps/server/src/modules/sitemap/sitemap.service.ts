import { paths } from "@sawdust/shared";
import type { SitemapRepo } from "./sitemap.repo.js";

/** The sitemaps.org protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/**
 * Image ids a file of images covers (`images-{n}.xml`: ids above (n - 1) × this, up to n × this).
 * A file is one walk of images_sitemap_idx over its range: a few milliseconds, whatever the
 * catalogue's size, and about a megabyte of XML.
 */
export const SITEMAP_IDS_PER_FILE = 10_000;
/** Files of images kept built at once (the most recently asked); others are built when asked. */
const IMAGE_FILES_KEPT = 8;
/** A built sitemap is kept this long at most, events or not (a missed event heals). */
const SITEMAP_TTL_MS = 60 * 60_000;
const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * A file of the sitemap as XML. The same object is handed out for as long as the file is kept,
 * so the HTTP layer can keep its bytes and compressed forms with it.
 */
export interface SitemapFile {
  readonly xml: string;
}

interface Entry {
  path: string;
  lastModified?: number;
}

/** The index and the files of pages, built together (the tags are read once for both). */
interface Outline {
  index: SitemapFile;
  pageFiles: SitemapFile[];
  /** The numbers of the files of images that hold at least one image. */
  imageFiles: Set<number>;
}

interface Kept<T> {
  built: Promise<T>;
  expiresAt: number;
}

const escapeXml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");

const xmlFile = (xml: string): SitemapFile => ({ xml });

const isoDate = (epochMs: number) => new Date(epochMs).toISOString();

/**
 * /sitemap.xml, an index of files: `/sitemaps/pages-{n}.xml` (the public pages and every tag) and
 * `/sitemaps/images-{n}.xml` (the listable images of one range of ids, each with when it last
 * changed). Every part is bounded whatever the catalogue's size: the tags come from the kept
 * counts, the ranges holding images are found by one index seek each, and a file of images is
 * one walk of its range. The index and the files of pages are kept until the catalogue changes;
 * a change to an image drops only the file of its range (`changed`, wired to the event bus); the
 * most recently asked files of images are kept; an hour heals a missed event.
 */
export class SitemapService {
  private outline: Kept<Outline> | undefined;
  private origin: string | undefined;
  private readonly imageFiles = new Map<number, Kept<SitemapFile | null>>();

  constructor(
    private readonly deps: {
      repo: SitemapRepo;
      /** The site's origin: sitemaps hold absolute URLs. */
      publicUrl: string;
      now: () => number;
      /** URLs per file of pages (SITEMAP_MAX_URLS; tests make it small). */
      maxUrls?: number;
      /** Image ids per file of images (SITEMAP_IDS_PER_FILE; tests make it small). */
      idsPerFile?: number;
    },
  ) {}

  /** The XML of /sitemap.xml. */
  async index(): Promise<SitemapFile> {
    return (await this.currentOutline()).index;
  }

  /** The XML of /sitemaps/{name}.xml, or null when there is no such file. */
  async file(name: string): Promise<SitemapFile | null> {
    const match = /^(pages|images)-([1-9]\d{0,8})$/.exec(name);
    if (!match) return null;
    const n = Number(match[2]);
    const outline = await this.currentOutline();
    if (match[1] === "pages") return outline.pageFiles[n - 1] ?? null;
    return outline.imageFiles.has(n) ? this.imageFile(n) : null;
  }

  /**
   * The catalogue changed: this image's file of images (every file when no image is named) and
   * the index are built again when next asked.
   */
  changed(imageId?: number): void {
    this.outline = undefined;
    if (imageId === undefined) this.imageFiles.clear();
    else this.imageFiles.delete(Math.ceil(imageId / this.idsPerFile));
  }

  private get idsPerFile(): number {
    return this.deps.idsPerFile ?? SITEMAP_IDS_PER_FILE;
  }

  private currentOutline(): Promise<Outline> {
    const now = this.deps.now();
    if (this.outline === undefined || this.outline.expiresAt <= now) {
      const kept: Kept<Outline> = { built: this.buildOutline(), expiresAt: now + SITEMAP_TTL_MS };
      this.outline = kept;
      kept.built.catch(() => {
        if (this.outline === kept) this.outline = undefined;
      });
    }
    return this.outline.built;
  }

  private imageFile(n: number): Promise<SitemapFile | null> {
    const now = this.deps.now();
    const kept = this.imageFiles.get(n);
    if (kept !== undefined && kept.expiresAt > now) {
      // Most recently asked last: the first is the one to drop.
      this.imageFiles.delete(n);
      this.imageFiles.set(n, kept);
      return kept.built;
    }
    const built = this.buildImageFile(n);
    const fresh: Kept<SitemapFile | null> = { built, expiresAt: now + SITEMAP_TTL_MS };
    this.imageFiles.delete(n);
    this.imageFiles.set(n, fresh);
    while (this.imageFiles.size > IMAGE_FILES_KEPT) {
      const oldest = this.imageFiles.keys().next().value;
      if (oldest === undefined) break;
      this.imageFiles.delete(oldest);
    }
    built.catch(() => {
      if (this.imageFiles.get(n) === fresh) this.imageFiles.delete(n);
    });
    return built;
  }

  private async buildOutline(): Promise<Outline> {
    const pages: Entry[] = [
      { path: paths.home.getHref() },
      { path: paths.gallery.getHref() },
      { path: paths.explore.getHref() },
      { path: paths.oneOfOne.getHref() },
      { path: paths.openEditions.getHref() },
    ];
    for (const tag of await this.deps.repo.findPublicTags()) {
      pages.push({ path: paths.tag.getHref(tag) });
    }
    const maxUrls = this.deps.maxUrls ?? SITEMAP_MAX_URLS;
    const pageFiles: SitemapFile[] = [];
    for (let i = 0; i < pages.length; i += maxUrls) {
      pageFiles.push(xmlFile(this.urlset(pages.slice(i, i + maxUrls))));
    }
    // The ranges holding an image, found by skipping from each to the next image after it.
    const imageFiles = new Set<number>();
    for (let id = await this.deps.repo.findNextListableId(0); id !== undefined; ) {
      const n = Math.ceil(id / this.idsPerFile);
      imageFiles.add(n);
      id = await this.deps.repo.findNextListableId(n * this.idsPerFile);
    }
    const locs = [
      ...pageFiles.map((_, i) => `/sitemaps/pages-${i + 1}.xml`),
      ...[...imageFiles].map((n) => `/sitemaps/images-${n}.xml`),
    ];
    const sitemaps = locs.map(
      (loc) => `<sitemap><loc>${escapeXml(this.absolute(loc))}</loc></sitemap>`,
    );
    return {
      index: xmlFile(
        `${XML_HEAD}<sitemapindex xmlns="${XMLNS}">\n${sitemaps.join("\n")}\n</sitemapindex>\n`,
      ),
      pageFiles,
      imageFiles,
    };
  }

  /** The file of images `n`, or null when its range holds none now (a urlset may not be empty). */
  private async buildImageFile(n: number): Promise<SitemapFile | null> {
    const rows = await this.deps.repo.findListableImagesIn(
      (n - 1) * this.idsPerFile,
      n * this.idsPerFile,
    );
    if (rows.length === 0) return null;
    return xmlFile(
      this.urlset(
        rows.map((row) => ({ path: paths.image.getHref(row.id), lastModified: row.updated_at })),
      ),
    );
  }

  private urlset(entries: Entry[]): string {
    const urls = entries.map((entry) => {
      const lastmod =
        entry.lastModified === undefined ? "" : `<lastmod>${isoDate(entry.lastModified)}</lastmod>`;
      return `<url><loc>${escapeXml(this.absolute(entry.path))}</loc>${lastmod}</url>`;
    });
    return `${XML_HEAD}<urlset xmlns="${XMLNS}">\n${urls.join("\n")}\n</urlset>\n`;
  }

  /** The URL of a path of the site (every path here starts with `/`): the origin before it. */
  private absolute(path: string): string {
    this.origin ??= new URL(this.deps.publicUrl).origin;
    return `${this.origin}${path}`;
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
