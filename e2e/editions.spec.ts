import { type AdminSales, type Image, MESSAGES, SANDBOX_CARDS } from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { buyEditionViaApi, payInCheckout } from "./support/billing";
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
  await detail.getByRole("button", { name: /^Buy “/ }).click();

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

  await expect(page).toHaveURL(/\/library\?purchase=success&checkout=cs_sbx_\w+$/);
  // The page says how this purchase ended: sold, and which number.
  await expect(page.getByTestId("purchase-notice")).toHaveText(
    MESSAGES.editions.purchaseSold(title, 1),
  );
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

test("a buyer whose piece is withdrawn while they pay is told on return that the payment is refunded", async ({
  page,
}) => {
  // Round 54: the page the buyer returned to said "your payment went through" over a refund.
  const goneTitle = `Withdrawn ${uniqueWord("ed")}`;
  const gone = await seedImage(admin, { title: goneTitle });
  const oneOfOne = await admin.patch(`/api/v1/images/${gone.id}`, {
    data: { editionType: "one_of_one", price: 4_000 },
  });
  expect(oneOfOne.status(), await oneOfOne.text()).toBe(200);
  const account = await registerViaApi(page.request, newAccount("late"));
  await signInViaApi(page.request, account);
  await page.goto(`/image/${gone.id}`);
  const detail = page.getByRole("dialog", { name: goneTitle });
  await detail.getByRole("button", { name: /^Buy “/ }).click();
  await page
    .getByRole("dialog", { name: /^Buy “/ })
    .getByRole("button", { name: "Continue to checkout" })
    .click();
  await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\/cs_sbx_\w+$/);
  expect((await admin.delete(`/api/v1/images/${gone.id}`)).status()).toBe(200);
  await payInCheckout(page, "pays");
  await expect(page).toHaveURL(/\/library\?purchase=success&checkout=cs_sbx_\w+$/);
  // Named when the payment found the piece still being deleted, not once its row is gone.
  await expect(page.getByTestId("purchase-notice")).toHaveText(
    new RegExp(
      `^${[MESSAGES.editions.purchaseDeclined(goneTitle), MESSAGES.editions.purchaseDeclined(null)]
        .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("|")}$`,
    ),
  );
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

test("a refund leaves its edition type's figures standing, and the certificate dates its revocation", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const money = (cents: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
  const openTitle = `Tin Meadow ${uniqueWord("oe")}`;
  const open = await seedImage(admin, {
    title: openTitle,
    editionType: "open_edition",
    price: 2_500,
    color: "#6d28d9",
  });
  await registerViaApi(request, newAccount("refunded"));
  await buyEditionViaApi(request, open.id);
  const salesOf = async (query: string) =>
    (await (await admin.get(`/api/v1/admin/sales?${query}`)).json()) as AdminSales;
  const before = await salesOf("limit=1");
  const [sale] = (await salesOf(`q=${encodeURIComponent(openTitle)}`)).sales;
  if (!sale?.certificateId) throw new Error("the sale has no certificate");
  const keptBefore = before.revenueByEditionType.open_edition ?? 0;
  const refundedBefore = before.refundedByEditionType.open_edition ?? 0;

  await signInViaApi(page.request, ADMIN_ACCOUNT);
  await page.goto(`/admin/sales?q=${encodeURIComponent(openTitle)}`);
  const card = page.getByTestId("revenue-open_edition");
  await expect(card).toContainText(money(keptBefore));
  await page.getByRole("region", { name: "Sales" }).getByRole("button", { name: "Refund" }).click();
  // An open edition's number is never handed out again (a 1/1's goes to its next buyer).
  await expect(page.getByRole("alertdialog")).toContainText(
    MESSAGES.editions.refundSaleConfirm({
      buyer: sale.buyer,
      price: money(sale.priceCents),
      title: openTitle,
      editionType: "open_edition",
    }),
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Refund" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // The open editions' card stays (its only sale, when the suite runs alone): what is kept, and
  // what was refunded; the row says when.
  await expect(card).toContainText("Open Edition");
  await expect(card).toContainText(money(keptBefore - sale.priceCents));
  await expect(card).toContainText(`${money(refundedBefore + sale.priceCents)} refunded`);
  const [refunded] = (await salesOf(`q=${encodeURIComponent(openTitle)}`)).sales;
  if (!refunded?.refundedAt) throw new Error("the sale was not refunded");
  const localDay = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(
        new Date(iso),
      ),
    refunded.refundedAt,
  );
  await expect(page.getByRole("region", { name: "Sales" }).getByRole("row").nth(1)).toContainText(
    `Refunded on ${localDay}`,
  );
  await checkAtBothWidths(page, "editions-admin-sales-refunded");

  // The revoked certificate names the day as every date on the site: "Nov 30, 2026" (UTC).
  const visitor = await browser.newPage();
  await visitor.goto(`/verify/${sale.certificateId}`);
  await expect(visitor.getByRole("heading", { name: "Certificate revoked" })).toBeVisible();
  const utcDay = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(refunded.refundedAt));
  const refusal = visitor.getByRole("alert");
  await expect(refusal).toContainText(`revoked on ${utcDay} (UTC)`);
  await expect(refusal).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await checkAtBothWidths(visitor, "editions-certificate-revoked");
  await visitor.close();
});
