import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/test-app.js";

const SITE = "https://art.example.com";
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Sawdust: a gallery and marketplace for AI-generated artwork." />
    <title>Sawdust</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: SITE });
  // Before the first page is served: the server reads index.html once.
  writeFileSync(join(app.webDist, "index.html"), INDEX);
});
afterAll(() => app.close());

const page = (path: string, accept = "text/html,application/xhtml+xml") =>
  app.server.inject({ method: "GET", url: path, headers: { accept } });

/** The content of a meta tag, unescaped as a browser or crawler would read it. */
function metaOf(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1]
    ?.replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The page without its title and what it says without JavaScript (error-pages.ts). */
function withoutNotice(html: string): string {
  return html
    .replace(/<title>[^<]*<\/title>/, "<title>Sawdust</title>")
    .replace(/\n\s*<noscript>.*<\/noscript>/, "");
}

/** The page without the gallery's preload hints (one line each). */
function withoutPreloads(html: string): string {
  return html.replace(/^\s*<link rel="preload"[^\n]*\n/gm, "");
}

describe(`share tags on image pages on ${TEST_DB}`, () => {
  it("gives a public image's page Open Graph and Twitter tags with absolute URLs", async () => {
    const id = await seedImage(app, {
      title: "Misty Forest",
      description: "Pines in the fog at dawn.",
    });
    const res = await page(`/image/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const html = res.body;
    expect(metaOf(html, "og:title")).toBe("Misty Forest");
    expect(metaOf(html, "og:description")).toBe("Pines in the fog at dawn.");
    expect(metaOf(html, "og:type")).toBe("article");
    expect(metaOf(html, "og:url")).toBe(`${SITE}/image/${id}`);
    expect(metaOf(html, "og:image")).toBe(`${SITE}/media/images/${id}/large-0000000000000000.webp`);
    expect(metaOf(html, "og:image:width")).toBe("500");
    expect(metaOf(html, "og:image:height")).toBe("500");
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "twitter:title")).toBe("Misty Forest");
    expect(metaOf(html, "twitter:description")).toBe("Pines in the fog at dawn.");
    expect(metaOf(html, "twitter:image")).toBe(metaOf(html, "og:image"));
    // One title and one description: the image's replace the site's.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Misty Forest · Sawdust</title>");
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // In the head, and the rest of the page as built.
    expect(html.indexOf('property="og:title"')).toBeLessThan(html.indexOf("</head>"));
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(html).toContain('<div id="root"></div>');
    // The same security headers as every page.
    const plain = await page("/gallery");
    expect(res.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
  });

  it("escapes every value: a hostile title or description stays text", async () => {
    const title = `Dragon "><script>alert(1)</script> & 'friends'`;
    const description = `${"<b>bold</b> & ".repeat(40)}end`;
    const id = await seedImage(app, { title, description });
    const html = (await page(`/image/${id}`)).body;
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<b>bold</b>");
    // Only the app's own, besides the structured data's block (page-render.int.test.ts).
    expect(html.match(/<script(?! type="application\/ld\+json")/g)).toHaveLength(1);
    expect(metaOf(html, "og:title")).toBe(title);
    expect(html).toContain(
      "<title>Dragon &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;friends&#39; · Sawdust</title>",
    );
    const shown = metaOf(html, "og:description") ?? "";
    expect(Array.from(shown).length).toBeLessThanOrEqual(200);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown.startsWith("<b>bold</b> & <b>bold</b>")).toBe(true);
  });

  it("names an untitled image by its number and describes it generically", async () => {
    const id = await seedImage(app);
    await app.database.db.updateTable("images").set({ title: null }).where("id", "=", id).execute();
    const html = (await page(`/image/${id}`)).body;
    expect(metaOf(html, "og:title")).toBe(`Artwork #${id}`);
    expect(metaOf(html, "og:description")).toBe("AI-generated artwork on Sawdust.");
    // On the site by the name its admin gave it (round 59: "Sawdust" whatever the name).
    const admin = await signIn(app, "share_meta_admin", "admin");
    const rename = (siteName: string) =>
      app.server
        .inject({ method: "GET", url: "/api/v1/admin/settings", headers: { cookie: admin.cookie } })
        .then((settings) =>
          app.server.inject({
            method: "PUT",
            url: "/api/v1/admin/settings",
            headers: { cookie: admin.cookie },
            payload: { ...(settings.json() as object), siteName },
          }),
        );
    expect((await rename("Pixel Forge ✨")).statusCode).toBe(200);
    try {
      const renamed = (await page(`/image/${id}`)).body;
      expect(metaOf(renamed, "og:description")).toBe("AI-generated artwork on Pixel Forge ✨.");
      expect(metaOf(renamed, "description")).toBe("AI-generated artwork on Pixel Forge ✨.");
    } finally {
      expect((await rename("Sawdust")).statusCode).toBe(200);
    }
  });

  it("answers a private or missing image's page with 404 and the plain app", async () => {
    const hidden = await seedImage(app, { title: "Hidden Gem", isPublic: false });
    for (const path of [`/image/${hidden}`, "/image/999999"]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      // index.html as built, but for what it says without JavaScript (error-pages.int.test.ts).
      expect(withoutNotice(res.body), path).toBe(INDEX);
      expect(res.body, path).not.toContain("Hidden Gem");
    }
  });

  it("answers an image page whose id names no image with the app's 404, naming nothing", async () => {
    for (const path of [
      "/image/abc",
      "/image/0",
      "/image/-1",
      "/image/1e3",
      "/image/99999999999999999999",
    ]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      // The gallery's preload hints aside (gallery-preload.ts), the page is index.html as built.
      expect(withoutNotice(withoutPreloads(res.body)), path).toBe(INDEX);
      expect(res.body).not.toContain("og:");
    }
  });

  it("preloads the gallery's first page, hero, user and first picture on gallery pages", async () => {
    const id = await seedImage(app, { title: "First In Line", editionType: "sawdust_gallery" });
    for (const path of ["/", "/gallery", `/image/${id}`]) {
      const html = (await page(path)).body;
      expect(html, path).toContain(
        'href="/api/v1/images?visibility=public&amp;limit=20&amp;editionType=sawdust_gallery"',
      );
      expect(html, path).toContain('href="/api/v1/hero-content"');
      expect(html, path).toMatch(
        /<link rel="preload" as="image" href="\/media\/images\/\d+\/small-/,
      );
    }
    const filtered = (await page("/gallery?tag=Misty%20Forest&color=%23FF0000")).body;
    expect(filtered).toContain("tag=misty-forest");
    expect(filtered).toContain("color=ff0000");
    expect((await page("/explore")).body).not.toContain("preload");
  });

  it("answers HEAD", async () => {
    const id = await seedImage(app);
    const head = await app.server.inject({
      method: "HEAD",
      url: `/image/${id}`,
      headers: { accept: "text/html" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });
});

describe(`pages for every client on ${TEST_DB}`, () => {
  it("gives link-preview crawlers (Accept */* or none) the share page with its tags", async () => {
    const id = await seedImage(app, { title: "Crawler Bait", description: "For the preview." });
    for (const accept of ["*/*", "", "application/json", "text/html"]) {
      const res = await app.server.inject({
        method: "GET",
        url: `/image/${id}`,
        headers: accept ? { accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-type"], accept).toMatch(/^text\/html/);
      expect(metaOf(res.body, "og:title"), accept).toBe("Crawler Bait");
    }
  });

  it("answers every route of the app with its page, and any other page path with HTTP 404 and the app", async () => {
    for (const path of [
      "/explore",
      "/tag/navy",
      "/collections/7",
      "/admin/images/3/edit",
      "/auth",
    ]) {
      const res = await page(path, "*/*");
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root">');
    }
    for (const path of [
      "/no-such-page",
      "/image/abc/def",
      "/collections/7/extra",
      // An id's place holds only an id as the API writes it: anything else names no row.
      "/image/abc",
      "/image/0",
      "/image/007",
      "/image/99999999999999999999",
      "/collections/abc",
      "/admin/images/x/edit",
    ]) {
      const res = await page(path, "*/*");
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["content-type"], path).toMatch(/^text\/html/);
      expect(res.body, path).toContain('<div id="root">');
    }
    // API paths, media and files stay JSON 404s.
    for (const [path, accept] of [
      ["/api/v1/nope", undefined],
      ["/media/nope", undefined],
      ["/assets/gone.js", undefined],
      ["/favicon.png", "image/avif,image/webp,image/*,*/*;q=0.8"],
      ["/robots-old.txt", "*/*"],
    ] as const) {
      const res = await page(path, accept);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code, path).toBe("not_found");
    }
    // A browser navigating to a page path with a dot in it gets the app (which says not found),
    // not JSON.
    for (const [path, status] of <Array<[string, number]>>[
      ["/collections/1.5", 404],
      ["/tag/art.deco", 200],
    ]) {
      const res = await page(path, "text/html,application/xhtml+xml,*/*;q=0.8");
      expect(res.statusCode, path).toBe(status);
      expect(res.headers["content-type"], path).toMatch(/^text\/html/);
      expect(res.body, path).toContain('<div id="root">');
    }
  });

  it("answers an address that does not decode with a 400 a person can read: the app's page to a browser, the API's shape to a program", async () => {
    for (const path of ["/tag/%E0%A4", "/collections/%zz", "/image/%", "/tag/%00"]) {
      const res = await page(path, "text/html,application/xhtml+xml,*/*;q=0.8");
      expect(res.statusCode, path).toBe(400);
      expect(res.headers["content-type"], path).toMatch(/^text\/html/);
      expect(res.body, path).toContain('<div id="root">');
    }
    for (const path of ["/api/v1/images/%zz", "/api/v1/collections/%E0%A4"]) {
      const res = await page(path, "application/json");
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({
        message: MESSAGES.badAddress,
        code: "bad_address",
      });
      // With the site's headers, as every other answer.
      expect(res.headers["cache-control"], path).toBe("no-store");
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
    // A path parameter of any length reaches its route, whose schema says what is wrong.
    for (const method of ["GET", "POST"] as const) {
      const res = await app.server.inject({
        method,
        url: `/api/v1/images/${"9".repeat(120)}/views`,
        headers: { accept: "application/json" },
      });
      // GET: the views route takes POST alone (405, with Allow).
      expect(res.statusCode, method).toBe(method === "GET" ? 405 : 400);
      expect(Object.keys(res.json()), method).toEqual(["message", "code"]);
    }
  });

  it("sends a page path written with a trailing slash to the page's one address", async () => {
    for (const [from, to] of <Array<[string, string]>>[
      ["/gallery/", "/gallery"],
      ["/explore/?x=1", "/explore?x=1"],
      ["/collections/7/", "/collections/7"],
      ["/tag/navy/", "/tag/navy"],
      // The static file server refuses a path ending in `//` before any route sees it.
      ["/tag/navy//", "/tag/navy"],
      ["/gallery//?a=1", "/gallery?a=1"],
    ]) {
      const res = await page(from, "text/html");
      expect(res.statusCode, from).toBe(308);
      expect(res.headers.location, from).toBe(to);
    }
    // `//host` would leave the site: a path that starts so is not redirected anywhere.
    const away = await page("//evil.example/", "text/html");
    expect(away.statusCode).not.toBe(308);
  });
});
