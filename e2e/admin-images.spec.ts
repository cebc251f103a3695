import { ADMIN_IMAGES, IMAGE_TEXT, type Image, MESSAGES, paths } from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { buyEditionViaApi } from "./support/billing";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { checkAtBothWidths, lookAt } from "./support/look-at";
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "./support/test";

/*
 * /admin/images and /admin/images/{id}/edit (issue 15): filter the table, toggle visibility (the
 * image leaves a visitor's gallery at once), delete with the spec's dialog, batch-hide three
 * images, edit an image with the price rules, the not-found texts; axe and both widths.
 */

const m = MESSAGES.adminImages;

/** Matches a text holding `text` as it is. */
function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await adminApi();
});
test.afterAll(async () => {
  await api.dispose();
});

function row(page: Page, image: Image) {
  return page.locator(`[data-testid="admin-image-row"][data-image-id="${image.id}"]`);
}
function rows(page: Page) {
  return page.getByTestId("admin-image-row");
}
function tile(page: Page, image: Image) {
  return page.locator(`[data-testid="image-tile"][data-image-id="${image.id}"]`);
}

/** How much wider than the window the page is (0 when nothing scrolls sideways). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  ) as Promise<number>;
}

/** A visitor's own browser: no session, the gallery as anyone sees it. */
async function asVisitor<T>(page: Page, work: (visitor: Page) => Promise<T>): Promise<T> {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: test.info().project.use.baseURL });
  if (!context) throw new Error("no browser");
  const visitor = await context.newPage();
  try {
    return await work(visitor);
  } finally {
    await context.close();
  }
}

async function signedIn(page: Page, width = 1280) {
  await signInViaApi(page.request, ADMIN_ACCOUNT);
  await page.setViewportSize({ width, height: 900 });
}

