import { DEFAULT_HERO, HERO_RULES, MESSAGES } from "@sawdust/shared";
import { ADMIN_ACCOUNT, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { adminApi, uniqueWord } from "./support/catalogue";
import { lookAt } from "./support/look-at";
import { expect, type Locator, type Page, test } from "./support/test";

/**
 * /admin/hero (issue 15, acceptance 1 and 4): the admin writes the hero with HTML through the
 * page; formatting survives and the hostile parts do not (Preview shows the sanitised banner,
 * HTML the sanitised markup); a visitor's /gallery, rendered by the server and then taken over
 * by the app, shows the formatted hero and nothing in it runs: no dialog opens, the canary the
 * payloads would set stays unset, and the hero's DOM holds no script, handler, style or
 * javascript: link. axe finds nothing serious at 1280 or 390 px.
 */

/** Toasts by their exact text (Radix's announcer repeats them in a longer copy). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Every payload sets the canary (or opens a dialog) if any of it runs. */
const HOSTILE_TITLE = [
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  "<script>window.__pwned=1</script>",
  '<svg onload="window.__pwned=1"><circle r="9"></circle></svg>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
].join("");
const HOSTILE_SUBTITLE = [
  '<a href="javascript:window.__pwned=1" onclick="window.__pwned=1">click me</a>',
  ' <a href="JaVa&#x09;ScRiPt:alert(1)">tabbed</a>',
  ' <a href="data:text/html,<script>alert(1)</script>">data</a>',
  ' <b style="position:fixed;inset:0;z-index:99999;background:red" onmouseover="window.__pwned=1">bold</b>',
  '<details open ontoggle="window.__pwned=1">t</details>',
  '<style>body{display:none}</style><form action="https://evil.example"><button>Go</button></form>',
].join("");

/** Everything inside the hero's HTML: each element's tag and attributes, and the canary. */
interface HeroDom {
  elements: Array<{ tag: string; attributes: Array<[string, string]> }>;
}
interface ElementLike {
  querySelectorAll(selector: string): ArrayLike<{
    tagName: string;
    attributes: ArrayLike<{ name: string; value: string }>;
  }>;
}

async function heroDom(holder: Locator): Promise<HeroDom> {
  return holder.evaluate((root) => ({
    elements: Array.from((root as unknown as ElementLike).querySelectorAll("*")).map((element) => ({
      tag: element.tagName.toLowerCase(),
      attributes: Array.from(element.attributes).map((a) => [a.name, a.value] as [string, string]),
    })),
  }));
}

/** Fails unless the HTML inside these elements is on the allowlist and inert. */
async function expectInert(holders: Locator[]): Promise<void> {
  const allowed = new Set<string>(HERO_RULES.allowedTags);
  for (const holder of holders) {
    for (const { tag, attributes } of (await heroDom(holder)).elements) {
      expect(allowed.has(tag), `<${tag}>`).toBe(true);
      for (const [name, value] of attributes) {
        expect(name.startsWith("on"), `${tag} ${name}`).toBe(false);
        expect(["href", "title", "target", "rel"], `${tag} ${name}`).toContain(name);
        if (name === "href") {
          const compact = [...value]
            .filter((c) => c.charCodeAt(0) > 0x20)
            .join("")
            .toLowerCase();
          expect(compact, value).not.toMatch(/^(javascript|vbscript|data):/);
        }
      }
    }
  }
}

async function canary(page: Page): Promise<unknown> {
  return page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned);
}

