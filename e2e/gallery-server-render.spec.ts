import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "@playwright/test";
import { MESSAGES } from "@sawdust/shared";
import { builtFileOf } from "./support/built-files";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { takenOver } from "./support/hydration";
import { expect, type Page, test } from "./support/test";

/*
 * A visitor's /gallery comes rendered by the server (apps/web/src/entry-server.tsx): the hero and
 * the first tiles are in the HTML, and the app takes the page over (hydrates it) without a
 * mismatch, after which everything works as in the app-rendered gallery.
 */

/** Console errors and uncaught exceptions: a failed hydration reports itself there. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * A visitor's fresh page at `path` whose app code is held back: the page is the server's, and no
 * script listens yet, until `release()`. (The frame's own goto: the page's would wait for the app.)
 */
async function openWithCodeHeld(browser: Browser, path: string, width: 390 | 1280) {
  const context = await browser.newContext({
    viewport: width === 390 ? { width, height: 844 } : { width, height: 800 },
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.mainFrame().goto(path, { waitUntil: "commit" });
  return { page, errors, release, close: () => context.close() };
}

/**
 * Holds every request for the app's code (or for the files `url` names) until the returned
 * function is called.
 */
async function holdAppCode(
  page: Page,
  url: string | RegExp = /\/assets\/[^?]*\.js(\?.*)?$/,
): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("gallery rendered on the server", () => {
  let tag: string;
  let title: string;
  let imageId: number;

  test.beforeAll(async () => {
    tag = uniqueWord("ssr");
    title = `Rendered ${tag}`;
    const api = await adminApi();
    try {
      imageId = (await seedImage(api, { title, tags: [tag] })).id;
    } finally {
      await api.dispose();
    }
  });

  test("the page's HTML already holds the tiles and the data the app starts from", async ({
    request,
  }) => {
    const response = await request.get(`/gallery?tag=${tag}`, { headers: { accept: "text/html" } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html);
    expect(root?.[1]).toContain('data-testid="image-tile"');
    expect(root?.[1]).toContain(title);
    expect(html).toContain('<script type="application/json" id="sawdust-state">');
  });

  test("without JavaScript a visitor still sees the hero and the first pictures", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/gallery?tag=${tag}`);
    const tile = page.getByTestId("image-tile").first();
    await expect(tile).toBeVisible();
    // The picture itself loaded: no script asked for it.
    await expect
      .poll(() =>
        tile.locator("img").evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    await context.close();
  });

  test("the app takes the page over without a mismatch and then works", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`/gallery?tag=${tag}`);
    await expect(page.getByTestId("image-tile")).toHaveCount(1);
    // Interactive: the layout toggle is React's, and it switches the layout.
    await page.getByRole("button", { name: "Masonry", exact: true }).click();
    await expect(page.getByRole("list", { name: "Artwork" })).toHaveAttribute(
      "data-layout",
      "masonry",
    );
    await page.getByRole("button", { name: "Grid", exact: true }).click();
    await expect(page.getByRole("list", { name: "Artwork" })).toHaveAttribute(
      "data-layout",
      "grid",
    );
    expect(errors).toEqual([]);
  });

  test("a button clicked before the app has started is answered once it has", async ({
    browser,
  }) => {
    const { page, errors, release, close } = await openWithCodeHeld(
      browser,
      `/gallery?tag=${tag}`,
      390,
    );
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.waitForTimeout(300);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    // Once the app runs, that click opens the drawer, once.
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    expect(errors).toEqual([]);
    await close();
  });

  test("a toolbar button clicked before the toolbar's own code has come is answered once it has (round 26)", async ({
    page,
  }) => {
    // The toolbar hydrates after the rest of the page, once its file is here: held back here.
    const toolbar = builtFileOf("src/features/gallery/components/gallery-toolbar.tsx");
    const release = await holdAppCode(page, `**${toolbar}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/gallery?tag=${tag}`);
    // The app runs (its root is React's); the toolbar is still the server's HTML.
    await page.waitForFunction(() => {
      const root = (
        globalThis as unknown as { document: { getElementById(id: string): object | null } }
      ).document.getElementById("root");
      return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
    });
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(new RegExp(`tag=${tag}`));
    release();
    // Once the toolbar is React's, the kept click is pressed: the filter goes.
    await expect(page).toHaveURL(/\/gallery$/);
  });

  test("a share page's menu tapped before the dialog's own code has come opens once it has (round 59)", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const dialogCode = builtFileOf("src/features/image-detail/image-detail-dialog.tsx");
    const release = await holdAppCode(page, `**${dialogCode}`);
    await page.mainFrame().goto(`/image/${imageId}`, { waitUntil: "commit" });
    // The app runs (its root is React's); the dialog is still the server's HTML.
    await page.waitForFunction(() => {
      const root = (
        globalThis as unknown as { document: { getElementById(id: string): object | null } }
      ).document.getElementById("root");
      return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
    });
    await page.getByRole("button", { name: "Share", exact: true }).tap();
    await page.waitForTimeout(300);
    await expect(page.getByRole("menu")).toHaveCount(0);
    release();
    // Once the dialog is React's, the kept tap is pressed: the menu opens.
    await expect(page.getByRole("menu", { name: "Share" })).toBeVisible();
    await context.close();
  });

  test("the app's code is fetched only after the first pictures have arrived and been drawn", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`/gallery?tag=${tag}`);
    const { painted, arrived, firstCode } = await page.evaluate(async () => {
      type Timing = { name: string; startTime: number; responseEnd: number };
      const { performance, PerformanceObserver } = globalThis as unknown as {
        performance: {
          getEntriesByType(type: string): Timing[];
          getEntriesByName(name: string): Timing[];
        };
        PerformanceObserver: new (
          callback: (list: { getEntries(): Array<{ startTime: number; url: string }> }) => void,
        ) => { observe(options: object): void };
      };
      // The largest picture painted, as Chromium reports it.
      const paints = await new Promise<Array<{ startTime: number; url: string }>>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({
          type: "largest-contentful-paint",
          buffered: true,
        }),
      );
      const picture = paints.find((paint) => paint.url.includes("/media/"));
      const code = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name));
      return {
        painted: picture !== undefined,
        arrived: picture ? (performance.getEntriesByName(picture.url)[0]?.responseEnd ?? 0) : 0,
        firstCode: Math.min(...code.map((entry) => entry.startTime)),
      };
    });
    // The first tile is what the page painted largest; no byte of the app's code was asked for
    // before it had arrived (the page then waits for its decoding and two frames). Its paint time
    // is when the frame reached the screen, which under load can come a few milliseconds after
    // those frames, so it is not what is compared.
    expect(painted).toBe(true);
    expect(arrived).toBeGreaterThan(0);
    expect(firstCode).toBeGreaterThan(arrived);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the code comes at once when the visitor acts, and in the end without the pictures", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const code: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/[^?]*\.js$/.test(request.url())) code.push(request.url());
    });
    // The pictures never arrive.
    await page.route(/\/media\//, () => {});
    await page.mainFrame().goto(`/gallery?tag=${tag}`, { waitUntil: "commit" });
    await expect(page.getByTestId("image-tile")).toHaveCount(1);
    await page.waitForTimeout(500);
    expect(code).toEqual([]);
    // A key pressed: the code is asked for there and then, and the app takes the page over.
    await page.keyboard.press("Shift");
    await expect.poll(() => code.length).toBeGreaterThan(0);
    await takenOver(page);
    // Another visitor does nothing: the code still comes, a few seconds on.
    const idle = await context.newPage();
    await idle.route(/\/media\//, () => {});
    await idle.mainFrame().goto(`/gallery?tag=${tag}`, { waitUntil: "commit" });
    await takenOver(idle);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a tap while the page is still arriving starts the code, which waits for the whole page", async ({
    browser,
    baseURL,
  }) => {
    // The page's HTML stops short of the data the app starts from until the test lets the rest
    // through, as on a slow connection; everything else passes at once.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const upstream = new URL(baseURL ?? "");
    const proxy = createServer((request, response) => {
      const isPage = request.url?.startsWith("/gallery") ?? false;
      const headers = { ...request.headers, host: upstream.host };
      if (isPage) headers["accept-encoding"] = "identity";
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers,
        },
        (answer) => {
          if (!isPage) {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => {
            const body = Buffer.concat(chunks);
            const { "content-length": _length, ...kept } = answer.headers;
            response.writeHead(answer.statusCode ?? 502, kept);
            const cut = body.indexOf('<script type="application/json" id="sawdust-state">');
            response.write(body.subarray(0, cut));
            void released.then(() => response.end(body.subarray(cut)));
          });
        },
      );
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const { port } = proxy.address() as AddressInfo;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page
        .mainFrame()
        .goto(`http://127.0.0.1:${port}/gallery?tag=${tag}`, { waitUntil: "commit" });
      await page.getByRole("button", { name: /^Filters/ }).click();
      // Time for the code to arrive: it must not take the half page over.
      await page.waitForTimeout(1500);
      const started = await page
        .locator("#root")
        .evaluate((root) => Object.keys(root).some((key) => key.startsWith("__reactContainer")));
      expect(started).toBe(false);
      release();
      // The whole page arrives; the app takes it over with its data and answers the tap.
      await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
      await takenOver(page);
      await expect(page.getByTestId("image-tile")).toHaveCount(1);
      expect(errors).toEqual([]);
    } finally {
      release();
      await context.close();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test("Ctrl+K pressed before the app has started opens the search once it has", async ({
    browser,
  }) => {
    const { page, errors, release, close } = await openWithCodeHeld(
      browser,
      `/gallery?tag=${tag}`,
      1280,
    );
    await expect(page.getByTestId("image-tile")).toHaveCount(1);
    await page.keyboard.press("Control+k");
    await page.waitForTimeout(300);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    const palette = page.getByRole("dialog", { name: "Search" });
    await expect(palette).toBeVisible();
    await expect(palette.getByPlaceholder(MESSAGES.search.placeholder)).toBeFocused();
    expect(errors).toEqual([]);
    await close();
  });

  test("a share link's menu opened before the app has started opens once it has", async ({
    browser,
  }) => {
    const { page, errors, release, close } = await openWithCodeHeld(
      browser,
      `/image/${imageId}`,
      1280,
    );
    const detail = page.getByRole("dialog", { name: title });
    // The menu opens on a press, not a click (Radix): the kept click alone did nothing.
    await detail.getByRole("button", { name: "Share", exact: true }).click();
    await page.waitForTimeout(300);
    await expect(page.getByRole("menu")).toHaveCount(0);
    release();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("Share this artwork");
    await page.waitForTimeout(500);
    await expect(menu).toBeVisible();
    expect(errors).toEqual([]);
    await close();
  });

  test("Escape pressed in a shared image before the app has started closes it once it has", async ({
    browser,
  }) => {
    const { page, errors, release, close } = await openWithCodeHeld(
      browser,
      `/image/${imageId}`,
      390,
    );
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.waitForTimeout(300);
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    release();
    await expect(page.getByRole("dialog", { name: title })).toHaveCount(0);
    await expect(page).toHaveURL(/\/gallery$/);
    expect(errors).toEqual([]);
    await close();
  });

  test("words typed into the tag search before the app has taken the page over are the app's once it has (round 31)", async ({
    browser,
  }) => {
    const { page, errors, release, close } = await openWithCodeHeld(browser, "/gallery", 1280);
    const search = page.getByRole("combobox", { name: "Search tags" });
    await search.click();
    await page.keyboard.type(tag);
    await page.waitForTimeout(300);
    release();
    await takenOver(page);
    // The box still has the focus and the words: the app offers the tag they name…
    await expect(search).toHaveValue(tag);
    await expect(search).toBeFocused();
    const option = page
      .getByRole("listbox", { name: "Tag suggestions" })
      .getByRole("option", { name: new RegExp(`^#?${tag}`) });
    await expect(option).toBeVisible();
    await expect(search).toHaveAttribute("aria-expanded", "true");
    // …and Enter takes it.
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/gallery\\?tag=${tag}$`));
    await expect(page.getByTestId("image-tile")).toHaveCount(1);
    expect(errors).toEqual([]);
    await close();
  });

  test("without JavaScript, Enter in the tag search leads to the gallery of that tag, keeping the other filters (round 31)", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto("/gallery?color=1d4ed8");
    const search = page.getByRole("combobox", { name: "Search tags" });
    await search.fill(tag);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/gallery\\?color=1d4ed8&tag=${tag}$`));
    await expect(page.getByTestId("filter-chip-tag")).toContainText(tag);
    await expect(page.getByTestId("filter-chip-color")).toBeVisible();
    await context.close();
  });

  test("a visitor who chose masonry never sees the toggle disagree with the grid while the toolbar's code comes", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Every frame before it is painted: the layout the grid shows and the one the toggle says.
    await page.addInitScript(() => {
      const w = globalThis as unknown as {
        document: { querySelector(s: string): { getAttribute(a: string): string | null } | null };
        requestAnimationFrame(f: () => void): void;
        __layoutFrames: string[];
      };
      w.__layoutFrames = [];
      const frame = () => {
        const grid = w.document.querySelector("[data-layout]")?.getAttribute("data-layout");
        const pressed = w.document.querySelector(
          'section[aria-label="Filters and layout"] button[aria-pressed="true"]',
        );
        const toggle = (pressed as { textContent?: string } | null)?.textContent?.toLowerCase();
        if (grid && toggle) w.__layoutFrames.push(`${grid}/${toggle}`);
        w.requestAnimationFrame(frame);
      };
      w.requestAnimationFrame(frame);
    });
    await page.goto(`/gallery?tag=${tag}`);
    await page.getByRole("button", { name: "Masonry", exact: true }).click();
    await expect(page.getByRole("list", { name: "Artwork" })).toHaveAttribute(
      "data-layout",
      "masonry",
    );

    // The toolbar hydrates after the rest of the page, once its file is here: held back here.
    const toolbar = builtFileOf("src/features/gallery/components/gallery-toolbar.tsx");
    const release = await holdAppCode(page, `**${toolbar}`);
    await page.mainFrame().goto(`/gallery?tag=${tag}`, { waitUntil: "commit" });
    // The app runs (its root is React's); the toolbar is still the server's HTML.
    await page.waitForFunction(() => {
      const root = (
        globalThis as unknown as { document: { getElementById(id: string): object | null } }
      ).document.getElementById("root");
      return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
    });
    await page.waitForTimeout(500);
    release();
    await expect(page.getByRole("button", { name: "Masonry", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("list", { name: "Artwork" })).toHaveAttribute(
      "data-layout",
      "masonry",
    );
    const frames = await page.evaluate(
      () => (globalThis as unknown as { __layoutFrames: string[] }).__layoutFrames,
    );
    expect(frames).toContain("masonry/masonry");
    expect(frames.filter((f) => f !== "grid/grid" && f !== "masonry/masonry")).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a visitor who chose masonry gets it right after the page is taken over", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto(`/gallery?tag=${tag}`);
    await page.getByRole("button", { name: "Masonry", exact: true }).click();
    // Chosen (and kept) once the app has answered the click, which may have come before it ran.
    await expect(page.getByRole("list", { name: "Artwork" })).toHaveAttribute(
      "data-layout",
      "masonry",
    );
    await page.reload();
    await expect(page.getByRole("list", { name: "Artwork" })).toHaveAttribute(
      "data-layout",
      "masonry",
    );
    await expect(page.getByTestId("image-tile")).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});
