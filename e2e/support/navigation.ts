import type { Page } from "@playwright/test";

/** Opens the avatar menu in the top navigation and returns the menu. */
export async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  return page.getByRole("menu");
}

export const ADMIN_MENU_ITEMS = [
  "Admin Dashboard",
  "Hero Configuration",
  "Image Management",
  "Subscribers",
  "API Keys",
] as const;
