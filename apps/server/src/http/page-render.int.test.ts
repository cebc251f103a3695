import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  CODE_AFTER_PICTURES_SCRIPT,
  DEFAULT_SITE_SETTINGS,
  EARLY_CLICK_SCRIPT,
  LATER_PRELOAD_REL,
  LATER_SCRIPT_TYPE,
  MESSAGES,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, setImageColumns, signIn } from "../../test/images.js";
import {
  createTestApp,
  newAccount,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
  TestClock,
} from "../../test/test-app.js";
import { until } from "../../test/until.js";
import { RENDERED_PAGE_TTL_MS, RENDERS_AT_ONCE } from "./page-render.js";
import { PAGE_SCRIPT_TAGS } from "./page-scripts.js";

const PUBLIC_URL = "https://art.example";
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Sawdust: a gallery and marketplace for AI-generated artwork." />
    <title>Sawdust</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/core.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A stand-in for the web app's server entry (its real render runs in the browser suite): like the
 * real one it asks the server's API for what the page shows, as a visitor; it shows what it got,
 * counts its renders, and fails for a URL that asks it to.
 */
const ENTRY = `
globalThis.renders = 0;
const titles = (list) => list.images.map((image) => image.aiAnalysis.title).join("|");
export async function renderPage({ url, site, fetchApi }) {
  globalThis.renders += 1;
  if (url.includes("explode")) throw new Error("render failed");
  if (url.includes("slow")) await globalThis.slowRenders;
  const [path, query] = url.split("?");
  const api = async (apiPath) => {
    const res = await fetchApi(apiPath);
    if (!res.ok) throw new Error(apiPath + ": " + res.status);
    return res.json();
  };
  const image = /^\\/image\\/(\\d+)$/.exec(path);
  let shown;
  if (image) {
    shown = (await api("/api/v1/images/" + image[1])).aiAnalysis.title + " over " + titles(await api("/api/v1/images"));
  } else if (path === "/explore") {
    const tags = await api("/api/v1/explore/tags");
    shown = [...tags.featured, ...tags.other].map((t) => t.tag).sort().join("|");
  } else if (path.startsWith("/tag/")) {
    shown = titles(await api("/api/v1/images?tag=" + path.slice(5)));
  } else if (path === "/one-of-one") {
    shown = titles(await api("/api/v1/images?editionType=one_of_one"));
  } else {
    // The gallery's own parameters, as the app builds its list's URL (imageListPath).
    const given = new URLSearchParams(query ?? "");
    const own = ["tag", "style", "color"].filter((name) => given.has(name));
    shown = titles(await api("/api/v1/images?" + own.map((name) => name + "=" + encodeURIComponent(given.get(name))).join("&")));
  }
  return {
    html: "<main>" + shown.replace(/</g, "&lt;") + " / " + site.siteName + "</main>",
    stateScript: '<script type="application/json" id="sawdust-state">{}</script>',
  };
}
`;

/** A build manifest as Vite writes it: the entry, the explore page's chunk and one it shares. */
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", imports: ["_core.js"] },
  "_core.js": { file: "assets/core.js" },
  "_shared.js": { file: "assets/shared.js", imports: ["_core.js"] },
  "src/features/explore/explore-page.tsx": {
    file: "assets/explore.js",
    imports: ["_core.js", "_shared.js"],
  },
};

/** The build's stylesheet (index.html links it). */
const STYLES = ".tile{opacity:1}@media (min-width:48rem){.tile{opacity:.9}}";

const rendersSoFar = () => (globalThis as { renders?: number }).renders ?? 0;

let app: TestApp;
let webDist: string;
const clock = new TestClock(Date.now());
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "sawdust-render-"));
  mkdirSync(join(webDist, "ssr"));
  writeFileSync(join(webDist, "index.html"), INDEX);
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "assets", "index-abc.css"), STYLES);
  writeFileSync(join(webDist, "ssr", "entry-server.js"), ENTRY);
  mkdirSync(join(webDist, ".vite"));
  writeFileSync(join(webDist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  app = await createTestApp({ PUBLIC_URL }, { webDist, clock });
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });
/** Tells the app an image changed behind its back (seedImage writes to the database). */
const announce = (imageId: number) => app.services.events.emit({ type: "image.updated", imageId });

/** What the page's root element holds. */
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const descriptionOf = (html: string) =>
  /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
