import { readFile } from "node:fs/promises";
import {
  type AdminDashboard,
  DOWNLOAD_SIZE_NAMES,
  DOWNLOAD_SIZES,
  formatBytes,
  MESSAGES,
  paths,
} from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { subscribeViaApi } from "./support/billing";
import { adminApi, failMailJob, seedImage, uniqueWord } from "./support/catalogue";
import { lookAt } from "./support/look-at";
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "./support/test";

/**
 * /admin/dashboard and /admin/analytics (issue 15): the dashboard shows the real figures and the
 * system status as the API gives them, and its link cards reach every admin page; the analytics
 * draw their charts with uPlot, switch range through the URL, and download each series as CSV.
 * axe finds nothing serious on either, at 1280 and 390 px, and neither page is wider than a phone.
 */

const m = MESSAGES.adminStats;

/** Every admin page but the dashboard, as its link cards list them (app/admin-pages.ts). */
const LINKED_PAGES = [
  ["Image Management", paths.admin.images.getHref()],
  ["Moderation", paths.admin.moderation.getHref()],
  ["Hero Configuration", paths.admin.hero.getHref()],
  ["Users", paths.admin.users.getHref()],
  ["Subscribers", paths.admin.subscribers.getHref()],
  ["Subscriptions", paths.admin.subscriptions.getHref()],
  ["Sales", paths.admin.sales.getHref()],
  ["Analytics", paths.admin.analytics.getHref()],
  ["API Keys", paths.admin.apiKeys.getHref()],
  ["Settings", paths.admin.settings.getHref()],
  ["Audit Log", paths.admin.audit.getHref()],
  ["Mail Outbox", paths.admin.mailOutbox.getHref()],
] as const;

function overflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
}

async function look(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  // Charts take the new width when their container's resize is observed (the next frame).
  await expect.poll(() => overflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await lookAt(page, { path: `/tmp/figures-${name}-${width}.png`, fullPage: true });
}

/** Something to count: an image viewed and downloaded, a member who pays for Pro. */
async function seedActivity(): Promise<{ api: APIRequestContext; imageId: number; tag: string }> {
  const api = await adminApi();
  const tag = uniqueWord("fig");
  const image = await seedImage(api, { title: `Figures ${tag}`, tags: [tag] });
  // Thirty visitors look at it (a view counts once per viewer and day): among the most viewed
  // whatever else the run's other journeys viewed.
  const { baseURL } = test.info().project.use;
  const visitors = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL as string).origin },
  });
  for (let i = 0; i < 30; i++) {
    const viewed = await visitors.post(`/api/v1/images/${image.id}/views`, {
      headers: { "user-agent": `figures visitor ${tag} ${i}` },
    });
    expect(viewed.status()).toBe(200);
  }
  await visitors.dispose();
  expect((await api.get(`/api/v1/images/${image.id}/download?size=preview`)).status()).toBe(200);
  expect((await api.get(`/api/v1/images/${image.id}/download?size=hd`)).status()).toBe(200);
  return { api, imageId: image.id, tag };
}

