import { stat } from "node:fs/promises";
import type { Browser } from "@playwright/test";
import { DOWNLOAD_SIZES, fitInside, type Image, MESSAGES, slugifyTag, UI } from "@sawdust/shared";
import { ADMIN_ACCOUNT, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { seedImageWithParameters } from "./support/billing";
import { adminApi, grantPro, seedImage, uniqueWord } from "./support/catalogue";
import { createCollectionViaApi } from "./support/collections";
import { hydrated } from "./support/hydration";
import { lookAt } from "./support/look-at";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

/*
 * While the detail dialog is open everything behind it is aria-hidden, the toast region too (a
 * screen reader hears toasts through Radix's own live announcer). So toasts are found by their
 * exact text, which the announcer's longer copy does not match.
 */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** What the page scripts below touch (the e2e project is typed without the DOM library). */
interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
  open: (...args: unknown[]) => unknown;
  shareCalls: string[][];
}

let admin: APIRequestContext;
/** One image the read-only tests share; tests that change an image seed their own. */
let shared: Image;
let sharedWord: string;
let sharedTitle: string;

test.beforeAll(async () => {
  admin = await adminApi();
  sharedWord = uniqueWord("detail");
  sharedTitle = `Harbour Lights ${sharedWord}`;
  shared = await seedImage(admin, {
    title: sharedTitle,
    description: "Boats asleep under a violet sky.",
    tags: [sharedWord, "harbour"],
    style: "oil painting, impressionism",
    color: "#4c1d95",
  });
});

test.afterAll(async () => {
  await admin.dispose();
});

function detail(page: Page) {
  return page.getByRole("dialog", { name: sharedTitle });
}

async function openShared(page: Page) {
  await page.goto(`/image/${shared.id}`);
  await expect(detail(page)).toBeVisible();
  await expect(detail(page).getByRole("heading", { name: sharedTitle })).toBeVisible();
  await hydrated(page);
}

/** The shared image opened on a touch phone, in a context of its own for the caller to close. */
async function openSharedOnPhone(browser: Browser) {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await openShared(page);
  return { context, page };
}

async function chooseDownload(page: Page, size: RegExp) {
  await page.getByRole("button", { name: "Download", exact: true }).click();
  await page.getByRole("menuitem", { name: size }).click();
}

