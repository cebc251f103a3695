import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";

type ScreenshotOptions = NonNullable<Parameters<Page["screenshot"]>[0]>;

/**
 * A screenshot for a person to look at (the journeys save each screen at 1280 and 390 px), taken
 * only when E2E_SCREENSHOTS is set: it asserts nothing, and full-page shots in a GPU-less Chromium
 * cost 0.2–0.5 s each, so `npm test` leaves them out.
 *   E2E_SCREENSHOTS=1 npx playwright test e2e/editions.spec.ts
 */
export async function lookAt(page: Page, options: ScreenshotOptions): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot(options);
}

/**
 * A screen at a desktop's and a phone's width: no serious axe finding and nothing wider than the
 * window at either, and a screenshot of each to look at (`/tmp/{name}-{width}.png`, lookAt).
 */
export async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    const wider = await page.evaluate<number>(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(wider, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await lookAt(page, { path: `/tmp/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