test.describe("the admin dashboard and analytics", () => {
  test("the dashboard shows the figures and the status, and its cards reach every page", async ({
    page,
    request,
  }) => {
    test.slow();
    const { api } = await seedActivity();
    const member = await registerViaApi(request, newAccount("figpro"));
    await signInViaApi(request, member);
    await subscribeViaApi(request, "monthly");

    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(paths.admin.dashboard.getHref());
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page).toHaveTitle("Admin Dashboard · Sawdust");

    // The figures are the API's (nothing happens between the two reads in this journey).
    await expect(page.getByTestId("system-status")).toBeVisible();
    const figures = (await (await api.get("/api/v1/admin/dashboard")).json()) as AdminDashboard;
    const card = (id: string) => page.getByTestId(id);
    await expect(card("figure-users")).toContainText(m.cards.users);
    await expect(card("figure-users")).toContainText(figures.totals.users.toLocaleString("en-US"));
    await expect(card("figure-images")).toContainText(
      figures.totals.images.toLocaleString("en-US"),
    );
    await expect(card("figure-downloads")).toContainText(
      figures.totals.downloads.toLocaleString("en-US"),
    );
    await expect(card("figure-storage")).toContainText(formatBytes(figures.totals.storageBytes));
    expect(figures.totals.downloads).toBeGreaterThanOrEqual(2);
    const qualities = page.getByTestId("downloads-by-quality").getByRole("listitem");
    await expect(qualities).toHaveCount(5);
    for (const [i, size] of DOWNLOAD_SIZE_NAMES.entries()) {
      await expect(qualities.nth(i)).toContainText(DOWNLOAD_SIZES[size].label);
      await expect(qualities.nth(i)).toContainText(
        figures.downloadsByQuality[size].toLocaleString("en-US"),
      );
    }

    // The status list: each part with its level in words, not colour alone.
    const database = page.getByTestId("status-database");
    await expect(database).toHaveAttribute("data-level", "ok");
    await expect(database).toContainText(`Database${m.levels.ok}Reachable`);
    await expect(page.getByTestId("status-storage")).toHaveAttribute("data-level", "ok");
    // The server runs its own worker (WORKERS defaults to 1): it beats.
    await expect(page.getByTestId("status-workers")).toContainText("1 worker running");
    await expect(page.getByTestId("status-vision")).toContainText("Not configured");
    for (const id of ["queue", "rater"]) {
      await expect(page.getByTestId(`status-${id}`)).toBeVisible();
    }
    await look(page, "dashboard", 1280);
    await look(page, "dashboard", 390);

    // Check again: asked afresh.
    await page.setViewportSize({ width: 1280, height: 900 });
    const again = page.waitForResponse((r) => r.url().endsWith("/api/v1/admin/dashboard"));
    await page.getByRole("button", { name: "Check again" }).click();
    expect((await again).status()).toBe(200);

    // A card for every admin page but this one, each reaching its page.
    const cards = page.getByTestId("admin-link-cards").getByRole("link");
    await expect(cards).toHaveCount(LINKED_PAGES.length);
    for (const [label, href] of LINKED_PAGES) {
      await page
        .getByTestId("admin-link-cards")
        .getByRole("link", { name: new RegExp(`^${label}`) })
        .click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    }
    await api.dispose();
  });

  test("a job that failed for good is retried from the dashboard, and a worker then sends it", async ({
    page,
  }) => {
    const to = `${uniqueWord("retry")}@example.com`;
    failMailJob(to);
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(paths.admin.dashboard.getHref());
    const queue = page.getByTestId("status-queue");
    await expect(queue).toHaveAttribute("data-level", "warning");
    await expect(queue).toContainText("Connection refused");
    const retry = queue.getByRole("button", { name: m.status.queue.retry });
    await look(page, "dashboard-failed-job", 390);
    await look(page, "dashboard-failed-job", 1280);

    const answered = page.waitForResponse((r) => r.url().endsWith("/jobs/retry-failed"));
    await retry.click();
    const { retried } = (await (await answered).json()) as { retried: number };
    expect(retried).toBeGreaterThanOrEqual(1);
    await expect(page.getByText(m.status.queue.retried(retried), { exact: true })).toBeVisible();
    // Asked afresh after the retry: nothing failed any more, so no button.
    await expect(queue).not.toContainText("failed for good");
    await expect(retry).toHaveCount(0);

    // The server's own worker sends it (no SMTP here: into the outbox, read by address).
    const api = await adminApi();
    await expect
      .poll(async () => {
        const outbox = await api.get(`/api/v1/admin/mail-outbox?to=${encodeURIComponent(to)}`);
        return ((await outbox.json()) as { messages: unknown[] }).messages.length;
      })
      .toBe(1);
    await api.dispose();
  });

  test("analytics draws charts, switches range, and downloads a CSV", async ({ page }) => {
    test.slow();
    const { api, imageId, tag } = await seedActivity();
    await api.dispose();

    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(paths.admin.analytics.getHref());
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Over the last 30 days" }),
    ).toBeVisible();
    const range = page.getByRole("navigation", { name: "Range" });
    await expect(range.getByRole("link", { name: "30 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Six charts, each drawn on a canvas once uPlot loads, named for assistive technology.
    for (const series of [
      "views",
      "downloads",
      "bandwidth",
      "signups",
      "subscriptions",
      "revenue",
    ]) {
      const chart = page.getByTestId(`chart-${series}`);
      await expect(chart.getByTestId("chart")).toHaveAttribute("data-state", "ready");
      await expect(chart.locator("canvas")).toBeVisible();
      await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /last 30 days/);
    }
    await expect(page.getByTestId("chart-views").getByRole("img")).toHaveAttribute(
      "aria-label",
      /Views: \d+ in all, most on [A-Z][a-z]{2} \d+ \(\d+\)/,
    );
    // The figures as a table too.
    const views = page.getByTestId("chart-views");
    await views.getByText("Show the figures").click();
    await expect(views.locator("details").getByRole("table")).toBeVisible();
    await expect(views.locator("details table tr")).toHaveCount(31);

    // The top lists: the image viewed just now, a thumbnail linking to it, and its tag.
    const topViewed = page.getByTestId("top-viewed");
    const link = topViewed.getByRole("link", { name: new RegExp(`Figures ${tag}`) });
    await expect(link).toHaveAttribute("href", paths.image.getHref(imageId));
    await expect(link.locator("img")).toBeVisible();
    await expect(page.getByTestId("top-tags").getByRole("link", { name: `#${tag}` })).toBeVisible();
    await look(page, "analytics", 1280);

    // The charts follow their container's width.
    const canvasWidth = async () =>
      (await page.getByTestId("chart-views").locator("canvas").boundingBox())?.width ?? 0;
    const wide = await canvasWidth();
    await look(page, "analytics", 390);
    await expect.poll(canvasWidth).toBeLessThan(390);
    expect(wide).toBeGreaterThan(390);

    // The range lives in the URL.
    await page.setViewportSize({ width: 1280, height: 900 });
    await range.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?range=7d$/);
    await expect(
      page.getByRole("heading", { level: 2, name: "Over the last 7 days" }),
    ).toBeVisible();
    await expect(range.getByRole("link", { name: "7 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByTestId("chart-views").locator("details table tr")).toHaveCount(8);
    await range.getByRole("link", { name: "12 months" }).click();
    await expect(page).toHaveURL(/range=12m$/);
    await expect(page.getByTestId("chart-revenue").getByRole("img")).toHaveAttribute(
      "aria-label",
      /last 12 months/,
    );
    await page.goBack();
    await expect(
      page.getByRole("heading", { level: 2, name: "Over the last 7 days" }),
    ).toBeVisible();

    // Each series' CSV downloads: a header row and a row per day.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: m.analytics.downloadCsv("Views per day") }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sawdust-views-7d-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path()) as string, "utf8")).trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,views");
    expect(lines).toHaveLength(8);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2}-\d{2},\d+$/);
    expect(Number(lines.at(-1)?.split(",")[1])).toBeGreaterThanOrEqual(1);
    await look(page, "analytics-7d", 1280);
  });
});
