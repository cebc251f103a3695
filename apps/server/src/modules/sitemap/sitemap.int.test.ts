import { parse as parseXml, validate as validateXml } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, setImageColumns } from "../../../test/images.js";
import { plannedSqlite } from "../../../test/sqlite-plans.js";
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

/** Every loc of the site's sitemap: its index's files fetched and checked, their locs joined. */
async function sitemapLocs(): Promise<string[]> {
  const index = await get("/sitemap.xml");
  expect(index.statusCode).toBe(200);
  expect(index.headers["content-type"]).toMatch(/^application\/xml/);
  const locs: string[] = [];
  for (const file of validSitemap(index.body, "sitemapindex")) {
    expect(file).toMatch(new RegExp(`^${PUBLIC_URL}/sitemaps/(pages|images)-\\d+\\.xml$`));
    const res = await get(new URL(file).pathname);
    expect(res.statusCode).toBe(200);
    locs.push(...validSitemap(res.body, "urlset"));
  }
  return locs;
}

/** A sitemap of its own over the test's database, with small files, noting the repo's reads. */
function smallSitemap(options: { maxUrls: number; idsPerFile: number }) {
  const repo = new SitemapRepo(app.database.db, app.database.dialect);
  const reads: Array<[number, number]> = [];
  const findListableImagesIn = repo.findListableImagesIn.bind(repo);
  repo.findListableImagesIn = (fromId, toId) => {
    reads.push([fromId, toId]);
    return findListableImagesIn(fromId, toId);
  };
  const sitemap = new SitemapService({
    repo,
    publicUrl: PUBLIC_URL,
    now: () => Date.now(),
    ...options,
  });
  const text = async (file: Promise<{ xml: string } | null>) => (await file)?.xml ?? null;
  return {
    sitemap,
    reads,
    index: () => text(sitemap.index()),
    file: (name: string) => text(sitemap.file(name)),
  };
}

