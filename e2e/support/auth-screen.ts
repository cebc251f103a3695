import type { Page } from "@playwright/test";
import type { TestAccount } from "./accounts";

/** Fills in and submits the Login tab of /auth (the page must already be there). */
export async function submitLogin(
  page: Page,
  account: Pick<TestAccount, "username" | "password">,
): Promise<void> {
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Switches to the Create account tab of /auth and submits it. */
export async function submitRegistration(page: Page, account: TestAccount): Promise<void> {
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
}

/** The toast region (Radix renders toasts as a list inside a labelled region). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /notifications/i });
}
