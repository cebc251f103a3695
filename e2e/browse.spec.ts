import {
  EDITION_LABELS,
  type Image,
  type ImageListResponse,
  MESSAGES,
  type TagCount,
} from "@sawdust/shared";
import { newAccount, registerViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { adminApi, type SeedImage, seedImage, uniqueWord } from "./support/catalogue";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

/**
 * Browsing: explore, the tag page, the two edition pages and the search palette's live results.
 * One catalogue is seeded for the whole file: 21 open editions under one tag (one more than a
 * page, so Load More has something to load) and one 1/1 piece under a tag of its own; and, as the
 * tag counts of explore and the palette count what the gallery lists (gallery pieces only), three
 * gallery pieces under one tag and one under another.
 */
const editionsTag = uniqueWord("brwed");
const soloTag = uniqueWord("brwsolo");
const soloTitleWord = uniqueWord("brwtitle");
const EDITION_COUNT = 21;
const galleryTag = uniqueWord("brwgal");
const gallerySoloTag = uniqueWord("brwgalsolo");
const GALLERY_COUNT = 3;

let oneOfOne: Image;
/** Oldest first: the first is the one that only the second page shows. */
let editions: Image[] = [];

/** "brwsolo…" → "Brwsolo…", as headings and cards show a tag. */
const titleCased = (tag: string) => tag.charAt(0).toUpperCase() + tag.slice(1);

async function seedInParallel(api: APIRequestContext, seeds: SeedImage[], width = 3) {
  const seeded: Image[] = [];
  for (let i = 0; i < seeds.length; i += width) {
    seeded.push(...(await Promise.all(seeds.slice(i, i + width).map((s) => seedImage(api, s)))));
  }
  return seeded;
}

function editionSeed(index: number): SeedImage {
  return {
    title: `${editionsTag} Print ${index}`,
    tags: [editionsTag],
    editionType: "open_edition",
    price: 900 + index,
    width: index % 2 ? 800 : 1200,
    height: index % 2 ? 1200 : 800,
    color: `#${(0x224466 + index * 0x030201).toString(16).slice(-6)}`,
  };
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const api = await adminApi();
  try {
    // The oldest first and alone, so it has the smallest id and falls on the second page.
    const oldest = await seedImage(api, editionSeed(0));
    const rest = await seedInParallel(
      api,
      Array.from({ length: EDITION_COUNT - 1 }, (_, i) => editionSeed(i + 1)),
    );
    editions = [oldest, ...rest];
    oneOfOne = await seedImage(api, {
      title: `${soloTitleWord} Original`,
      tags: [soloTag],
      editionType: "one_of_one",
      price: 1250,
      color: "#7c2d12",
    });
    await seedInParallel(api, [
      ...Array.from({ length: GALLERY_COUNT }, (_, i) => ({
        title: `${galleryTag} Study ${i}`,
        tags: [galleryTag],
      })),
      { title: `${gallerySoloTag} Sketch`, tags: [gallerySoloTag], color: "#365314" },
    ]);
  } finally {
    await api.dispose();
  }
});

