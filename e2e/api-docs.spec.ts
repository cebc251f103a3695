import { lookAt } from "./support/look-at";
import { expect, type Page, test } from "./support/test";

/**
 * The API docs page (/api/docs) renders the OpenAPI document with what the server itself sends:
 * no request leaves the machine (no CDN, no fonts, no validator badge), and the app's
 * Content-Security-Policy lets it run.
 */
function watch(page: Page) {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { requests, problems };
}

for (const width of [1280, 390]) {
  test(`renders the operations at ${width} px with no request leaving the machine`, async ({
    page,
    baseURL,
  }) => {
    const { requests, problems } = watch(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/api/docs");

    const login = page.locator(".opblock-summary-description", { hasText: /^Sign in$/ });
    await expect(login).toBeVisible();
    await expect(page.locator(".opblock-tag", { hasText: "collections" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Sawdust API/ })).toBeVisible();

    // An operation opens with its responses, the shared error schema among them.
    await login.click();
    const operation = page.locator("#operations-auth-login");
    await expect(operation.locator(".responses-table")).toBeVisible();
    await expect(operation.getByText("Wrong username or password")).toBeVisible();

    await lookAt(page, { path: test.info().outputPath(`api-docs-${width}.png`) });

    const origin = new URL(baseURL ?? "").origin;
    const elsewhere = requests.filter((url) => {
      const { protocol, origin: where } = new URL(url);
      return protocol !== "data:" && protocol !== "blob:" && where !== origin;
    });
    expect(elsewhere).toEqual([]);
    expect(requests).toContain(`${origin}/api/docs/json`);
    expect(problems).toEqual([]);
  });
}
