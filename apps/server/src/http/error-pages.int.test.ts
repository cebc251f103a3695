import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage } from "../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/test-app.js";
import { escapeHtml } from "./share-meta.js";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Sawdust</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  // Before the first page is served: the server reads index.html once.
  writeFileSync(join(app.webDist, "index.html"), INDEX);
});
afterAll(() => app.close());

const get = (url: string, accept = BROWSER) =>
  app.server.inject({ method: "GET", url, headers: { accept } });

/** What a page says to a browser that does not run the app: its title, heading, text and link. */
function noticeOf(html: string) {
  const noscript = /<noscript>([\s\S]*)<\/noscript>/.exec(html)?.[1] ?? "";
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(noscript)?.[1],
    text: /<p[^>]*>([^<]*)<\/p>/.exec(noscript)?.[1],
    link: /<a href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(noscript)?.slice(1),
  };
}

/** The app's root as built: empty, so the app takes the page over as it always has. */
function expectAppRootUntouched(html: string, path: string): void {
  expect(html, path).toContain('<div id="root"></div>');
  expect(html.indexOf("<noscript>"), path).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
}

describe(`pages a browser gets without JavaScript on ${TEST_DB}`, () => {
  it("names a page that does not exist in its title and says so, with a way to the gallery", async () => {
    for (const path of [
      "/no-such-page",
      "/image/abc",
      "/image/0",
      "/image/-1",
      "/image/1.5",
      "/image/1e3",
      "/image/00001",
      "/collections/7/extra",
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["content-type"], path).toMatch(/^text\/html/);
      expect(noticeOf(res.body), path).toEqual({
        title: `${MESSAGES.notFoundTitle} · Sawdust`,
        heading: MESSAGES.notFoundTitle,
        text: MESSAGES.notFoundHint,
        link: ["/gallery", MESSAGES.pageNotices.toGallery],
      });
      expectAppRootUntouched(res.body, path);
    }
  });

  it("says a missing or private image is not available, as its dialog does, naming nothing of it", async () => {
    const hidden = await seedImage(app, { title: "Secret Orchard", isPublic: false });
    for (const path of [`/image/${hidden}`, "/image/99999999"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["content-type"], path).toMatch(/^text\/html/);
      expect(noticeOf(res.body), path).toEqual({
        title: `${MESSAGES.imageDetail.unavailable} · Sawdust`,
        heading: MESSAGES.imageDetail.unavailable,
        text: MESSAGES.imageDetail.unavailableText,
        link: ["/gallery", MESSAGES.pageNotices.toGallery],
      });
      expect(res.body, path).not.toContain("Secret Orchard");
      expectAppRootUntouched(res.body, path);
    }
  });

  it("says an app-only page needs JavaScript, and leaves its title to the app", async () => {
    for (const path of ["/auth", "/dashboard", "/collections/7"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(noticeOf(res.body), path).toEqual({
        title: "Sawdust",
        heading: MESSAGES.pageNotices.needsJavaScript,
        text: MESSAGES.pageNotices.needsJavaScriptText,
        link: ["/gallery", MESSAGES.pageNotices.toGallery],
      });
      expectAppRootUntouched(res.body, path);
    }
  });
});

describe(`refused page addresses on ${TEST_DB}`, () => {
  it("answers a browser with the site's page: the same status and message, not the API's JSON", async () => {
    for (const [path, message] of [
      ["/gallery?tag=%00", MESSAGES.nulCharacter("tag")],
      ["/?q=%00", MESSAGES.nulCharacter("q")],
      ["/auth?redirect=%00", MESSAGES.nulCharacter("redirect")],
      ["/no-such-page?x=%00", MESSAGES.nulCharacter("x")],
      ["/tag/%00", MESSAGES.nulCharacter("The address")],
      ["/image/%00", MESSAGES.nulCharacter("The address")],
      ["/tag/%E0%A4", MESSAGES.badAddress],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.headers["content-type"], path).toMatch(/^text\/html/);
      expect(noticeOf(res.body), path).toEqual({
        title: `${MESSAGES.pageNotices.refused} · Sawdust`,
        heading: MESSAGES.pageNotices.refused,
        text: escapeHtml(message),
        link: ["/gallery", MESSAGES.pageNotices.toGallery],
      });
      expectAppRootUntouched(res.body, path);
      const head = await app.server.inject({
        method: "HEAD",
        url: path,
        headers: { accept: BROWSER },
      });
      expect(head.statusCode, `HEAD ${path}`).toBe(400);
    }
  });

  it("keeps the API's JSON for programs, and for the API, media and files whoever asks", async () => {
    for (const [path, accept, status, body] of [
      ["/gallery?tag=%00", "application/json", 400, nul("tag")],
      ["/gallery?tag=%00", "*/*", 400, nul("tag")],
      ["/tag/%00", "*/*", 400, nul("The address")],
      ["/image/1.5", "*/*", 404, { message: "Not found: GET /image/1.5", code: "not_found" }],
      ["/api/v1/images?tag=%00", BROWSER, 400, nul("tag")],
      ["/api/v1/images/%zz", BROWSER, 400, badAddress()],
      ["/api/v1/images/%00", BROWSER, 400, nul("The address")],
      ["/api/v1/nope", BROWSER, 404, { message: "Not found: GET /api/v1/nope", code: "not_found" }],
      ["/media/%00", BROWSER, 400, nul("The address")],
      ["/media/%zz", BROWSER, 400, badAddress()],
      // A query that does not decode is refused, not searched for as it came (round 58).
      ["/api/v1/marketing/images?tags=%ZZ", BROWSER, 400, badAddress()],
      ["/api/v1/images?tag=%E2%82&limit=5", "*/*", 400, badAddress()],
      ["/media/nope?x=%00", BROWSER, 400, nul("x")],
      ["/sitemaps/pages-1.xml?x=%00", BROWSER, 400, nul("x")],
    ] as const) {
      const res = await get(path, accept);
      expect(res.statusCode, `${path} ${accept}`).toBe(status);
      expect(res.headers["content-type"], `${path} ${accept}`).toMatch(/^application\/json/);
      expect(res.json(), `${path} ${accept}`).toEqual(body);
    }
  });
});

function nul(field: string) {
  return { message: MESSAGES.nulCharacter(field), code: "nul_character" };
}

function badAddress() {
  return { message: MESSAGES.badAddress, code: "bad_address" };
}

describe(`a method an address does not take on ${TEST_DB}`, () => {
  it("is told 405 with the methods it takes in Allow, where a path takes others; 404 where none", async () => {
    for (const [method, url, allowed] of [
      ["GET", "/api/v1/auth/login", ["POST"]],
      ["PUT", "/api/v1/images/1?x=1", ["DELETE", "GET", "HEAD", "PATCH"]],
      ["DELETE", "/api/v1/auth/user", ["GET", "HEAD"]],
      ["POST", "/media/images/1/small.webp", ["GET", "HEAD"]],
      ["POST", "/media/1/small", undefined],
      ["PATCH", "/api/v1/nope", undefined],
      ["POST", "/gallery", undefined],
      ["DELETE", "/", ["GET", "HEAD"]],
      // A prefix's `/` route takes its path with a trailing slash too (round 58).
      ["OPTIONS", "/api/v1/api-keys/", ["DELETE", "GET", "HEAD", "PATCH", "POST"]],
      ["PUT", "/api/v1/collections/", ["DELETE", "GET", "HEAD", "PATCH", "POST"]],
      ["OPTIONS", "/api/v1/account/", ["DELETE", "GET", "HEAD"]],
      [`OPTIONS`, `/api/v1/images/${"9".repeat(3000)}`, undefined],
    ] as const) {
      const res = await app.server.inject({ method, url, headers: { accept: "application/json" } });
      const path = url.split("?")[0] ?? url;
      if (allowed === undefined) {
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers.allow, `${method} ${url}`).toBeUndefined();
        continue;
      }
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allowed.join(", "));
      expect(res.json(), `${method} ${url}`).toEqual({
        message: MESSAGES.methodNotAllowed(method, path, allowed),
        code: "method_not_allowed",
      });
    }
  });

  it("answers HEAD with the headers of its GET, to the length (round 58)", async () => {
    const get = await app.server.inject({ method: "GET", url: "/api/v1/auth/login" });
    const head = await app.server.inject({ method: "HEAD", url: "/api/v1/auth/login" });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe(get.headers.allow);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
  });
});