test.describe("the image detail dialog", () => {
  test("opens from its own path and from an old #image-redirect link, and closes to the gallery", async ({
    page,
  }) => {
    await page.goto(`/image/${shared.id}?tag=${sharedWord}`);
    await expect(detail(page)).toBeVisible();
    await expect(detail(page).getByText("Boats asleep under a violet sky.")).toBeVisible();
    await expect(detail(page).getByRole("link", { name: "oil painting" })).toBeVisible();
    await hydrated(page);

    // Closing keeps the filters of the query string.
    await detail(page).getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(`/gallery?tag=${sharedWord}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto(`/#image-redirect=${shared.id}`);
    await expect(page).toHaveURL(`/image/${shared.id}`);
    await expect(detail(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("/gallery");
  });

  test("says what went wrong, header in place, when the dialog's code cannot be fetched", async ({
    page,
  }) => {
    await page.goto(`/gallery?tag=${sharedWord}`);
    await hydrated(page);
    // The server out of reach, or a release that replaced the code's files: no chunk arrives.
    await page.route("**/assets/**", (route) => route.abort());
    await page.locator(`[data-testid="image-tile"][data-image-id="${shared.id}"]`).click();
    const alert = page.getByRole("alert").filter({ hasText: "Something went wrong" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("button", { name: "Reload the page" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("a release that replaced the dialog's code reloads the page once, then says what went wrong", async ({
    page,
  }) => {
    const fetched = new Set<string>();
    page.on("request", (request) => fetched.add(request.url()));
    await page.goto(`/gallery?tag=${sharedWord}`);
    await hydrated(page);
    // The server answers, but the code the page was built with is gone: what a deploy leaves.
    const before = new Set(fetched);
    await page.route("**/assets/**", (route) =>
      before.has(route.request().url())
        ? route.continue()
        : route.fulfill({ status: 404, contentType: "application/json", body: "{}" }),
    );
    let loads = 0;
    page.on("load", () => {
      loads += 1;
    });
    await page.locator(`[data-testid="image-tile"][data-image-id="${shared.id}"]`).click();
    // Reloaded once (the new release would have come with it); the second miss is said plainly.
    await expect.poll(() => loads).toBe(1);
    const alert = page.getByRole("alert").filter({ hasText: "Something went wrong" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("button", { name: "Reload the page" })).toBeVisible();
    expect(loads).toBe(1);
  });

  test("says plainly when the image is not available", async ({ page }) => {
    await page.goto("/image/987654321");
    await expect(
      page.getByRole("dialog", { name: MESSAGES.imageDetail.unavailable }),
    ).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Back to gallery" }).click();
    await expect(page).toHaveURL("/gallery");
  });

  test("zooms to 2.5× with a click, and back with the keyboard", async ({ page }) => {
    await openShared(page);
    const zoom = detail(page).getByRole("button", { name: "Zoom" });
    const layer = detail(page).getByTestId("zoom-layer");
    await expect(zoom).toHaveAttribute("aria-pressed", "false");

    await zoom.click({ position: { x: 40, y: 40 } });
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await expect(layer).toHaveAttribute("style", new RegExp(`scale\\(${UI.zoom}\\)`));
    // Magnified around the point that was clicked, not the middle.
    await expect(layer).not.toHaveAttribute("style", /transform-origin: 50% 50%/);

    await zoom.focus();
    await page.keyboard.press("Enter");
    await expect(zoom).toHaveAttribute("aria-pressed", "false");
    await expect(layer).toHaveAttribute("style", /scale\(1\)/);

    // Escape while zoomed zooms out and leaves the dialog open; the next Escape closes it.
    await page.keyboard.press("Enter");
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(zoom).toHaveAttribute("aria-pressed", "false");
    await expect(detail(page)).toBeVisible();

    // A menu open above the zoomed artwork is what Escape closes first.
    await zoom.focus();
    await page.keyboard.press("Enter");
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await detail(page).getByRole("button", { name: "Share" }).focus();
    await page.keyboard.press("Enter");
    const share = page.getByRole("menu");
    await expect(share).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(share).toBeHidden();
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(zoom).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("Escape");
    await expect(detail(page)).toBeHidden();
  });

  test("a double tap on a phone zooms in and stays zoomed; a later tap zooms out", async ({
    browser,
  }) => {
    const { context, page } = await openSharedOnPhone(browser);
    const zoom = detail(page).getByRole("button", { name: "Zoom" });
    const box = await zoom.boundingBox();
    if (!box) throw new Error("the artwork has no box");
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.touchscreen.tap(at.x, at.y);
    await page.touchscreen.tap(at.x, at.y);
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await page.waitForTimeout(500);
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await page.touchscreen.tap(at.x, at.y);
    await expect(zoom).toHaveAttribute("aria-pressed", "false");
    await context.close();
  });

  test("on a phone a finger dragging the zoomed artwork moves it along, without a jump, up to its edges", async ({
    browser,
  }) => {
    const { context, page } = await openSharedOnPhone(browser);
    const zoom = detail(page).getByRole("button", { name: "Zoom" });
    const layer = detail(page).getByTestId("zoom-layer");
    const box = await zoom.boundingBox();
    if (!box) throw new Error("the artwork has no box");
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.touchscreen.tap(middle.x, middle.y);
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await expect(layer).toHaveAttribute("style", new RegExp(`scale\\(${UI.zoom}\\)`));
    // Past the double tap, and past the zoom's transition, so the layer's box stays still.
    await page.waitForTimeout(600);

    // The magnified picture's box (the transform included): where its left and top edges show.
    const shown = async () => {
      const at = await layer.boundingBox();
      if (!at) throw new Error("the zoomed layer has no box");
      return at;
    };
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y }],
      });
    /** A finger down at `from`, moved by `dx` in steps: where the picture's left edge shows. */
    const drag = async (from: { x: number; y: number }, dx: number) => {
      await touch("touchStart", from.x, from.y);
      const start = await shown();
      await touch("touchMove", from.x + 1, from.y);
      // Touching down (and the first pixel) moves nothing: no jump to the finger.
      expect(Math.abs((await shown()).x - start.x)).toBeLessThan(3);
      for (let step = 1; step <= 10; step++) {
        await touch("touchMove", from.x + (dx * step) / 10, from.y);
      }
      const end = await shown();
      expect(end.y).toBeCloseTo(start.y, 0);
      await touch("touchEnd", 0, 0);
      return { start: start.x, end: end.x };
    };

    // Somewhere other than the point that was tapped: the picture follows the finger 100 px right.
    const aside = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.4 };
    const first = await drag(aside, 100);
    expect(first.end - first.start).toBeGreaterThan(95);
    expect(first.end - first.start).toBeLessThan(105);
    // The drag was no tap: the artwork stays zoomed.
    await expect(zoom).toHaveAttribute("aria-pressed", "true");

    // A new touch picks the picture up where it was left, and leftwards it follows as well.
    const second = await drag(middle, -60);
    expect(second.start).toBeCloseTo(first.end, 0);
    expect(second.end - second.start).toBeLessThan(-55);
    expect(second.end - second.start).toBeGreaterThan(-65);
    // Far to the right it stops at the picture's left edge.
    const third = await drag(middle, 1000);
    expect(third.end).toBeCloseTo(box.x, 0);
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    await context.close();
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px the Zoom button's focus ring shows above the artwork`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await openShared(page);
      const zoom = detail(page).getByRole("button", { name: "Zoom" });
      await expect(zoom.locator("img").first()).toHaveJSProperty("complete", true);
      // The dialog holds the focus itself: Tab starts at the artwork.
      await page.keyboard.press("Tab");
      await expect(zoom).toBeFocused();
      expect(await page.evaluate("document.activeElement.matches(':focus-visible')")).toBe(true);

      // A strip along an edge of the button that the picture covers (it is letterboxed along the
      // other two): the button's own outline there was painted over by the picture.
      const strip = await page.evaluate<{
        x: number;
        y: number;
        width: number;
        height: number;
      }>(`(() => {
        const img = document.querySelector('[data-testid="zoom-layer"] img');
        const box = img.closest("button").getBoundingClientRect();
        const ratio = img.naturalWidth / img.naturalHeight;
        if (ratio >= box.width / box.height) {
          const height = box.width / ratio;
          return { x: box.left, y: box.top + (box.height - height) / 2 + height / 4, width: 8, height: height / 2 };
        }
        const width = box.height * ratio;
        return { x: box.left + (box.width - width) / 2 + width / 4, y: box.top, width: width / 2, height: 8 };
      })()`);
      const focused = await page.screenshot({ clip: strip });
      await lookAt(page, { path: `/tmp/zoom-focus-ring-${width}.png` });
      // Blurred where it is: no Tab, which could scroll the dialog.
      await page.evaluate("document.activeElement.blur()");
      await expect(zoom).not.toBeFocused();
      const unfocused = await page.screenshot({ clip: strip });
      expect(focused.equals(unfocused), "the ring shows on the picture's edge").toBe(false);
    });
  }

  test("a tag chip filters the gallery by that tag and closes the dialog", async ({ page }) => {
    await openShared(page);
    await detail(page).getByRole("link", { name: sharedWord }).click();
    await expect(page).toHaveURL(`/gallery?tag=${sharedWord}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a priced piece's tag chip opens the tag's page, where the piece is listed", async ({
    page,
  }) => {
    // The gallery holds gallery pieces only: /gallery?tag= would be empty for this word.
    const word = uniqueWord("onlyone");
    const title = `Lone Piece ${word}`;
    const piece = await seedImage(admin, { title, tags: [word], editionType: "one_of_one" });
    await page.goto(`/image/${piece.id}`);
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await hydrated(page);
    await dialog.getByRole("link", { name: word }).click();
    await expect(page).toHaveURL(`/tag/${word}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator(`a[href="/image/${piece.id}"]`)).toBeVisible();
  });

  test("a chip chosen in a detail opened from the gallery leaves the focus in the page", async ({
    page,
  }) => {
    await page.goto(`/gallery?tag=${sharedWord}`);
    await hydrated(page);
    const tile = page.locator(`[data-opens-image="${shared.id}"]`);
    await tile.focus();
    await page.keyboard.press("Enter");
    await expect(detail(page)).toBeVisible();
    await detail(page).getByRole("link", { name: "harbour" }).click();
    await expect(page).toHaveURL("/gallery?tag=harbour");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.waitForTimeout(300);
    // Not dropped to the page's top (<body>: the next Tab would start again at "Skip to content").
    const focused = await page.evaluate("document.activeElement && document.activeElement.tagName");
    expect(focused).not.toBe("BODY");
  });

  test("a visitor downloads the preview and is invited to sign up for Basic", async ({ page }) => {
    await openShared(page);
    await expect(detail(page).getByText(MESSAGES.imageDetail.signUpForHd)).toBeVisible();
    // Each size says the file's pixels: the piece fitted into the size's box, not the box.
    await page.getByRole("button", { name: "Download", exact: true }).click();
    for (const size of ["preview", "basic", "ultra"] as const) {
      const fitted = fitInside(shared.width, shared.height, DOWNLOAD_SIZES[size]);
      await expect(
        page.getByRole("menuitem", { name: new RegExp(`^${DOWNLOAD_SIZES[size].label}`) }),
      ).toContainText(
        `up to ${fitted.width.toLocaleString("en-US")} × ${fitted.height.toLocaleString("en-US")} px`,
      );
    }
    await page.keyboard.press("Escape");

    const download = page.waitForEvent("download");
    await chooseDownload(page, /^Preview/);
    expect((await download).suggestedFilename()).toBe(`${slugifyTag(sharedTitle)}-preview.webp`);

    await chooseDownload(page, /^Basic/);
    const prompt = page.getByRole("dialog", { name: "Create a free account" });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("link", { name: "Create free account" })).toHaveAttribute(
      "href",
      `/auth?redirect=/image/${shared.id}&tab=register`,
    );
    await expect(prompt.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/auth?redirect=/image/${shared.id}`,
    );
    await prompt.getByRole("button", { name: "Close" }).click();
    await expect(prompt).toHaveCount(0);
    await expect(detail(page)).toBeVisible();

    // Collections need an account too.
    await detail(page).getByRole("button", { name: "Add to collection" }).click();
    await expect(page.getByRole("dialog", { name: "Create a free account" })).toBeVisible();
  });

  test("a free member is shown the Pro upgrade for HD, with the monthly and yearly prices", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    await openShared(page);
    await expect(detail(page).getByText(MESSAGES.imageDetail.signUpForHd)).toHaveCount(0);

    await chooseDownload(page, /^HD/);
    const upgrade = page.getByRole("dialog", { name: "Unlock every size of every artwork" });
    await expect(upgrade).toBeVisible();
    await expect(upgrade.getByText("$14.99")).toBeVisible();
    // A member subscribes here (checkout opens in a new tab: e2e/billing.spec.ts follows it).
    await expect(upgrade.getByRole("button", { name: "Subscribe" })).toBeEnabled();

    await upgrade.getByText("Yearly").click();
    await expect(upgrade.getByRole("radio", { name: /Yearly/ })).toBeChecked();
    await expect(upgrade.getByText("$119.88")).toBeVisible();
    await expect(upgrade.getByText("Save 33%")).toBeVisible();
  });

  test("a Pro member downloads HD under the title's name", async ({ page }) => {
    test.slow(); // The HD rendition is made on its first request.
    const account = await registerViaApi(page.request);
    grantPro(account.username);
    await openShared(page);

    const download = page.waitForEvent("download", { timeout: 60_000 });
    await chooseDownload(page, /^HD/);
    await expect(toastText(page, MESSAGES.imageDetail.downloadStarted)).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${slugifyTag(sharedTitle)}-hd.webp`);
    const path = await file.path();
    expect((await stat(path)).size).toBeGreaterThan(0);
    // The keyboard is back on the Download button, not left on the dialog.
    await expect(page.getByRole("button", { name: "Download", exact: true })).toBeFocused();
  });

  test("Copy link copies the share link and reads 'Copied' for a moment", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openShared(page);
    await detail(page).getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: MESSAGES.imageDetail.copyLink }).click();

    await expect(page.getByRole("menuitem", { name: MESSAGES.imageDetail.copied })).toBeVisible();
    await expect(toastText(page, MESSAGES.imageDetail.linkCopied)).toBeVisible();
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText(),
      ),
    ).toBe(`${baseURL}/image/${shared.id}`);
    await expect(page.getByRole("menuitem", { name: MESSAGES.imageDetail.copyLink })).toBeVisible({
      timeout: UI.copiedLabelMs + 10_000,
    });

    // With the toast still up, Escape closes the menu the focus is in, and the focus goes back
    // to Share (round 44: the toast took the first Escape and the menu stayed open).
    await page.getByRole("menuitem", { name: MESSAGES.imageDetail.copyLink }).click();
    await expect(toastText(page, MESSAGES.imageDetail.linkCopied).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(detail(page).getByRole("button", { name: "Share" })).toBeFocused();
  });

  test("Escape with a toast up closes the toast and the dialog once, back to the gallery it came from", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/gallery?tag=${sharedWord}`);
    await hydrated(page);
    await page.locator(`[data-opens-image="${shared.id}"]`).click();
    await expect(detail(page).getByRole("heading", { name: sharedTitle })).toBeVisible();
    await detail(page).getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: MESSAGES.imageDetail.copyLink }).click();
    await expect(toastText(page, MESSAGES.imageDetail.linkCopied)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    // The toast takes the key and hands it on to the dialog, which closes once: twice would go
    // back past the gallery.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(`/gallery?tag=${sharedWord}`);
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`/gallery?tag=${sharedWord}`);
  });

  test("share opens a 600×400 pop-up, and shows the link when the pop-up is blocked", async ({
    page,
    baseURL,
  }) => {
    // A pop-up blocker: window.open answers null. The calls are kept to check what was asked.
    await page.addInitScript(() => {
      const browser = globalThis as unknown as BrowserGlobals;
      browser.shareCalls = [];
      browser.open = (...args: unknown[]) => {
        browser.shareCalls.push(args.map(String));
        return null;
      };
    });
    await openShared(page);
    await detail(page).getByRole("button", { name: "Share" }).click();
    await page.getByRole("menuitem", { name: "Reddit" }).click();

    const link = `${baseURL}/image/${shared.id}`;
    const calls = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).shareCalls);
    expect(calls).toHaveLength(1);
    const [url, target, features] = calls[0] ?? [];
    expect(url).toContain(`https://www.reddit.com/submit?url=${encodeURIComponent(link)}`);
    expect(target).toBe("_blank");
    expect(features).toBe(`width=${UI.sharePopup.width},height=${UI.sharePopup.height}`);
    await expect(toastText(page, MESSAGES.imageDetail.shareLinkText(link))).toBeVisible();
  });
});

