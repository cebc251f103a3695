import { DEFAULT_SITE_SETTINGS, MESSAGES } from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { adminApi, uniqueWord } from "./support/catalogue";
import { checkAtBothWidths } from "./support/look-at";
import { openAccountMenu } from "./support/navigation";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

/**
 * The admin console's people pages (issue 15): Users (suspend a member whose page is open: their
 * next call is a 401 and they land signed out; reactivate), Settings (a new site name and closed
 * registration take effect at once) and the Audit Log (the actions are there, filterable). axe
 * finds nothing serious on any of them; each was looked at at 1280 and 390 px.
 */

/** Toasts by their exact text (Radix's announcer repeats them in a longer copy). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

async function restoreSettings(api: APIRequestContext) {
  const response = await api.put("/api/v1/admin/settings", { data: DEFAULT_SITE_SETTINGS });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe("admin console: users, settings and the audit log", () => {
  test("suspending a member signs their open page out; they cannot sign in until reactivated", async ({
    page,
    browser,
  }) => {
    test.slow();
    // The member, signed in, with their dashboard open in a browser of their own.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const member = await registerViaApi(memberPage.request, newAccount("suspendee"));
    await memberPage.goto("/dashboard");
    await expect(memberPage.getByRole("button", { name: "Account menu" })).toBeVisible();

    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/users?q=${member.username}`);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page).toHaveTitle("Users · Sawdust");
    const row = page.locator(`[data-testid="user-row"][data-username="${member.username}"]`);
    await expect(row).toContainText(member.email);
    await expect(row).toContainText("Active");
    await expect(row).toContainText("FREE");
    // At 1280 px the row's actions fit: Suspend, the last, is not cut off by the table's box.
    const suspend = row.getByRole("button", { name: `Suspend ${member.username}` });
    const box = page.getByRole("region", { name: "Users" });
    const [button, frame] = await Promise.all([suspend.boundingBox(), box.boundingBox()]);
    expect(button && frame && button.x + button.width <= frame.x + frame.width).toBe(true);
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // The detail under the row: the month's use, the plan and the collections.
    await row.getByRole("button", { name: `Details of ${member.username}` }).click();
    const detail = page.getByTestId("user-detail");
    await expect(detail).toContainText("Downloads this month");
    await expect(detail).toContainText("None (free plan)");
    await expect(detail.getByText("Collections", { exact: true })).toBeVisible();
    await checkAtBothWidths(page, "people-users");

    // Suspend, after a confirmation that names them.
    await row.getByRole("button", { name: `Suspend ${member.username}` }).click();
    const dialog = page.getByRole("alertdialog", {
      name: MESSAGES.adminUsers.suspendTitle(member.username),
    });
    await expect(dialog).toContainText(MESSAGES.adminUsers.suspendDescription);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await expect(
      toastText(page, MESSAGES.adminUsers.suspendedToast(member.username)),
    ).toBeVisible();
    await expect(row).toContainText("Suspended");
    await expect(row.getByRole("button", { name: `Reactivate ${member.username}` })).toBeVisible();

    // The member's open page: its next API call is a 401, and the page asks them to sign in
    // again, which is refused with a clear message; leaving, they are a visitor.
    const refused = memberPage.waitForResponse(
      (response) => response.url().includes("/api/v1/collections") && response.status() === 401,
    );
    const menu = await openAccountMenu(memberPage);
    await menu.getByRole("menuitem", { name: "Collections" }).click();
    await refused;
    const ended = memberPage.getByRole("dialog", { name: MESSAGES.auth.sessionEndedTitle });
    await expect(ended).toBeVisible();
    await ended.getByLabel("Password").fill(member.password);
    await ended.getByRole("button", { name: "Login", exact: true }).click();
    await expect(
      memberPage.getByText(MESSAGES.adminUsers.suspended, { exact: true }).first(),
    ).toBeVisible();
    await expect(ended).toBeVisible();
    await ended.getByRole("button", { name: MESSAGES.auth.sessionEndedLeave }).click();
    await expect(memberPage.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await expect(memberPage.getByRole("button", { name: "Account menu" })).toHaveCount(0);

    // Signing in again is refused with a clear message.
    await memberPage.goto("/auth");
    await memberPage.getByLabel("Username").fill(member.username);
    await memberPage.getByLabel("Password").fill(member.password);
    await memberPage.getByRole("button", { name: "Login", exact: true }).click();
    await expect(
      memberPage.getByText(MESSAGES.adminUsers.suspended, { exact: true }).first(),
    ).toBeVisible();
    await expect(memberPage).toHaveURL(/\/auth/);

    // Reactivated: they can sign in again.
    await row.getByRole("button", { name: `Reactivate ${member.username}` }).click();
    await page
      .getByRole("alertdialog", { name: MESSAGES.adminUsers.reactivateTitle(member.username) })
      .getByRole("button", { name: "Reactivate" })
      .click();
    await expect(
      toastText(page, MESSAGES.adminUsers.reactivatedToast(member.username)),
    ).toBeVisible();
    await expect(row).toContainText("Active");
    await memberPage.getByRole("button", { name: "Login", exact: true }).click();
    await expect(memberPage).toHaveURL(/\/dashboard/);

    // End sessions: the member's page is signed out again, and the row shows no session.
    await page.reload();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `End sessions of ${member.username}` }).click();
    await page
      .getByRole("alertdialog", { name: MESSAGES.adminUsers.endSessionsTitle(member.username) })
      .getByRole("button", { name: "End sessions" })
      .click();
    await expect(
      toastText(page, MESSAGES.adminUsers.sessionsEnded(member.username, 1)),
    ).toBeVisible();

    // The admin's own row: no Suspend for themself.
    await page.goto(`/admin/users?q=${ADMIN_ACCOUNT.username}`);
    const own = page.locator(`[data-testid="user-row"][data-username="${ADMIN_ACCOUNT.username}"]`);
    await expect(own).toContainText("(you)");
    await expect(
      own.getByRole("button", { name: `Suspend ${ADMIN_ACCOUNT.username}` }),
    ).toBeDisabled();
    await memberContext.close();
  });

  test("a new site name and closed registration take effect at once", async ({ page, browser }) => {
    test.slow();
    const api = await adminApi();
    try {
      await signInViaApi(page.request, ADMIN_ACCOUNT);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/admin/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      const form = page.getByRole("form", { name: "Site settings" });
      const siteName = form.getByLabel("Site name");
      await expect(siteName).toHaveValue("Sawdust");
      await expect(form.getByLabel("Downloads a month")).toHaveValue("10");
      await expect(form.getByLabel("Bandwidth a month")).toHaveValue("1");
      await expect(form.getByLabel("Bandwidth unit")).toHaveValue("GiB");
      await expect(form.getByLabel("Collections")).toHaveValue("5");
      await checkAtBothWidths(page, "people-settings");

      // The shared schema's messages, before anything is sent.
      await siteName.fill("   ");
      await form.getByLabel("Downloads a month").fill("-3");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(form.getByText(MESSAGES.siteSettings.siteNameRequired)).toBeVisible();
      await expect(
        form.getByText("Downloads a month must be a whole number from 0 to 100,000"),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      const name = `Timber ${uniqueWord("h")}`.slice(0, 30);
      await siteName.fill(name);
      await form.getByLabel("Downloads a month").fill("7");
      await form.getByLabel("Bandwidth a month").fill("512");
      await form.getByLabel("Bandwidth unit").selectOption("MiB");
      await form.getByRole("switch", { name: "Registration open" }).click();
      // Saved from the keyboard: the button keeps the focus while it says "Saving...".
      const save = form.locator('button[type="submit"]');
      await save.focus();
      await page.keyboard.press("Enter");
      await expect(toastText(page, MESSAGES.siteSettings.saved)).toBeVisible();
      await expect(save).toBeFocused();

      // This page at once: the header's name and the tab's title.
      await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible();
      await expect(page).toHaveTitle(`Settings · ${name}`);
      await checkAtBothWidths(page, "people-settings-renamed");
      const stored = await (await api.get("/api/v1/admin/settings")).json();
      expect(stored).toMatchObject({
        siteName: name,
        registrationOpen: false,
        freeTier: { monthlyDownloads: 7, monthlyBandwidthBytes: 512 * 1024 * 1024 },
      });

      // A visitor's fresh page: the new name, and registration closed instead of the form.
      const visitor = await browser.newContext();
      const visitorPage = await visitor.newPage();
      await visitorPage.goto("/auth");
      await expect(
        visitorPage.getByRole("heading", { level: 1, name: `Sign in to ${name}` }),
      ).toBeVisible();
      await visitorPage.getByRole("tab", { name: "Create account" }).click();
      await expect(visitorPage.getByTestId("registration-closed")).toContainText(
        MESSAGES.siteSettings.registrationClosed,
      );
      await expect(visitorPage.getByLabel("Email")).toHaveCount(0);
      // A long name is cut short in the header rather than widening a phone's page.
      await checkAtBothWidths(visitorPage, "people-auth-closed");
      await visitor.close();
    } finally {
      await restoreSettings(api);
      await api.dispose();
    }
  });

  test("settings typed and not saved ask before the tab closes; untouched ones do not", async ({
    page,
  }) => {
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.goto("/admin/settings");
    const form = page.getByRole("form", { name: "Site settings" });
    const siteName = form.getByLabel("Site name");
    await expect(siteName).toHaveValue(/.+/);
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    // Untouched: the tab closes without a question. (A fresh page for each close.)
    await siteName.click();
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(asked).toEqual([]);

    const second = await page.context().newPage();
    second.on("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await second.goto("/admin/settings");
    const name = second.getByRole("form", { name: "Site settings" }).getByLabel("Site name");
    await expect(name).toHaveValue(/.+/);
    await name.fill("Not saved yet");
    await second.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(["beforeunload"]);
    // Dismissed: the page stays, with what was typed.
    expect(second.isClosed()).toBe(false);
    await expect(name).toHaveValue("Not saved yet");
  });

  test("a settings page opened before another admin's save keeps what they changed", async ({
    page,
  }) => {
    const api = await adminApi();
    try {
      await signInViaApi(page.request, ADMIN_ACCOUNT);
      await page.goto("/admin/settings");
      const form = page.getByRole("form", { name: "Site settings" });
      await expect(form.getByLabel("Site name")).toHaveValue("Sawdust");
      await expect(form.getByRole("switch", { name: "Registration open" })).toBeChecked();

      // Another admin closes registration while this page is open.
      const closed = await api.put("/api/v1/admin/settings", {
        data: { ...DEFAULT_SITE_SETTINGS, registrationOpen: false },
      });
      expect(closed.status()).toBe(200);

      const name = `Joinery ${uniqueWord("s")}`.slice(0, 30);
      await form.getByLabel("Site name").fill(name);
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(toastText(page, MESSAGES.siteSettings.saved)).toBeVisible();
      // Saved: this admin's name, and registration still closed, as the form now shows.
      const stored = await (await api.get("/api/v1/admin/settings")).json();
      expect(stored).toMatchObject({ siteName: name, registrationOpen: false });
      await expect(form.getByRole("switch", { name: "Registration open" })).not.toBeChecked();
    } finally {
      await restoreSettings(api);
      await api.dispose();
    }
  });

  test("Load older entries hands its focus to the last page's first control when it goes (round 20)", async ({
    page,
    request,
  }) => {
    test.slow();
    const api = await adminApi();
    // 52 entries about one member: two pages of 50.
    const member = await registerViaApi(request, newAccount("paged"));
    const [found] = (await (await api.get(`/api/v1/admin/users?q=${member.username}`)).json())
      .users;
    for (let i = 0; i < 26; i++) {
      await api.patch(`/api/v1/admin/users/${found.id}`, { data: { suspended: true } });
      await api.patch(`/api/v1/admin/users/${found.id}`, { data: { suspended: false } });
    }
    await api.dispose();

    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/audit?subject=user%3A${found.id}`);
    const rows = page.getByTestId("audit-row");
    await expect(rows).toHaveCount(50);
    const older = page.getByRole("button", { name: "Load older entries" });
    await older.focus();
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(52);
    await expect(older).toHaveCount(0);
    // The 51st entry's first control, where the next Tab was heading; not the page's top.
    await expect(rows.nth(50).getByRole("button").first()).toBeFocused();
  });

  test("the audit log shows the admin's actions, filterable from the URL", async ({
    page,
    request,
  }) => {
    test.slow();
    const api = await adminApi();
    // Two actions to find: a settings save and a member's suspension.
    const member = await registerViaApi(request, newAccount("audited"));
    const [found] = (await (await api.get(`/api/v1/admin/users?q=${member.username}`)).json())
      .users;
    await api.patch(`/api/v1/admin/users/${found.id}`, { data: { suspended: true } });
    await api.put("/api/v1/admin/settings", {
      data: { ...DEFAULT_SITE_SETTINGS, siteName: "Audit Trail" },
    });
    await restoreSettings(api);
    await api.dispose();

    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
    const rows = page.getByTestId("audit-row");
    const suspension = rows.filter({ hasText: `user:${found.id}` }).filter({
      hasText: "user.suspended",
    });
    await expect(suspension).toContainText(ADMIN_ACCOUNT.username);
    await expect(suspension).toContainText(member.username);
    const rename = rows.filter({ hasText: "settings.updated" }).filter({ hasText: "Audit Trail" });
    await expect(rename.first()).toContainText("site name:");
    await checkAtBothWidths(page, "people-audit");

    // Filters: typed, or a click on a subject; both live in the URL.
    await page.getByLabel("Action starts with").fill("user.");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(/[?&]action=user\./);
    await expect(rows.first()).toBeVisible();
    for (const action of await rows.locator("code").allTextContents()) {
      expect(action.startsWith("user.")).toBe(true);
    }
    await suspension.getByRole("button", { name: `Only actions on user:${found.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`subject=user%3A${found.id}`));
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(rows).toHaveCount(1);
    await expect(page.getByLabel("Subject")).toHaveValue(`user:${found.id}`);
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
  });
});