test.describe("the image management table", () => {
  let word: string;
  let alpha: Image;
  let beta: Image;
  let gamma: Image;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    word = uniqueWord("admtable");
    [alpha, beta, gamma] = await Promise.all([
      seedImage(api, {
        title: `Alpha ${word}`,
        tags: [word, "one", "two", "three", "four"],
        style: "ink wash",
      }),
      seedImage(api, {
        title: `Beta ${word}`,
        tags: [word],
        editionType: "open_edition",
        price: 1500,
      }),
      seedImage(api, {
        title: `Gamma ${word}`,
        tags: [word],
        editionType: "one_of_one",
        isPublic: false,
      }),
    ]);
  });

  test("filters by search, visibility and edition, kept in the URL", async ({ page }) => {
    await signedIn(page);
    await page.goto(paths.admin.images.getHref());
    await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(m.title));

    await page.getByLabel(m.searchLabel).fill(word);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByTestId("admin-images-total")).toHaveText(m.total(3));

    // The spec's cells: the first three tags and '+N more', the style or 'None'.
    await expect(row(page, alpha)).toContainText(`Alpha ${word}`);
    await expect(row(page, alpha)).toContainText("+2 more");
    await expect(row(page, alpha)).toContainText("ink wash");
    await expect(row(page, beta)).toContainText(m.noStyle);

    await page.getByLabel("Visibility").selectOption({ label: m.filterPrivate });
    await expect(page).toHaveURL(/visibility=private/);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, gamma)).toBeVisible();

    await page.getByLabel("Visibility").selectOption({ label: m.filterPublic });
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel("Edition").selectOption("open_edition");
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, beta)).toBeVisible();

    // A reload keeps the filters.
    await page.reload();
    await expect(page.getByLabel("Edition")).toHaveValue("open_edition");
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("button", { name: m.clearFilters }).click();
    await expect(page).toHaveURL(/\/admin\/images$/);
  });

  test("tags of the longest length are cut to their column: every row's actions stay in view", async ({
    page,
  }) => {
    // Round 55: one image's 64-character tags pushed every row's Delete past the window's edge.
    const long = uniqueWord("admlong");
    const tags = ["a", "b", "c"].map((c) => `${c}${long}`.padEnd(ADMIN_IMAGES.tagMaxChars, c));
    const image = await seedImage(api, { title: `Long ${long}`, tags });
    await signedIn(page);
    await page.goto(`${paths.admin.images.getHref()}?q=${long}`);
    await expect(rows(page)).toHaveCount(1);
    const remove = row(page, image).getByRole("button", { name: `Delete Long ${long}` });
    const box = await remove.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    expect(await overflow(page)).toBe(0);
    // The whole tag is there on hover.
    await expect(row(page, image).getByTitle(tags[0] as string)).toBeVisible();
  });

  test("the visibility switch sends the opposite value; the image leaves a visitor's gallery at once", async ({
    page,
  }) => {
    await signedIn(page);
    const tag = uniqueWord("admvis");
    const image = await seedImage(api, { title: `Shown ${tag}`, tags: [tag] });
    const gallery = paths.gallery.getHref({ tag });
    await asVisitor(page, async (visitor) => {
      await visitor.goto(gallery);
      await expect(tile(visitor, image)).toBeVisible();
    });

    await page.goto(`${paths.admin.images.getHref()}?q=${tag}`);
    const toggle = row(page, image).getByRole("switch");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    const sent = page.waitForRequest((r) =>
      r.url().endsWith(`/api/v1/images/${image.id}/visibility`),
    );
    await toggle.click();
    expect((await sent).postDataJSON()).toEqual({ isPublic: false });
    await expect(toastText(page, MESSAGES.imageDetail.hidden)).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-checked", "false");

    await asVisitor(page, async (visitor) => {
      await visitor.goto(gallery);
      await expect(
        visitor.getByText(MESSAGES.images.empty.split(" – ")[0] as string),
      ).toBeVisible();
      await expect(tile(visitor, image)).toHaveCount(0);
    });

    await toggle.click();
    await expect(toastText(page, MESSAGES.imageDetail.madeVisible)).toBeVisible();
    await asVisitor(page, async (visitor) => {
      await visitor.goto(gallery);
      await expect(tile(visitor, image)).toBeVisible();
    });
  });

  test("the visibility switch keeps the keyboard's focus while its change is saved", async ({
    page,
  }) => {
    await signedIn(page);
    const tag = uniqueWord("admkeys");
    const image = await seedImage(api, { title: `Keys ${tag}`, tags: [tag] });
    await page.goto(`${paths.admin.images.getHref()}?q=${tag}`);
    const toggle = row(page, image).getByRole("switch");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.focus();
    // Slow answers: the switch is busy for a while, and must not drop the focus meanwhile.
    await page.route(`**/api/v1/images/${image.id}/visibility`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-disabled", "true");
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).not.toHaveAttribute("aria-disabled", "true");
    // The same key again, without reaching for the mouse: it is shown again.
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(toggle).toBeFocused();
  });

  test("deletes after the spec's dialog", async ({ page }) => {
    await signedIn(page);
    const tag = uniqueWord("admdel");
    const image = await seedImage(api, { title: `Doomed ${tag}`, tags: [tag] });
    await page.goto(`${paths.admin.images.getHref()}?q=${tag}`);
    await row(page, image)
      .getByRole("button", { name: `Delete Doomed ${tag}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: MESSAGES.images.adminDeleteConfirmTitle });
    await expect(dialog).toContainText(MESSAGES.images.adminDeleteConfirmText);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toastText(page, MESSAGES.images.deleted)).toBeVisible();
    await expect(row(page, image)).toHaveCount(0);
    expect((await api.get(`/api/v1/images/${image.id}`)).status()).toBe(404);
  });

  test("a row deleted from the keyboard hands the focus to the next row, the one before when it was the last, else the page", async ({
    page,
  }) => {
    await signedIn(page);
    const tag = uniqueWord("admdelfocus");
    const seeded = await Promise.all(
      ["Ash", "Birch", "Cedar"].map((name) =>
        seedImage(api, { title: `${name} ${tag}`, tags: [tag] }),
      ),
    );
    await page.goto(`${paths.admin.images.getHref()}?q=${tag}`);
    await expect(rows(page)).toHaveCount(3);
    const ids = await Promise.all(
      [0, 1, 2].map(async (i) => Number(await rows(page).nth(i).getAttribute("data-image-id"))),
    );
    const [top, middle, bottom] = ids.map((id) => seeded.find((image) => image.id === id));
    if (!top || !middle || !bottom) throw new Error("the table shows other images");
    const title = (image: Image) => image.aiAnalysis.title ?? "";

    async function deleteFromKeyboard(image: Image) {
      await row(page, image)
        .getByRole("button", { name: `Delete ${title(image)}` })
        .focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("alertdialog", {
        name: MESSAGES.images.adminDeleteConfirmTitle,
      });
      await dialog.getByRole("button", { name: "Delete", exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(row(page, image)).toHaveCount(0);
    }

    await deleteFromKeyboard(middle);
    await expect(
      row(page, bottom).getByRole("checkbox", { name: `Select ${title(bottom)}` }),
    ).toBeFocused();
    await deleteFromKeyboard(bottom);
    await expect(
      row(page, top).getByRole("checkbox", { name: `Select ${title(top)}` }),
    ).toBeFocused();
    await deleteFromKeyboard(top);
    await expect(page.getByText(m.empty)).toBeVisible();
    await expect(page.locator("main#main-content")).toBeFocused();
  });

  test("a piece with sold editions: both delete dialogs say how many, and that the sales and certificates are kept", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueWord("admsold");
    const [sold, unsold] = await Promise.all(
      ["Sold", "Unsold"].map((name) =>
        seedImage(api, {
          title: `${name} ${tag}`,
          tags: [tag],
          editionType: "open_edition",
          price: 1500,
        }),
      ),
    );
    if (!sold || !unsold) throw new Error("no images seeded");
    for (const _ of [1, 2]) {
      const collector = await playwrightRequest.newContext({
        baseURL: test.info().project.use.baseURL,
      });
      try {
        await registerViaApi(collector, newAccount("collector"));
        await buyEditionViaApi(collector, sold.id);
      } finally {
        await collector.dispose();
      }
    }
    const note = MESSAGES.adminImages.deleteKeepsSales(2);
    const announced = containing(note);
    const confirm = page.getByRole("alertdialog", {
      name: MESSAGES.images.adminDeleteConfirmTitle,
    });

    await signedIn(page);
    await page.goto(`${paths.admin.images.getHref()}?q=${tag}`);
    // Nothing sold: the spec's dialog as it was.
    await row(page, unsold)
      .getByRole("button", { name: `Delete Unsold ${tag}` })
      .click();
    await expect(confirm).toContainText(MESSAGES.images.adminDeleteConfirmText);
    await expect(confirm.getByTestId("sold-editions-note")).toHaveCount(0);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);

    // Two sold: how many, and what stays, announced with the question.
    await row(page, sold)
      .getByRole("button", { name: `Delete Sold ${tag}` })
      .click();
    await expect(confirm).toContainText(MESSAGES.images.adminDeleteConfirmText);
    await expect(confirm.getByTestId("sold-editions-note")).toHaveText(note);
    await expect(confirm).toHaveAccessibleDescription(announced);
    await checkAtBothWidths(page, "admin-images-delete-sold");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(row(page, sold)).toBeVisible();

    // The batch delete of both says what the selection sold, announced with the question too.
    for (const image of [sold, unsold]) await row(page, image).getByRole("checkbox").check();
    await page.getByRole("button", { name: m.batchOperations }).click();
    await page.getByRole("menuitem", { name: `${m.batch.delete}…` }).click();
    const batchConfirm = page.getByRole("alertdialog", { name: m.batch.deleteConfirmTitle(2) });
    const batchNote = m.batch.deleteKeepsSales(1, 2, false);
    await expect(batchConfirm.getByTestId("sold-editions-note")).toHaveText(batchNote);
    await expect(batchConfirm).toHaveAccessibleDescription(containing(batchNote));
    await checkAtBothWidths(page, "admin-images-batch-delete-sold");
    await batchConfirm.getByRole("button", { name: "Cancel" }).click();
    await expect(batchConfirm).toHaveCount(0);
    // The unsold piece alone: no note.
    await row(page, sold).getByRole("checkbox").uncheck();
    await page.getByRole("button", { name: m.batchOperations }).click();
    await page.getByRole("menuitem", { name: `${m.batch.delete}…` }).click();
    const oneConfirm = page.getByRole("alertdialog", { name: m.batch.deleteConfirmTitle(1) });
    await expect(oneConfirm).toBeVisible();
    await expect(oneConfirm.getByTestId("sold-editions-note")).toHaveCount(0);
    await oneConfirm.getByRole("button", { name: "Cancel" }).click();

    // The same in the image's own dialog, whose Delete goes through.
    await page.goto(`/image/${sold.id}`);
    const detail = page.getByRole("dialog", { name: `Sold ${tag}` });
    await detail.getByRole("button", { name: "Delete" }).click();
    await expect(confirm.getByTestId("sold-editions-note")).toHaveText(note);
    await expect(confirm).toHaveAccessibleDescription(announced);
    await checkAtBothWidths(page, "image-detail-delete-sold");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toastText(page, MESSAGES.images.deleted)).toBeVisible();
    expect((await api.get(`/api/v1/images/${sold.id}`)).status()).toBe(404);
    // As the dialog said: both sales are still there, under the piece's title.
    const sales = await api.get(`/api/v1/admin/sales?q=${encodeURIComponent(`Sold ${tag}`)}`);
    const found = ((await sales.json()) as { sales: Array<{ imageId: number; title: string }> })
      .sales;
    expect(found.filter((sale) => sale.imageId === sold.id)).toEqual([
      expect.objectContaining({ title: `Sold ${tag}` }),
      expect.objectContaining({ title: `Sold ${tag}` }),
    ]);
  });

  test("batch-hides three images in one request and says how it went", async ({ page }) => {
    await signedIn(page);
    const tag = uniqueWord("admbatch");
    const images = await Promise.all(
      [1, 2, 3, 4].map((n) => seedImage(api, { title: `Batch ${n} ${tag}`, tags: [tag] })),
    );
    const [first, second, third, fourth] = images as [Image, Image, Image, Image];
    await page.goto(`${paths.admin.images.getHref()}?q=${tag}`);
    await expect(rows(page)).toHaveCount(4);
    for (const image of [first, second, third]) {
      await row(page, image).getByRole("checkbox").check();
    }
    await expect(page.getByRole("status").filter({ hasText: m.selected(3) })).toBeVisible();

    const batches: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/v1/admin/images/batch")) batches.push(r.postData() ?? "");
    });
    await page.getByRole("button", { name: m.batchOperations }).click();
    await page.getByRole("menuitem", { name: m.batch.makePrivate }).click();
    await expect(toastText(page, m.batch.done(m.batch.makePrivate, 3, 3))).toBeVisible();
    expect(batches).toHaveLength(1);
    expect(JSON.parse(batches[0] as string)).toEqual({
      selection: { ids: [first.id, second.id, third.id] },
      operation: { type: "make_private" },
    });
    for (const image of [first, second, third]) {
      await expect(row(page, image).getByRole("switch")).toHaveAttribute("aria-checked", "false");
    }
    await expect(row(page, fourth).getByRole("switch")).toHaveAttribute("aria-checked", "true");
    await asVisitor(page, async (visitor) => {
      await visitor.goto(paths.gallery.getHref({ tag }));
      await expect(tile(visitor, fourth)).toBeVisible();
      await expect(visitor.getByTestId("image-tile")).toHaveCount(1);
    });

    // All matching, then tags added to every one of them (one more request).
    await row(page, first).getByRole("checkbox").check();
    await page.getByRole("button", { name: m.selectAllMatching(4) }).click();
    await expect(page.getByText(m.allMatchingSelected(4))).toBeVisible();
    await page.getByRole("button", { name: m.batchOperations }).click();
    await page.getByRole("menuitem", { name: `${m.batch.addTags}…` }).click();
    const dialog = page.getByRole("dialog", { name: m.batch.addTags });
    await dialog.getByLabel(m.batch.tagsLabel).fill("Night Sky, moon");
    await dialog.getByRole("button", { name: m.batch.apply }).click();
    await expect(toastText(page, m.batch.done(m.batch.addTags, 4, 4))).toBeVisible();
    // The dialog's item went with the menu: the focus is back on the menu's button (round 20).
    await expect(page.getByRole("button", { name: m.batchOperations })).toBeFocused();
    expect(JSON.parse(batches[1] as string)).toEqual({
      selection: { filter: { q: tag } },
      operation: { type: "add_tags", tags: ["Night Sky", "moon"] },
    });
    const stored = (await (await api.get(`/api/v1/images/${fourth.id}`)).json()) as Image;
    expect(stored.tags).toEqual([tag, "night-sky", "moon"]);
    await expect(row(page, fourth)).toContainText("night-sky");
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px: no serious axe finding, no sideways scroll`, async ({ page }) => {
      await signedIn(page, width);
      await page.goto(`${paths.admin.images.getHref()}?q=${word}`);
      await expect(rows(page)).toHaveCount(3);
      await row(page, alpha).getByRole("checkbox").check();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflow(page)).toBe(0);
      await lookAt(page, { path: `/tmp/images-table-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: m.batchOperations }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await lookAt(page, { path: `/tmp/images-batch-menu-${width}.png` });
    });
  }
});

test.describe("the image edit page", () => {
  test("edits words, tags, style and edition with the price rules, seen on the public detail", async ({
    page,
  }) => {
    await signedIn(page);
    const tag = uniqueWord("admedit");
    const image = await seedImage(api, { title: `Edit me ${tag}`, tags: [tag] });
    const edit = paths.admin.editImage.getHref(image.id);
    await page.goto(edit);
    await expect(page.getByRole("heading", { level: 1, name: m.editTitle })).toBeVisible();
    await expect(page.getByRole("img", { name: `Edit me ${tag}` })).toHaveAttribute(
      "src",
      image.urlMedium,
    );
    await expect(page.getByTestId("analysis-json")).toContainText('"title":');
    // Stored as a gallery piece: no price field, whatever edition is chosen now.
    await expect(page.getByLabel(m.priceLabel)).toHaveCount(0);
    await page.getByLabel("Edition Type").selectOption("one_of_one");
    await expect(page.getByLabel(m.priceLabel)).toHaveCount(0);

    await page.getByLabel("Title").fill(`Edited ${tag}`);
    await page.getByLabel("Tags").fill(` ${tag}, Sea Spray ,dusk `);
    await page.getByLabel("Style").fill("Gouache, minimal");
    await page.getByLabel("Description").fill("Salt wind over the pier.");
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(toastText(page, MESSAGES.imageDetail.detailsUpdated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/images$/);

    const saved = (await (await api.get(`/api/v1/images/${image.id}`)).json()) as Image;
    expect(saved).toMatchObject({
      tags: [tag, "sea-spray", "dusk"],
      style: "gouache, minimal",
      editionType: "one_of_one",
      aiAnalysis: { title: `Edited ${tag}`, description: "Salt wind over the pier." },
    });
    await asVisitor(page, async (visitor) => {
      await visitor.goto(paths.image.getHref(image.id));
      const detail = visitor.getByRole("dialog", { name: `Edited ${tag}` });
      await expect(detail).toContainText("Salt wind over the pier.");
      await expect(detail).toContainText("sea-spray");
    });

    // Stored as one_of_one now: the price shows; dollars become cents.
    await page.goto(edit);
    await page.getByLabel(m.priceLabel).fill("12.5");
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(page).toHaveURL(/\/admin\/images$/);
    expect(((await (await api.get(`/api/v1/images/${image.id}`)).json()) as Image).price).toBe(
      1250,
    );

    // A limited edition needs its size; the price is not kept for it.
    await page.goto(edit);
    await page.getByLabel("Edition Type").selectOption("limited_edition");
    // The field stays (it follows the stored type) but says it is not kept, and takes nothing.
    await expect(page.getByLabel(m.priceLabel)).toBeDisabled();
    await expect(page.getByText(m.priceNotKept.limited_edition)).toBeVisible();
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(page.getByRole("alert").filter({ hasText: m.maxEditionsRequired })).toBeVisible();
    await page.getByLabel(m.editionSize).fill("5");
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(page).toHaveURL(/\/admin\/images$/);
    expect((await (await api.get(`/api/v1/images/${image.id}`)).json()) as Image).toMatchObject({
      editionType: "limited_edition",
      maxEditions: 5,
      price: null,
    });
    // Stored as limited: no price field; Cancel goes back to the table.
    await page.goto(edit);
    await expect(page.getByLabel(m.editionSize)).toHaveValue("5");
    await expect(page.getByLabel(m.priceLabel)).toHaveCount(0);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/images$/);
  });

  test("a licence price it cannot read is marked and described alone, and takes the focus", async ({
    page,
  }) => {
    await signedIn(page);
    const image = await seedImage(api, {
      title: `Refused ${uniqueWord("admrefuse")}`,
      editionType: "open_edition",
      price: 2500,
    });
    await page.goto(paths.admin.editImage.getHref(image.id));
    const standard = page.getByRole("textbox", { name: "Standard ($)" });
    const commercial = page.getByRole("textbox", { name: "Commercial ($)" });
    await standard.fill("30");
    await commercial.fill("lots");
    await page.getByRole("button", { name: "Save licence prices" }).focus();
    await page.keyboard.press("Enter");
    await expect(commercial).toBeFocused();
    await expect(commercial).toHaveAttribute("aria-invalid", "true");
    await expect(commercial).toHaveAccessibleDescription(MESSAGES.editions.licencePriceInvalid);
    await expect(standard).not.toHaveAttribute("aria-invalid", "true");
    await expect(standard).toHaveAccessibleDescription("");
  });

  test("a title and a description too long are each described by their own message", async ({
    page,
  }) => {
    await signedIn(page);
    const image = await seedImage(api, { title: `Wordy ${uniqueWord("admwordy")}` });
    await page.goto(paths.admin.editImage.getHref(image.id));
    const title = page.getByLabel("Title");
    const description = page.getByLabel("Description");
    await title.fill("t".repeat(IMAGE_TEXT.titleMax + 1));
    await description.fill("d".repeat(IMAGE_TEXT.descriptionMax + 1));
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription(/^A title must be at most/);
    await expect(description).toHaveAttribute("aria-invalid", "true");
    await expect(description).toHaveAccessibleDescription(/^A description must be at most/);
  });

  test("a save after another admin's: nothing is saved, the page says so and reloads the image keeping what was typed", async ({
    page,
  }) => {
    await signedIn(page);
    const tag = uniqueWord("admstale");
    const image = await seedImage(api, { title: `Shared ${tag}`, tags: [tag] });
    await page.goto(paths.admin.editImage.getHref(image.id));
    const description = page.getByLabel("Description");
    await expect(description).toBeVisible();
    // Another admin (here the API) saves while this page is open.
    const other = await api.patch(`/api/v1/images/${image.id}`, {
      data: { aiAnalysis: { description: "written by A" } },
    });
    expect(other.status()).toBe(200);

    await description.fill("written by B");
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(page.getByRole("alert").filter({ hasText: m.changedElsewhere })).toBeVisible();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(toastText(page, MESSAGES.imageDetail.detailsUpdated)).toHaveCount(0);
    const kept = (await (await api.get(`/api/v1/images/${image.id}`)).json()) as Image;
    expect(kept.aiAnalysis.description).toBe("written by A");

    // Reloaded: what was typed stays; saving now goes through.
    await page.getByRole("button", { name: m.reloadImage }).click();
    await expect(page.getByRole("alert").filter({ hasText: m.changedElsewhere })).toHaveCount(0);
    await expect(description).toHaveValue("written by B");
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(toastText(page, MESSAGES.imageDetail.detailsUpdated)).toBeVisible();
    const saved = (await (await api.get(`/api/v1/images/${image.id}`)).json()) as Image;
    expect(saved.aiAnalysis.description).toBe("written by B");
  });

  test("a tag too long is described under Tags, and nothing is sent", async ({ page }) => {
    await signedIn(page);
    const image = await seedImage(api, { title: `Tagged ${uniqueWord("admtaglong")}` });
    await page.goto(paths.admin.editImage.getHref(image.id));
    const tags = page.getByLabel("Tags");
    await tags.fill(`ok, ${"x".repeat(70)}`);
    let sent = false;
    page.on("request", (request) => {
      if (request.method() === "PATCH") sent = true;
    });
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(tags).toHaveAttribute("aria-invalid", "true");
    await expect(tags).toHaveAccessibleDescription(
      `${m.tagsHint} ${m.tagTooLong(ADMIN_IMAGES.tagMaxChars)}`,
    );
    expect(sent).toBe(false);
  });

  test("re-runs the analysis from the page, as the batch does, and shows its outcome when done", async ({
    page,
  }) => {
    await signedIn(page);
    const title = `Again ${uniqueWord("admrerun")}`;
    const image = await seedImage(api, { title });
    await page.goto(paths.admin.editImage.getHref(image.id));
    const analysis = page.getByTestId("analysis-json");
    await expect(analysis).toContainText('"analyzedAt":');
    const analysedAt = async () =>
      (JSON.parse((await analysis.textContent()) ?? "{}") as { analyzedAt?: string }).analyzedAt;
    const before = await analysedAt();
    const sent: unknown[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/v1/admin/images/batch")
        sent.push(request.postDataJSON());
    });

    await page.getByRole("button", { name: m.reanalyse.run }).click();
    await expect(page.getByRole("status").filter({ hasText: m.reanalyse.queued })).toBeVisible();
    await expect(page.getByRole("button", { name: m.reanalyse.waiting })).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: m.reanalyse.done })).toBeVisible({
      timeout: 30_000,
    });
    // The batch's own operation, on this one image.
    expect(sent).toEqual([{ selection: { ids: [image.id] }, operation: { type: "reanalyse" } }]);
    // The page shows the new analysis; the admin's own words stand, and saving still works.
    await expect.poll(analysedAt).not.toBe(before);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByRole("button", { name: m.reanalyse.run })).toBeEnabled();
    await page.getByLabel("Description").fill("Saved after the re-run.");
    await page.getByRole("button", { name: m.saveChanges }).click();
    await expect(toastText(page, MESSAGES.imageDetail.detailsUpdated)).toBeVisible();
  });

  test("says 'Image not found' for an image that does not exist", async ({ page }) => {
    await signedIn(page);
    await page.goto(paths.admin.editImage.getHref(99_999_999));
    await expect(page.getByRole("heading", { name: MESSAGES.images.notFoundTitle })).toBeVisible();
    await expect(page.getByText(MESSAGES.images.notFoundText)).toBeVisible();
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px: no serious axe finding, no sideways scroll, the JSON scrolls in its box`, async ({
      page,
    }) => {
      await signedIn(page, width);
      const image = await seedImage(api, {
        title: `Wide ${uniqueWord("admwide")}`,
        description: "A description long enough to wrap on a phone, and then some more words.",
        editionType: "open_edition",
        price: 2500,
      });
      await page.goto(paths.admin.editImage.getHref(image.id));
      await expect(page.getByLabel(m.priceLabel)).toHaveValue("25.00");
      await expect(page.getByTestId("analysis-json")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflow(page)).toBe(0);
      await lookAt(page, { path: `/tmp/images-edit-${width}.png`, fullPage: true });
    });
  }
});
