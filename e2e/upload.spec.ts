import { EDITION_LABELS, type Image, type ImageListResponse, MESSAGES } from "@sawdust/shared";
import { ADMIN_ACCOUNT, registerViaApi, signInViaApi } from "./support/accounts";
import { toasts } from "./support/auth-screen";
import { generatePng, textFile } from "./support/images";
import { expect, type Response, test } from "./support/test";
import {
  chooseFiles,
  dropFiles,
  imagePicker,
  previewOf,
  uploadProgress,
} from "./support/upload-page";

const UPLOAD_PATH = "/api/v1/images/upload";

interface UploadAnswer {
  uploaded: Image[];
}

function isUpload(response: Response): boolean {
  return new URL(response.url()).pathname === UPLOAD_PATH;
}

test.describe("upload artwork", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request, ADMIN_ACCOUNT);
  });

  test("the admin uploads two images, watches the progress and finds them in the list", async ({
    page,
  }) => {
    // The server makes every rendition before it answers, a few seconds per image here.
    test.slow();
    const files = [
      await generatePng("e2e-dunes.png", { width: 1000, height: 1200, color: "#b45309" }),
      await generatePng("e2e-harbour.png", { width: 900, height: 900, color: "#1e3a8a" }),
    ];
    // Hold the requests until the progress has been seen, then let them through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${UPLOAD_PATH}`, async (route) => {
      await held;
      await route.continue();
    });
    const answers: Response[] = [];
    page.on("response", (response) => {
      if (isUpload(response)) answers.push(response);
    });

    await page.goto("/upload");
    await expect(page.getByRole("heading", { name: "Upload Artwork" })).toBeVisible();
    await expect(page.getByRole("radio", { name: EDITION_LABELS.open_edition })).toBeChecked();
    await chooseFiles(page, files);
    await expect(previewOf(page, "e2e-dunes.png")).toBeVisible();
    await expect(previewOf(page, "e2e-harbour.png")).toBeVisible();
    await page.getByLabel("Price (USD)").fill("12.5");
    await page.getByRole("button", { name: "Upload 2 images" }).click();

    await expect(uploadProgress(page)).toBeVisible();
    await expect(uploadProgress(page)).toHaveAttribute("aria-valuenow", /^\d+$/);
    await expect(page.getByText("0 of 2 uploaded")).toBeVisible();
    await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    release();

    await expect(toasts(page).getByText(MESSAGES.upload.uploadedMany(2))).toBeVisible({
      timeout: 60_000,
    });
    await expect(toasts(page).getByText(MESSAGES.auth.success, { exact: true })).toBeVisible();
    await expect(uploadProgress(page)).toHaveCount(0);
    await expect(previewOf(page, "e2e-dunes.png")).toHaveCount(0);
    await expect(page.getByLabel("Price (USD)")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeEnabled();

    // One request per file, one after the other.
    expect(answers.map((answer) => answer.status())).toEqual([201, 201]);
    const uploadedIds = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as UploadAnswer).uploaded[0]?.id),
    );
    const list = await page.request.get("/api/v1/images?limit=100");
    expect(list.status()).toBe(200);
    const { images } = (await list.json()) as ImageListResponse;
    for (const id of uploadedIds) {
      const image = images.find((candidate) => candidate.id === id);
      expect(image, `image ${id} in the list`).toBeDefined();
      expect(image?.editionType).toBe("open_edition");
      expect(image?.price).toBe(1250);
    }
  });

  test("a file that is not an image is skipped and the images stay", async ({ page }) => {
    await page.goto("/upload");

    await chooseFiles(page, [
      await generatePng("e2e-kept.png", { color: "#166534" }),
      textFile("e2e-notes.txt"),
    ]);

    await expect(toasts(page).getByText(MESSAGES.upload.invalidFileType)).toBeVisible();
    await expect(
      toasts(page).getByText(MESSAGES.upload.invalidFileTypeDescription("e2e-notes.txt")),
    ).toBeVisible();
    await expect(previewOf(page, "e2e-kept.png")).toBeVisible();
    await expect(previewOf(page, "e2e-notes.txt")).toHaveCount(0);
    await expect(page.getByText("1 image selected")).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload 1 image" })).toBeEnabled();

    // Removed from the keyboard, the last preview hands the focus to the picker (round 44).
    await page.getByRole("button", { name: "Remove e2e-kept.png" }).focus();
    await page.keyboard.press("Enter");
    await expect(previewOf(page, "e2e-kept.png")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Choose images" })).toBeFocused();
  });

  test("a file named as a picture that is none shows an icon, not a broken image", async ({
    page,
  }) => {
    await page.goto("/upload");
    await chooseFiles(page, [
      { name: "e2e-broken.png", mimeType: "image/png", buffer: Buffer.from("not a picture\n") },
    ]);
    await expect(page.getByText("1 image selected")).toBeVisible();
    await expect(page.getByRole("img", { name: "No preview of e2e-broken.png" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: "Preview of e2e-broken.png", exact: true }),
    ).toHaveCount(0);
  });

  test("a refused image does not stop the run: each file says how it went, the toast counts both", async ({
    page,
  }) => {
    test.slow();
    const answers: Response[] = [];
    page.on("response", (response) => {
      if (isUpload(response)) answers.push(response);
    });
    // The first file is held until the progress has been read.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    await page.route(`**${UPLOAD_PATH}`, async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });
    await page.goto("/upload");
    await chooseFiles(page, [
      await generatePng("e2e-too-small.png", { width: 400, height: 400, color: "#be185d" }),
      await generatePng("e2e-fine.png", { color: "#7c3aed" }),
    ]);

    await page.getByRole("button", { name: "Upload 2 images" }).click();
    // The percentage counts files as the count beside it does: none done, under half.
    await expect(page.getByText("0 of 2 uploaded")).toBeVisible();
    expect(Number(await uploadProgress(page).getAttribute("aria-valuenow"))).toBeLessThan(50);
    release();

    // Both files were sent; the toast counts what arrived and what did not, and says why.
    await expect(toasts(page).getByText(MESSAGES.upload.uploadSummary(1, 1))).toBeVisible({
      timeout: 30_000,
    });
    await expect(toasts(page).getByText(/^e2e-too-small\.png: .*800/)).toBeVisible();
    const [refused, accepted] = answers;
    if (!refused || !accepted) throw new Error("expected two upload requests");
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(accepted.status()).toBe(201);
    const reason = ((await refused.json()) as { message: string }).message;

    // The refused file stays chosen, marked with the server's reason; the other has gone.
    await expect(page.getByText("1 image selected")).toBeVisible();
    await expect(previewOf(page, "e2e-fine.png")).toHaveCount(0);
    await expect(page.getByText("Not uploaded")).toBeVisible();
    await expect(page.getByText(reason, { exact: true })).toBeVisible();
    await expect(previewOf(page, "e2e-too-small.png")).toHaveAccessibleDescription(reason);

    // Too small stays too small: the file is not offered again, and the page says why.
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.upload.refusedNotSentAgain(1))).toBeVisible();
    await chooseFiles(page, [await generatePng("e2e-later.png", { color: "#0e7490" })]);
    await page.getByRole("button", { name: "Upload 1 image" }).click();
    await expect(toasts(page).getByText(MESSAGES.upload.uploadedOne)).toBeVisible({
      timeout: 30_000,
    });
    expect(answers).toHaveLength(3);
    await expect(previewOf(page, "e2e-later.png")).toHaveCount(0);
    await expect(previewOf(page, "e2e-too-small.png")).toHaveAccessibleDescription(reason);
  });

  test("a file that failed for a passing reason is offered again, and arrives", async ({
    page,
  }) => {
    // The first try meets a full disk (503); the next reaches the server.
    let refusals = 0;
    await page.route(`**${UPLOAD_PATH}`, async (route) => {
      if (refusals++ > 0) return route.continue();
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          message: "The server has run out of storage space",
          code: "storage_full",
        }),
      });
    });
    await page.goto("/upload");
    await chooseFiles(page, [await generatePng("e2e-again.png", { color: "#15803d" })]);
    await page.getByRole("button", { name: "Upload 1 image" }).click();
    await expect(previewOf(page, "e2e-again.png")).toHaveAccessibleDescription(
      "The server has run out of storage space",
    );
    await expect(page.getByText(MESSAGES.upload.refusedNotSentAgain(1))).toHaveCount(0);
    await page.getByRole("button", { name: "Upload 1 image" }).click();
    await expect(toasts(page).getByText(MESSAGES.upload.uploadedOne)).toBeVisible({
      timeout: 30_000,
    });
    await expect(previewOf(page, "e2e-again.png")).toHaveCount(0);
  });

  test("the picker opens from the keyboard, and takes dropped files too", async ({ page }) => {
    await page.goto("/upload");
    // The picker's filter shows every format the server takes, AVIF too.
    await expect(page.locator('input[type="file"]')).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/webp,image/avif",
    );

    const chooser = page.waitForEvent("filechooser");
    await imagePicker(page).focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles([await generatePng("e2e-keyboard.png", { color: "#0f766e" })]);
    await expect(previewOf(page, "e2e-keyboard.png")).toBeVisible();

    await dropFiles(page, [await generatePng("e2e-dropped.png", { color: "#a16207" })]);
    await expect(previewOf(page, "e2e-dropped.png")).toBeVisible();
    await expect(page.getByText("2 images selected")).toBeVisible();

    await page.getByRole("button", { name: "Remove e2e-keyboard.png" }).click();
    await expect(previewOf(page, "e2e-keyboard.png")).toHaveCount(0);
    await expect(page.getByText("1 image selected")).toBeVisible();
  });

  test("uploading with nothing chosen says so", async ({ page }) => {
    await page.goto("/upload");

    await page.getByRole("button", { name: "Upload", exact: true }).click();

    await expect(toasts(page).getByText(MESSAGES.upload.noFilesSelected)).toBeVisible();
    await expect(toasts(page).getByText(MESSAGES.upload.noFilesSelectedDescription)).toBeVisible();
  });

  test("the price field shows only for priced editions", async ({ page }) => {
    await page.goto("/upload");
    const price = page.getByLabel("Price (USD)");
    await expect(price).toBeVisible();

    await page.getByRole("radio", { name: EDITION_LABELS.sawdust_gallery }).check();
    await expect(price).toHaveCount(0);

    await page.getByRole("radio", { name: EDITION_LABELS.one_of_one }).check();
    await expect(price).toBeVisible();
    await expect(price).toHaveAttribute("step", "0.01");
    await expect(price).toHaveAttribute("min", "0");
  });
});

test("a member opening /upload lands on the home page", async ({ page }) => {
  await registerViaApi(page.request);

  await page.goto("/upload");

  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { name: "Upload Artwork" })).toHaveCount(0);
});
