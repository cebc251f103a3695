import { MESSAGES } from "@sawdust/shared";
import { ADMIN_ACCOUNT, registerViaApi, signInViaApi } from "./support/accounts";
import { builtFileOf } from "./support/built-files";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { hydrated } from "./support/hydration";
import { lookAt } from "./support/look-at";
import { ADMIN_MENU_ITEMS, openAccountMenu } from "./support/navigation";
import { expect, test } from "./support/test";

test.describe("signed out", () => {
  test("the visitor sees Sign In and Upgrade to Pro, and no account menu", async ({ page }) => {
    await page.goto("/");

    const main = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Gallery", "1/1 Collection", "Open Editions", "Explorer"]) {
      await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "Upload" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute(
      "href",
      "/auth?redirect=/subscriptions",
    );
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
    await expect(page.getByTestId("gallery-view")).toBeVisible();
  });

  test("a protected page shows the gallery view in its place", async ({ page }) => {
    await page.goto("/collections");

    await expect(page.getByTestId("gallery-view")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gallery");
    await expect(page).toHaveURL("/collections");
  });

  test("the artist profile sends the visitor to sign in", async ({ page }) => {
    await page.goto("/artist-profile");

    await expect(page).toHaveURL("/auth?redirect=/artist-profile");
    await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();
  });

  test("admin pages and upload send the visitor home", async ({ page }) => {
    for (const path of ["/admin/images", "/upload"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
      await expect(page.getByTestId("gallery-view")).toBeVisible();
    }
  });

  test("an unknown path shows the not-found page", async ({ page }) => {
    await page.goto("/no-such-page");

    await expect(page.getByRole("heading", { name: MESSAGES.notFoundTitle })).toBeVisible();
    await expect(page.getByText(MESSAGES.notFoundHint)).toBeVisible();

    // So does an id that is no id, and an address whose escapes do not decode (a cut link) or
    // hold U+0000.
    for (const path of ["/image/abc", "/tag/%E0%A4", "/collections/%zz", "/tag/%00"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(path === "/image/abc" ? 404 : 400);
      await expect(page.getByRole("heading", { name: MESSAGES.notFoundTitle }), path).toBeVisible();
    }
  });

  test("an image-redirect hash opens the image page and is cleared", async ({ page }) => {
    await page.goto("/#image-redirect=7");

    await expect(page).toHaveURL("/image/7");
    await expect(page.getByTestId("gallery-view")).toBeVisible();
  });

  test("the search palette opens with Ctrl+K and goes to a tag", async ({ page }) => {
    // A shortcut shows once its gallery has an image (the palette leaves out empty ones).
    const api = await adminApi();
    try {
      await seedImage(api, { title: `Fern ${uniqueWord("nav")}`, tags: ["nature"] });
    } finally {
      await api.dispose();
    }
    await page.goto("/");
    await expect(page.getByTestId("gallery-view")).toBeVisible();

    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: MESSAGES.search.label });
    const input = palette.getByPlaceholder(MESSAGES.search.placeholder);
    await expect(input).toBeVisible();
    // Named, not only described by its placeholder, and where the keyboard is.
    await expect(
      palette.getByRole("combobox", { name: MESSAGES.search.label, exact: true }),
    ).toBeFocused();
    for (const heading of ["Popular Tags", "Art Styles", "Collections", "Color Themes"]) {
      await expect(palette.getByRole("group", { name: heading })).toBeVisible();
    }

    await input.fill("zzzz");
    await expect(palette.getByRole("listbox").getByText(MESSAGES.search.empty)).toBeVisible();
    await input.fill("Nature");
    // The shortcut, with its image count: live results (artwork or tags with "nature" in them)
    // may sit above it.
    await palette
      .getByRole("group", { name: "Popular Tags" })
      .getByRole("option", { name: /^Nature\s*, \d+ images?$/ })
      .click();

    await expect(page).toHaveURL("/gallery?tag=nature");
    await expect(palette).toHaveCount(0);
  });

  test("the search palette's status line says what a search found: nothing, tags only, or a colour theme too", async ({
    page,
  }) => {
    const word = uniqueWord("navtag");
    const api = await adminApi();
    try {
      await seedImage(api, { title: `Quiet ${word}`, tags: [word] });
      // The Monochrome shortcut shows once its gallery has an image.
      await seedImage(api, { title: `Grey ${uniqueWord("navmono")}`, tags: ["monochrome"] });
    } finally {
      await api.dispose();
    }
    await page.goto("/");
    await expect(page.getByTestId("gallery-view")).toBeVisible();
    await hydrated(page);
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: MESSAGES.search.label });
    const input = palette.getByPlaceholder(MESSAGES.search.placeholder);
    const status = palette.getByRole("status");

    await input.fill("zzqqxx");
    await expect(status).toHaveText(MESSAGES.search.empty);

    // The tag matches; the artwork search (answered here with nothing) does not.
    const artworkSearch = (url: URL) =>
      url.pathname === "/api/v1/images" && url.searchParams.has("q");
    await page.route(artworkSearch, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, images: [] } });
    });
    await input.fill(word);
    await expect(palette.getByRole("option", { name: new RegExp(word) }).first()).toBeVisible();
    await expect(status).toHaveText("No artwork; 1 tag found");

    // Every group the list shows is counted, the colour themes too.
    const monochrome = palette
      .getByRole("group", { name: "Color Themes" })
      .getByRole("option", { name: /^Monochrome/ });
    await input.fill("mono");
    await expect(monochrome).toBeVisible();
    await expect(status).toHaveText(/^No artwork; \d+ tags? and 1 colour found$/);
    // "moon" is not "mono" with two letters swapped.
    await input.fill("moon");
    await expect(monochrome).toHaveCount(0);
    await page.unroute(artworkSearch);
  });
});

