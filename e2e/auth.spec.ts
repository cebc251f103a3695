import { ACCOUNT_RULES, MESSAGES } from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi } from "./support/accounts";
import { submitLogin, submitRegistration, toasts } from "./support/auth-screen";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/test";

test.describe("auth screen", () => {
  test("opens on the Login tab and switches to Create account", async ({ page }) => {
    await page.goto("/auth");

    await expect(page.getByRole("link", { name: "Back to website" })).toHaveAttribute("href", "/");
    const loginTab = page.getByRole("tab", { name: "Login" });
    const registerTab = page.getByRole("tab", { name: "Create account" });
    await expect(loginTab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username");
    await expect(page.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");
    await expect(page.getByLabel("Email")).toHaveCount(0);

    await registerTab.click();
    await expect(registerTab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password")).toHaveAttribute("autocomplete", "new-password");
    await expect(page.getByRole("button", { name: "Create account", exact: true })).toBeEnabled();
  });

  test("opens on Create account from a 'Create free account' link (?tab=register)", async ({
    page,
  }) => {
    await page.goto("/auth?redirect=/image/1&tab=register");
    await expect(page.getByRole("tab", { name: "Create account" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  });

  test("registering a new account lands on the dashboard", async ({ page }) => {
    const account = newAccount();
    await page.goto("/auth");

    await submitRegistration(page, account);

    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("dashboard-page")).toContainText(
      // A brand-new member is welcomed, not welcomed back.
      `Welcome, ${account.username}`,
    );
    // The new page is announced: the focus is on its main region, not dropped to <body>.
    await expect(page.locator("main#main-content")).toBeFocused();
    await expect(toasts(page).getByText(MESSAGES.auth.success)).toBeVisible();
  });

  test("a double click on Create account creates one account and says nothing failed (round 25)", async ({
    page,
  }) => {
    const account = newAccount();
    await page.goto("/auth?tab=register");
    const registrations: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/auth/register")) registrations.push(request.method());
    });
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Create account", exact: true }).dblclick();

    await expect(page).toHaveURL("/dashboard");
    await expect(toasts(page).getByText(MESSAGES.auth.success)).toBeVisible();
    await expect(toasts(page).getByText(MESSAGES.auth.registrationFailed)).toHaveCount(0);
    expect(registrations).toEqual(["POST"]);
  });

  test("a refused registration shows the server's reason", async ({ page }) => {
    await page.goto("/auth");

    await submitRegistration(page, { ...newAccount(), password: "short" });

    await expect(toasts(page).getByText(MESSAGES.auth.registrationFailed)).toBeVisible();
    await expect(
      toasts(page).getByText(MESSAGES.validation.passwordShort(ACCOUNT_RULES.passwordMin)),
    ).toBeVisible();
    await expect(page).toHaveURL("/auth");
    // Said under the field too, which is marked invalid and takes the focus (round 44).
    const password = page.getByLabel("Password");
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(
      new RegExp(`^${MESSAGES.validation.passwordShort(ACCOUNT_RULES.passwordMin)}`),
    );

    // The server's refusal of one field: the same, under that field.
    await submitRegistration(page, { ...newAccount(), username: ADMIN_ACCOUNT.username });
    const username = page.getByLabel("Username");
    await expect(username).toBeFocused();
    await expect(username).toHaveAccessibleDescription(MESSAGES.auth.usernameTaken);
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a wrong password shows 'Login failed'", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto("/auth");

    await submitLogin(page, { username: account.username, password: "not-the-password" });

    await expect(toasts(page).getByText(MESSAGES.auth.loginFailed)).toBeVisible();
    await expect(toasts(page).getByText(MESSAGES.auth.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL("/auth");
  });

  test("the button reads 'Please wait...' while signing in", async ({ page, request }) => {
    const account = await registerViaApi(request);
    let releaseLogin = () => {};
    const loginHeld = new Promise<void>((resolve) => {
      releaseLogin = resolve;
    });
    await page.route("**/api/v1/auth/login", async (route) => {
      await loginHeld;
      await route.continue();
    });
    await page.goto("/auth");

    await submitLogin(page, account);

    await expect(page.getByRole("button", { name: MESSAGES.auth.pleaseWait })).toBeDisabled();
    releaseLogin();
    await expect(page).toHaveURL("/dashboard");
  });

  test("a network failure shows 'Login error'", async ({ page }) => {
    await page.route("**/api/v1/auth/login", (route) => route.abort("internetdisconnected"));
    await page.goto("/auth");

    await submitLogin(page, { username: "nobody", password: "whatever-it-is" });

    await expect(toasts(page).getByText(MESSAGES.auth.loginError, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeEnabled();
  });

  test("signing in honours ?redirect=/subscriptions", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto("/auth?redirect=/subscriptions");

    await submitLogin(page, account);

    await expect(page).toHaveURL("/subscriptions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      MESSAGES.subscriptions.freePlan,
    );
  });

  test("a redirect that leaves the site is ignored", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto("/auth?redirect=//example.com/phish");

    await submitLogin(page, account);

    await expect(page).toHaveURL("/dashboard");
  });

  test("a signed-in visitor of /auth goes to the dashboard", async ({ page }) => {
    await registerViaApi(page.request);

    await page.goto("/auth");

    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("dashboard-page")).toBeVisible();
  });

  test("the bootstrap admin signs in through the form", async ({ page }) => {
    await page.goto("/auth");

    await submitLogin(page, ADMIN_ACCOUNT);

    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByTestId("dashboard-page")).toContainText("ADMIN");
  });
});

test("the auth screen has no serious accessibility violation", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/auth");
    await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Create account" }).click();
    await expect(page.getByLabel("Email")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