/** Links to image pages inside a part of the page, as image ids. */
async function linkedImageIds(page: Page, scope = page.locator("main")): Promise<number[]> {
  const hrefs = await scope
    .locator('a[href^="/image/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => Number(href.split("/").pop()));
}

test.describe("explore", () => {
  test("features the most used tags and lists every tag with its count", async ({ page }) => {
    await page.goto("/explore");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore");

    const featured = page.getByRole("region", { name: "Featured categories" });
    const card = featured.getByRole("link", { name: titleCased(galleryTag) });
    await expect(card).toContainText(`${GALLERY_COUNT} images`);
    await expect(card).toHaveAttribute("href", `/gallery?tag=${galleryTag}`);
    await expect(card.locator("img")).toHaveAttribute("src", /\/media\//);

    const tags = page.getByRole("region", { name: "Browse by Tags" });
    const solo = tags.getByRole("link", { name: `${gallerySoloTag} 1 image`, exact: true });
    await expect(solo).toBeVisible();
    await expect(
      tags.getByRole("link", { name: `${galleryTag} ${GALLERY_COUNT} images` }),
    ).toBeVisible();
    // Counted as the gallery they lead to lists them: the editions are not gallery pieces.
    await expect(tags.getByRole("link", { name: new RegExp(editionsTag) })).toHaveCount(0);

    await solo.click();
    await expect(page).toHaveURL(`/gallery?tag=${gallerySoloTag}`);
  });

  test("Enter on a tag takes the focus to the new page's main region, not the page's top", async ({
    page,
  }) => {
    await page.goto("/explore");
    const tags = page.getByRole("region", { name: "Browse by Tags" });
    const solo = tags.getByRole("link", { name: `${gallerySoloTag} 1 image`, exact: true });
    await solo.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/gallery?tag=${gallerySoloTag}`);
    // A screen reader announces the new page; Tab goes on from its top.
    await expect(page.locator("main#main-content")).toBeFocused();

    // From the header's link, which stays where it is, too.
    await page.getByRole("banner").getByRole("link", { name: "Explorer" }).click();
    await expect(page).toHaveURL("/explore");
    await expect(page.locator("main#main-content")).toBeFocused();
  });

  test("has the sections the search palette links to, and scrolls to the one named", async ({
    page,
  }) => {
    await page.goto("/explore#color-themes");

    for (const id of ["popular-tags", "art-styles", "collections", "color-themes"]) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
    const themes = page.getByRole("region", { name: "Color Themes" });
    await expect(themes).toBeInViewport();
    await expect(themes.getByRole("link", { name: /^Vibrant/ })).toHaveAttribute(
      "href",
      "/gallery?tag=vibrant",
    );
    await expect(
      page.getByRole("region", { name: "Art Styles" }).getByRole("link", { name: /^Watercolor/ }),
    ).toHaveAttribute("href", "/gallery?style=watercolor");
  });

  test("with a tag it browses that tag, with the way back", async ({ page }) => {
    await page.goto(`/explore?tag=${soloTag}`);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Browsing: ${soloTag}`);
    await expect(page.getByText("1 image", { exact: true })).toBeVisible();
    await expect.poll(() => linkedImageIds(page)).toEqual([oneOfOne.id]);
    await expect(page.getByRole("button", { name: "Load More" })).toHaveCount(0);

    await page.getByRole("link", { name: "Back to Explore" }).click();
    await expect(page).toHaveURL("/explore");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore");
  });

  test("a failed load says so", async ({ page }) => {
    // A member's page is the app's own render: a visitor's comes from the server with its data.
    await registerViaApi(page.request, newAccount("explore"), { confirmEmail: false });
    await page.route("**/api/v1/explore/tags", (route) =>
      route.fulfill({ status: 500, body: "{}", contentType: "application/json" }),
    );
    await page.goto("/explore");

    await expect(
      page.getByRole("heading", { name: MESSAGES.explore.somethingWrong }),
    ).toBeVisible();
    await expect(page.getByText(MESSAGES.explore.loadFailed)).toBeVisible();
  });
});

test.describe("tag page", () => {
  test("shows the tag, its count and only its images", async ({ page }) => {
    await page.goto(`/tag/${soloTag}`);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titleCased(soloTag));
    await expect(page.getByText("1 image", { exact: true })).toBeVisible();
    const grid = page.getByRole("region", { name: `Images tagged ${titleCased(soloTag)}` });
    await expect.poll(() => linkedImageIds(page, grid)).toEqual([oneOfOne.id]);
  });

  test("its gallery link says how many of the tag's pieces the gallery shows, and is left out when none", async ({
    page,
  }) => {
    // The tag counts every edition type; the gallery lists its own pieces only.
    const mixedTag = uniqueWord("brwmix");
    const api = await adminApi();
    try {
      await seedInParallel(api, [
        { title: `${mixedTag} Study`, tags: [mixedTag] },
        { title: `${mixedTag} Print`, tags: [mixedTag], editionType: "open_edition", price: 1500 },
      ]);
    } finally {
      await api.dispose();
    }
    await page.goto(`/tag/${mixedTag}`);
    await expect(page.getByText("2 images", { exact: true })).toBeVisible();
    const toGallery = page.getByRole("link", {
      name: MESSAGES.gallery.openTagPieces("1 gallery piece"),
    });
    await expect(toGallery).toHaveAttribute("href", `/gallery?tag=${mixedTag}`);
    await toGallery.click();
    await expect(page).toHaveURL(`/gallery?tag=${mixedTag}`);
    await expect(page.getByTestId("image-count")).toHaveText("1 image");

    // Open editions only: no link to a gallery that would show none of them.
    await page.goto(`/tag/${editionsTag}`);
    await expect(page.getByText(`${EDITION_COUNT} images`, { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /in the gallery/ })).toHaveCount(
      0,
    );
  });

  test("its gallery link wraps on a narrow phone instead of widening the page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto(`/tag/${galleryTag}`);
    const toGallery = page.getByRole("link", {
      name: MESSAGES.gallery.openTagPieces(`${GALLERY_COUNT} gallery pieces`),
    });
    await expect(toGallery).toBeVisible();
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(
      320,
    );
    // The browser's text at 200% on a wider phone: the link still ends inside the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate('document.documentElement.style.fontSize = "200%"');
    const box = await toGallery.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  });

  test("loads the next page as the visitor scrolls", async ({ page }) => {
    await page.goto(`/tag/${editionsTag}`);
    const grid = page.getByRole("region", { name: `Images tagged ${titleCased(editionsTag)}` });
    await expect(grid.getByRole("listitem")).toHaveCount(20);

    // The sentinel sits under the grid, around the Load More button.
    await page.getByRole("button", { name: "Load More" }).scrollIntoViewIfNeeded();

    await expect(grid.getByRole("listitem")).toHaveCount(EDITION_COUNT);
    const ids = await linkedImageIds(page, grid);
    expect(ids.toSorted()).toEqual(editions.map((image) => image.id).toSorted());
    // Every tile has faded in once it has been on screen.
    await expect(grid.locator("li[data-revealed]").first()).toBeVisible();
  });

  test("shows eight squares while it loads", async ({ page }) => {
    // A member's page is the app's own render: a visitor's comes from the server with its data.
    await registerViaApi(page.request, newAccount("tag"), { confirmEmail: false });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/api/v1/images",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`/tag/${soloTag}`);

    await expect(page.getByTestId("tag-skeleton")).toHaveCount(8);
    release();
    await expect(page.getByTestId("tag-skeleton")).toHaveCount(0);
  });
});