test.describe("signed in as a member", () => {
  test.beforeEach(async ({ page }) => {
    await registerViaApi(page.request);
  });

  test("the avatar menu has no admin entries", async ({ page }) => {
    await page.goto("/");

    const menu = await openAccountMenu(page);
    await expect(menu.getByRole("menuitem", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Collections" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
    for (const name of ADMIN_MENU_ITEMS) {
      await expect(menu.getByRole("menuitem", { name })).toHaveCount(0);
    }
  });

  test("Upgrade to Pro leads to the plan page", async ({ page }) => {
    await page.goto("/");

    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await page.getByRole("link", { name: "Upgrade to Pro" }).click();

    await expect(page).toHaveURL("/subscriptions");
  });

  test("an admin page sends the member home", async ({ page }) => {
    await page.goto("/admin/dashboard");

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("gallery-view")).toBeVisible();
  });

  test("signing out from the avatar menu returns the visitor view", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("dashboard-page")).toBeVisible();

    const menu = await openAccountMenu(page);
    await menu.getByRole("menuitem", { name: "Sign out" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveCount(0);
    // Signed out on purpose: no "Your session has ended" here (that is for the site's other tabs).
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog", { name: MESSAGES.auth.sessionEndedTitle })).toHaveCount(
      0,
    );
    await page.goto("/dashboard");
    await expect(page.getByTestId("gallery-view")).toBeVisible();
  });
});

test.describe("signed in as the admin", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request, ADMIN_ACCOUNT);
  });

  test("the avatar menu lists the admin pages, which open", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Upload" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);

    const menu = await openAccountMenu(page);
    for (const name of ADMIN_MENU_ITEMS) {
      await expect(menu.getByRole("menuitem", { name })).toBeVisible();
    }
    await menu.getByRole("menuitem", { name: "Image Management" }).click();

    await expect(page).toHaveURL("/admin/images");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Image Management");
  });

  test("an unknown admin path is a 404 for the admin", async ({ page }) => {
    await page.goto("/admin/no-such-page");

    await expect(page.getByRole("heading", { name: MESSAGES.notFoundTitle })).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu holds the links and closes after one is followed", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
    await menu.getByRole("link", { name: "Open Editions" }).click();

    await expect(page).toHaveURL("/open-editions");
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editions");
  });
});

test("a screen whose code could not load loads on the next try, without a reload", async ({
  page,
}) => {
  // The Explore screen's own file.
  const explore = builtFileOf("src/features/explore/explore-page.tsx");
  await page.goto("/gallery");
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  // The network fails for that file (a moment offline, the server restarting).
  await page.route(`**${explore}`, (route) => route.abort());
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Explorer" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Something went wrong" })).toBeVisible();
  await page.unroute(`**${explore}`);
  await header.getByRole("link", { name: "Gallery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  await header.getByRole("link", { name: "Explorer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Explore" })).toBeVisible();
  expect(loads).toBe(0);
});

test("a search palette whose code could not load says so in a toast; the page stays, and the next try opens it", async ({
  page,
}) => {
  const palette = builtFileOf("src/features/navigation/components/search-dialog.tsx");
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  await page.route(`**${palette}`, (route) => route.abort());
  await page.keyboard.press("Control+k");
  await expect(page.getByText(MESSAGES.search.paletteFailed, { exact: true })).toBeVisible();
  // The gallery is still there, not an error screen in its place.
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Something went wrong" })).toHaveCount(0);

  await page.unroute(`**${palette}`);
  await page.keyboard.press("Control+k");
  await expect(page.getByPlaceholder(MESSAGES.search.placeholder)).toBeVisible();
});

