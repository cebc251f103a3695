import { expect, type Locator, type Page } from "@playwright/test";

/**
 * What a browser's text size of 200% does to the app's rem-sized text and spacing (WCAG 1.4.4):
 * the root font size doubled, as the browser's setting would.
 */
export async function textAt200(page: Page): Promise<void> {
  await page.evaluate('document.documentElement.style.fontSize = "200%"');
}

/** The page reflows (WCAG 1.4.10): nothing wider than the window, so no sideways scroll. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
  );
  expect(widths.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

/** Each box starts and ends inside the window's width. */
export async function expectInsideWindow(
  page: Page,
  boxes: Record<string, Locator>,
): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  for (const [name, box] of Object.entries(boxes)) {
    const rect = await box.boundingBox();
    expect(rect, `${name} shows`).not.toBeNull();
    expect(rect && rect.x >= -0.5, `${name} starts inside the window`).toBe(true);
    expect(rect && rect.x + rect.width <= width + 0.5, `${name} ends inside the window`).toBe(true);
  }
}

/**
 * The words in the elements matching `selector` laid out on more than one line: a word broken
 * part-way ("Month / ly"). Words are what lies between spaces, hyphens and slashes.
 */
export async function wordsBrokenMidway(page: Page, selector: string): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const broken = [];
    for (const root of document.querySelectorAll(${JSON.stringify(selector)})) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/[^\\s\\-\\/]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  })()`);
}
