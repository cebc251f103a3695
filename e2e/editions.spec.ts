import { type Image, SANDBOX_CARDS } from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { payInCheckout } from "./support/billing";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { checkAtBothWidths } from "./support/look-at";
import { type APIRequestContext, expect, test } from "./support/test";

/*
 * Issue 19's journey: a free member buys a limited edition with the Commercial licence through the
 * sandbox checkout, finds it in their library, downloads the Ultra size, opens the certificate;
 * a visitor sees the new count. Each page is checked with axe and shot at 1280 and 390 px.
 */

let admin: APIRequestContext;
let artwork: Image;
let title: string;

test.beforeAll(async () => {
  admin = await adminApi();
  title = `Brass Harbour ${uniqueWord("ed")}`;
  artwork = await seedImage(admin, { title, color: "#b45309" });
  const limited = await admin.patch(`/api/v1/images/${artwork.id}`, {
    data: { editionType: "limited_edition", maxEditions: 5 },
  });
  expect(limited.status(), await limited.text()).toBe(200);
});

test.afterAll(async () => {
  await admin.dispose();
});

test("a free member buys a limited edition with the Commercial licence", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await registerViaApi(page.request, newAccount("buyer"));
  await signInViaApi(page.request, account);

  await page.goto(`/image/${artwork.id}`);
  const detail = page.getByRole("dialog", { name: title });
  await expect(detail.getByRole("heading", { name: title })).toBeVisible();
  await checkAtBothWidths(page, "editions-detail-before");
  await detail.getByRole("button", { name: "Buy", exact: true }).click();

  const buy = page.getByRole("dialog", { name: /^Buy “/ });
  await expect(buy.getByText("Commercial licence")).toBeVisible();
  await checkAtBothWidths(page, "editions-buy-dialog");
  await buy.getByRole("radio", { name: /Commercial licence/ }).check();
  await buy.getByRole("button", { name: "Continue to checkout" }).click();

  await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\/cs_sbx_\w+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Commercial licence");
  // A one-off payment: no renewals in the test cards' words, and the hold's time, not its day.
  await expect(page.getByText(SANDBOX_CARDS.pays.oneOffBehaviour, { exact: true })).toBeVisible();
  await expect(page.getByText(/renewal/i)).toHaveCount(0);
  await expect(page.getByText(/This checkout is open until .* \d{2}:\d{2}\./)).toBeVisible();
  await checkAtBothWidths(page, "editions-checkout");
  await payInCheckout(page, "pays");

  await expect(page).toHaveURL(/\/library\?purchase=success$/);
  const owned = page.getByTestId("library-list").getByRole("listitem").filter({ hasText: title });
  await expect(owned).toContainText("No. 1 of 5");
  await expect(owned).toContainText("Commercial licence");
  await checkAtBothWidths(page, "editions-library");

  // Ultra, as a free member: the owner's every size, named for the licence.
  await owned.getByRole("link", { name: "Downloads" }).click();
  await expect(detail.getByText(/You own this piece \(commercial licence\)/)).toBeVisible();
  const downloading = page.waitForEvent("download");
  await detail.getByRole("button", { name: "Download", exact: true }).click();
  await page.getByRole("menuitem", { name: /Ultra/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/-ultra-commercial-licence\.webp$/);
  const usage = await (await page.request.get("/api/v1/usage")).json();
  expect(usage.downloads.used).toBe(0);

  // The certificate, which anyone can open.
  await page.goto("/library");
  await owned.getByRole("link", { name: "Certificate" }).click();
  await expect(page).toHaveURL(/\/verify\/[0-9a-f]{32}$/);
  await expect(page.getByText("Genuine: issued by Sawdust and in force")).toBeVisible();
  await expect(page.getByTestId("certificate-edition")).toContainText("No. 1 of 5");
  await checkAtBothWidths(page, "editions-certificate");
  const certificateUrl = page.url();

  // A visitor sees the new count, and can verify the certificate too; a forged one is refused.
  // (Fourteen hours ahead of UTC: the certificate still states the sale's UTC day, the PDF's.)
  const visitorContext = await browser.newContext({ timezoneId: "Pacific/Kiritimati" });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/image/${artwork.id}`);
  await expect(visitor.getByRole("dialog", { name: title })).toContainText(
    "Limited Edition · 1 of 5 sold",
  );
  await visitor.goto(certificateUrl);
  await expect(visitor.getByText("Genuine: issued by Sawdust and in force")).toBeVisible();
  const certificate = await (
    await visitor.request.get(`/api/v1/certificates/${certificateUrl.split("/").at(-1)}`)
  ).json();
  const saleDay = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(certificate.purchasedAt));
  await expect(visitor.locator("dt", { hasText: "Date of sale (UTC)" })).toBeVisible();
  await expect(visitor.locator("dd", { hasText: saleDay })).toBeVisible();
  await visitor.goto("/verify/0123456789abcdef0123456789abcdef");
  await expect(visitor.getByRole("heading", { name: "Not a genuine certificate" })).toBeVisible();
  await checkAtBothWidths(visitor, "editions-forged");
  await visitorContext.close();
});

test("the admin sees the sale and its revenue", async ({ page }) => {
  await signInViaApi(page.request, ADMIN_ACCOUNT);
  await page.goto("/admin/sales");
  await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sales" })).toContainText("Brass Harbour");
  await checkAtBothWidths(page, "editions-admin-sales");

  // Searched from the page, kept in the URL; a search that finds nothing says so.
  await page.getByLabel("Search sales").fill("brass harbour");
  await page.getByLabel("Search sales").press("Enter");
  await expect(page).toHaveURL(/\/admin\/sales\?q=brass\+harbour$/);
  await expect(page.getByTestId("sales-total")).toHaveText(/^\d+ sales? match$/);
  await expect(page.getByRole("region", { name: "Sales" })).toContainText("Brass Harbour");
  await page.getByLabel("Status").selectOption("refunded");
  await expect(page.getByText("No sale matches this search or status.")).toBeVisible();
});
