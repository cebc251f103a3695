import { type Browser, type BrowserContext, test as base, type Page } from "@playwright/test";
import { takenOver } from "./hydration";

export * from "@playwright/test";

/**
 * Playwright's `test`, whose pages hand a page opened with `goto` back only once the app has taken
 * it over (takenOver): the `page` fixture's, and those a journey opens itself with
 * `browser.newContext()` or `browser.newPage()`, unless JavaScript is off there. A visitor's public
 * pages arrive rendered by the server and show their buttons before the app runs; a journey's click
 * in between reached a button no script listened to yet and was lost, which failed journeys
 * whenever the server answered faster than the app loaded. A person's is now kept and clicked again
 * once the app has hydrated the button (EARLY_CLICK_SCRIPT; gallery-server-render.spec.ts), but a
 * journey still waits, so that what it checks next is the app's answer, not the wait for it.
 */
export const test = base.extend<object, { waitingBrowser: Browser }>({
  waitingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        return options?.javaScriptEnabled === false ? context : waitingOnGoto(context);
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => {
        const page = await newPage(options);
        return options?.javaScriptEnabled === false ? page : waitingPage(page);
      };
      await use(browser);
    },
    { scope: "worker", auto: true },
  ],
  page: async ({ page }, use) => {
    await use(waitingPage(page));
  },
});

const waiting = new WeakSet<Page>();

/** The page, its `goto` resolving once the app has taken the page over. */
function waitingPage(page: Page): Page {
  if (waiting.has(page)) return page;
  waiting.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await takenOver(page);
    return response;
  };
  return page;
}

/** The context, its new pages waitingPage's. */
function waitingOnGoto(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitingPage(await newPage());
  return context;
}
