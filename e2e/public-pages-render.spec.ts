import { MESSAGES } from "@sawdust/shared";
import { seriousViolations } from "./support/axe";
import { builtFileOf } from "./support/built-files";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { hydrated, takenOver } from "./support/hydration";
import { lookAt } from "./support/look-at";
import { type Browser, expect, type Page, test } from "./support/test";

/*
 * Every public page a link lands on comes rendered by the server for visitors (issue 20): with
 * JavaScript off it still shows its artwork, tags and images, and with JavaScript on the app takes
 * it over (hydrates) without a mismatch and without showing anything different.
 */

/** Console errors and uncaught exceptions: a failed hydration reports itself there. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** A page as a browser without JavaScript shows it: the server's HTML alone. */
async function withoutScripts<T>(
  browser: Browser,
  viewport: { width: number; height: number },
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * What the page shows, as text: the same before and after hydration means no flash. The detail's
 * view count is left out: the app counts the visit it is (a POST after it has run) and shows it.
 */
const shownText = (page: Page) =>
  page
    .locator("#root")
    .evaluate((root) => (root as unknown as { innerText: string }).innerText)
    .then((text) => text.replace(/\s+/g, " ").replace(/Views \d+/, "Views …"));

/**
 * What shows around the share page's artwork (it is letterboxed in its stage): its own background
 * paints there, so it must be the same before and after the app takes the page over.
 */
const artworkBackground = (page: Page) =>
  page
    .getByRole("dialog")
    .getByRole("img")
    .first()
    .evaluate((img) => {
      const { getComputedStyle } = globalThis as unknown as {
        getComputedStyle: (element: unknown) => {
          backgroundColor: string;
          backgroundImage: string;
        };
      };
      const style = getComputedStyle(img);
      return `${style.backgroundColor} ${style.backgroundImage}`;
    });

/** Whether an image has loaded (no script asked for it when scripts are off). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img) => (img as { naturalWidth: number }).naturalWidth > 0);

test.describe("public pages rendered on the server", () => {
  const word = uniqueWord("pub");
  const tag = `${word}-tag`;
  let artworkId: number;
  let oneOfOneId: number;
  let openId: number;
  const title = `Harbour ${word}`;
  const description = `Boats at dawn in the ${word} harbour.`;

  test.beforeAll(async () => {
    const api = await adminApi();
    try {
      artworkId = (await seedImage(api, { title, description, tags: [tag] })).id;
      oneOfOneId = (
        await seedImage(api, {
          title: `Unique ${word}`,
          tags: [tag],
          editionType: "one_of_one",
          color: "#b45309",
        })
      ).id;
      openId = (
        await seedImage(api, {
          title: `Print ${word}`,
          tags: [tag],
          editionType: "open_edition",
          color: "#047857",
        })
      ).id;
    } finally {
      await api.dispose();
    }
  });

  test("without JavaScript, a share link shows the artwork, its title and description", async ({
    browser,
  }) => {
    await withoutScripts(browser, { width: 1280, height: 900 }, async (page) => {
      const response = await page.goto(`/image/${artworkId}`);
      expect(response?.status()).toBe(200);
      // Named after the artwork in the server's HTML (Radix names it only once its effects run).
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
      await expect(dialog.getByText(description)).toBeVisible();
      const artwork = dialog.getByRole("img", { name: title });
      await expect(artwork).toBeVisible();
      await expect
        .poll(() => artwork.evaluate((img) => (img as { naturalWidth: number }).naturalWidth))
        .toBeGreaterThan(0);
      await expect(page).toHaveTitle(`${title} · Sawdust`);
    });
  });

  test("without JavaScript, a share link's Close leads to the gallery under it, its filters kept", async ({
    browser,
  }) => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await withoutScripts(browser, viewport, async (page) => {
        await page.goto(`/image/${artworkId}?tag=${tag}`);
        const dialog = page.getByRole("dialog", { name: title });
        await expect(dialog).toBeVisible();
        await page.getByRole("button", { name: "Close", exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/gallery\\?tag=${tag}$`));
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(page.locator(`a[href^="/image/${artworkId}?"]`).first()).toBeVisible();
        // A share link from outside, with no filter: the whole gallery.
        await page.goto(`/image/${artworkId}`);
        await page.getByRole("button", { name: "Close", exact: true }).click();
        // A form with nothing to send asks for "/gallery?".
        await expect(page).toHaveURL(/\/gallery\??$/);
      });
    }
  });

  test("a share link whose app never loads still closes: its form is sent after a wait (round 42)", async ({
    page,
  }) => {
    // The inline scripts run; the app's code does not arrive (a bad network, a blocker).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    // The frame's own goto: the page's would wait for an app that never comes.
    await page.mainFrame().goto(`/image/${artworkId}?tag=${tag}`);
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await page.getByRole("button", { name: "Close", exact: true }).click();
    // The app's script failed: the kept click's form is sent, as without JavaScript.
    await expect(page).toHaveURL(new RegExp(`/gallery\\?tag=${tag}$`));
  });

  test("without JavaScript, a filter chip's remove and Clear filters lead to the gallery without them (round 31)", async ({
    browser,
  }) => {
    await withoutScripts(browser, { width: 1280, height: 900 }, async (page) => {
      await page.goto(`/gallery?tag=${tag}&style=watercolor`);
      const bar = page.getByRole("region", { name: "Filters and layout" });
      await bar.getByRole("button", { name: `Remove tag filter ${tag}` }).click();
      await expect(page).toHaveURL(/\/gallery\?style=watercolor$/);
      await expect(page.getByTestId("filter-chip-tag")).toHaveCount(0);
      await page.goto(`/gallery?tag=${tag}&style=watercolor`);
      await bar.getByRole("button", { name: "Remove style filter watercolor" }).click();
      await expect(page).toHaveURL(new RegExp(`/gallery\\?tag=${tag}$`));
      await expect(page.locator(`a[href^="/image/${artworkId}?"]`).first()).toBeVisible();
      await bar.getByRole("button", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/gallery\??$/);
      await expect(page.getByTestId("filter-chip-tag")).toHaveCount(0);
    });
  });

  test("a share page's tab title is the artwork's all the while the app takes it over, at both widths and on reload (round 31)", async ({
    browser,
  }) => {
    // The detail's code is held back: the rest of the app runs meanwhile, as on a slow phone.
    const detailCode = builtFileOf("src/features/image-detail/image-detail-dialog.tsx");
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        // Every title the tab shows, from the page's first script on.
        await page.addInitScript(() => {
          const w = globalThis as unknown as {
            document: { title: string };
            requestAnimationFrame(f: () => void): void;
            __titles: string[];
          };
          w.__titles = [];
          const frame = () => {
            const shown = w.document.title;
            if (shown && w.__titles.at(-1) !== shown) w.__titles.push(shown);
            w.requestAnimationFrame(frame);
          };
          w.requestAnimationFrame(frame);
        });
        for (const visit of ["first", "reload"]) {
          let release = () => {};
          const released = new Promise<void>((resolve) => {
            release = resolve;
          });
          await page.route(`**${detailCode}`, async (route) => {
            await released;
            await route.continue();
          });
          if (visit === "first") {
            await page.mainFrame().goto(`/image/${artworkId}`, { waitUntil: "commit" });
          } else {
            await page.reload({ waitUntil: "commit" });
          }
          // The app has taken the page over but for the detail, whose code has not come.
          await page.waitForFunction(() => {
            const root = (
              globalThis as unknown as { document: { getElementById(id: string): object | null } }
            ).document.getElementById("root");
            return (
              root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"))
            );
          });
          await page.waitForTimeout(500);
          await expect(page).toHaveTitle(`${title} · Sawdust`);
          release();
          await takenOver(page);
          await expect(page).toHaveTitle(`${title} · Sawdust`);
          await page.unroute(`**${detailCode}`);
          const titles = await page.evaluate(
            () => (globalThis as unknown as { __titles: string[] }).__titles,
          );
          expect(titles, `${visit} visit at ${viewport.width} px`).toEqual([`${title} · Sawdust`]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  test("the tab of a share link whose image is not there says so (round 31)", async ({ page }) => {
    await page.goto("/image/99999999");
    await expect(
      page.getByRole("heading", { name: MESSAGES.imageDetail.unavailable }),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${MESSAGES.imageDetail.unavailable} · Sawdust`);
  });

  test("without JavaScript, explore shows its tags, and a tag and the editions their images", async ({
    browser,
  }) => {
    await withoutScripts(browser, { width: 1280, height: 900 }, async (page) => {
      await page.goto("/explore");
      await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
      await expect(page.locator(`#popular-tags a[href*="${tag}"]`).first()).toBeVisible();

      await page.goto(`/tag/${tag}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(`a[href="/image/${artworkId}"]`).first()).toBeVisible();
      await expect.poll(() => loaded(page, `a[href="/image/${artworkId}"] img`)).toBe(true);

      await page.goto("/one-of-one");
      await expect(page.getByText(`Unique ${word}`)).toBeVisible();
      await expect.poll(() => loaded(page, `a[href="/image/${oneOfOneId}"] img`)).toBe(true);

      await page.goto("/open-editions");
      await expect(page.getByText(`Print ${word}`)).toBeVisible();
      await expect.poll(() => loaded(page, `a[href="/image/${openId}"] img`)).toBe(true);
    });
  });

  const pages: Array<[string, () => string]> = [
    ["gallery", () => `/gallery?tag=${tag}`],
    ["image", () => `/image/${artworkId}`],
    ["explore", () => "/explore"],
    ["tag", () => `/tag/${tag}`],
    ["one-of-one", () => "/one-of-one"],
    ["open-editions", () => "/open-editions"],
  ];
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    for (const [name, pathOf] of pages) {
      test(`${name} is taken over without a mismatch or a change at ${viewport.width} px`, async ({
        browser,
      }) => {
        const path = pathOf();
        // The server's page as it first paints… (without the styles index.html gives a browser
        // that runs no script: a first paint with scripts has none of them)
        const before = await withoutScripts(browser, viewport, async (page) => {
          await page.route("**/*", async (route) => {
            if (route.request().resourceType() !== "document") return route.continue();
            const response = await route.fetch();
            const html = (await response.text()).replace(
              /<noscript>\s*<style>[\s\S]*?<\/noscript>/,
              "",
            );
            await route.fulfill({ response, body: html });
          });
          await page.goto(path);
          await lookAt(page, { path: `/tmp/h20-${name}-${viewport.width}-before.png` });
          return {
            text: await shownText(page),
            artwork: name === "image" ? await artworkBackground(page) : undefined,
          };
        });
        // …and once the app has taken it over.
        const context = await browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          const errors = collectErrors(page);
          await page.goto(path);
          await hydrated(page);
          await lookAt(page, { path: `/tmp/h20-${name}-${viewport.width}-after.png` });
          expect(await shownText(page)).toBe(before.text);
          if (before.artwork !== undefined)
            expect(await artworkBackground(page)).toBe(before.artwork);
          expect(errors).toEqual([]);
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  test("the app works once it has taken a share page over", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`/image/${artworkId}`);
    await hydrated(page);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/image/${artworkId}$`),
    );
    // Closing the dialog is React's: it leaves for the gallery behind it.
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveTitle("Gallery · Sawdust");
    // The head described the share page the server served; on the gallery it would describe the
    // wrong page (a share sheet reads the canonical link), so it is gone.
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('head meta[property="og:title"]')).toHaveCount(0);
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a share page fetches its artwork alone; the gallery's pictures load once it closes", async ({
    page,
  }) => {
    const pictures = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "image") pictures.add(new URL(request.url()).pathname);
    });
    await page.goto(`/image/${artworkId}`);
    await hydrated(page);
    // The tiles under the dialog are there, each showing its colour, with no picture of its own.
    const tiles = page.getByTestId("image-tile");
    await expect(tiles.first()).toBeAttached();
    await expect(tiles.locator("img")).toHaveCount(0);
    expect([...pictures]).toEqual([expect.stringMatching(`^/media/images/${artworkId}/`)]);
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect.poll(() => loaded(page, '[data-testid="image-tile"] img')).toBe(true);
  });

  test("on a phone the gallery under a share page's detail is not drawn until the detail closes; on a desktop it shows", async ({
    page,
  }) => {
    // `checkVisibility` is false inside content the browser skips (content-visibility: hidden).
    const tileShown = () =>
      page
        .getByTestId("image-tile")
        .first()
        .evaluate((tile) => (tile as unknown as { checkVisibility(): boolean }).checkVisibility());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/image/${artworkId}`);
    await hydrated(page);
    await expect(page.getByTestId("image-tile").first()).toBeAttached();
    expect(await tileShown()).toBe(false);
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect.poll(tileShown).toBe(true);
    // An image opened from the gallery: the gallery under it is the one the visitor left.
    await page.getByTestId("image-tile").first().locator("a").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await tileShown()).toBe(true);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/image/${artworkId}`);
    await hydrated(page);
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await tileShown()).toBe(true);
  });

  test("on a phone, reloading an image opened from far down the gallery keeps the gallery's scroll", async ({
    page,
  }) => {
    // A short phone screen: this file's catalogue is a few pictures.
    await page.setViewportSize({ width: 390, height: 420 });
    await page.goto("/gallery");
    await hydrated(page);
    // The browser's own globals, typed here (the tests' TypeScript has no DOM library).
    type Win = {
      scrollTo(options: { top: number; behavior: "instant" }): void;
      scrollY: number;
      innerHeight: number;
      document: { documentElement: { scrollHeight: number } };
    };
    const scrolled = await page.evaluate(() => {
      const win = globalThis as unknown as Win;
      const top = Math.min(900, win.document.documentElement.scrollHeight - win.innerHeight);
      win.scrollTo({ top, behavior: "instant" });
      return win.scrollY;
    });
    expect(scrolled).toBeGreaterThan(200);
    const tile = page.getByTestId("image-tile").last();
    await tile.locator("a").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/gallery$/);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as Win).scrollY))
      .toBeGreaterThan(scrolled - 50);
  });

  test("a private image's share link is a 404 that names nothing of it", async ({ request }) => {
    const api = await adminApi();
    let hiddenId: number;
    const secret = `Secret ${word}`;
    try {
      hiddenId = (await seedImage(api, { title: secret, isPublic: false })).id;
    } finally {
      await api.dispose();
    }
    const response = await request.get(`/image/${hiddenId}`);
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain(secret);
  });
});
