import { join } from "node:path";
import { type Image, MESSAGES, REPORT_REASON_LABELS } from "@sawdust/shared";
import Database from "better-sqlite3";
import { E2E_DATA_DIR } from "../playwright.config";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { lookAt } from "./support/look-at";
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "./support/test";

/**
 * Moderation (issue 15, acceptance 1): a member reports an image from its detail (once: a second
 * report is refused); the admin sees it in the queue with its reason and note; the admin
 * approves a flagged image and a visitor then finds it in the public gallery; the admin keeps two
 * images private at once and deletes one after confirming. axe finds nothing serious on the
 * queue (1280 and 390 px) or the report dialog.
 */

const m = MESSAGES.moderation;
/** Toasts by their exact text (Radix's announcer repeats them in a longer copy). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await adminApi();
});
test.afterAll(async () => {
  await admin.dispose();
});

/**
 * Holds an image for moderation as the content rater does (private, flagged), writing the e2e
 * server's SQLite database: no API sets a rating.
 */
function holdForModeration(imageId: number, moderation: "flagged" | "unrated"): void {
  const db = new Database(join(E2E_DATA_DIR, "sawdust.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db
      .prepare(
        "update images set is_public = 0, publish_when_rated = 0, moderation = ?, moderation_reason = ? where id = ?",
      )
      .run(
        moderation,
        moderation === "flagged"
          ? "sensitive content"
          : "not rated: the content rater could not run",
        imageId,
      );
    if (changed.changes !== 1) throw new Error(`no image ${imageId}`);
  } finally {
    db.close();
  }
}

/** A seeded image, public or held for moderation (flagged, private). */
async function seed(title: string, held: boolean): Promise<Image> {
  const image = await seedImage(admin, { title, isPublic: false });
  if (held) {
    holdForModeration(image.id, "flagged");
  } else {
    const shown = await admin.patch(`/api/v1/images/${image.id}/visibility`, {
      data: { isPublic: true },
    });
    expect(shown.status()).toBe(200);
  }
  return image;
}

const card = (page: Page, title: string) =>
  page.getByTestId("moderation-item").filter({ has: page.getByRole("heading", { name: title }) });

test.describe("moderation", () => {
  test("a member reports an image from its detail, once, and the admin sees the report", async ({
    page,
    browser,
  }) => {
    test.slow(); // Two browsers, a report, the admin's queue and an accessibility check.
    const word = uniqueWord("reported");
    const title = `Night Market ${word}`;
    const image = await seed(title, false);
    const member = await registerViaApi(page.request, newAccount("reporter"));
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/image/${image.id}`);
    const detail = page.getByRole("dialog", { name: title });
    await expect(detail).toBeVisible();
    await detail.getByRole("button", { name: "Report this image" }).click();
    const dialog = page.getByRole("dialog", { name: m.reportTitle });
    await expect(dialog).toBeVisible();
    // A reason is required: the shared message, before anything is sent.
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByText(m.reasonRequired)).toBeVisible();
    await dialog.getByLabel(REPORT_REASON_LABELS.copyright).check();
    await dialog.getByLabel("Note (optional)").fill(`This is my photograph ${word}.`);
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, { path: "/tmp/moderation-report-dialog-1280.png" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(toastText(page, m.reported)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(detail.getByRole("button", { name: "Reported" })).toBeVisible();
    // The image stays public while an admin looks.
    expect((await page.request.get(`/api/v1/images/${image.id}`)).status()).toBe(200);

    // Once per member and image: another report of it is refused, with words that say so.
    await page.reload();
    await page
      .getByRole("dialog", { name: title })
      .getByRole("button", { name: "Report this image" })
      .click();
    const again = page.getByRole("dialog", { name: m.reportTitle });
    await again.getByLabel(REPORT_REASON_LABELS.spam).check();
    await again.getByRole("button", { name: "Send report" }).click();
    await expect(toastText(page, m.alreadyReported)).toBeVisible();

    // At 390 px the dialog fits too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page
      .getByRole("dialog", { name: title })
      .getByRole("button", { name: "Report this image" })
      .click();
    await expect(page.getByRole("dialog", { name: m.reportTitle })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, { path: "/tmp/moderation-report-dialog-390.png" });

    // On a phone held sideways the dialog is taller than the screen: it scrolls within it, so
    // its buttons can be reached.
    await page.setViewportSize({ width: 844, height: 390 });
    const tall = page.getByRole("dialog", { name: m.reportTitle });
    const box = await tall.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(390);
    const send = tall.getByRole("button", { name: "Send report" });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport();

    // A visitor is not offered the action; an admin has the queue instead.
    const visitor = await browser.newPage();
    await visitor.goto(`/image/${image.id}`);
    await expect(visitor.getByRole("dialog", { name: title })).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Report this image" })).toHaveCount(0);
    await visitor.close();

    const adminPage = await browser.newPage();
    await signInViaApi(adminPage.request, ADMIN_ACCOUNT);
    await adminPage.goto("/admin/moderation?kind=reported");
    const entry = card(adminPage, title);
    await expect(entry).toContainText("1 open report");
    await expect(entry).toContainText(REPORT_REASON_LABELS.copyright);
    await expect(entry).toContainText(`This is my photograph ${word}.`);
    await expect(entry).toContainText(member.username);
    await expect(entry).toContainText("Public");
    await adminPage.close();
  });

  test("the admin approves a flagged image, which a visitor then finds in the gallery", async ({
    page,
    browser,
  }) => {
    const word = uniqueWord("approve");
    const title = `Quiet Harbour ${word}`;
    const image = await seed(title, true);
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/moderation");
    await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
    await expect(page).toHaveTitle("Moderation · Sawdust");
    const entry = card(page, title);
    await expect(entry).toContainText("Flagged");
    await expect(entry).toContainText("Private");
    await expect(entry).toContainText("sensitive content");
    // The admin's session loads the private image's preview.
    await expect
      .poll(() =>
        entry.locator("img").evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    // Flagged, it is blurred until the admin asks to see it.
    await expect(entry.locator("img")).toHaveClass(/blur/);
    expect(await seriousViolations(page)).toEqual([]);
    await lookAt(page, { path: "/tmp/moderation-queue-veiled-1280.png", fullPage: true });
    await entry.getByRole("button", { name: `Show ${title}` }).click();
    await expect(entry.locator("img")).not.toHaveClass(/blur/);
    await expect(entry.getByTestId("moderation-reveal")).toHaveCount(0);
    await lookAt(page, { path: "/tmp/moderation-queue-1280.png", fullPage: true });

    const visitor = await browser.newPage();
    expect((await visitor.request.get(`/api/v1/images/${image.id}`)).status()).toBe(404);

    // From the keyboard: the card goes, and the focus to the card that took its place (round 20).
    await entry.getByRole("button", { name: /^Approve / }).focus();
    await page.keyboard.press("Enter");
    await expect(toastText(page, m.approved(1))).toBeVisible();
    await expect(entry).toHaveCount(0);
    const queue = page.getByRole("list", { name: "Images to review" });
    if ((await queue.count()) > 0) {
      await expect(queue.locator(":focus")).toHaveCount(1);
    } else {
      await expect(page.locator("#main-content")).toBeFocused();
    }

    await visitor.goto("/gallery");
    await expect(visitor.getByRole("link", { name: title, exact: true })).toBeVisible();
    expect((await visitor.request.get(`/api/v1/images/${image.id}`)).status()).toBe(200);
    await visitor.close();
  });

  test("the admin keeps two images private at once and deletes one after confirming", async ({
    page,
  }) => {
    const word = uniqueWord("bulk");
    const titles = [`Bulk One ${word}`, `Bulk Two ${word}`, `Bulk Three ${word}`];
    const images = [
      await seed(titles[0] ?? "", true),
      await seed(titles[1] ?? "", false),
      await seed(titles[2] ?? "", true),
    ];
    // The public one is reported by a member, so it waits too.
    const member = await memberApi();
    const reported = await member.post(`/api/v1/images/${images[1]?.id}/reports`, {
      data: { reason: "spam" },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    await member.dispose();

    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/moderation");
    for (const title of titles) await expect(card(page, title)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(
      await page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      ),
    ).toBe(0);
    await lookAt(page, { path: "/tmp/moderation-queue-390.png", fullPage: true });

    await page.getByLabel(`Select ${titles[0]}`).check();
    await page.getByLabel(`Select ${titles[1]}`).check();
    const selection = page.getByRole("region", { name: "Selection" });
    await expect(selection).toContainText("2 selected");
    await selection.getByRole("button", { name: "Keep private" }).click();
    await expect(toastText(page, m.keptPrivate(2))).toBeVisible();
    await expect(card(page, titles[0] ?? "")).toHaveCount(0);
    await expect(card(page, titles[1] ?? "")).toHaveCount(0);
    for (const image of images.slice(0, 2)) {
      const res = await admin.get(`/api/v1/images/${image.id}`);
      expect(((await res.json()) as Image).isPublic).toBe(false);
    }

    await page.getByLabel(`Select ${titles[2]}`).check();
    await selection.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: m.deleteTitle(1) });
    await expect(confirm).toContainText(m.deleteText(1));
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toastText(page, m.deleted(1))).toBeVisible();
    await expect(card(page, titles[2] ?? "")).toHaveCount(0);
    expect((await admin.get(`/api/v1/images/${images[2]?.id}`)).status()).toBe(404);
  });

  test("the queue and decisions are for admins alone", async ({ page, request }) => {
    expect((await request.get("/api/v1/admin/moderation")).status()).toBe(401);
    await registerViaApi(page.request);
    expect((await page.request.get("/api/v1/admin/moderation")).status()).toBe(403);
    await page.goto("/admin/moderation");
    await expect(page).not.toHaveURL(/\/admin\/moderation$/);
  });
});

/** A fresh member's own API client (its own cookie jar), signed in. */
async function memberApi(): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL ?? "").origin },
  });
  await registerViaApi(context, newAccount("bulk"));
  return context;
}