describe(`sitemap.xml and robots.txt, on ${TEST_DB}`, () => {
  it("lists the public pages, every tag and only the public, ready images", async () => {
    const shown = await seedImage(app, { title: "Shown", tags: ["forest", "mist"] });
    const hidden = await seedImage(app, { title: "Hidden", tags: ["secret"], isPublic: false });
    // Held back by a moderation flag while public (a member's report): its page is not listed.
    const flagged = await seedImage(app, { title: "Flagged" });
    await setImageColumns(app, flagged, { moderation: "reported" });
    const processing = await seedImage(app, { title: "Processing", tags: ["unready-only"] });
    await setImageColumns(app, processing, { status: "processing" });
    const deleting = await seedImage(app, { title: "Deleting" });
    await setImageColumns(app, deleting, { status: "deleting" });
    await announce(shown);

    const locs = await sitemapLocs();
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
    expect(locs).not.toContain(`${PUBLIC_URL}/tag/unready-only`);
    expect(new Set(locs).size).toBe(locs.length);
    // Each image says when it last changed.
    const file = await get(`/sitemaps/images-1.xml`);
    // A shared cache keeps it no longer than a public picture: a hidden image leaves it as soon.
    expect(file.headers["cache-control"]).toBe("public, max-age=600, s-maxage=300");
    expect(file.body).toMatch(
      new RegExp(`<loc>${PUBLIC_URL}/image/${shown}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`),
    );
  });

  it("is kept, and built again where the catalogue changed", async () => {
    const first = (await get("/sitemap.xml")).body;
    const firstFile = (await get("/sitemaps/images-1.xml")).body;
    const id = await seedImage(app, { title: "Newcomer", tags: ["newcomer"] });
    // Written behind the app's back and not announced: the kept sitemap is served.
    expect((await get("/sitemap.xml")).body).toBe(first);
    expect((await get("/sitemaps/images-1.xml")).body).toBe(firstFile);
    await announce(id);
    const locs = await sitemapLocs();
    expect(locs).toContain(`${PUBLIC_URL}/image/${id}`);
    expect(locs).toContain(`${PUBLIC_URL}/tag/newcomer`);

    await setImageColumns(app, id, { is_public: 0 });
    await app.services.events.emit({ type: "image.hidden", imageId: id });
    const after = await sitemapLocs();
    expect(after).not.toContain(`${PUBLIC_URL}/image/${id}`);
    expect(after).not.toContain(`${PUBLIC_URL}/tag/newcomer`);
  });

  it("splits the images into files by range of ids, and a change rebuilds only its file", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await seedImage(app, { title: `Ranged ${i}` }));
    const small = smallSitemap({ maxUrls: 4, idsPerFile: 3 });
    const index = validSitemap((await small.index()) ?? "", "sitemapindex");
    const files = index.map((loc) => /\/sitemaps\/(.+)\.xml$/.exec(loc)?.[1] ?? "");
    expect(files[0]).toBe("pages-1");
    // The public pages and every tag, at most four a file.
    expect(files.filter((name) => name.startsWith("pages-")).length).toBeGreaterThan(1);
    const locs: string[] = [];
    for (const name of files) {
      const xml = await small.file(name);
      const fileLocs = validSitemap(xml ?? "", "urlset");
      expect(fileLocs.length).toBeGreaterThan(0);
      expect(fileLocs.length).toBeLessThanOrEqual(4);
      const range = /^images-(\d+)$/.exec(name);
      if (range) {
        // An image file holds the images of its range of ids only.
        for (const loc of fileLocs) {
          expect(Math.ceil(Number(loc.split("/").at(-1)) / 3)).toBe(Number(range[1]));
        }
      }
      locs.push(...fileLocs);
    }
    expect(new Set(locs).size).toBe(locs.length);
    // Every listable image once, across the files.
    const listable = await app.database.db
      .selectFrom("images")
      .select("id")
      .where("status", "=", "ready")
      .where("is_public", "=", 1)
      .where("moderation", "is", null)
      .execute();
    expect(locs.filter((loc) => loc.includes("/image/")).sort()).toEqual(
      listable.map((row) => `${PUBLIC_URL}/image/${row.id}`).sort(),
    );

    // A range with no listable image left has no file, and the index no longer names it.
    const last = ids.at(-1) ?? 0;
    const emptied = ids.filter((id) => Math.ceil(id / 3) === Math.ceil(last / 3));
    for (const id of emptied) {
      await setImageColumns(app, id, { is_public: 0 });
      small.sitemap.changed(id);
    }
    const name = `images-${Math.ceil(last / 3)}`;
    expect(await small.file(name)).toBeNull();
    expect(await small.index()).not.toContain(`${name}.xml`);

    // A change to one image: its file is read again, the others are kept.
    const changed = ids[0] ?? 0;
    const other = `images-${Math.ceil(changed / 3) + 1}`;
    await small.file(`images-${Math.ceil(changed / 3)}`);
    await small.file(other);
    small.reads.length = 0;
    small.sitemap.changed(changed);
    await small.file(`images-${Math.ceil(changed / 3)}`);
    await small.file(other);
    expect(small.reads).toEqual([[(Math.ceil(changed / 3) - 1) * 3, Math.ceil(changed / 3) * 3]]);
    // Every file again after a resync.
    small.sitemap.changed();
    await small.file(other);
    expect(small.reads).toHaveLength(2);
  });

  it("answers a 404 for any file it does not have", async () => {
    for (const url of [
      "/sitemaps/nope",
      "/sitemaps/1.xml",
      "/sitemaps/pages-0.xml",
      "/sitemaps/pages-99.xml",
      "/sitemaps/images-0.xml",
      "/sitemaps/images-999999999.xml",
      "/sitemaps/images-1e3.xml",
      "/sitemaps/images-9999999999999.xml",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "No such sitemap", code: "not_found" });
    }
  });

  it.runIf(TEST_DB === "sqlite")("reads images through images_sitemap_idx alone", async () => {
    const planned = plannedSqlite(app);
    try {
      const repo = new SitemapRepo(planned.db, "sqlite");
      await repo.findNextListableId(0);
      await repo.findListableImagesIn(0, 10_000);
      expect(planned.statements).toHaveLength(2);
      for (const statement of planned.statements) {
        expect(planned.plan(statement).join("; "), statement).toMatch(
          /^SEARCH images USING COVERING INDEX images_sitemap_idx \(id>\? AND id<\?\)$|^SEARCH images USING COVERING INDEX images_sitemap_idx \(id>\?\)$/,
        );
      }
    } finally {
      planned.close();
    }
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