test.describe("edition pages", () => {
  test("the 1/1 Collection lists one-of-one pieces with their price", async ({ page }) => {
    await page.goto("/one-of-one");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(EDITION_LABELS.one_of_one);
    const card = page.getByRole("link", { name: `${soloTitleWord} Original` });
    await expect(card).toContainText("$12.50");
    await expect(card).toHaveAttribute("href", `/image/${oneOfOne.id}`);
    await expect(page.getByRole("link", { name: `${editionsTag} Print` })).toHaveCount(0);
  });

  test("Editions lists open editions in a masonry wall, with Load More", async ({ page }) => {
    await page.goto("/open-editions");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editions");
    const newest = editions.at(-1);
    if (!newest) throw new Error("no editions seeded");
    const card = page.getByRole("link", { name: `${editionsTag} Print ${EDITION_COUNT - 1}` });
    await expect(card).toContainText(`$${((newest.price ?? 0) / 100).toFixed(2)}`);
    // Each image keeps its own proportions: its box comes from the width and height it carries.
    await expect(card.locator("img")).toHaveAttribute("width", /\d+/);
    await expect(card.locator("img")).toHaveAttribute("height", /\d+/);
    await expect(page.getByRole("link", { name: `${soloTitleWord} Original` })).toHaveCount(0);

    // The oldest seeded edition is the 21st: only the second page has it.
    const oldest = page.getByRole("link", { name: `${editionsTag} Print 0`, exact: false });
    await expect(oldest).toHaveCount(0);
    await page.getByRole("button", { name: "Load More" }).click();
    await expect(oldest).toBeVisible();
    await expect(oldest).toContainText("$9.00");
  });

  test("Load More keeps the keyboard's place: on itself while loading, then on what came", async ({
    page,
  }) => {
    await page.goto("/open-editions");
    // Each next page is held a moment, so that the focus can be seen while it loads.
    await page.route(/\/api\/v1\/images\?.*cursor=/, async (route) => {
      await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });
    const more = page.getByRole("button", { name: /^(Load More|Loading…)$/ });
    const section = page.getByRole("region", { name: "Editions" });
    const focusedTag = () =>
      page.evaluate("document.activeElement && document.activeElement.tagName");
    const isFocused = (testId: string) =>
      page.evaluate(
        `!!document.activeElement && document.activeElement.closest('section[aria-label="${testId}"]') !== null`,
      );
    // Every page there is, from the keyboard (other tests may have added editions).
    for (let pages = 0; (await more.count()) > 0; pages++) {
      expect(pages).toBeLessThan(20);
      const links = await section.getByRole("link").count();
      await more.focus();
      await page.keyboard.press("Enter");
      await expect(more).toHaveText("Loading…");
      expect(await focusedTag()).toBe("BUTTON");
      await expect(section.getByRole("link")).not.toHaveCount(links);
    }
    // The last page's button is gone: the focus is on a piece it brought, not the page's top.
    expect(await focusedTag()).toBe("A");
    expect(await isFocused("Editions")).toBe(true);
  });
});

