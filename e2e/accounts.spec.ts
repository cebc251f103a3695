import { ACCOUNT_RULES, MESSAGES, paths } from "@sawdust/shared";
import { mailedLink, newAccount, registerViaApi } from "./support/accounts";
import { submitLogin, submitRegistration } from "./support/auth-screen";
import { seriousViolations } from "./support/axe";
import {
  expectInsideWindow,
  expectNoSidewaysScroll,
  textAt200,
  wordsBrokenMidway,
} from "./support/big-text";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { hydrated } from "./support/hydration";
import { checkAtBothWidths, lookAt } from "./support/look-at";
import { expect, test } from "./support/test";

const m = MESSAGES.account;

test.describe("accounts", () => {
  test("forgot password: the mailed link sets a new password, and the member signs in with it", async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request);
    await page.goto("/auth");
    await page.getByRole("link", { name: m.forgotPassword }).click();
    await expect(page).toHaveURL("/auth/reset");
    await expect(page.getByRole("heading", { name: m.resetPageTitle })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: m.sendResetLink }).click();
    await expect(page.getByText(m.resetRequested)).toBeVisible();
    await checkAtBothWidths(page, "accounts-reset-request");

    const link = await mailedLink(account.email, "/auth/reset");
    expect(link.origin).toBe(new URL(page.url()).origin);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("heading", { name: m.newPasswordTitle })).toBeVisible();
    await checkAtBothWidths(page, "accounts-reset-new-password");
    await page.getByLabel(m.newPassword).fill("a brand new password");
    await page.getByRole("button", { name: m.setNewPassword }).click();
    await expect(page.getByText(m.passwordReset)).toBeVisible();

    // The link worked once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel(m.newPassword).fill("yet another password");
    await page.getByRole("button", { name: m.setNewPassword }).click();
    await expect(page.getByRole("alert").filter({ hasText: m.linkInvalid })).toBeVisible();

    await page.goto("/auth");
    await submitLogin(page, { username: account.username, password: "a brand new password" });
    await expect(page).toHaveURL("/dashboard");
  });

  test("the reset forms mark a refused field invalid and describe it by the reason", async ({
    page,
  }) => {
    /** The field is invalid, described by the reason, which shows in the error colour. */
    async function refusedWith(label: string, reason: string) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(reason);
      await expect(page.getByText(reason)).toHaveClass(/text-destructive/);
    }

    await page.goto("/auth/reset");
    await hydrated(page);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").press("Enter");
    await refusedWith("Email", MESSAGES.validation.emailInvalid);

    await page.goto("/auth/reset?token=anything");
    await hydrated(page);
    await page.getByLabel(m.newPassword).fill("short");
    await page.getByLabel(m.newPassword).press("Enter");
    await refusedWith(m.newPassword, MESSAGES.validation.passwordShort(ACCOUNT_RULES.passwordMin));
  });

  test("an unconfirmed member confirms their email with the mailed link", async ({ page }) => {
    const account = await registerViaApi(page.request, newAccount(), { confirmEmail: false });
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: m.pageTitle, level: 1 })).toBeVisible();
    await expect(page.getByTestId("account-email")).toHaveText(account.email);
    await expect(page.getByText(m.notVerified)).toBeVisible();
    const link = await mailedLink(account.email, "/auth/verify");
    await page.goto(`${link.pathname}${link.search}`);
    // Opening the link confirms nothing (a mail scanner opens links too): the button does.
    await expect(page.getByRole("button", { name: m.verifyButton })).toBeVisible();
    await checkAtBothWidths(page, "accounts-verify-prompt");
    await page.reload();
    await page.goto("/account");
    await expect(page.getByText(m.notVerified)).toBeVisible();
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("button", { name: m.verifyButton }).press("Enter");
    await expect(page.getByText(m.emailVerified)).toBeVisible();
    // The button is gone; the answer has the focus it had.
    await expect(page.getByRole("status").filter({ hasText: m.emailVerified })).toBeFocused();
    await checkAtBothWidths(page, "accounts-verify");
    await page.goto("/account");
    await expect(page.getByText(m.verified, { exact: true })).toBeVisible();
  });

  test("a member told to confirm their email before buying comes back to the piece from the mailed link", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminApi();
    const title = `Quiet Lantern ${uniqueWord("vb")}`;
    const piece = await seedImage(admin, { title, editionType: "open_edition", price: 2_500 });
    await admin.dispose();
    const account = newAccount("back");
    const back = paths.image.getHref(piece.id);

    // Signed up from the piece: back on it, and the confirmation link leads there too.
    await page.goto(paths.auth.getHref(back, "register"));
    await submitRegistration(page, account);
    await expect(page).toHaveURL(back);
    const first = await mailedLink(account.email, "/auth/verify");
    expect(first.searchParams.get("next")).toBe(back);

    // Buying first: told to confirm, and the link is sent again from the dialog, for this piece.
    const detail = page.getByRole("dialog", { name: title });
    await detail.getByRole("button", { name: /^Buy “/ }).click();
    const buy = page.getByRole("dialog", { name: /^Buy “/ });
    await buy.getByRole("button", { name: "Continue to checkout" }).click();
    // It points to the button under it, not away to the Account page (the API's words).
    await expect(buy.getByRole("alert")).toHaveText(m.verifyFirstBelow);
    await expect(buy).not.toContainText("Account page");
    await buy.getByRole("button", { name: m.resendVerification }).click();
    await expect(buy.getByRole("status")).toHaveText(m.verificationSent);
    await checkAtBothWidths(page, "accounts-buy-unconfirmed");
    const token = first.searchParams.get("token");
    const link = await mailedLink(
      account.email,
      "/auth/verify",
      (newer) => newer.searchParams.get("token") !== token,
    );
    expect(link.searchParams.get("next")).toBe(back);

    // The mailed link: confirmed, then straight back to the piece.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("link", { name: m.verifyGoBack })).toHaveAttribute("href", back);
    await page.getByRole("button", { name: m.verifyButton }).click();
    await expect(page.getByText(m.emailVerified)).toBeVisible();
    await checkAtBothWidths(page, "accounts-verify-way-back");
    await page.getByRole("link", { name: m.verifyGoBack }).click();
    await expect(page).toHaveURL(back);
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();

    // A link that names an address elsewhere leads to the gallery instead.
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "x"]) {
      await page.goto(`/auth/verify?token=${"a".repeat(43)}&next=${encodeURIComponent(next)}`);
      await expect(page.getByRole("link", { name: m.verifyToGallery })).toHaveAttribute(
        "href",
        "/gallery",
      );
      await expect(page.getByRole("link", { name: m.verifyGoBack })).toHaveCount(0);
    }
  });

  test("the account page changes the password and lists the sessions", async ({ page }) => {
    const account = await registerViaApi(page.request);
    await page.goto("/");
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: m.pageTitle, level: 1 })).toBeVisible();
    await expect(page.getByText(m.thisSession)).toBeVisible();
    await checkAtBothWidths(page, "accounts-account");

    const password = page.getByRole("region", { name: m.passwordSection });
    await password.getByLabel(m.currentPassword).fill("not my password");
    await password.getByLabel(m.newPassword).fill("a changed password");
    await password.getByRole("button", { name: m.changePassword }).click();
    await expect(password.getByRole("alert")).toHaveText(m.wrongPassword);
    // A submit the form refuses itself clears the last refusal: it no longer describes the form.
    await password.getByLabel(m.currentPassword).fill("");
    await password.getByRole("button", { name: m.changePassword }).click();
    await expect(password.getByText(m.wrongPassword)).toHaveCount(0);
    await password.getByLabel(m.currentPassword).fill(account.password);
    await password.getByRole("button", { name: m.changePassword }).click();
    await expect(page.getByText(m.passwordChanged).first()).toBeVisible();

    const relogin = await page.request.post("/api/v1/auth/login", {
      data: { username: account.username, password: "a changed password" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(relogin.status()).toBe(200);
  });

  test("ending another session from the keyboard leaves the focus on the list (round 25)", async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(page.request);
    await page.goto("/account");
    const origin = new URL(page.url()).origin;
    const other = await request.post("/api/v1/auth/login", {
      data: { username: account.username, password: account.password },
      headers: { origin },
    });
    expect(other.status()).toBe(200);
    await page.reload();
    const end = page.getByRole("button", { name: new RegExp(`^${m.endSession}: `) });
    await expect(end).toHaveCount(1);
    await end.focus();
    await page.keyboard.press("Enter");
    await expect(end).toHaveCount(0);
    await expect(page.getByRole("list", { name: m.sessionsSection })).toBeFocused();
  });

  test("a member deletes their account and cannot sign in again", async ({ page, request }) => {
    const account = await registerViaApi(page.request);
    await page.goto("/account");
    const danger = page.getByRole("region", { name: m.deleteSection });
    await danger.getByLabel(m.currentPassword).fill(account.password);
    await danger.getByRole("button", { name: m.deleteAccount }).click();
    const dialog = page.getByRole("alertdialog", { name: m.deleteConfirmTitle });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: m.deleteAccount }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText(m.accountDeleted).first()).toBeVisible();
    // No offer to sign back into the account just deleted ("Your session has ended").
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await expect(page.getByRole("dialog", { name: MESSAGES.auth.sessionEndedTitle })).toHaveCount(
      0,
    );

    const again = await request.post("/api/v1/auth/login", {
      data: { username: account.username, password: account.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(401);
    expect((await page.request.get("/api/v1/auth/user")).status()).toBe(401);
  });
});

test("at 390 px with the text at 200%, the Account page's cards and fields reflow inside the screen", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
  });
  try {
    const page = await context.newPage();
    await registerViaApi(page.request);
    await page.goto("/account");
    const email = page.getByRole("region", { name: m.emailSection });
    const password = page.getByRole("region", { name: m.passwordSection });
    await expect(email.getByLabel(m.newEmail)).toBeVisible();
    await hydrated(page);
    await textAt200(page);
    await expectNoSidewaysScroll(page, "the Account page at 200%");
    await expectInsideWindow(page, {
      [m.emailSection]: email,
      [m.passwordSection]: password,
      [m.newEmail]: email.getByLabel(m.newEmail),
      [m.newPassword]: password.getByLabel(m.newPassword),
    });
    expect(
      await wordsBrokenMidway(page, "main [role=region] :is(h2, p, label, button, a)"),
    ).toEqual([]);
    await lookAt(page, { path: "/tmp/accounts-big-text-390.png", fullPage: true });
  } finally {
    await context.close();
  }
});
