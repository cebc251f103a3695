import { MESSAGES } from "@sawdust/shared";
import { ADMIN_ACCOUNT, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { uniqueWord } from "./support/catalogue";
import { lookAt } from "./support/look-at";
import { expect, type Page, test } from "./support/test";

/**
 * /admin/api-keys (issue 16, acceptance 7): an admin creates a key (the button waits for a
 * name), copies it, a partner uses it, the admin revokes it after a confirmation that names it;
 * the revoked key keeps its row but loses its action. axe finds nothing serious at 1280 or 390 px.
 */

const m = MESSAGES.apiKeys;
/** Toasts by their exact text (Radix's announcer repeats them in a longer copy). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** What the page scripts below touch (the e2e project is typed without the DOM library). */
interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
}

const LAST_USED = /[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/;
const CREATED = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

test.describe("admin API keys", () => {
  test("create (a name first), copy, use, revoke: at 1280 and 390 px", async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/api-keys");
    await expect(page.getByRole("heading", { level: 1, name: "API Keys" })).toBeVisible();
    await expect(page).toHaveTitle("API Keys · Sawdust");

    // The usage documentation, with curl on the site's own origin.
    const origin = new URL(page.url()).origin;
    const docs = page.getByRole("region", { name: "Using the marketing API" });
    await expect(docs).toContainText(
      `curl -H "Authorization: Bearer $SAWDUST_API_KEY" \\ "${origin}/api/v1/marketing/images?limit=5&sort=most_downloaded"`,
    );
    await expect(docs.getByRole("link", { name: "API documentation" })).toHaveAttribute(
      "href",
      `${origin}/api/docs/marketing`,
    );

    // The button waits for a name; a blank one is refused with the spec's words.
    const name = page.getByLabel("Name", { exact: true });
    const create = page.getByRole("button", { name: "Create API Key" });
    await expect(create).toBeDisabled();
    await name.fill("x");
    await expect(create).toBeEnabled();
    await name.fill("   ");
    await expect(create).toBeDisabled();
    await expect(page.getByText(MESSAGES.validation.apiKeyNameRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const keyName = `Riverside Print ${uniqueWord("k")}`;
    await name.fill(keyName);
    await create.click();
    await expect(toastText(page, m.created)).toBeVisible();
    const shown = page.getByTestId("new-api-key");
    await expect(shown.getByText(m.shownOnce)).toBeVisible();
    await expect(shown.getByRole("heading", { name: `Your new key: ${keyName}` })).toBeFocused();
    const key = ((await shown.getByTestId("new-api-key-value").textContent()) ?? "").trim();
    expect(key).toMatch(/^sdk_[0-9A-Za-z]{36}$/);
    await expect(name).toHaveValue("");

    await shown.getByRole("button", { name: "Copy" }).click();
    await expect(toastText(page, m.copied)).toBeVisible();
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText(),
      ),
    ).toBe(key);
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();

    // The table: id, name, created, never used, active; the key itself nowhere but the display.
    const row = page.getByTestId("api-key-row").filter({ hasText: keyName });
    await expect(row).toContainText("Never used");
    await expect(row).toContainText("Active");
    await expect(row).toContainText(CREATED);
    await expect(row).toContainText(`sdk_${key.slice(4, 6)}…${key.slice(-4)}`);
    await expect(row).not.toContainText(key);
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, {
      path: test.info().outputPath("api-keys-1280-created.png"),
      fullPage: true,
    });

    // A partner uses it.
    const used = await request.get("/api/v1/marketing/images?limit=3", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(used.status(), await used.text()).toBe(200);
    expect(used.headers()["x-ratelimit-limit"]).toBe("1000");
    expect(used.headers()["x-ratelimit-remaining"]).toBe("999");
    expect(Array.isArray((await used.json()).images)).toBe(true);

    // Another key clears the first one's display.
    const otherName = `Newsletter ${uniqueWord("k")}`;
    await name.fill(otherName);
    await create.click();
    await expect(shown.getByRole("heading", { name: `Your new key: ${otherName}` })).toBeVisible();
    await expect(page.getByText(key, { exact: true })).toHaveCount(0);

    // Leaving the page clears it too; the row now says when the key was used, and how much.
    await page.goto("/dashboard");
    await page.goto("/admin/api-keys");
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    await expect(row).toContainText(LAST_USED);
    await expect(row).toContainText("1 in 7 UTC days");

    // Revoke, after a confirmation that names the key.
    await row.getByRole("button", { name: `Revoke ${keyName}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Revoke “${keyName}”?`);
    await expect(dialog).toContainText("This action cannot be undone.");
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, { path: test.info().outputPath("api-keys-1280-revoke.png") });
    await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
    await expect(toastText(page, m.revoked)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("button")).toHaveCount(0);
    // Its button is gone: focus lands on the list, not nowhere.
    await expect(page.getByRole("heading", { level: 2, name: "Keys", exact: true })).toBeFocused();

    const refused = await request.get("/api/v1/marketing/images", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status()).toBe(401);

    // A phone: a card a key, the revoked one without its action, and nothing wider than it.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    const card = page.getByTestId("api-key-card").filter({ hasText: keyName });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Revoked");
    await expect(card.getByRole("button")).toHaveCount(0);
    const other = page.getByTestId("api-key-card").filter({ hasText: otherName });
    await expect(other.getByRole("button", { name: `Revoke ${otherName}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // From the top: a full-page capture of a scrolled page draws the fixed header mid-page.
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
    await lookAt(page, {
      path: test.info().outputPath("api-keys-390.png"),
      fullPage: true,
    });
  });

  test("the marketing API's docs page renders with nothing fetched from elsewhere", async ({
    page,
  }) => {
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/api/docs/marketing");
      const origin = new URL(page.url()).origin;
      await expect(page.getByRole("heading", { name: /Sawdust Marketing API/ })).toBeVisible();
      await expect(
        page.getByText(`"${origin}/api/v1/marketing/images?limit=5&sort=most_downloaded"`),
      ).toBeVisible();
      await expect(
        page.locator(".opblock-summary-description", {
          hasText: "A page of public images, with filters",
        }),
      ).toBeVisible();
      await lookAt(page, {
        path: test.info().outputPath(`api-docs-marketing-${width}.png`),
        fullPage: width === 390,
      });
      const elsewhere = requests.filter((url) => {
        const { protocol, origin: where } = new URL(url);
        return protocol !== "data:" && protocol !== "blob:" && where !== origin;
      });
      expect(elsewhere).toEqual([]);
      expect(requests).toContain(`${origin}/api/v1/marketing/docs`);
    }
    expect(problems).toEqual([]);
  });

  test("the docs page's Try it out answers at another of the site's addresses (round 58)", async ({
    page,
    baseURL,
  }) => {
    // Without PUBLIC_URL the site answers at every address it listens on; the page may call only
    // its own origin (its CSP), so the document's server must not name one address.
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    const made = await page.request.post("/api/v1/api-keys", {
      data: { name: uniqueWord("tryit") },
      headers: { origin: new URL(baseURL as string).origin },
    });
    expect(made.status()).toBe(201);
    const { apiKey } = (await made.json()) as { apiKey: string };
    const other = new URL(baseURL as string);
    other.hostname = "localhost";
    await page.goto(new URL("/api/docs/marketing", other).href);
    await page.getByRole("button", { name: "Authorize" }).first().click();
    await page.locator(".modal-ux input").fill(apiKey);
    await page.locator(".modal-ux").getByRole("button", { name: "Apply credentials" }).click();
    await page.locator(".modal-ux").getByRole("button", { name: "Close" }).click();
    const operation = page.locator("#operations-marketing-listMarketingTags");
    await operation.locator(".opblock-summary").click();
    await operation.getByRole("button", { name: "Try it out" }).click();
    await operation.getByRole("button", { name: "Execute" }).click();
    await expect(
      operation.locator(".live-responses-table tbody .response-col_status").first(),
    ).toHaveText("200");
    await lookAt(page, { path: test.info().outputPath("api-docs-marketing-try-it-out.png") });
  });
});
