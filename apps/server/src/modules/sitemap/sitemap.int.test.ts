import { parse as parseXml, validate as validateXml } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, setImageColumns } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { SitemapRepo } from "./sitemap.repo.js";
import { SITEMAP_MAX_URLS, SitemapService } from "./sitemap.service.js";

const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const PUBLIC_URL = "https://art.example";
/** The schema's tLastmod: a W3C date or date-time. */
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

type Element = Record<string, unknown>;
/** The XML as objects: attributes as "@name", text as it is written. */
const parseSitemap = (xml: string) =>
  parseXml(xml, { ignoreAttributes: false, attributeNamePrefix: "@", parseNodeValue: false });

/**
 * The checks of the sitemaps.org schemas (sitemap.xsd, siteindex.xsd), element by element: the
 * root in the protocol's namespace, only `url` (or `sitemap`) children, each with exactly one
 * absolute `loc` of at most 2048 characters, an optional W3C `lastmod` and, for urls, the optional
 * `changefreq` and `priority` and nothing else, and at most 50,000 entries. Returns the locs.
 */
function validSitemap(xml: string, root: "urlset" | "sitemapindex"): string[] {
  expect(validateXml(xml)).toBe(true);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const document = parseSitemap(xml) as Record<string, Element>;
  expect(Object.keys(document).filter((key) => key !== "?xml")).toEqual([root]);
  const top = document[root] as Element;
  expect(top["@xmlns"]).toBe(XMLNS);
  const child = root === "urlset" ? "url" : "sitemap";
  expect(Object.keys(top).filter((key) => !key.startsWith("@"))).toEqual(
    top[child] === undefined ? [] : [child],
  );
  // One child parses as an object, several as an array.
  const entries = [top[child] ?? []].flat() as Element[];
  expect(entries.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  const allowed =
    root === "urlset" ? ["loc", "lastmod", "changefreq", "priority"] : ["loc", "lastmod"];
  return entries.map((entry) => {
    for (const key of Object.keys(entry)) expect(allowed).toContain(key);
    const loc = entry.loc;
    expect(typeof loc).toBe("string");
    expect(String(loc).length).toBeLessThanOrEqual(2048);
    expect(new URL(String(loc)).href).toBe(loc);
    if (entry.lastmod !== undefined) expect(String(entry.lastmod)).toMatch(W3C_DATETIME);
    return String(loc);
  });
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => app.server.inject({ method: "GET", url });
/** Tells the app its catalogue changed behind its back (seedImage writes to the database). */
const announce = (imageId: number) => app.services.events.emit({ type: "image.updated", imageId });

describe(`sitemap.xml and robots.txt, on ${TEST_DB}`, () => {
  it("lists the public pages, every tag and only the public, ready images", async () => {
    const shown = await seedImage(app, { title: "Shown", tags: ["forest", "mist"] });
    const hidden = await seedImage(app, { title: "Hidden", tags: ["secret"], isPublic: false });
    const flagged = await seedImage(app, { title: "Flagged", tags: ["flagged-only"] });
    await setImageColumns(app, flagged, { moderation: "nsfw" });
    const processing = await seedImage(app, { title: "Processing" });
    await setImageColumns(app, processing, { status: "processing" });
    const deleting = await seedImage(app, { title: "Deleting" });
    await setImageColumns(app, deleting, { status: "deleting" });
    await announce(shown);

    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const locs = validSitemap(res.body, "urlset");
    expect(locs).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/gallery`,
        `${PUBLIC_URL}/explore`,
        `${PUBLIC_URL}/one-of-one`,
        `${PUBLIC_URL}/open-editions`,
        `${PUBLIC_URL}/tag/forest`,
        `${PUBLIC_URL}/tag/mist`,
        `${PUBLIC_URL}/image/${shown}`,
      ]),
    );
    for (const id of [hidden, flagged, processing, deleting]) {
      expect(locs).not.toContain(`${PUBLIC_URL}/image/${id}`);
    }
    expect(locs).not.toContain(`${PUBLIC_URL}/tag/secret`);
    expect(locs).not.toContain(`${PUBLIC_URL}/tag/flagged-only`);
    // Each image and tag says when it last changed.
    expect(res.body).toMatch(
      new RegExp(`<loc>${PUBLIC_URL}/image/${shown}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`),
    );
  });

  it("is built once and again only after the catalogue changes", async () => {
    const first = (await get("/sitemap.xml")).body;
    const id = await seedImage(app, { title: "Newcomer" });
    // Written behind the app's back and not announced: the kept sitemap is served.
    expect((await get("/sitemap.xml")).body).toBe(first);
    await announce(id);
    expect(validSitemap((await get("/sitemap.xml")).body, "urlset")).toContain(
      `${PUBLIC_URL}/image/${id}`,
    );

    await setImageColumns(app, id, { is_public: 0 });
    await app.services.events.emit({ type: "image.hidden", imageId: id });
    expect(validSitemap((await get("/sitemap.xml")).body, "urlset")).not.toContain(
      `${PUBLIC_URL}/image/${id}`,
    );
  });

  it("becomes an index of files when it holds more URLs than one file may", async () => {
    const sitemap = new SitemapService({
      repo: new SitemapRepo(app.database.db),
      publicUrl: PUBLIC_URL,
      now: () => Date.now(),
      maxUrls: 4,
    });
    const index = validSitemap(await sitemap.index(), "sitemapindex");
    expect(index.length).toBeGreaterThan(1);
    expect(index[0]).toBe(`${PUBLIC_URL}/sitemaps/1.xml`);
    const files = await Promise.all(index.map((_, i) => sitemap.file(i + 1)));
    const locs = files.flatMap((xml) => validSitemap(xml ?? "", "urlset"));
    for (const xml of files)
      expect(validSitemap(xml ?? "", "urlset").length).toBeLessThanOrEqual(4);
    // Every page once, across the files.
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${PUBLIC_URL}/gallery`);
    expect(await sitemap.file(index.length + 1)).toBeNull();
    // A single-file sitemap has no numbered files.
    expect((await get("/sitemaps/1.xml")).statusCode).toBe(404);
    expect((await get("/sitemaps/nope")).statusCode).toBe(404);
  });

  it("robots.txt names the sitemap and keeps crawlers out of the admin console and the API", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Allow: /api/docs");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
