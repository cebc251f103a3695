import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_HERO, DEFAULT_SITE_SETTINGS } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../test/images.js";
import {
  createTestApp,
  newAccount,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
} from "../../test/test-app.js";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Sawdust</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A stand-in for the web app's server entry (its real render runs in the browser suite): it shows
 * what the server handed it, counts its renders, and fails for a URL that asks it to.
 */
const ENTRY = `
globalThis.renders = 0;
export async function renderGalleryPage({ url, list, hero, site }) {
  globalThis.renders += 1;
  if (url.includes("explode")) throw new Error("render failed");
  const titles = list.images.map((image) => image.aiAnalysis.title).join("|");
  return {
    html: "<main data-url=\\"" + url + "\\">" + titles + " / " + list.stats.totalImages + " / " + hero.title + " / " + site.siteName + "</main>",
    stateScript: '<script type="application/json" id="sawdust-state">{}</script>',
  };
}
`;

const rendersSoFar = () => (globalThis as { renders?: number }).renders ?? 0;

let app: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "sawdust-render-"));
  mkdirSync(join(webDist, "ssr"));
  writeFileSync(join(webDist, "index.html"), INDEX);
  writeFileSync(join(webDist, "ssr", "entry-server.js"), ENTRY);
  app = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

/** What the page's root element holds. */
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";

describe(`the gallery rendered on the server for visitors, on ${TEST_DB}`, () => {
  it("renders /gallery with the visitor's first image list for the URL's filters and the hero", async () => {
    await seedImage(app, { title: "Misty Forest", tags: ["forest"] });
    await seedImage(app, { title: "Red Desert", tags: ["desert"] });

    const res = await page("/gallery?tag=Forest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(rootOf(res.body)).toBe(
      `<main data-url="/gallery?tag=Forest">Misty Forest / 1 / ${DEFAULT_HERO.title} / Sawdust</main>`,
    );
    expect(res.body).toContain('<script type="application/json" id="sawdust-state">');
    // The data is in the page: no preloads of it.
    expect(res.body).not.toContain('rel="preload" as="fetch"');

    const home = await page("/");
    expect(rootOf(home.body)).toContain("Red Desert|Misty Forest / 2 /");
  });

  it("renders a page again only when its data changed", async () => {
    await page("/gallery?style=calm");
    const before = rendersSoFar();
    await page("/gallery?style=calm");
    await page("/gallery?style=calm");
    expect(rendersSoFar()).toBe(before);

    await seedImage(app, { title: "Calm Lake", styles: ["calm"] });
    const res = await page("/gallery?style=calm");
    expect(rendersSoFar()).toBe(before + 1);
    expect(rootOf(res.body)).toContain("Calm Lake / 1 /");
  });

  it("renders the site's own name as soon as an admin saves it", async () => {
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
      expect(rootOf((await page("/gallery")).body)).toMatch(/ \/ Kiln & Co<\/main>$/);
    } finally {
      await rename(DEFAULT_SITE_SETTINGS.siteName);
    }
    expect(rootOf((await page("/gallery")).body)).toMatch(/ \/ Sawdust<\/main>$/);
  });

  it("sends a signed-in member the app with its preloads, not the visitor's render", async () => {
    const registered = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newAccount(),
    });
    const res = await page("/gallery", { cookie: sessionCookieOf(registered) });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe("");
    expect(res.body).not.toContain("sawdust-state");
    expect(res.body).toContain('rel="preload" as="fetch"');
  });

  it("does not render an image's page (its detail is the member's or visitor's own view)", async () => {
    const id = await seedImage(app, { title: "Shared Piece" });
    const res = await page(`/image/${id}`);
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe("");
    expect(res.body).toContain('property="og:title"');
  });

  it("falls back to the plain page with preloads when the render fails", async () => {
    const res = await page("/gallery?tag=explode");
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe("");
    expect(res.body).toContain('rel="preload" as="fetch"');
  });

  it("does not serve the server render's code to browsers", async () => {
    const res = await app.server.inject({ method: "GET", url: "/ssr/entry-server.js" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("renderGalleryPage");
  });
});
