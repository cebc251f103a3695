import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's serious and critical violations on the page, one line each (rule: targets).
 *
 * Run in axe's legacy mode: the default mode finishes every run in a new blank page (made for
 * cross-origin frames, which Sawdust's pages have none of), and opening that page cost ~0.75 s of
 * each ~1.5 s call on a 2-core machine. The rules and their results are the same.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