test("each page names itself in the browser's title, and an open image too", async ({ page }) => {
  const api = await adminApi();
  const title = `Titled ${uniqueWord("navtitle")}`;
  let imageId: number;
  try {
    imageId = (await seedImage(api, { title, editionType: "one_of_one", price: 500 })).id;
  } finally {
    await api.dispose();
  }

  await page.goto("/gallery");
  await expect(page).toHaveTitle("Gallery · Sawdust");
  await page.goto("/explore");
  await expect(page).toHaveTitle("Explore · Sawdust");
  await page.goto("/tag/still-life");
  await expect(page).toHaveTitle("Still Life · Sawdust");
  await page.goto("/no-such-page");
  await expect(page).toHaveTitle("404 Page Not Found · Sawdust");
  await page.goto("/auth");
  await expect(page).toHaveTitle("Sign in · Sawdust");

  // An image opened over a page names the page's title while it is open, and gives it back.
  await page.goto("/one-of-one");
  await expect(page).toHaveTitle("1/1 Collection · Sawdust");
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(`/image/${imageId}`);
  await expect(page).toHaveTitle(`${title} · Sawdust`);
  await page.keyboard.press("Escape");
  await expect(page).toHaveTitle("1/1 Collection · Sawdust");

  await registerViaApi(page.request);
  await page.goto("/dashboard");
  await expect(page).toHaveTitle("Dashboard · Sawdust");
  await page.goto("/collections");
  await expect(page).toHaveTitle("Collections · Sawdust");
});

test("Skip to content is the first stop of the Tab key, and leads past the header", async ({
  page,
}) => {
  await page.goto("/explore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore");

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await expect(page).toHaveURL("/explore");
  // The next stop is inside the page, not the header's links.
  await page.keyboard.press("Tab");
  await expect(page.locator("main :focus")).toHaveCount(1);
});

test("without JavaScript, a missing page, a missing image and a refused address say what they are, and an app-only page that it needs JavaScript (round 31)", async ({
  browser,
}) => {
  const toGallery = MESSAGES.pageNotices.toGallery;
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    try {
      const page = await context.newPage();
      for (const [path, status, title, heading, text] of [
        [
          "/no-such-page",
          404,
          `${MESSAGES.notFoundTitle} · Sawdust`,
          MESSAGES.notFoundTitle,
          MESSAGES.notFoundHint,
        ],
        [
          "/image/99999999",
          404,
          `${MESSAGES.imageDetail.unavailable} · Sawdust`,
          MESSAGES.imageDetail.unavailable,
          MESSAGES.imageDetail.unavailableText,
        ],
        [
          "/gallery?tag=%00",
          400,
          `${MESSAGES.pageNotices.refused} · Sawdust`,
          MESSAGES.pageNotices.refused,
          MESSAGES.nulCharacter("tag"),
        ],
        [
          "/auth",
          200,
          "Sawdust",
          MESSAGES.pageNotices.needsJavaScript,
          MESSAGES.pageNotices.needsJavaScriptText,
        ],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(status);
        await expect(page, path).toHaveTitle(title);
        await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
        await expect(page.getByText(text, { exact: true }), path).toBeVisible();
        await expect(page.getByRole("link", { name: toGallery }), path).toBeInViewport();
        const wider = await page.evaluate<number>(
          "document.documentElement.scrollWidth - document.documentElement.clientWidth",
        );
        expect(wider, `${path} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(0);
        await lookAt(page, {
          path: `/tmp/no-script${path.replace(/\W+/g, "-")}-${viewport.width}.png`,
        });
      }
      // Its link leads to the gallery, which shows without JavaScript.
      await page.goto("/no-such-page");
      await page.getByRole("link", { name: toGallery }).click();
      await expect(page).toHaveURL("/gallery");
      await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
    } finally {
      await context.close();
    }
  }
});

test("with JavaScript, a missing page shows nothing before the app runs, then the app's own screen alone", async ({
  page,
  baseURL,
}) => {
  // Before the app: its code held back, the page is as blank as it always was (no other screen
  // flashes before the app's).
  await page.goto("about:blank");
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.evaluate((url) => {
    (globalThis as unknown as { location: { assign(url: string): void } }).location.assign(url);
  }, `${baseURL}/no-such-page`);
  await page.waitForURL("/no-such-page");
  await expect(page.locator("body")).toHaveText("");
  await page.unroute("**/assets/*.js");
  // Then the app's screen, and only it: what the page says without JavaScript stays unseen.
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.notFoundTitle);
  await expect(page.getByText(MESSAGES.notFoundHint)).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
});

test("without JavaScript a phone reaches every section from the header, and no dead header button shows (round 63)", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto("/gallery");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button")).toHaveCount(0);
    const main = header.getByRole("navigation", { name: "Main" });
    for (const name of ["Gallery", "1/1 Collection", "Open Editions", "Explorer"]) {
      const link = main.getByRole("link", { name, exact: true });
      await expect(link, name).toBeVisible();
      const box = await link.boundingBox();
      expect(box && box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      390,
    );
    await main.getByRole("link", { name: "Explorer", exact: true }).tap();
    await expect(page).toHaveURL(/\/explore$/);
  } finally {
    await context.close();
  }
});
