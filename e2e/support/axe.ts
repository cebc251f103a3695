import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe-core's serious and critical violations on the page, one line each (rule: targets). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