/** The page's JSON-LD blocks, parsed. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "") as Record<string, unknown>,
  );

describe(`public pages rendered on the server for visitors, on ${TEST_DB}`, () => {
  let forest: number;
  let unique: number;
  beforeAll(async () => {
    forest = await seedImage(app, {
      title: "Misty Forest",
      description: "Pines in the fog.",
      tags: ["forest"],
    });
    await seedImage(app, { title: "Red Desert", tags: ["desert"] });
    unique = await seedImage(app, {
      title: "Only One",
      tags: ["forest"],
      editionType: "one_of_one",
    });
    await announce(unique);
  });

  it("renders each public page with what the API shows a visitor, and its own head", async () => {
    const cases: Array<[string, string, string, string]> = [
      // [url, root holds, title, canonical]
      ["/", "Only One|Red Desert|Misty Forest / Sawdust", "Gallery · Sawdust", "/"],
      [
        "/gallery?tag=Forest&x=1",
        "Only One|Misty Forest / Sawdust",
        "Gallery · Sawdust",
        "/gallery?tag=forest",
      ],
      [
        `/image/${forest}`,
        "Misty Forest over Only One|Red Desert|Misty Forest",
        "Misty Forest · Sawdust",
        `/image/${forest}`,
      ],
      ["/explore", "desert|forest / Sawdust", "Explore · Sawdust", "/explore"],
      ["/tag/forest", "Only One|Misty Forest / Sawdust", "Forest · Sawdust", "/tag/forest"],
      [
        "/one-of-one?availability=sold",
        "Only One / Sawdust",
        "1/1 Collection · Sawdust",
        "/one-of-one?availability=sold",
      ],
      ["/open-editions", " / Sawdust", "Editions · Sawdust", "/open-editions"],
    ];
    for (const [url, shown, title, canonical] of cases) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(rootOf(res.body), url).toContain(shown);
      expect(res.body, url).toContain('<script type="application/json" id="sawdust-state">');
      // A click before the app runs is kept, and the code fetched after the pictures, by the two
      // inline scripts the policy lets run.
      for (const tag of PAGE_SCRIPT_TAGS) expect(res.body, url).toContain(tag);
      const [click, code] = [EARLY_CLICK_SCRIPT, CODE_AFTER_PICTURES_SCRIPT].map((script) =>
        createHash("sha256").update(script).digest("base64"),
      );
      expect(res.headers["content-security-policy"], url).toContain(
        `script-src 'self' 'sha256-${click}' 'sha256-${code}';`,
      );
      expect(titleOf(res.body), url).toBe(title);
      expect(canonicalOf(res.body), url).toBe(`${PUBLIC_URL}${canonical}`);
      expect(descriptionOf(res.body), url).toBeTruthy();
      // One title and one description: index.html's own gave way.
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
      // The data is in the page: no preloads of it.
      expect(res.body, url).not.toContain('rel="preload" as="fetch"');
      // It shows without JavaScript: no notice that it needs it.
      expect(res.body, url).not.toContain("<noscript>");
    }
    const image = await page(`/image/${forest}`);
    expect(descriptionOf(image.body)).toBe("Pines in the fog.");
    // The artwork is the first picture the page names, before anything in the body.
    const preload = image.body.indexOf('<link rel="preload" as="image"');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(image.body.indexOf("<body>"));
    expect(image.body).toContain(`imagesrcset="/media/images/${forest}/thumb-`);
    expect(image.body).toContain(`/media/images/${forest}/small-`);
    expect(image.body).toContain('fetchpriority="high"');
  });

  it("sends a signed-in member the app with its own head, not the visitor's render", async () => {
    const registered = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newAccount(),
    });
    const cookie = sessionCookieOf(registered);
    for (const url of ["/gallery", `/image/${forest}`, "/explore", "/tag/forest", "/one-of-one"]) {
      const res = await page(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toBe("");
      expect(res.body, url).not.toContain("sawdust-state");
      expect(canonicalOf(res.body), url).toBeDefined();
      // Which the app draws: without JavaScript, the page says it needs it.
      expect(res.body, url).toContain(`>${MESSAGES.pageNotices.needsJavaScript}</h1>`);
    }
    // The gallery's pages come with the preloads of the app's first requests.
    expect((await page("/gallery", { cookie })).body).toContain('rel="preload" as="fetch"');
    expect((await page(`/image/${forest}`, { cookie })).body).toContain('rel="preload" as="fetch"');
  });

  it("answers a private or missing image's page with the API's 404 and nothing of the image", async () => {
    const hidden = await seedImage(app, {
      title: "Secret Sketch",
      description: "Not for anyone",
      isPublic: false,
    });
    await announce(hidden);
    expect(
      (await app.server.inject({ method: "GET", url: `/api/v1/images/${hidden}` })).statusCode,
    ).toBe(404);
    for (const url of [`/image/${hidden}`, "/image/999999"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(rootOf(res.body)).toBe("");
      expect(res.body).not.toContain("Secret Sketch");
      expect(res.body).not.toContain("Not for anyone");
      expect(res.body).not.toContain("application/ld+json");
      // Named as the image's dialog names it then: nothing of the image.
      expect(titleOf(res.body)).toBe(`${MESSAGES.imageDetail.unavailable} · Sawdust`);
    }
    // A cookie that is no live session, or a member who may not see it, still gets the 404.
    const member = await signIn(app, "render-private-member");
    for (const cookie of ["sawdust_session=garbage", member.cookie]) {
      for (const url of [`/image/${hidden}`, "/image/999999"]) {
        expect((await page(url, { cookie })).statusCode, `${cookie} ${url}`).toBe(404);
      }
    }
    // An admin, who may see it, gets the app, which asks the API as them: still nothing of the
    // image in the page itself.
    const admin = await signIn(app, "render-private-admin", "admin");
    expect((await page("/image/999999", { cookie: admin.cookie })).statusCode).toBe(404);
    const forAdmin = await page(`/image/${hidden}`, { cookie: admin.cookie });
    expect(forAdmin.statusCode).toBe(200);
    expect(rootOf(forAdmin.body)).toBe("");
    expect(forAdmin.body).not.toContain("Secret Sketch");
  });

  it("keeps a rendered page until a change event, or its time is up", async () => {
    await page("/tag/forest");
    const before = rendersSoFar();
    await page("/tag/forest");
    await page("/tag/forest");
    expect(rendersSoFar()).toBe(before);

    // Written behind the app's back: the kept page is still served…
    const lake = await seedImage(app, { title: "Forest Lake", tags: ["forest"] });
    expect(rootOf((await page("/tag/forest")).body)).not.toContain("Forest Lake");
    expect(rendersSoFar()).toBe(before);
    // …until the change is announced.
    await announce(lake);
    expect(rootOf((await page("/tag/forest")).body)).toContain("Forest Lake|Only One");
    expect(rendersSoFar()).toBe(before + 1);

    // A change nobody announced shows once the page's time is up.
    await setImageColumns(app, lake, { title: "Forest Pond" });
    app.services.listCache.invalidate();
    expect(rootOf((await page("/tag/forest")).body)).toContain("Forest Lake");
    clock.advance(RENDERED_PAGE_TTL_MS + 1);
    expect(rootOf((await page("/tag/forest")).body)).toContain("Forest Pond");
  });

  it("sends a kept page as it was made, compressed once as each browser accepts", async () => {
    const plain = await page(`/image/${forest}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await page(`/image/${forest}`, { "accept-encoding": "gzip, deflate, br" });
    const brAgain = await page(`/image/${forest}`, { "accept-encoding": "br" });
    const gzip = await page(`/image/${forest}`, { "accept-encoding": "gzip" });
    expect([br.headers["content-encoding"], gzip.headers["content-encoding"]]).toEqual([
      "br",
      "gzip",
    ]);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    for (const res of [br, gzip]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    // Asking for nothing, or for an encoding Sawdust does not send: the page as it is.
    for (const accepted of ["identity", "deflate"]) {
      const res = await page(`/image/${forest}`, { "accept-encoding": accepted });
      expect(res.headers["content-encoding"], accepted).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload), accepted).toBe(true);
    }
  });

  it("answers a kept image page with a 404 as soon as the image is hidden, announced or not", async () => {
    const fleeting = await seedImage(app, { title: "Fleeting Dawn", tags: ["dawn"] });
    await announce(fleeting);
    for (const accepted of ["br", "gzip", "identity"]) {
      const res = await page(`/image/${fleeting}`, { "accept-encoding": accepted });
      expect(res.statusCode, accepted).toBe(200);
    }
    await setImageColumns(app, fleeting, { is_public: 0 });
    for (const accepted of ["br", "gzip", "identity"]) {
      const res = await page(`/image/${fleeting}`, { "accept-encoding": accepted });
      expect(res.statusCode, accepted).toBe(404);
      const encoding = res.headers["content-encoding"];
      const html =
        encoding === "br"
          ? brotliDecompressSync(res.rawPayload).toString()
          : encoding === "gzip"
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(html, accepted).not.toContain("Fleeting Dawn");
    }
  });

  it("describes an image as JSON-LD that parses, with its creator, licence and offer", async () => {
    const forSale = await seedImage(app, {
      title: "Harbour at Dawn",
      description: "Boats & gulls.",
      tags: ["sea"],
      editionType: "open_edition",
    });
    await announce(forSale);
    const [data] = jsonLdOf((await page(`/image/${forSale}`)).body);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": ["VisualArtwork", "ImageObject"],
      url: `${PUBLIC_URL}/image/${forSale}`,
      name: "Harbour at Dawn",
      description: "Boats & gulls.",
      creator: { "@type": "Organization", name: "Sawdust" },
      license: `${PUBLIC_URL}/licence`,
      offers: { "@type": "Offer", priceCurrency: "USD" },
    });
    expect(String(data?.contentUrl)).toMatch(
      new RegExp(`^${PUBLIC_URL}/media/images/${forSale}/large-`),
    );
    expect(String(data?.thumbnailUrl)).toMatch(
      new RegExp(`^${PUBLIC_URL}/media/images/${forSale}/small-`),
    );
    expect(Number((data?.offers as { price?: string } | undefined)?.price)).toBeGreaterThan(0);
    expect(new Date(String(data?.dateCreated)).getTime()).toBeGreaterThan(0);

    // Not for sale: no offer.
    const [gallery] = jsonLdOf((await page(`/image/${forest}`)).body);
    expect(gallery?.name).toBe("Misty Forest");
    expect(gallery).not.toHaveProperty("offers");
  });

  it("keeps a title that closes script elements inside its JSON-LD", async () => {
    const title = `</script><script>alert("x")</script><!--`;
    const id = await seedImage(app, { title, description: "a & b </SCRIPT>" });
    await announce(id);
    const html = (await page(`/image/${id}`)).body;
    const [data] = jsonLdOf(html);
    expect(data?.name).toBe(title);
    expect(data?.description).toBe("a & b </SCRIPT>");
    expect(html).not.toContain('<script>alert("x")</script>');
    // No script element opened in the head but the app's, the data block and the two inline
    // scripts (early clicks, the code after the pictures).
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.match(/<script/gi)).toHaveLength(4);
    for (const tag of PAGE_SCRIPT_TAGS) expect(head).toContain(tag);
  });

  it("titles every page with the site's own name as soon as an admin saves it", async () => {
    const admin = await signIn(app, "render-admin", "admin");
    const rename = (siteName: string) =>
      app.server.inject({
        method: "PUT",
        url: "/api/v1/admin/settings",
        headers: { cookie: admin.cookie },
        payload: { ...DEFAULT_SITE_SETTINGS, siteName },
      });
    expect((await rename("Kiln & Co")).statusCode).toBe(200);
    try {
      const gallery = (await page("/gallery")).body;
      expect(rootOf(gallery)).toMatch(/ \/ Kiln & Co<\/main>$/);
      expect(titleOf(gallery)).toBe("Gallery · Kiln &amp; Co");
      expect(gallery).toContain('<meta property="og:site_name" content="Kiln &amp; Co" />');
      expect(titleOf((await page(`/image/${forest}`)).body)).toBe("Misty Forest · Kiln &amp; Co");
      // Members' pages and the app's other pages too.
      expect(titleOf((await page("/collections", { cookie: admin.cookie })).body)).toBe(
        "Kiln &amp; Co",
      );
      expect(titleOf((await page("/no-such-page")).body)).toBe(
        `${MESSAGES.notFoundTitle} · Kiln &amp; Co`,
      );
    } finally {
      await rename(DEFAULT_SITE_SETTINGS.siteName);
    }
    expect(rootOf((await page("/gallery")).body)).toMatch(/ \/ Sawdust<\/main>$/);
  });

  it("falls back to the plain page with preloads when the render fails", async () => {
    const res = await page("/gallery?tag=explode");
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe("");
    expect(res.body).toContain('rel="preload" as="fetch"');
    expect(titleOf(res.body)).toBe("Gallery · Sawdust");
  });

  it(`renders at most ${RENDERS_AT_ONCE} pages at once: a visitor asking for a third meanwhile gets it unrendered`, async () => {
    let release = () => {};
    (globalThis as { slowRenders?: Promise<void> }).slowRenders = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = rendersSoFar();
    const slow = Array.from({ length: RENDERS_AT_ONCE }, (_, i) => page(`/gallery?slow=${i}`));
    await until(
      "both slow renders to start",
      async () => (rendersSoFar() - before === RENDERS_AT_ONCE ? true : undefined),
      5_000,
      { everyMs: 5 },
    );
    // Every new URL meanwhile (a new query string each time) is answered at once, unrendered.
    const busy = await Promise.all(
      Array.from({ length: 5 }, (_, i) => page(`/gallery?utm_source=${i}`)),
    );
    for (const res of busy) {
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe("");
      expect(titleOf(res.body)).toBe("Gallery · Sawdust");
    }
    expect(rendersSoFar() - before).toBe(RENDERS_AT_ONCE);
    release();
    for (const res of await Promise.all(slow)) expect(rootOf(res.body)).toMatch(/<main>/);
    // Free again: the next new URL is rendered.
    expect(rootOf((await page("/gallery?utm_source=later")).body)).toMatch(/<main>/);
  });

  it("names a page's own chunks for preloading, for visitors and members alike", async () => {
    const registered = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newAccount(),
    });
    const member: Record<string, string> = { cookie: sessionCookieOf(registered) };
    for (const headers of [{}, member]) {
      const html = (await page("/explore", headers)).body;
      // A visitor's rendered page names them in the form fetched after its pictures.
      const preloads = [
        ...html.matchAll(
          new RegExp(
            `<link rel="(?:modulepreload|${LATER_PRELOAD_REL})"[^>]* href="([^"]+)">`,
            "g",
          ),
        ),
      ];
      // The entry's own chunks are index.html's to name.
      expect(preloads.map((match) => match[1])).toEqual([
        "/assets/core.js",
        "/assets/explore.js",
        "/assets/shared.js",
      ]);
    }
    expect((await page("/tag/forest")).body).not.toContain("/assets/explore.js");
  });

  it("holds a visitor's rendered page's code until its pictures; members' pages as they were", async () => {
    const registered = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newAccount(),
    });
    const member = { cookie: sessionCookieOf(registered) };
    const tagsOf = (html: string, pattern: string) =>
      [...html.matchAll(new RegExp(`<(?:${pattern})[^>]*>`, "g"))].map((match) => match[0]);
    const live = 'script type="module"|link rel="modulepreload"';
    const held = `script type="${LATER_SCRIPT_TYPE}"|link rel="${LATER_PRELOAD_REL}"`;
    for (const url of ["/gallery", `/image/${forest}`, "/explore", "/tag/forest", "/one-of-one"]) {
      const visitor = (await page(url)).body;
      // Nothing a browser would fetch or run before the inline script says so.
      expect(tagsOf(visitor, live), url).toEqual([]);
      const later = tagsOf(visitor, held);
      expect(later.length, url).toBeGreaterThanOrEqual(2);
      expect(
        later.filter((tag) => tag.startsWith("<script")),
        url,
      ).toHaveLength(1);
      for (const tag of PAGE_SCRIPT_TAGS) expect(visitor, url).toContain(tag);
      const members = (await page(url, member)).body;
      expect(tagsOf(members, held), url).toEqual([]);
      expect(tagsOf(members, live).length, url).toBeGreaterThanOrEqual(2);
      for (const tag of tagsOf(members, live)) expect(tag, url).not.toContain("fetchpriority");
    }
    // The artwork a share page preloads keeps its high priority.
    expect((await page(`/image/${forest}`)).body).toMatch(
      /<link rel="preload" as="image"[^>]* fetchpriority="high">/,
    );
  });

  it("writes the stylesheet into a visitor's rendered page; members' pages link it", async () => {
    const registered = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newAccount(),
    });
    const member = { cookie: sessionCookieOf(registered) };
    for (const url of ["/gallery", `/image/${forest}`, "/explore", "/tag/forest", "/one-of-one"]) {
      const visitor = (await page(url)).body;
      // Nothing waits for a second request before the first paint.
      // Its link stays, disabled (neither fetched nor applied), so that the app's loader, which
      // adds the stylesheets its lazy chunks list, finds it there and does not fetch it again.
      expect(visitor, url).toContain(
        `<style>${STYLES}</style><link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>`,
      );
      expect(visitor.match(/rel="stylesheet"/g), url).toHaveLength(1);
      // A member's app (no render) keeps the stylesheet linked: it is cached across pages.
      const members = (await page(url, member)).body;
      expect(members, url).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
      );
      expect(members, url).not.toContain("<style>");
    }
    // The stylesheet itself is served as a built asset: cached for good under its hashed name.
    const css = await app.server.inject({ method: "GET", url: "/assets/index-abc.css" });
    expect(css.body).toBe(STYLES);
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not serve the server render's code or the build manifest to browsers", async () => {
    const res = await app.server.inject({ method: "GET", url: "/ssr/entry-server.js" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("renderPage");
    const manifest = await app.server.inject({ method: "GET", url: "/.vite/manifest.json" });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain("explore-page");
  });
});
