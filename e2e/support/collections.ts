import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { Collection } from "@sawdust/shared";

/** The site's own origin, which the server's CSRF check expects on unsafe requests. */
function siteOrigin(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
  return new URL(baseURL).origin;
}

/** Creates a collection as whoever `request` is signed in as (`page.request` shares the page's session). */
export async function createCollectionViaApi(
  request: APIRequestContext,
  name: string,
  description: string | null = null,
): Promise<Collection> {
  const response = await request.post("/api/v1/collections", {
    data: { name, description, isPublic: true },
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Collection;
}

export async function addImageViaApi(
  request: APIRequestContext,
  collectionId: number,
  imageId: number,
): Promise<void> {
  const response = await request.post(`/api/v1/collections/${collectionId}/images`, {
    data: { imageId },
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/**
 * A toast, by its exact text. While a dialog is open the toast region behind it is aria-hidden (a
 * screen reader hears it through Radix's announcer, whose longer copy this does not match).
 */
export function toastText(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

/** The card of one collection on /collections. */
export function collectionCard(page: Page, name: string) {
  return page.getByRole("article", { name });
}

/** Opens the image detail's add-to-collection picker and returns its menu. */
export async function openPicker(page: Page) {
  await page.getByRole("dialog").getByRole("button", { name: "Add to collection" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

/** Fills in the name and description of the create form or the edit dialog (scoped by `within`). */
export async function fillCollectionForm(
  within: Page | ReturnType<Page["getByRole"]>,
  values: { name: string; description?: string },
): Promise<void> {
  await within.getByRole("textbox", { name: "Name" }).fill(values.name);
  if (values.description !== undefined) {
    await within.getByRole("textbox", { name: /Description/ }).fill(values.description);
  }
}

/** The "In collections" figure of the open image detail. */
export function inCollectionsCount(page: Page) {
  return page
    .getByRole("dialog")
    .locator("dl > div")
    .filter({ hasText: "In collections" })
    .locator("dd");
}

/** Follows a card's link from /collections to its collection. */
export async function openCollectionFromList(page: Page, name: string): Promise<void> {
  await collectionCard(page, name).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}
