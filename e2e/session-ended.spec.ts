import { MESSAGES } from "@sawdust/shared";
import { newAccount, registerViaApi } from "./support/accounts";
import { submitLogin } from "./support/auth-screen";
import { fillCollectionForm } from "./support/collections";
import { checkAtBothWidths } from "./support/look-at";
import { expect, type Page, test } from "./support/test";

const m = MESSAGES.auth;
const origin = (page: Page) => new URL(page.url()).origin;

test.describe("a session that ends under a page", () => {
  test("the member signs in again in place and keeps what they typed", async ({ page }) => {
    const account = await registerViaApi(page.request);
    await page.goto("/collections/new");
    await fillCollectionForm(page, { name: "Typed before", description: "Every word of it" });
    // The session ends elsewhere (an admin, another device, its age): the page does not know yet.
    await page.request.post("/api/v1/auth/logout", { headers: { origin: origin(page) } });

    await page.getByRole("button", { name: "Create Collection" }).click();
    const dialog = page.getByRole("dialog", { name: m.sessionEndedTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(m.sessionEndedBody(account.username))).toBeVisible();
    await expect(dialog.getByLabel("Username")).toHaveValue(account.username);
    await expect(dialog.getByLabel("Password")).toBeFocused();
    // Still the form, still what was typed, at the same address.
    await expect(page).toHaveURL("/collections/new");
    await expect(page.locator("input[name=name]")).toHaveValue("Typed before");
    await checkAtBothWidths(page, "session-ended");

    await dialog.getByLabel("Password").fill(account.password);
    await dialog.getByRole("button", { name: "Login", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Typed before");
    await expect(page.getByRole("textbox", { name: /Description/ })).toHaveValue(
      "Every word of it",
    );
    await page.getByRole("button", { name: "Create Collection" }).click();
    await expect(page).toHaveURL(/\/collections\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Typed before" })).toBeVisible();
  });

  test("what the page could not load meanwhile loads once they are back; a wrong password in the dialog keeps it as typed", async ({
    page,
  }) => {
    const account = await registerViaApi(page.request);
    await page.goto("/dashboard");
    await expect(page.getByTestId("dashboard-page")).toContainText(account.username);
    await page.request.post("/api/v1/auth/logout", { headers: { origin: origin(page) } });
    // In-app to the collections: their list is refused, and the dialog asks to sign in again.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Collections" }).click();
    const dialog = page.getByRole("dialog", { name: m.sessionEndedTitle });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Password").fill("not the password");
    await dialog.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText(m.invalidCredentials).first()).toBeVisible();
    // The same dialog, as it was: not rebuilt by its own refused sign-in.
    await expect(dialog.getByLabel("Password")).toHaveValue("not the password");

    await dialog.getByLabel("Password").fill(account.password);
    await dialog.getByRole("button", { name: "Login", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
    await expect(page.getByText("Error Loading Collections")).toHaveCount(0);
  });

  test("a page that polls keeps one dialog: what is typed into it stays", async ({ page }) => {
    const account = await registerViaApi(page.request);
    // Back from a checkout, the plan page asks every second whether the payment has landed.
    await page.goto("/subscriptions?checkout=success");
    // Signed in as far as the page knows before the session ends: signed out earlier, the page
    // would find a visitor and send them to sign in, with no dialog (seen once under load).
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await page.request.post("/api/v1/auth/logout", { headers: { origin: origin(page) } });
    const dialog = page.getByRole("dialog", { name: m.sessionEndedTitle });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByLabel("Password").fill(account.password);
    // Several polls later, still the same dialog with the same password in it.
    await page.waitForTimeout(3_000);
    await expect(dialog.getByLabel("Password")).toHaveValue(account.password);
  });

  test("leaving makes them a visitor on the gallery", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto("/collections/new");
    await page.request.post("/api/v1/auth/logout", { headers: { origin: origin(page) } });
    await fillCollectionForm(page, { name: "Abandoned" });
    await page.getByRole("button", { name: "Create Collection" }).click();
    const dialog = page.getByRole("dialog", { name: m.sessionEndedTitle });
    await dialog.getByRole("button", { name: m.sessionEndedLeave }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: /sign in/i }).first()).toBeVisible();
  });
});

test.describe("two tabs of one browser", () => {
  test("signing out in one tab asks the other to sign in again; signing in as someone else turns it to them", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const first = await context.newPage();
    const ana = await registerViaApi(first.request, newAccount("ana"));
    const ben = await registerViaApi((await browser.newContext()).request, newAccount("ben"));
    await first.goto("/dashboard");
    const dashboard = first.getByTestId("dashboard-page");
    await expect(dashboard).toContainText(ana.username);

    // Signing out in the second tab: the first keeps its page and asks to sign in again.
    const second = await context.newPage();
    await second.goto("/dashboard");
    await second.getByRole("button", { name: "Account menu" }).click();
    await second.getByRole("menuitem", { name: "Sign out" }).click();
    const ended = first.getByRole("dialog", { name: m.sessionEndedTitle });
    await expect(ended).toBeVisible();
    await expect(dashboard).toContainText(ana.username);

    // The second tab signs in as another member: one cookie for both tabs, so the first tab's
    // calls are now that member's. It shows them, not a page made for someone else.
    await second.goto("/auth");
    await submitLogin(second, ben);
    await expect(second).toHaveURL("/dashboard");
    await expect(ended).toBeHidden();
    await expect(dashboard).toContainText(ben.username);
    await expect(dashboard).not.toContainText(ana.username);
    await context.close();
  });
});
