import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axe from "axe-core";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * axe-core's serious and critical violations on the page, one line each (rule: targets).
 *
 * axe's script is put into a page once, and each check then asks it for violations only: the
 * journeys check most screens twice (at 1280 and 390 px, checkAtBothWidths), and `AxeBuilder`
 * evaluates axe's 600 kB source twice on every call (1.8 s a call against 0.7 s on a 2-core
 * machine, about three minutes of the browser suite). The rules, and so the findings, are the
 * same: `resultTypes` only trims the passes it lists. A page with frames (none of Sawdust's) goes
 * through `AxeBuilder`, which puts axe into each frame. Legacy mode: the default one finishes each
 * run in a new blank page, made for cross-origin frames.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results: AxeResults =
    page.frames().length > 1
      ? await new AxeBuilder({ page }).setLegacyMode(true).analyze()
      : await runAxe(page);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate("typeof window.axe?.run === 'function'"))) {
    await page.evaluate(`${axe.source};axe.configure({ allowedOrigins: ["<same_origin>"] });`);
  }
  return page.evaluate(
    "window.axe.run(document, { resultTypes: ['violations'] })",
  ) as Promise<AxeResults>;
}
