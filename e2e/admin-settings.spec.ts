import { DEFAULT_SITE_SETTINGS, MESSAGES } from "@sawdust/shared";
import { ADMIN_ACCOUNT, signInViaApi } from "./support/accounts";
import { adminApi, uniqueWord } from "./support/catalogue";
import { expect, type Page, test } from "./support/test";

/**
 * /admin/settings with two admins' pages open (round 63): a field both of them changed is refused
 * for the one who saves second, with the shared message and their typed value kept; fields only
 * one of them changed are each kept.
 */

/** Toasts by their exact text (Radix's announcer repeats them in a longer copy). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

test("two admins with the settings open: a field both changed is refused for the second, different fields are both kept", async ({
  browser,
}) => {
  test.slow();
  const api = await adminApi();
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const open = async (page: Page) => {
      await page.goto("/admin/settings");
      await expect(
        page.getByRole("form", { name: "Site settings" }).getByLabel("Site name"),
      ).toBeEditable();
    };
    const pages = await Promise.all(
      [first, second].map(async (context) => {
        const page = await context.newPage();
        await signInViaApi(page.request, ADMIN_ACCOUNT);
        await open(page);
        return page;
      }),
    );
    const [a, b] = pages as [Page, Page];
    const form = (page: Page) => page.getByRole("form", { name: "Site settings" });
    const save = (page: Page) => form(page).getByRole("button", { name: "Save Changes" }).click();

    // The same field: A saves first; B's form still shows the old name.
    const nameA = `Alder ${uniqueWord("a")}`.slice(0, 30);
    const nameB = `Birch ${uniqueWord("b")}`.slice(0, 30);
    await form(a).getByLabel("Site name").fill(nameA);
    await save(a);
    await expect(toastText(a, MESSAGES.siteSettings.saved)).toBeVisible();
    await form(b).getByLabel("Site name").fill(nameB);
    await save(b);
    await expect(toastText(b, MESSAGES.siteSettings.changedElsewhere)).toBeVisible();
    await expect(toastText(b, MESSAGES.siteSettings.saved)).toHaveCount(0);
    await expect(form(b).getByLabel("Site name")).toHaveValue(nameB);
    expect((await (await api.get("/api/v1/admin/settings")).json()).siteName).toBe(nameA);

    // Different fields: both pages opened afresh; A changes the name, B the collections limit.
    await Promise.all(pages.map(open));
    const nameA2 = `Cedar ${uniqueWord("a")}`.slice(0, 30);
    await form(a).getByLabel("Site name").fill(nameA2);
    await save(a);
    await expect(toastText(a, MESSAGES.siteSettings.saved)).toBeVisible();
    await form(b).getByLabel("Collections").fill("3");
    await save(b);
    await expect(toastText(b, MESSAGES.siteSettings.saved)).toBeVisible();
    await expect(form(b).getByLabel("Site name")).toHaveValue(nameA2);
    expect(await (await api.get("/api/v1/admin/settings")).json()).toMatchObject({
      siteName: nameA2,
      freeTier: { collections: 3 },
    });
  } finally {
    await first.close();
    await second.close();
    const restored = await api.put("/api/v1/admin/settings", { data: DEFAULT_SITE_SETTINGS });
    expect(restored.status(), await restored.text()).toBe(200);
    await api.dispose();
  }
});
