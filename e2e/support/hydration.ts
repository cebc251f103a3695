import type { Page } from "@playwright/test";

/**
 * Resolves once React has taken the server's HTML over and every lazy part has arrived. A visitor's
 * public page (/gallery, /image/{id}, …) arrives rendered by the server, so it shows its content
 * before the app runs: a journey that clicks must wait for this first, as a person's click before
 * then would reach a button no script listens to yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await takenOver(page);
}

/**
 * Resolves once React has taken over what the page shows: its root hydrated (or rendered), the
 * data the server sent along consumed, the header (hydrated on its own, after the frame: its
 * keyboard shortcuts listen from then on) and every open dialog's lazy code arrived and hydrated.
 * At once on a page the app does not run (no `#root`: the API's documentation).
 */
export async function takenOver(page: Page): Promise<void> {
  // A function, not a string: the page's Content-Security-Policy forbids eval, which Playwright
  // uses to poll a string. It runs in the page (hence the shapes written out here).
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as {
      document: {
        getElementById(id: string): object | null;
        querySelectorAll(selector: string): ArrayLike<object>;
      };
    };
    // React marks the root it hydrates, and each element once it has hydrated it (a lazy part such
    // as the detail dialog hydrates after its code arrives, later than the root); the app removes
    // the data the server sent along.
    const marked = (element: object, prefix: string) =>
      Object.keys(element).some((key) => key.startsWith(prefix));
    const root = document.getElementById("root");
    if (root === null) return true;
    return (
      marked(root, "__reactContainer") &&
      document.getElementById("sawdust-state") === null &&
      Array.from(document.querySelectorAll('#root header, [role="dialog"]')).every((element) =>
        marked(element, "__reactFiber"),
      )
    );
  });
}