test.describe("the admin's controls", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request, ADMIN_ACCOUNT);
  });

  test("edits title and tags, and the change stays after a reload", async ({ page }) => {
    const word = uniqueWord("edit");
    const image = await seedImage(admin, { title: `Before ${word}`, tags: [word] });
    const newTitle = `After ${word}`;
    await page.goto(`/image/${image.id}`);
    const dialog = page.getByRole("dialog", { name: `Before ${word}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("term").filter({ hasText: "HD" })).toBeVisible();

    await dialog.getByRole("button", { name: "Edit details" }).click();
    await expect(dialog.getByLabel("Title", { exact: true })).toBeFocused();
    await dialog.getByLabel("Title", { exact: true }).fill(newTitle);
    await dialog.getByLabel("Tags", { exact: true }).fill(`${word}-sea, Golden Hour`);
    await dialog.getByLabel("Style", { exact: true }).fill("Watercolor");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toastText(page, MESSAGES.imageDetail.detailsUpdated)).toBeVisible();
    await expect(page.getByRole("heading", { name: newTitle })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit details" })).toBeFocused();

    await page.reload();
    const edited = page.getByRole("dialog", { name: newTitle });
    await expect(edited).toBeVisible();
    await expect(edited.getByRole("link", { name: `${word}-sea` })).toBeVisible();
    await expect(edited.getByRole("link", { name: "golden-hour" })).toBeVisible();
    await expect(edited.getByRole("link", { name: "watercolor" })).toBeVisible();

    // Cancel leaves edit mode without saving.
    await edited.getByRole("button", { name: "Edit details" }).click();
    await edited.getByLabel("Title", { exact: true }).fill("Never saved");
    await edited.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: newTitle })).toBeVisible();
  });

  test("hides the image, then deletes it after confirming", async ({ page, playwright }) => {
    const word = uniqueWord("gone");
    const image = await seedImage(admin, { title: `Doomed ${word}`, tags: [word] });
    const visitor = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    try {
      await page.goto(`/image/${image.id}`);
      const dialog = page.getByRole("dialog", { name: `Doomed ${word}` });
      const publicSwitch = dialog.getByRole("switch", { name: "Public" });
      await expect(publicSwitch).toBeChecked();

      await publicSwitch.click();
      await expect(toastText(page, MESSAGES.imageDetail.hidden)).toBeVisible();
      await expect(publicSwitch).not.toBeChecked();
      expect((await visitor.get(`/api/v1/images/${image.id}`)).status()).toBe(404);

      await publicSwitch.click();
      await expect(toastText(page, MESSAGES.imageDetail.madeVisible)).toBeVisible();
      expect((await visitor.get(`/api/v1/images/${image.id}`)).status()).toBe(200);

      await dialog.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("alertdialog", {
        name: MESSAGES.images.adminDeleteConfirmTitle,
      });
      await expect(confirm).toContainText(MESSAGES.images.adminDeleteConfirmText);
      // Cancel has the focus: Enter alone must not delete.
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
      await confirm.getByRole("button", { name: "Delete" }).click();

      await expect(toastText(page, MESSAGES.images.deleted)).toBeVisible();
      await expect(page).toHaveURL("/gallery");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect((await admin.get(`/api/v1/images/${image.id}`)).status()).toBe(404);
    } finally {
      await visitor.dispose();
    }
  });
});

test.describe("accessibility", () => {
  for (const who of ["visitor", "admin"] as const) {
    test(`the open dialog has no serious violation (${who})`, async ({ browser }) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        if (who === "admin") await signInViaApi(page.request, ADMIN_ACCOUNT);
        await openShared(page);
        if (who === "admin") {
          await expect(detail(page).getByRole("switch", { name: "Public" })).toBeVisible();
        }
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

test.describe("Edit details beside another admin's save (round 65)", () => {
  /** Another administrator's save, made on the edit page while this one's dialog is open. */
  async function anotherAdminSaves(imageId: number, data: Record<string, unknown>) {
    const response = await admin.patch(`/api/v1/images/${imageId}`, { data });
    expect(response.status(), await response.text()).toBe(200);
  }

  async function stored(imageId: number): Promise<Image> {
    return (await (await admin.get(`/api/v1/images/${imageId}`)).json()) as Image;
  }

  test("starts from the image as stored now, sends only what changed, and is refused after another save until reloaded", async ({
    page,
  }) => {
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    const word = uniqueWord("both");
    const image = await seedImage(admin, {
      title: `Shared ${word}`,
      description: "First words.",
      tags: [word, "first"],
    });
    await page.goto(`/image/${image.id}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `Shared ${word}` })).toBeVisible();
    await hydrated(page);

    // Another admin changes tags and description while this dialog is open.
    await anotherAdminSaves(image.id, {
      aiAnalysis: { description: "Their words." },
      tags: [word, "theirs"],
    });
    await dialog.getByRole("button", { name: "Edit details" }).click();
    const title = dialog.getByLabel("Title", { exact: true });
    const tags = dialog.getByLabel("Tags", { exact: true });
    await expect(title).toBeFocused();
    await expect(tags).toHaveValue(`${word}, theirs`);
    await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue("Their words.");
    await title.fill(`Mine ${word}`);

    // They save again while the form is open: this save is refused, and says so in the form.
    await anotherAdminSaves(image.id, { tags: [word, "theirs-again"] });
    await dialog.getByRole("button", { name: "Save" }).click();
    const refusal = dialog.getByTestId("changed-elsewhere");
    await expect(refusal).toHaveText(
      `${MESSAGES.adminImages.changedElsewhere}${MESSAGES.adminImages.reloadImage}`,
    );
    await expect(toastText(page, MESSAGES.imageDetail.detailsUpdated)).toHaveCount(0);
    expect((await stored(image.id)).aiAnalysis.title).toBe(`Shared ${word}`);
    await lookAt(page, { path: "/tmp/edit-details-changed-elsewhere-1280.png" });

    // Reloading keeps what was typed and shows their change; the save then keeps both.
    await refusal.getByRole("button", { name: MESSAGES.adminImages.reloadImage }).click();
    await expect(refusal).toHaveCount(0);
    await expect(title).toHaveValue(`Mine ${word}`);
    await expect(tags).toHaveValue(`${word}, theirs-again`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toastText(page, MESSAGES.imageDetail.detailsUpdated)).toBeVisible();
    await expect(dialog.getByRole("heading", { name: `Mine ${word}` })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "theirs-again" })).toBeVisible();

    const after = await stored(image.id);
    expect(after.aiAnalysis.title).toBe(`Mine ${word}`);
    expect(after.aiAnalysis.description).toBe("Their words.");
    expect([...after.tags].sort()).toEqual([word, "theirs-again"].sort());
  });
});

