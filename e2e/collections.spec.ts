import { FREE_TIER, type Image, MESSAGES } from "@sawdust/shared";
import { registerViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import {
  addImageViaApi,
  collectionCard,
  createCollectionViaApi,
  fillCollectionForm,
  inCollectionsCount,
  openCollectionFromList,
  openPicker,
  toastText,
} from "./support/collections";
import { type APIRequestContext, expect, test } from "./support/test";

const m = MESSAGES.collections;

let admin: APIRequestContext;
let harbour: Image;
let harbourTitle: string;
let meadow: Image;
let meadowTitle: string;

test.beforeAll(async () => {
  admin = await adminApi();
  const word = uniqueWord("coll");
  harbourTitle = `Harbour Lights ${word}`;
  meadowTitle = `Meadow at Noon ${word}`;
  harbour = await seedImage(admin, { title: harbourTitle, color: "#1e3a8a" });
  meadow = await seedImage(admin, {
    title: meadowTitle,
    color: "#3f6212",
    width: 1000,
    height: 800,
  });
});

test.afterAll(async () => {
  await admin.dispose();
});

test.describe("collections", () => {
  test("a member creates a collection from the picker, fills it, empties it, renames and deletes it", async ({
    page,
  }) => {
    test.slow(); // A long journey through four screens.
    await registerViaApi(page.request);

    // The picker of an image, with no collections yet, links to the create form.
    await page.goto(`/image/${harbour.id}`);
    await expect(inCollectionsCount(page)).toHaveText("0");
    const empty = await openPicker(page);
    await expect(empty.getByText(m.pickerEmpty)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await empty.getByRole("menuitem", { name: "New collection" }).click();
    await expect(page).toHaveURL("/collections/new");

    await fillCollectionForm(page, { name: "  Quiet harbours  ", description: " Boats at rest. " });
    await page.getByRole("button", { name: "Create Collection" }).click();
    await expect(toastText(page, m.created)).toBeVisible();
    await expect(page).toHaveURL(/\/collections\/\d+$/);
    const collectionPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name: "Quiet harbours" })).toBeVisible();
    // The new page is announced: the focus is on its main region, not dropped to <body>.
    await expect(page.locator("main#main-content")).toBeFocused();
    await expect(page.getByText("Boats at rest.", { exact: true })).toBeVisible();
    await expect(page.getByText(m.empty)).toBeVisible();

    // Back at the image, the picker lists it; choosing it adds the image.
    await page.goto(`/image/${harbour.id}`);
    const menu = await openPicker(page);
    expect(await seriousViolations(page)).toEqual([]);
    // The keyboard alone: the first collection is one arrow press away.
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: /Quiet harbours/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastText(page, m.imageAdded)).toBeVisible();
    await expect(inCollectionsCount(page)).toHaveText("1");

    // The list shows the card; the card opens the collection with the image in it.
    await page.goto("/collections");
    const card = collectionCard(page, "Quiet harbours");
    await expect(card).toContainText("1 image");
    // Only its owner sees a collection, and the card says so (round 25).
    await expect(card).toContainText("Only you");
    await expect(card).not.toContainText("Public");
    await expect(card.locator("img")).toHaveAttribute("src", harbour.urlSmall);
    await openCollectionFromList(page, "Quiet harbours");
    await expect(page).toHaveURL(collectionPath);
    const tile = page.getByRole("button", { name: harbourTitle, exact: true });
    await expect(tile.getByRole("img")).toHaveAttribute("src", harbour.urlMedium);

    // The viewer: the large image, its title, and the way to the artwork's own page.
    await tile.click();
    const viewer = page.getByRole("dialog", { name: harbourTitle });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("img", { name: harbourTitle })).toHaveAttribute(
      "srcset",
      new RegExp(harbour.urlLarge),
    );
    await expect(viewer.getByRole("link", { name: "View artwork details" })).toHaveAttribute(
      "href",
      `/image/${harbour.id}`,
    );
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);

    // Remove, after the spec's confirmation.
    await tile.hover();
    await page.getByRole("button", { name: `Remove ${harbourTitle} from the collection` }).click();
    const confirm = page.getByRole("alertdialog", { name: m.removeTitle });
    await expect(confirm.getByText(m.removeText)).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeVisible();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(toastText(page, m.imageRemoved)).toBeVisible();
    await expect(page.getByText(m.empty)).toBeVisible();

    // Rename from the list's edit dialog.
    await page.getByRole("link", { name: "All collections" }).click();
    await expect(page).toHaveURL("/collections");
    await collectionCard(page, "Quiet harbours")
      .getByRole("button", { name: "Edit Quiet harbours" })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit collection" });
    await expect(edit.getByRole("textbox", { name: "Name" })).toHaveValue("Quiet harbours");
    await fillCollectionForm(edit, { name: " Night harbours ", description: "" });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(toastText(page, m.updated)).toBeVisible();
    await expect(edit).toHaveCount(0);
    const renamed = collectionCard(page, "Night harbours");
    // Focus is back where the dialog was opened from, not on the page's body.
    await expect(renamed.getByRole("button", { name: "Edit Night harbours" })).toBeFocused();
    await expect(renamed).toContainText("0 images");
    await expect(renamed).not.toContainText("Boats at rest.");

    // And delete it.
    await renamed.getByRole("button", { name: "Delete Night harbours" }).click();
    const ask = page.getByRole("alertdialog", { name: "Delete collection?" });
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect(toastText(page, m.deleted)).toBeVisible();
    await expect(page.getByRole("heading", { name: "No collections yet" })).toBeVisible();
    // The button that opened the question went with the card: focus lands on the page's heading,
    // so the next Tab continues from the page, not from the top of the document.
    await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeFocused();
    await page.goto(collectionPath);
    await expect(page.getByRole("heading", { name: m.notFoundTitle })).toBeVisible();
  });

  test("a blank name is refused on create and on edit, each with its message", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto("/collections/new");
    await fillCollectionForm(page, { name: "   " });
    await page.getByRole("button", { name: "Create Collection" }).click();
    const name = page.getByRole("textbox", { name: "Name" });
    await expect(page.getByText(MESSAGES.validation.collectionNameRequired)).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    await expect(page).toHaveURL("/collections/new");

    // Cancel returns to the list.
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/collections");

    await createCollectionViaApi(page.request, "Keepers");
    await page.reload();
    await collectionCard(page, "Keepers").getByRole("button", { name: "Edit Keepers" }).click();
    const edit = page.getByRole("dialog", { name: "Edit collection" });
    await fillCollectionForm(edit, { name: "  " });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByText(MESSAGES.validation.collectionNameEmpty)).toBeVisible();
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(collectionCard(page, "Keepers")).toBeVisible();
  });

  test("a free member's sixth collection is refused with the server's reason", async ({ page }) => {
    await registerViaApi(page.request);
    for (let i = 1; i <= FREE_TIER.collections; i++) {
      await createCollectionViaApi(page.request, `Set ${i}`);
    }
    await page.goto("/collections");
    await expect(
      page.getByText(`${FREE_TIER.collections} of ${FREE_TIER.collections} collections`),
    ).toBeVisible();

    await page.getByRole("link", { name: "New Collection" }).click();
    await fillCollectionForm(page, { name: "One too many" });
    await page.getByRole("button", { name: "Create Collection" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: m.limitReached(FREE_TIER.collections) }),
    ).toBeVisible();
    await expect(page).toHaveURL("/collections/new");
    // Said once, beside the form: no toast repeats it (the toasts load with the first one).
    await page.waitForTimeout(1000);
    await expect(page.getByText(m.limitReached(FREE_TIER.collections))).toHaveCount(1);
  });

  test("another member's collection, or a malformed id, is not found", async ({
    page,
    request,
  }) => {
    await registerViaApi(request);
    const theirs = await createCollectionViaApi(request, "Private matters");

    await registerViaApi(page.request);
    await page.goto(`/collections/${theirs.id}`);
    await expect(page.getByRole("heading", { name: m.notFoundTitle })).toBeVisible();
    await expect(page.getByText(m.notFoundText)).toBeVisible();
    await expect(page.getByText("Private matters")).toHaveCount(0);

    await page.goto("/collections/not-a-number");
    await expect(page.getByRole("heading", { name: m.notFoundTitle })).toBeVisible();
    await page.getByRole("link", { name: "Back to collections" }).click();
    await expect(page).toHaveURL("/collections");
  });

  test("changes to a collection that has gone meanwhile fail with the spec's messages", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const gone = await createCollectionViaApi(page.request, "Soon gone");
    const alsoGone = await createCollectionViaApi(page.request, "Also gone");
    const third = await createCollectionViaApi(page.request, "Third gone");
    const holder = await createCollectionViaApi(page.request, "Holder");
    await addImageViaApi(page.request, holder.id, meadow.id);

    // The picker is opened while the collection still exists, then it is deleted elsewhere.
    await page.goto(`/image/${harbour.id}`);
    const menu = await openPicker(page);
    await expect(menu.getByRole("menuitem", { name: /Soon gone/ })).toBeVisible();
    await page.request.delete(`/api/v1/collections/${gone.id}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    await menu.getByRole("menuitem", { name: /Soon gone/ }).click();
    await expect(toastText(page, m.addFailed)).toBeVisible();

    // The list on screen is stale: editing and deleting what is no longer there say so.
    await page.goto("/collections");
    await expect(collectionCard(page, "Also gone")).toBeVisible();
    await page.request.delete(`/api/v1/collections/${alsoGone.id}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    await page.getByRole("button", { name: "Edit Also gone" }).click();
    await page
      .getByRole("dialog", { name: "Edit collection" })
      .getByRole("button", { name: "Save changes" })
      .click();
    await expect(toastText(page, m.updateFailed)).toBeVisible();
    // The dialog stays open after a failure (spec section 4); the list behind it was refetched.
    await page
      .getByRole("dialog", { name: "Edit collection" })
      .getByRole("button", { name: "Cancel" })
      .click();
    await expect(collectionCard(page, "Also gone")).toHaveCount(0);

    await page.request.delete(`/api/v1/collections/${third.id}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    await page.getByRole("button", { name: "Delete Third gone" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toastText(page, m.deleteFailed)).toBeVisible();
    await expect(collectionCard(page, "Third gone")).toHaveCount(0);

    // Removing an image the server no longer has in the collection (its collection went).
    await page.goto(`/collections/${holder.id}`);
    await expect(page.getByRole("button", { name: meadowTitle, exact: true })).toBeVisible();
    await page.request.delete(`/api/v1/collections/${holder.id}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    await page.getByRole("button", { name: `Remove ${meadowTitle} from the collection` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(toastText(page, m.removeImageFailed)).toBeVisible();
    await expect(page.getByRole("heading", { name: m.notFoundTitle })).toBeVisible();
  });

  test("the picker marks the collections that hold the image, and adding again says so", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const holder = await createCollectionViaApi(page.request, "Harbours");
    await createCollectionViaApi(page.request, "Fields");
    await addImageViaApi(page.request, holder.id, harbour.id);
    // Added later, so the harbour is not the cover: the mark comes from the collection's images.
    await addImageViaApi(page.request, holder.id, meadow.id);

    await page.goto(`/image/${harbour.id}`);
    const menu = await openPicker(page);
    const holding = menu.getByRole("menuitem", { name: /Harbours/ });
    await expect(holding).toHaveAccessibleName(new RegExp(`^Harbours\\s*, ${m.holdsImage}`));
    await expect(holding).toHaveAttribute("data-holds-image", "true");
    const other = menu.getByRole("menuitem", { name: /Fields/ });
    await expect(other).not.toHaveAttribute("data-holds-image", "true");
    expect(await seriousViolations(page)).toEqual([]);

    await holding.click();
    await expect(toastText(page, m.imageAlreadyAdded)).toBeVisible();
    await expect(inCollectionsCount(page)).toHaveText("1");

    const again = await openPicker(page);
    await again.getByRole("menuitem", { name: /Fields/ }).click();
    await expect(toastText(page, m.imageAdded)).toBeVisible();
    await expect(inCollectionsCount(page)).toHaveText("2");
    const marked = await openPicker(page);
    await expect(marked.getByRole("menuitem", { name: /Fields/ })).toHaveAttribute(
      "data-holds-image",
      "true",
    );
  });

  test("a picker opened from the keyboard while its collections load does not hold New collection (round 25)", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    await createCollectionViaApi(page.request, "Harbours");
    await page.goto(`/image/${harbour.id}`);
    // The collections come a moment after the menu opens.
    await page.route("**/api/v1/collections", async (route) => {
      await new Promise((done) => setTimeout(done, 800));
      await route.continue();
    });
    const trigger = page.getByRole("dialog").getByRole("button", { name: "Add to collection" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByText("Loading collections...")).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "New collection" })).toHaveCount(0);
    const harbours = menu.getByRole("menuitem", { name: /Harbours/ });
    await expect(harbours).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "New collection" })).not.toBeFocused();
    // The first collection takes the focus as it comes in (round 65), as a menu's first item does.
    await expect(harbours).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastText(page, m.imageAdded)).toBeVisible();
  });

  test("the viewer's details open over the collection, and closing returns to its tile", async ({
    page,
  }) => {
    // What the page did, for the failure's message below.
    const trace: string[] = [];
    page.on("console", (message) => trace.push(`console ${message.type()}: ${message.text()}`));
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) trace.push(`at ${frame.url()}`);
    });
    await registerViaApi(page.request);
    const collection = await createCollectionViaApi(page.request, "Both");
    await addImageViaApi(page.request, collection.id, harbour.id);
    await addImageViaApi(page.request, collection.id, meadow.id);
    await page.goto(`/collections/${collection.id}`);

    const tile = page.getByRole("button", { name: harbourTitle, exact: true });
    await tile.click();
    const viewer = page.getByRole("dialog", { name: harbourTitle });
    await expect(viewer).toBeVisible();
    // The browser's Back closes the viewer and stays on the collection.
    await page.goBack();
    await expect(viewer).toHaveCount(0);
    await expect(page).toHaveURL(`/collections/${collection.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Both" })).toBeVisible();

    await tile.click();
    await viewer.getByRole("link", { name: "View artwork details" }).click();
    await expect(page).toHaveURL(`/image/${harbour.id}`);
    const detail = page.getByRole("dialog", { name: harbourTitle });
    await expect(detail.getByRole("heading", { name: harbourTitle })).toBeVisible();
    // The collection stays under the details (the viewer has closed).
    await expect(page.getByTestId("gallery-view")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(1);
    // Escape is the dialog's once it holds the focus (it failed once in CI, pressed before then).
    await expect
      .poll(() =>
        detail.evaluate((dialog) =>
          dialog.contains(
            (globalThis as unknown as { document: { activeElement: unknown } }).document
              .activeElement as never,
          ),
        ),
      )
      .toBe(true);

    const historyBefore = await page.evaluate("JSON.stringify([history.length, history.state])");
    await page.keyboard.press("Escape");
    // It stayed open twice in CI and never here: if it does again, the failure says what the page
    // held (every dialog, hidden ones too, the focus, toasts and menus).
    await expect(page)
      .toHaveURL(`/collections/${collection.id}`)
      .catch(async (error: Error) => {
        const held = await page.evaluate(`(() => ({
          dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) => ({
            label: d.getAttribute("aria-labelledby") && document.getElementById(d.getAttribute("aria-labelledby"))?.textContent,
            hidden: !!d.closest('[aria-hidden="true"]'),
            state: d.getAttribute("data-state"),
          })),
          focus: document.activeElement?.outerHTML.slice(0, 160),
          toasts: document.querySelectorAll('[data-toast-viewport] li').length,
          menus: document.querySelectorAll('[role="menu"]').length,
          zoomed: document.querySelector('[data-zoomed="true"]') !== null,
          history: JSON.stringify([history.length, history.state]),
        }))()`);
        throw new Error(
          `${error.message}\nThe page held: ${JSON.stringify(held)}\nHistory before Escape: ${historyBefore}\nThe page did: ${trace.join("\n")}`,
        );
      });
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Both" })).toBeVisible();
    await expect(tile).toBeFocused();
  });

  // Closing the details steps back in history; when that step does not reach the collection
  // (CI saw the details stay open five times), they close to it all the same.
  for (const { title, name, history } of [
    {
      title: "details whose step back in history comes to nothing still close to the collection",
      name: "Stuck",
      // The browser drops the step back.
      history: "history.go = history.back = () => undefined",
    },
    {
      title:
        "details whose step back lands on another entry of the same image still close to the collection",
      name: "Twice",
      // The entry before this one is the same address under another key (round 62's reading of
      // the CI failures): stepping back lands there, and the detail would stay open.
      history: `(() => {
        const shown = history.state;
        history.replaceState({ ...shown, key: "an-earlier-entry" }, "", location.href);
        history.pushState(shown, "", location.href);
      })()`,
    },
    {
      title:
        "details whose step back lands on the same image without the page under it still close to the collection",
      name: "Bare",
      // As above, but the earlier entry holds no page under the details: it shows them in
      // another dialog, over the gallery, and the one that closed can no longer tell.
      history: `(() => {
        const shown = history.state;
        history.replaceState({ usr: null, key: "a-bare-entry", idx: shown.idx }, "", location.href);
        history.pushState(shown, "", location.href);
      })()`,
    },
  ]) {
    test(title, async ({ page }) => {
      await registerViaApi(page.request);
      const collection = await createCollectionViaApi(page.request, name);
      await addImageViaApi(page.request, collection.id, harbour.id);
      await page.goto(`/collections/${collection.id}`);
      const tile = page.getByRole("button", { name: harbourTitle, exact: true });
      await tile.click();
      await page.getByRole("link", { name: "View artwork details" }).click();
      const detail = page.getByRole("dialog", { name: harbourTitle });
      await expect(detail.getByRole("heading", { name: harbourTitle })).toBeVisible();
      await page.evaluate(history);
      await detail.getByRole("button", { name: "Close" }).click();
      await expect(page).toHaveURL(`/collections/${collection.id}`);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(tile).toBeFocused();
    });
  }

  test("a visitor's picker asks them to sign in and invites them to sign up", async ({ page }) => {
    await page.goto(`/image/${harbour.id}`);
    const detail = page.getByRole("dialog", { name: harbourTitle });
    await expect(detail.getByText(m.pickerSignedOut)).toBeVisible();
    await detail.getByRole("button", { name: "Add to collection" }).click();
    await expect(page.getByRole("dialog", { name: "Create a free account" })).toBeVisible();

    // The collections pages are members' only: a visitor gets the gallery in their place.
    await page.goto("/collections");
    await expect(page.getByRole("heading", { name: "Collections", level: 1 })).toHaveCount(0);
  });

  test("the remove button shows on hover and keyboard focus, and always on a phone", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const collection = await createCollectionViaApi(page.request, "Greens");
    await addImageViaApi(page.request, collection.id, meadow.id);
    await page.goto(`/collections/${collection.id}`);

    const tile = page.getByRole("button", { name: meadowTitle, exact: true });
    const remove = page.getByRole("button", { name: `Remove ${meadowTitle} from the collection` });
    await expect(tile).toBeVisible();
    await expect(remove).toHaveCSS("opacity", "0");

    await tile.hover();
    await expect(remove).toHaveCSS("opacity", "1");
    await page.mouse.move(0, 0);
    await expect(remove).toHaveCSS("opacity", "0");

    // The tile is one Tab stop; the right arrow reaches its remove button.
    await tile.focus();
    await page.keyboard.press("ArrowRight");
    await expect(remove).toBeFocused();
    await expect(remove).toHaveCSS("opacity", "1");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog", { name: m.removeTitle })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.mouse.move(0, 0);
    await expect(remove).toHaveCSS("opacity", "1");
  });

  test("removing from the keyboard leaves the focus on the image that took its place", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const collection = await createCollectionViaApi(page.request, "Two to go");
    await addImageViaApi(page.request, collection.id, harbour.id);
    await addImageViaApi(page.request, collection.id, meadow.id);
    await page.goto(`/collections/${collection.id}`);
    const openers = page.locator("[data-opens-image]");
    await expect(openers).toHaveCount(2);
    const second = await openers.nth(1).getAttribute("data-opens-image");

    const removeFirst = async () => {
      await openers.first().focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("alertdialog", { name: m.removeTitle });
      await confirm.getByRole("button", { name: "Remove" }).focus();
      await page.keyboard.press("Enter");
      await expect(confirm).toHaveCount(0);
    };
    await removeFirst();
    await expect(openers).toHaveCount(1);
    await expect(page.locator(`[data-opens-image="${second}"]`)).toBeFocused();
    // The last one gone: the empty page's way on.
    await removeFirst();
    await expect(page.getByText(m.empty)).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse the gallery" })).toBeFocused();
  });

  test("no serious accessibility problem on the list, a collection with images, an empty one and the viewer", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const full = await createCollectionViaApi(page.request, "Full", "Two pieces.");
    await createCollectionViaApi(page.request, "Empty");
    await addImageViaApi(page.request, full.id, harbour.id);
    await addImageViaApi(page.request, full.id, meadow.id);

    await page.goto("/collections");
    await expect(collectionCard(page, "Full")).toContainText("2 images");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/collections/${full.id}`);
    await expect(page.getByRole("button", { name: meadowTitle, exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The viewer steps through the collection with the arrow keys (most recently added first).
    await page.getByRole("button", { name: meadowTitle, exact: true }).click();
    await expect(page.getByRole("dialog", { name: meadowTitle })).toContainText("1 of 2");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: harbourTitle })).toContainText("2 of 2");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto("/collections");
    await openCollectionFromList(page, "Empty");
    await expect(page.getByText(m.empty)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
