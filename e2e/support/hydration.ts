import type { Page } from "@playwright/test";

/**
 * Resolves once React has taken the server's HTML over and every lazy part has arrived. A visitor's
 * public page (/gallery, /image/{id}, …) arrives rendered by the server, so it shows its content
 * before the app runs: a journey that clicks must wait for this first, as a person's click before
 * then would reach a button no script listens to yet.
 */
export async function hydrated(page: Page): Promise<void> {
  // React marks the root element it hydrates, and each element once it has hydrated it (a lazy
  // part such as the detail dialog hydrates after its code arrives, later than the root); the app
  // removes the data the server sent along.
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(`(() => {
    const root = document.getElementById("root");
    const reacts = (element, prefix) => Object.keys(element).some((key) => key.startsWith(prefix));
    return root !== null &&
      reacts(root, "__reactContainer") &&
      document.getElementById("sawdust-state") === null &&
      [...document.querySelectorAll('[role="dialog"]')].every((dialog) => reacts(dialog, "__reactFiber"));
  })()`);
}