test.describe("keyboard and touch", () => {
  test("Add to collection opened from the keyboard focuses its first collection, as Share focuses its first item", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    await createCollectionViaApi(page.request, "Keyboard first");
    await createCollectionViaApi(page.request, "Keyboard second");
    await openShared(page);
    const share = detail(page).getByRole("button", { name: "Share", exact: true });
    await share.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu").getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(share).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(detail(page).getByRole("button", { name: "Add to collection" })).toBeFocused();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    // The first item is a collection (the newest first), not New collection or the menu itself.
    const first = menu.getByRole("menuitem").first();
    await expect(first).toHaveText(/Keyboard (first|second)/);
    await expect(first).toBeFocused();
  });

  test("on a phone a Pro member's copy buttons and Report this image are at least 24 px tall", async ({
    browser,
  }) => {
    const word = uniqueWord("touch");
    const made = await seedImageWithParameters(admin, {
      title: `Tide Pools ${word}`,
      tags: [word],
      color: "#0f766e",
      parameters:
        "tide pools at low tide, watercolour\nNegative prompt: blurry\nSteps: 20, Seed: 42, Model: reefXL",
    });
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      const member = await registerViaApi(page.request);
      grantPro(member.username);
      await page.goto(`/image/${made.id}`);
      const dialog = page.getByRole("dialog", { name: `Tide Pools ${word}` });
      await expect(dialog.getByTestId("generation-details")).toBeVisible();
      const controls = [
        dialog.getByRole("button", { name: "Copy prompt", exact: true }),
        dialog.getByRole("button", { name: "Copy negative prompt", exact: true }),
        dialog.getByRole("button", { name: "Report this image" }),
      ];
      for (const control of controls) {
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        expect(box?.height, (await control.textContent()) ?? "").toBeGreaterThanOrEqual(24);
      }
      await lookAt(page, { path: "/tmp/detail-touch-targets-390.png", fullPage: true });
    } finally {
      await context.close();
    }
  });
});