test.describe("search palette", () => {
  test("finds artwork by a word of its title and opens it", async ({ page }) => {
    await page.goto("/explore");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore");

    await page.getByRole("button", { name: "Search" }).click();
    const palette = page.getByRole("dialog", { name: "Search" });
    await palette.getByPlaceholder(MESSAGES.search.placeholder).fill(soloTitleWord);

    const artwork = palette.getByRole("group", { name: "Artwork" });
    const result = artwork.getByRole("option", { name: `${soloTitleWord} Original` });
    await expect(result).toBeVisible();
    await expect(result.locator("img")).toHaveAttribute("src", oneOfOne.urlThumb);
    await expect(result).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(`/image/${oneOfOne.id}`);
    await expect(palette).toHaveCount(0);
  });

  test("offers a tag that exists", async ({ page }) => {
    await page.goto("/explore");
    // The shortcut listens once the page has rendered.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore");
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: "Search" });
    await palette.getByPlaceholder(MESSAGES.search.placeholder).fill(gallerySoloTag);

    await palette.getByRole("option", { name: `Search tags for '${gallerySoloTag}'` }).click();
    await expect(page).toHaveURL(`/gallery?tag=${gallerySoloTag}`);
  });
});

test.describe("a piece opened from a listing", () => {
  /** The window's scroll offset (written as source text: the e2e project has no DOM types). */
  const scrollY = (page: Page) => page.evaluate<number>("window.scrollY");

  test("on the tag page opens over it, and Escape returns to the same place, focus on the tile", async ({
    page,
  }) => {
    await page.goto("/explore");
    await page.goto(`/tag/${editionsTag}`);
    const grid = page.getByRole("region", { name: `Images tagged ${titleCased(editionsTag)}` });
    await expect(grid.getByRole("listitem")).toHaveCount(20);
    const piece = editions[10];
    if (!piece) throw new Error("no editions seeded");
    const link = grid.locator(`a[href="/image/${piece.id}"]`);
    await link.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(0);

    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/image/${piece.id}`);
    const detail = page.getByRole("dialog", { name: `${editionsTag} Print 10` });
    await expect(detail).toBeVisible();
    // The tag page is still there under the dialog, not the gallery.
    await expect(page.getByTestId("gallery-view")).toHaveCount(0);
    await expect(page.locator("h1", { hasText: titleCased(editionsTag) })).toHaveCount(1);

    await page.keyboard.press("Escape");
    await expect(detail).toHaveCount(0);
    await expect(page).toHaveURL(`/tag/${editionsTag}`);
    await expect(link).toBeFocused();
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(2);

    // Back leaves the tag page rather than opening the piece again.
    await page.goBack();
    await expect(page).toHaveURL("/explore");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a new page opens at its top, and Back is not sent to the top", async ({ page }) => {
    await page.goto(`/tag/${editionsTag}`);
    const grid = page.getByRole("region", { name: `Images tagged ${titleCased(editionsTag)}` });
    await expect(grid.getByRole("listitem")).toHaveCount(20);
    await grid.getByRole("listitem").nth(15).scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(300);

    await page.getByRole("banner").getByRole("link", { name: "Explorer" }).click();
    await expect(page).toHaveURL("/explore");
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(`/tag/${editionsTag}`);
    // Back is the browser's to restore: the page is not sent to its top.
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  });

  test("on /one-of-one closes back to the list with its Close button", async ({ page }) => {
    await page.goto("/one-of-one");
    const card = page.getByRole("link", { name: `${soloTitleWord} Original` });
    await card.click();
    await expect(page).toHaveURL(`/image/${oneOfOne.id}`);
    const detail = page.getByRole("dialog", { name: `${soloTitleWord} Original` });
    await detail.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL("/one-of-one");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(EDITION_LABELS.one_of_one);
    await expect(card).toBeFocused();
  });

  test("reloaded, shows the piece as its own link does, without throwing the page away", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/one-of-one");
    await page.getByRole("link", { name: `${soloTitleWord} Original` }).click();
    await expect(page).toHaveURL(`/image/${oneOfOne.id}`);
    await page.reload();
    await expect(page.getByRole("dialog", { name: `${soloTitleWord} Original` })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // React's hydration mismatch (#418) was thrown when the entry still named /one-of-one.
    expect(errors).toEqual([]);
  });

  test("on /open-editions keeps the pages loaded and the place scrolled to", async ({ page }) => {
    await page.goto("/open-editions");
    await page.getByRole("button", { name: "Load More" }).click();
    const oldest = page.getByRole("link", { name: `${editionsTag} Print 0`, exact: false });
    await expect(oldest).toBeVisible();
    const cards = page.getByTestId("editions-masonry").getByRole("link");
    const loaded = await cards.count();
    await oldest.scrollIntoViewIfNeeded();
    const before = await scrollY(page);

    // Opened from the keyboard: a pointer's click may scroll the page first to reach the card
    // (Playwright scrolls again when the masonry is still settling), which is not the page's doing.
    await oldest.focus();
    expect(await scrollY(page)).toBe(before);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/image/${editions[0]?.id}`);
    await expect(page.getByRole("dialog", { name: `${editionsTag} Print 0` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("/open-editions");
    await expect(cards).toHaveCount(loaded);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(2);
    await expect(oldest).toBeFocused();
  });
});

test("the palette's tag and style shortcuts show their image counts and leave out empty ones", async ({
  page,
  request,
}) => {
  const api = await adminApi();
  try {
    // Gallery pieces, which the shortcuts' galleries list.
    await seedImage(api, {
      title: `Heron ${uniqueWord("brwpal")}`,
      tags: ["wildlife"],
      style: "watercolor",
    });
  } finally {
    await api.dispose();
  }
  const tagCounts = new Map(
    ((await (await request.get("/api/v1/tags")).json()) as TagCount[]).map((t) => [t.tag, t.count]),
  );
  const styleCount = async (style: string) =>
    (
      (await (
        await request.get(
          `/api/v1/images?visibility=public&limit=1&editionType=sawdust_gallery&style=${encodeURIComponent(style)}`,
        )
      ).json()) as ImageListResponse
    ).stats.totalImages;
  const shortcuts: Array<{ group: string; label: string; count: number }> = [];
  for (const label of ["Nature", "Portrait", "Landscape", "Abstract", "Wildlife", "Architecture"])
    shortcuts.push({
      group: "Popular Tags",
      label,
      count: tagCounts.get(label.toLowerCase()) ?? 0,
    });
  for (const label of ["Digital Art", "Oil Painting", "Watercolor", "Photography"])
    shortcuts.push({ group: "Art Styles", label, count: await styleCount(label.toLowerCase()) });
  expect(shortcuts.find((s) => s.label === "Wildlife")?.count).toBeGreaterThan(0);
  expect(shortcuts.find((s) => s.label === "Watercolor")?.count).toBeGreaterThan(0);

  await page.goto("/explore");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore");
  await page.getByRole("button", { name: "Search" }).click();
  const palette = page.getByRole("dialog", { name: "Search" });
  // The counts arrive with the palette: the style counts are the last to come.
  const watercolor = palette.getByRole("group", { name: "Art Styles" }).getByRole("option", {
    name: /^Watercolor/,
  });
  await expect(watercolor).toContainText(/\d+ images?$/);

  for (const { group, label, count } of shortcuts) {
    const option = palette
      .getByRole("group", { name: group })
      .getByRole("option", { name: new RegExp(`^${label}`) });
    if (count === 0) await expect(option, label).toHaveCount(0);
    else
      await expect(option, label).toHaveAccessibleName(
        new RegExp(`^${label}\\s*, ${count} ${count === 1 ? "image" : "images"}$`),
      );
  }
  await expect(palette.getByRole("option", { name: "View all tags" })).toBeVisible();

  await watercolor.click();
  await expect(page).toHaveURL("/gallery?style=watercolor");
  await expect(page.getByTestId("image-tile").first()).toBeVisible();
});

test("explore has no serious accessibility violation", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/explore");
    await expect(
      page.getByRole("region", { name: "Browse by Tags" }).getByRole("link").first(),
    ).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
