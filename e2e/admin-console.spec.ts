import { paths } from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { expect, type Page, test } from "./support/test";

/**
 * The admin console as a whole (issue 15, acceptance 6): every admin page opens from the avatar
 * menu, has its heading and title, fits a 390 px phone without sideways scrolling, and axe finds
 * nothing serious or critical on it at 1280 and 390 px. Each page's own journeys are in its spec.
 */

const ADMIN_PAGES: Array<{ href: string; heading: string }> = [
  { href: paths.admin.dashboard.getHref(), heading: "Admin Dashboard" },
  { href: paths.admin.images.getHref(), heading: "Image Management" },
  { href: paths.admin.moderation.getHref(), heading: "Moderation" },
  { href: paths.admin.hero.getHref(), heading: "Hero Configuration" },
  { href: paths.admin.users.getHref(), heading: "Users" },
  { href: paths.admin.subscribers.getHref(), heading: "Subscribers" },
  { href: paths.admin.subscriptions.getHref(), heading: "Subscriptions" },
  { href: paths.admin.sales.getHref(), heading: "Sales" },
  { href: paths.admin.analytics.getHref(), heading: "Analytics" },
  { href: paths.admin.apiKeys.getHref(), heading: "API Keys" },
  { href: paths.admin.settings.getHref(), heading: "Settings" },
  { href: paths.admin.audit.getHref(), heading: "Audit Log" },
  { href: paths.admin.mailOutbox.getHref(), heading: "Mail Outbox" },
];

/** How much wider than the window the page is (0 when nothing scrolls sideways). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  ) as Promise<number>;
}

test.describe("the admin console", () => {
  test("the avatar menu links every admin page", async ({ page }) => {
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.dashboard.getHref());
    await page.getByRole("button", { name: /account menu/i }).click();
    const menu = page.getByRole("menu");
    for (const { href } of ADMIN_PAGES) {
      await expect(menu.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    // The menu fits the window: its last entry can be reached.
    const last = menu.locator(`a[href="${ADMIN_PAGES.at(-1)?.href}"]`);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${ADMIN_PAGES.at(-1)?.href}$`));
  });

  for (const width of [1280, 390]) {
    test(`every admin page at ${width} px: heading, no sideways scroll, no serious axe finding`, async ({
      page,
    }) => {
      test.slow();
      await signInViaApi(page.request, ADMIN_ACCOUNT);
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      for (const { href, heading } of ADMIN_PAGES) {
        await page.goto(href);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        // Whatever the page loads has arrived (no skeleton or spinner left).
        await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
        const wider = await overflow(page);
        if (wider > 0) found.push(`${href}: ${wider} px wider than the window`);
        for (const violation of await seriousViolations(page)) found.push(`${href}: ${violation}`);
      }
      expect(found).toEqual([]);
    });
  }

  test("the mail outbox shows what the site kept instead of sending, as text", async ({ page }) => {
    // A new member's confirmation mail (no SMTP_URL in this suite: it is kept).
    const account = newAccount("outbox");
    await registerViaApi(page.request, account, { confirmEmail: false });
    await page.context().clearCookies();

    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.goto(`${paths.admin.mailOutbox.getHref()}?to=${encodeURIComponent(account.email)}`);
    const message = page.getByTestId("outbox-message");
    await expect(message).toHaveCount(1);
    await expect(message).toContainText("Confirm your email address");
    await expect(message).toContainText(`To ${account.email}`);
    await message.getByText("Confirm your email address").click();
    await expect(message.locator("pre")).toContainText("/auth/verify?token=");
  });
});