test("at 390 px with the text at 200%, a priced piece's Buy and Download wrap inside the dialog", async ({
  browser,
}) => {
  const word = uniqueWord("bigtext");
  const title = `Lantern Market ${word}`;
  const piece = await seedImage(admin, {
    title,
    tags: [word],
    editionType: "open_edition",
    price: 2_500,
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`/image/${piece.id}`);
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog.getByRole("button", { name: /^Buy/ })).toBeVisible();
    await hydrated(page);
    // What a browser's text size of 200% does to rem-sized text and spacing.
    await page.evaluate('document.documentElement.style.fontSize = "200%"');
    const widths = await dialog.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(widths.scroll, "the dialog scrolls sideways").toBeLessThanOrEqual(widths.client);
    const frame = await dialog.boundingBox();
    for (const button of [
      dialog.getByRole("button", { name: /^Buy/ }),
      dialog.getByRole("button", { name: "Download", exact: true }),
    ]) {
      const box = await button.boundingBox();
      const name = (await button.textContent()) ?? "";
      expect(box && frame && box.x >= frame.x - 0.5, `${name} starts inside`).toBe(true);
      expect(
        box && frame && box.x + box.width <= frame.x + frame.width + 0.5,
        `${name} ends inside`,
      ).toBe(true);
    }
    await dialog.getByRole("button", { name: /^Buy/ }).scrollIntoViewIfNeeded();
    await lookAt(page, { path: "/tmp/detail-big-text-390.png" });
  } finally {
    await context.close();
  }
});