test.describe("the hero, from the admin's page to a visitor's gallery", () => {
  test.afterAll(async () => {
    // Other journeys expect the default hero.
    const api = await adminApi();
    try {
      const res = await api.put("/api/v1/hero-content", { data: DEFAULT_HERO });
      expect(res.status()).toBe(200);
    } finally {
      await api.dispose();
    }
  });

  test("the admin edits it with HTML, previews the sanitised result, and a visitor sees it with nothing running", async ({
    page,
    browser,
  }) => {
    test.slow();
    const word = uniqueWord("hero");
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto("/admin/hero");
    await expect(page.getByRole("heading", { level: 1, name: "Hero Configuration" })).toBeVisible();
    await expect(page).toHaveTitle("Hero Configuration · Sawdust");
    const title = page.getByLabel("Hero Title");
    const subtitle = page.getByLabel("Hero Subtitle");
    await expect(title).toBeEditable();
    // The page says which tags are kept and that the rest goes.
    const note = page.getByRole("complementary", { name: "Allowed HTML" });
    for (const tag of HERO_RULES.allowedTags) await expect(note).toContainText(`<${tag}>`);
    await expect(note).toContainText("is removed when you save");
    await expect(page.getByRole("tab", { name: "Edit" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Preview" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "HTML" })).toBeVisible();

    // A blank title is refused with the shared message, before anything is sent.
    await title.fill("   ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(MESSAGES.hero.titleRequired)).toBeVisible();

    await title.fill(`Welcome <strong>${word}</strong> <em>friends</em>${HOSTILE_TITLE}`);
    await subtitle.fill(
      `Read <a href="https://example.com/about" target="_blank">about us</a> or <mark>${word}</mark>. ${HOSTILE_SUBTITLE}`,
    );
    const visible = page.getByRole("switch", { name: "Show the hero on the gallery" });
    await expect(visible).toHaveAttribute("aria-checked", "true");
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, { path: "/tmp/moderation-hero-edit-1280.png", fullPage: true });

    // Preview: the gallery's own banner with what the server's sanitiser keeps.
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByRole("tabpanel", { name: "Preview" });
    const banner = preview.getByTestId("hero-banner");
    await expect(banner.locator("strong")).toHaveText(word);
    await expect(banner.locator("em")).toHaveText("friends");
    await expect(banner.locator("mark")).toHaveText(word);
    await expect(banner.getByRole("link", { name: "about us" })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    // A link whose destination was refused is left as its words.
    await expect(banner.getByText("click me")).toBeVisible();
    await expect(banner.getByRole("link", { name: "click me" })).toHaveCount(0);
    await expect(banner.getByRole("link")).toHaveCount(1);
    await expectInert([banner.getByTestId("hero-title"), banner.getByTestId("hero-subtitle")]);
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, { path: "/tmp/moderation-hero-preview-1280.png", fullPage: true });

    // HTML: the markup that will be stored, as text.
    await page.getByRole("tab", { name: "HTML" }).click();
    const titleHtml = page.getByTestId("hero-html-title");
    await expect(titleHtml).toContainText(`Welcome <strong>${word}</strong> <em>friends</em>`);
    const markup = `${await titleHtml.textContent()}${await page.getByTestId("hero-html-subtitle").textContent()}`;
    expect(markup).not.toMatch(
      /onerror|onclick|onload|ontoggle|<script|<img|<svg|<iframe|style=|javascript:|data:/i,
    );
    expect(markup).toContain(
      '<a href="https://example.com/about" target="_blank" rel="noopener noreferrer">about us</a>',
    );

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastText(page, MESSAGES.hero.updated)).toBeVisible();
    // What was typed is not what was stored, and the toast says so.
    await expect(toastText(page, MESSAGES.hero.sanitised)).toBeVisible();
    // The fields now hold what was stored.
    await page.getByRole("tab", { name: "Edit" }).click();
    await expect(title).toHaveValue(`Welcome <strong>${word}</strong> <em>friends</em>`);
    expect(dialogs).toEqual([]);
    expect(await canary(page)).toBeUndefined();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/hero");
    await expect(title).toBeEditable();
    expect(await seriousViolations(page)).toEqual([]);
    expect(
      await page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      ),
    ).toBe(0);
    await lookAt(page, { path: "/tmp/moderation-hero-edit-390.png", fullPage: true });
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preview" }).locator("strong")).toHaveText(
      word,
    );
    await lookAt(page, { path: "/tmp/moderation-hero-preview-390.png", fullPage: true });

    // A visitor: the server's HTML already holds the sanitised hero...
    const visitor = await browser.newContext();
    try {
      const html = await (
        await visitor.request.get("/gallery", { headers: { accept: "text/html" } })
      ).text();
      const root =
        /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? "";
      expect(root).toContain(`<strong>${word}</strong>`);
      // The admin's HTML is inside the title and subtitle paragraphs (it can hold no <p>).
      const heroHtml = [
        ...root.matchAll(/data-testid="hero-(title|subtitle)"[^>]*>([\s\S]*?)<\/p>/g),
      ]
        .map((match) => match[2])
        .join("");
      expect(heroHtml).toContain(`<mark>${word}</mark>`);
      expect(heroHtml).not.toMatch(
        /onerror|onclick|onload|ontoggle|<script|<img|<svg|<iframe|javascript:|style=|class=/i,
      );

      // ...and the page, once the app has taken it over, shows it with nothing running.
      const page2 = await visitor.newPage();
      const visitorDialogs: string[] = [];
      page2.on("dialog", (dialog) => {
        visitorDialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const errors: string[] = [];
      page2.on("pageerror", (error) => errors.push(error.message));
      await page2.setViewportSize({ width: 1280, height: 900 });
      await page2.goto("/gallery");
      const hero = page2.getByTestId("hero-banner");
      await expect(hero.locator("strong")).toHaveText(word);
      await expect(hero.locator("em")).toHaveText("friends");
      // Hydrated: the app's own controls answer.
      await page2.getByRole("button", { name: "Masonry", exact: true }).click();
      await expect(page2.getByRole("button", { name: "Masonry", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      // Reaching for the hostile parts does nothing either.
      await hero.getByText("bold").hover();
      await hero.getByText("click me").click();
      await expect(page2).toHaveURL(/\/gallery$/);
      await expectInert([hero.getByTestId("hero-title"), hero.getByTestId("hero-subtitle")]);
      const hostile = "script, img, svg, iframe, object, embed, style, form, details";
      await expect(hero.getByTestId("hero-title").locator(hostile)).toHaveCount(0);
      await expect(hero.getByTestId("hero-subtitle").locator(hostile)).toHaveCount(0);
      expect(await canary(page2)).toBeUndefined();
      expect(visitorDialogs).toEqual([]);
      expect(errors).toEqual([]);
      // The bold text lays nothing over the page: the gallery's controls are still on top.
      await lookAt(page2, { path: "/tmp/moderation-hero-visitor-1280.png" });
    } finally {
      await visitor.close();
    }
    expect(dialogs).toEqual([]);
  });

  test("two admins with the page open: a field both changed is refused for the second, different fields are both kept (round 63)", async ({
    browser,
  }) => {
    test.slow();
    const first = await browser.newContext();
    const second = await browser.newContext();
    try {
      const pages = await Promise.all(
        [first, second].map(async (context) => {
          const page = await context.newPage();
          await signInViaApi(page.request, ADMIN_ACCOUNT);
          await page.goto("/admin/hero");
          await expect(page.getByLabel("Hero Title")).toBeEditable();
          return page;
        }),
      );
      const [a, b] = pages as [Page, Page];
      const save = (page: Page) => page.getByRole("button", { name: "Save Changes" }).click();

      // The same field: A saves first; B's form still shows the old title.
      const titleA = `Title by A ${uniqueWord("a")}`;
      const titleB = `Title by B ${uniqueWord("b")}`;
      await a.getByLabel("Hero Title").fill(titleA);
      await save(a);
      await expect(toastText(a, MESSAGES.hero.updated)).toBeVisible();
      await b.getByLabel("Hero Title").fill(titleB);
      await save(b);
      // B is told, nothing of theirs is saved, and what they typed is still there.
      await expect(toastText(b, MESSAGES.hero.changedElsewhere)).toBeVisible();
      await expect(toastText(b, MESSAGES.hero.updated)).toHaveCount(0);
      await expect(b.getByLabel("Hero Title")).toHaveValue(titleB);
      const api = await adminApi();
      try {
        const stored = await (await api.get("/api/v1/hero-content")).json();
        expect(stored.title).toBe(titleA);
      } finally {
        await api.dispose();
      }

      // Different fields: both pages opened afresh; A changes the title, B the subtitle.
      await Promise.all(
        pages.map(async (page) => {
          await page.goto("/admin/hero");
          await expect(page.getByLabel("Hero Title")).toHaveValue(titleA);
        }),
      );
      const titleA2 = `Second title ${uniqueWord("a")}`;
      const subtitleB = `Subtitle by B ${uniqueWord("b")}`;
      await a.getByLabel("Hero Title").fill(titleA2);
      await save(a);
      await expect(toastText(a, MESSAGES.hero.updated)).toBeVisible();
      await b.getByLabel("Hero Subtitle").fill(subtitleB);
      await save(b);
      await expect(toastText(b, MESSAGES.hero.updated)).toBeVisible();
      // B's form now shows what is stored: A's title and B's subtitle.
      await expect(b.getByLabel("Hero Title")).toHaveValue(titleA2);
      const after = await adminApi();
      try {
        const stored = await (await after.get("/api/v1/hero-content")).json();
        expect(stored).toMatchObject({ title: titleA2, subtitle: subtitleB });
      } finally {
        await after.dispose();
      }
    } finally {
      await first.close();
      await second.close();
    }
  });

  test("a visitor and a member may not write it", async ({ request, page }) => {
    const body = { data: { title: "Mine", subtitle: "", isVisible: true } };
    expect((await request.put("/api/v1/hero-content", body)).status()).toBe(401);
    expect((await request.post("/api/v1/hero-content/preview", body)).status()).toBe(401);
    await registerViaApi(page.request);
    expect((await page.request.put("/api/v1/hero-content", body)).status()).toBe(403);
    await page.goto("/admin/hero");
    // A non-admin is sent to the gallery (spec section 2).
    await expect(page).not.toHaveURL(/\/admin\/hero$/);
  });
});
