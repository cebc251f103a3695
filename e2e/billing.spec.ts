import {
  type AdminSubscriptionList,
  type Image,
  MESSAGES,
  type SandboxPortal,
  type SubscriberList,
} from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import {
  expectInsideWindow,
  expectNoSidewaysScroll,
  textAt200,
  wordsBrokenMidway,
} from "./support/big-text";
import {
  advanceSandboxClock,
  currentPlan,
  payInCheckout,
  seedImageWithParameters,
  sessionIdOf,
  shownDate,
  subscribeViaApi,
} from "./support/billing";
import { adminApi, seedImage, uniqueWord } from "./support/catalogue";
import { hydrated } from "./support/hydration";
import { checkAtBothWidths, lookAt } from "./support/look-at";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

/*
 * Issue 14's journeys in the built-in sandbox: subscribing through the upgrade dialog and the
 * sandbox checkout in a new tab, downloading HD, cancelling in the sandbox portal, the sandbox
 * clock ending the period; a declined card; a failed renewal's grace period; the admin lists;
 * Pro's generation details and "More like this"; the licence page.
 */

const m = MESSAGES.subscriptions;
const DAY_MS = 24 * 60 * 60 * 1000;
const UPGRADE_TITLE = "Unlock every size of every artwork";

let admin: APIRequestContext;
let artwork: Image;
let artworkTitle: string;

test.beforeAll(async () => {
  admin = await adminApi();
  artworkTitle = `Copper Tide ${uniqueWord("bill")}`;
  artwork = await seedImage(admin, { title: artworkTitle, color: "#0f766e" });
});

test.afterAll(async () => {
  await admin.dispose();
});

const detail = (page: Page) => page.getByRole("dialog", { name: artworkTitle });
const upgradeDialog = (page: Page) => page.getByRole("dialog", { name: UPGRADE_TITLE });

/** Resolves once the upgrade offer holds the focus (Radix moves it in after the offer shows). */
const upgradeHoldsTheFocus = (page: Page) =>
  expect
    .poll(() =>
      upgradeDialog(page).evaluate((dialog) => dialog.contains(dialog.ownerDocument.activeElement)),
    )
    .toBe(true);
const planHeading = (page: Page) => page.getByRole("heading", { level: 1 });
const navBar = (page: Page) => page.getByRole("banner");
/** A list's own search button (the navigation has a Search button too). */
const searchButton = (page: Page) =>
  page.getByRole("main").getByRole("button", { name: "Search", exact: true });

async function openArtwork(page: Page) {
  await page.goto(`/image/${artwork.id}`);
  await expect(detail(page).getByRole("heading", { name: artworkTitle })).toBeVisible();
}

async function chooseDownload(page: Page, size: RegExp) {
  await page.getByRole("button", { name: "Download", exact: true }).click();
  await page.getByRole("menuitem", { name: size }).click();
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Subscribe in the open upgrade dialog: the checkout opens in a new tab, which is returned. */
async function subscribeInDialog(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent("page");
  await upgradeDialog(page).getByRole("button", { name: m.subscribe }).click();
  const checkout = await opened;
  await checkout.waitForLoadState();
  await expect(checkout).toHaveURL(/\/billing\/sandbox\/checkout\/[A-Za-z0-9_]+$/);
  await expect(upgradeDialog(page).getByText(m.checkoutOpenTitle)).toBeVisible();
  return checkout;
}

test.describe("subscribing in the sandbox", () => {
  test("a free member subscribes yearly, downloads HD, cancels at period end and is free once the period is over", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await registerViaApi(page.request);
    await openArtwork(page);

    // HD is Pro's: the upgrade dialog, where the member picks yearly.
    await chooseDownload(page, /^HD/);
    await expect(upgradeDialog(page)).toBeVisible();
    await expectNoSeriousViolations(page);
    await upgradeDialog(page).getByText("Yearly").click();
    await expect(upgradeDialog(page).getByText("$119.88")).toBeVisible();

    // Checkout in a new tab: the sandbox, marked as such, with the plan, price and email.
    const checkout = await subscribeInDialog(page);
    await expect(checkout.getByTestId("sandbox-banner")).toContainText("No real money");
    await expect(checkout.getByTestId("checkout-price")).toContainText("$119.88");
    await expect(checkout.getByText("per year")).toBeVisible();
    for (const number of ["4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 0341"]) {
      await expect(checkout.getByText(number)).toBeVisible();
    }
    await expectNoSeriousViolations(checkout);
    // Everything on the sandbox's page is in a landmark, its SANDBOX band too (axe's moderate
    // "region", round 59; axe is in the page after the check above).
    expect(
      await checkout.evaluate(
        "window.axe.run(document, { runOnly: ['region'] }).then((r) => r.violations.length)",
      ),
    ).toBe(0);
    await payInCheckout(checkout, "pays");

    // Back on Sawdust in that tab: the Pro Plan, and PRO in the navigation.
    await expect(checkout).toHaveURL(/\/subscriptions/);
    await expect(planHeading(checkout)).toHaveText(m.proPlan);
    await expect(checkout.getByTestId("checkout-welcome")).toBeVisible();
    await expect(navBar(checkout).getByRole("link", { name: "Pro Plan" })).toBeVisible();
    await expect(checkout.getByTestId("billing-cycle")).toHaveText("Yearly");
    await expect(checkout.getByTestId("billing-price")).toHaveText("$119.88 / year");
    const plan = await currentPlan(checkout.request);
    expect(plan.isPro).toBe(true);
    await expect(checkout.getByTestId("billing-date")).toHaveText(
      shownDate(plan.subscription?.expiryDate),
    );
    await expectNoSeriousViolations(checkout);

    // The tab that opened checkout turns Pro by itself, and HD downloads.
    await expect(upgradeDialog(page).getByText(m.welcomeTitle)).toBeVisible({ timeout: 20_000 });
    await upgradeDialog(page).getByRole("button", { name: "Start exploring" }).click();
    await expect(upgradeDialog(page)).toHaveCount(0);
    const download = page.waitForEvent("download", { timeout: 60_000 });
    await chooseDownload(page, /^HD/);
    expect((await download).suggestedFilename()).toMatch(/-hd\.webp$/);
    await detail(page).getByRole("button", { name: "Close" }).click();
    await expect(detail(page)).toHaveCount(0);
    await expect(navBar(page).getByRole("link", { name: "Pro Plan" })).toBeVisible();

    // Manage Billing → the sandbox portal: the period ends a year after the sandbox's now.
    await checkout.getByRole("button", { name: m.manageBilling }).click();
    await expect(checkout).toHaveURL(/\/billing\/sandbox\/portal\/[A-Za-z0-9_]+$/);
    await expect(checkout.getByTestId("sandbox-banner")).toBeVisible();
    await expect(
      checkout.getByRole("heading", { name: MESSAGES.billing.portalTitle }),
    ).toBeVisible();
    const portal = (await (
      await checkout.request.get(`/api/v1/billing/sandbox/portal/${sessionIdOf(checkout.url())}`)
    ).json()) as SandboxPortal;
    const periodEnd = Date.parse(portal.subscription?.expiryDate ?? "");
    const daysAhead = (periodEnd - Date.parse(portal.now)) / DAY_MS;
    expect(daysAhead).toBeGreaterThan(363);
    expect(daysAhead).toBeLessThan(367);
    await expect(checkout.getByTestId("invoice-row")).toHaveCount(1);
    await expectNoSeriousViolations(checkout);

    // A switch to monthly is shown as scheduled for the renewal, and can be taken back.
    await checkout.getByRole("button", { name: MESSAGES.billing.switchTo("Monthly") }).click();
    await expect(checkout.getByTestId("portal-switch")).toHaveText(
      MESSAGES.billing.switchScheduled("Monthly", shownDate(portal.subscription?.expiryDate)),
    );
    await checkout.getByRole("button", { name: MESSAGES.billing.keepCycle("Yearly") }).click();
    await expect(checkout.getByTestId("portal-switch")).toHaveCount(0);
    await expect(
      checkout.getByRole("button", { name: MESSAGES.billing.switchTo("Monthly") }),
    ).toBeVisible();

    // Cancel at period end, then back: still Pro, "Cancels on …".
    await checkout.getByRole("button", { name: MESSAGES.billing.cancelAtPeriodEnd }).click();
    const confirm = checkout.getByRole("alertdialog");
    await confirm.getByRole("button", { name: MESSAGES.billing.cancelAtPeriodEnd }).click();
    await expect(checkout.getByRole("button", { name: MESSAGES.billing.resume })).toBeVisible();
    // The button pressed is gone; the focus is in the subscription, not dropped to <body>.
    await expect
      .poll(() => checkout.evaluate("document.activeElement && document.activeElement.tagName"))
      .toBe("BUTTON");
    await checkout.getByRole("link", { name: MESSAGES.billing.returnToSawdust }).click();
    await expect(checkout).toHaveURL(/\/subscriptions/);
    await expect(planHeading(checkout)).toHaveText(m.proPlan);
    const endDate = shownDate(portal.subscription?.expiryDate);
    await expect(checkout.getByTestId("cancels-on")).toContainText(`${m.cancelsOn} ${endDate}`);

    // The sandbox clock passes the period's end: the member is free again.
    await advanceSandboxClock(admin, 367);
    await checkout.reload();
    await expect(planHeading(checkout)).toHaveText(m.freePlan);
    await expect(checkout.getByText(m.statuses.canceled, { exact: true })).toBeVisible();
    await expect(navBar(checkout).getByRole("link", { name: "Upgrade to Pro" })).toBeVisible();
    await checkout.close();

    await openArtwork(page);
    await chooseDownload(page, /^HD/);
    await expect(upgradeDialog(page)).toBeVisible();
  });

  test("from the gallery's Go Pro, the dialog stays to welcome the member; the banner goes once it closes", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    // A phone: the dialog's status is under the plans, and is brought into view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/gallery");
    await page.getByTestId("pro-upgrade-banner").getByRole("button", { name: "Go Pro" }).click();
    await expect(upgradeDialog(page)).toBeVisible();

    const checkout = await subscribeInDialog(page);
    await expect(upgradeDialog(page).getByText(m.checkoutOpenTitle)).toBeInViewport();
    await payInCheckout(checkout, "pays");
    await expect(planHeading(checkout)).toHaveText(m.proPlan);
    await expect(upgradeDialog(page).getByText(m.welcomeTitle)).toBeVisible({ timeout: 20_000 });
    await expect(upgradeDialog(page).getByText(m.welcomeTitle)).toBeInViewport();

    await upgradeDialog(page).getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("pro-upgrade-banner")).toHaveCount(0);
    // The header's plan link shows at a desktop's width (a phone's is in the menu).
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(navBar(page).getByRole("link", { name: "Pro Plan" })).toBeVisible();
  });

  test("a checkout the server refuses is said once, inside the dialog, and Subscribe can be tried again", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const reason = "A checkout is already open for this account";
    await page.route("**/api/v1/subscriptions/create", (route) =>
      route.fulfill({ status: 409, contentType: "text/plain", body: reason }),
    );
    await page.goto("/subscriptions");
    await page.getByRole("button", { name: m.upgradeToPro }).click();
    await upgradeDialog(page).getByRole("button", { name: m.subscribe }).click();
    // Said in the dialog, where the focus is kept: a toast under it would be out of reach.
    const alert = upgradeDialog(page).getByRole("alert");
    await expect(alert).toHaveText(`${m.failedTitle}${m.createFailed(reason)}`);
    await expect(page.getByText(m.createFailed(reason), { exact: true })).toHaveCount(1);
    await expect(upgradeDialog(page).getByRole("button", { name: m.subscribe })).toBeFocused();
    await expect(upgradeDialog(page).getByRole("button", { name: m.manageBilling })).toHaveCount(0);

    // Any other failure too, in the spec's words; a new try clears the last one's.
    await page.unroute("**/api/v1/subscriptions/create");
    await page.route("**/api/v1/subscriptions/create", (route) => route.abort());
    await upgradeDialog(page).getByRole("button", { name: m.subscribe }).click();
    await expect(alert).toHaveText(`${m.errorTitle}${m.errorText}`);
  });

  test("a member who has not confirmed their email is told so in the dialog and can have the link sent again", async ({
    page,
  }) => {
    await registerViaApi(page.request, newAccount("unconf"), { confirmEmail: false });
    // A phone: the dialog scrolls, and what it says under Subscribe is brought into view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/subscriptions");
    await page.getByRole("button", { name: m.upgradeToPro }).click();
    const subscribe = upgradeDialog(page).getByRole("button", { name: m.subscribe });
    await subscribe.click();
    const alert = upgradeDialog(page).getByRole("alert");
    // It points to the button under it, not away to the Account page (the API's words).
    await expect(alert).toHaveText(
      `${m.failedTitle}${m.createFailed(MESSAGES.account.verifyFirstBelow)}`,
    );
    await expect(upgradeDialog(page)).not.toContainText("Account page");
    await expect(alert).toBeInViewport();
    await lookAt(page, { path: "/tmp/billing-subscribe-unconfirmed-dialog-390.png" });
    await expect(subscribe).toBeFocused();
    await page.keyboard.press("Tab");
    const resend = upgradeDialog(page).getByRole("button", {
      name: MESSAGES.account.resendVerification,
    });
    await expect(resend).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(upgradeDialog(page).getByRole("status")).toHaveText(
      MESSAGES.account.verificationSent,
    );
    await checkAtBothWidths(page, "billing-subscribe-unconfirmed");
  });

  test("a checkout refused because the member is already Pro offers Manage Billing", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await registerViaApi(page.request);
    await page.goto("/subscriptions");
    await page.getByRole("button", { name: m.upgradeToPro }).click();
    await expect(upgradeDialog(page)).toBeVisible();
    // Subscribed meanwhile in another tab: this dialog's Subscribe is refused.
    await subscribeViaApi(page.request, "monthly");
    await upgradeDialog(page).getByRole("button", { name: m.subscribe }).click();
    await expect(
      page.getByText(m.createFailed(MESSAGES.payments.alreadySubscribed), { exact: true }),
    ).toBeVisible();
    // The plan page's Manage Billing is behind the dialog: the dialog offers it.
    await upgradeDialog(page).getByRole("button", { name: m.manageBilling }).click();
    await expect(page).toHaveURL(/\/billing\/sandbox\/portal\/[A-Za-z0-9_]+$/);
    await expect(page.getByRole("heading", { name: MESSAGES.billing.portalTitle })).toBeVisible();
  });

  test("Manage Billing offered in the dialog says inside it why the portal did not open", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await registerViaApi(page.request);
    await page.goto("/subscriptions");
    await page.getByRole("button", { name: m.upgradeToPro }).click();
    await subscribeViaApi(page.request, "monthly");
    await upgradeDialog(page).getByRole("button", { name: m.subscribe }).click();
    const manage = upgradeDialog(page).getByRole("button", { name: m.manageBilling });
    await page.route("**/api/v1/subscriptions/portal", (route) =>
      route.fulfill({ status: 502, contentType: "text/plain", body: "The provider is down" }),
    );
    await manage.click();
    // In the dialog, where the keyboard and a screen reader are: not in a toast under it.
    await expect(upgradeDialog(page).getByRole("alert").last()).toHaveText(
      `${m.billingErrorTitle}${m.portalFailed("The provider is down")}`,
    );
    await expect(page.locator("[data-toast-viewport] li")).toHaveCount(0);
    await expect(page).toHaveURL("/subscriptions");
  });

  test("a declined card leaves the member free with the decline's reason; cancelling says so", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await registerViaApi(page.request);
    await page.goto("/subscriptions");
    await expect(planHeading(page)).toHaveText(m.freePlan);
    await expect(page.getByTestId("sandbox-note")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: m.upgradeToPro }).click();
    await expect(upgradeDialog(page)).toBeVisible();

    const checkout = await subscribeInDialog(page);
    await payInCheckout(checkout, "declined");
    await expect(checkout.getByTestId("pay-error")).toHaveText(MESSAGES.payments.cardDeclined);
    await expect(checkout).toHaveURL(/\/billing\/sandbox\/checkout\//);
    expect((await currentPlan(checkout.request)).isPro).toBe(false);

    await checkout.getByRole("button", { name: MESSAGES.billing.cancelCheckout }).click();
    await expect(checkout).toHaveURL("/subscriptions");
    await expect(checkout.getByText(m.failedTitle, { exact: true })).toBeVisible();
    await expect(checkout.getByText(m.cancelledText, { exact: true })).toBeVisible();
    await expect(planHeading(checkout)).toHaveText(m.freePlan);
  });

  test("a renewal that fails leaves Pro with a banner for the grace period, then free", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await registerViaApi(page.request);
    await subscribeViaApi(page.request, "monthly", "failsAtRenewal");
    await page.goto("/subscriptions");
    await expect(planHeading(page)).toHaveText(m.proPlan);
    await expect(page.getByTestId("past-due-banner")).toHaveCount(0);

    await advanceSandboxClock(admin, 32);
    await page.reload();
    await expect(planHeading(page)).toHaveText(m.proPlan);
    await expect(page.getByText(m.statuses.past_due, { exact: true })).toBeVisible();
    const banner = page.getByTestId("past-due-banner");
    await expect(banner).toContainText(m.pastDueTitle);
    const plan = await currentPlan(page.request);
    expect(plan.subscription?.status).toBe("past_due");
    // The day and the time of day the grace ends (round 54: the day alone read as its end).
    const graceEnds = new Date(plan.subscription?.graceUntil ?? "");
    const hhmm = `${String(graceEnds.getHours()).padStart(2, "0")}:${String(graceEnds.getMinutes()).padStart(2, "0")}`;
    await expect(banner).toContainText(`${shownDate(plan.subscription?.graceUntil)} at ${hhmm}`);
    await expectNoSeriousViolations(page);
    // On every page, not only the plan's.
    await page.goto("/gallery");
    await expect(page.getByTestId("past-due-banner")).toBeVisible();

    await advanceSandboxClock(admin, 8);
    await page.goto("/subscriptions");
    await expect(planHeading(page)).toHaveText(m.freePlan);
    await expect(page.getByTestId("past-due-banner")).toHaveCount(0);
    expect((await currentPlan(page.request)).isPro).toBe(false);
  });
});

test.describe("the admin lists", () => {
  test("subscriptions and subscribers show the figures, search and the sandbox clock", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const member = await registerViaApi(request, newAccount("billing-list"));
    await subscribeViaApi(request, "monthly", "pays");
    await signInViaApi(page.request, ADMIN_ACCOUNT);

    const listed = (await (
      await admin.get("/api/v1/admin/subscriptions")
    ).json()) as AdminSubscriptionList;
    const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

    for (const path of ["/admin/subscriptions", "/subscriptions"]) {
      await page.goto(path);
      await expect(planHeading(page)).toHaveText("Subscriptions");
      await expect(page.getByTestId("stat-total-subscribers")).toHaveText(
        listed.stats.totalSubscribers.toLocaleString("en-US"),
      );
      await expect(page.getByTestId("stat-active-pro")).toHaveText(
        listed.stats.activePro.toLocaleString("en-US"),
      );
      await expect(page.getByTestId("stat-monthly-revenue")).toHaveText(
        money.format(listed.stats.monthlyRevenueCents / 100),
      );
    }
    for (const header of Object.values(m.columns)) {
      await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
    }
    await expectNoSeriousViolations(page);

    await page.getByLabel("Search subscriptions by member").fill(member.username);
    await searchButton(page).click();
    const row = page.getByTestId("subscription-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(member.email);
    await expect(row).toContainText("Monthly");
    await expect(row).toContainText(m.statuses.active);

    // The sandbox clock, in sandbox mode only (a quarter of an hour changes nothing here).
    const clock = page.getByTestId("sandbox-clock");
    await clock.getByLabel(MESSAGES.subscriptions.clockDays).fill("0.01");
    await clock.getByRole("button", { name: MESSAGES.subscriptions.clockAdvance }).click();
    await expect(clock).toContainText("Moved on 0.01 days");

    await page.goto("/admin/subscribers");
    await expect(planHeading(page)).toHaveText("Subscribers");
    for (const header of Object.values(MESSAGES.subscribers.columns)) {
      await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
    }
    await expectNoSeriousViolations(page);
    await page.getByLabel("Search subscribers").fill(member.username);
    await searchButton(page).click();
    const subscriber = page.getByTestId("subscriber-row");
    await expect(subscriber).toHaveCount(1);
    const found = (await (
      await admin.get(`/api/v1/admin/subscribers?q=${member.username}`)
    ).json()) as SubscriberList;
    await expect(subscriber).toContainText("PRO");
    await expect(subscriber).toContainText(MESSAGES.subscribers.downloadsThisMonth(0));
    await expect(subscriber).toContainText(shownDate(found.subscribers[0]?.createdAt));

    await page.getByLabel("Search subscribers").fill(uniqueWord("nobody"));
    await searchButton(page).click();
    await expect(page.getByText(MESSAGES.subscribers.empty)).toBeVisible();
  });

  test("a member is sent home from the admin lists, and sees their own plan", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto("/admin/subscribers");
    await expect(page).toHaveURL("/");
    await page.goto("/subscriptions");
    await expect(planHeading(page)).toHaveText(m.freePlan);
  });
});

test.describe("Pro's AI tools in the image detail", () => {
  let made: Image;
  let alike: Image;
  const prompt = "a copper lighthouse at dusk, oil painting, dramatic sky";

  test.beforeAll(async () => {
    const word = uniqueWord("tools");
    made = await seedImageWithParameters(admin, {
      title: `Lantern Coast ${word}`,
      tags: [word, "lighthouse"],
      color: "#9a3412",
      parameters: `${prompt}\nNegative prompt: blurry, lowres\nSteps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567890, Size: 800x1000, Model: sunsetXL`,
    });
    alike = await seedImage(admin, {
      title: `Lantern Bay ${word}`,
      tags: [word, "lighthouse"],
      color: "#9a3412",
    });
  });

  const madeDialog = (page: Page) =>
    page.getByRole("dialog", { name: made.aiAnalysis.title ?? "" });

  test("a Pro member sees how a piece was made and opens one like it", async ({ page }) => {
    test.setTimeout(90_000);
    await registerViaApi(page.request);
    await subscribeViaApi(page.request, "monthly", "pays");
    await page.goto(`/image/${made.id}`);
    const details = madeDialog(page).getByTestId("generation-details");
    await expect(details).toContainText(prompt);
    await expect(details).toContainText("blurry, lowres");
    await expect(details).toContainText("sunsetXL");
    await expect(details).toContainText("1234567890");
    await expectNoSeriousViolations(page);

    const similar = madeDialog(page).getByTestId("more-like-this");
    await similar.getByRole("link", { name: alike.aiAnalysis.title ?? "" }).click();
    await expect(page).toHaveURL(`/image/${alike.id}`);
    await expect(
      page.getByRole("dialog").getByRole("heading", { name: alike.aiAnalysis.title ?? "" }),
    ).toBeVisible();
  });

  test("a free member sees a locked teaser that opens the upgrade; a visitor sees neither", async ({
    page,
  }) => {
    await page.goto(`/image/${made.id}`);
    await expect(madeDialog(page).getByRole("heading", { level: 2 })).toBeVisible();
    await expect(page.getByTestId("pro-tools-teaser")).toHaveCount(0);
    await expect(page.getByTestId("generation-details")).toHaveCount(0);

    await registerViaApi(page.request);
    await page.reload();
    const teaser = page.getByTestId("pro-tools-teaser");
    await expect(teaser).toBeVisible();
    await expect(page.getByText(prompt)).toHaveCount(0);
    // Nor does the API hand a free member the file's generation details.
    const seen = (await (await page.request.get(`/api/v1/images/${made.id}`)).json()) as Image;
    expect(seen.aiAnalysis.generation).toBeUndefined();
    await teaser.getByRole("button", { name: "Unlock with Pro" }).click();
    await expect(upgradeDialog(page)).toBeVisible();
    // Once it has the focus (Radix moves it in after the dialog shows; an Escape pressed before
    // is nobody's: the next test).
    await upgradeHoldsTheFocus(page);
    // Closed, it gives the focus back to the button that opened it, inside the image's dialog.
    await page.keyboard.press("Escape");
    await expect(upgradeDialog(page)).toHaveCount(0);
    await expect(teaser.getByRole("button", { name: "Unlock with Pro" })).toBeFocused();
  });

  test("an Escape pressed the moment the upgrade offer shows leaves the image's dialog open", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    await page.goto(`/image/${made.id}`);
    const unlock = page
      .getByTestId("pro-tools-teaser")
      .getByRole("button", { name: "Unlock with Pro" });
    await expect(unlock).toBeVisible();
    // The key goes in as the offer's element is added to the page, before Radix has counted it as
    // the newest layer (its effects run after): the image's dialog still held the key then.
    // (A script in the page's words: these tests are not compiled with the DOM's types.)
    await page.evaluate(`{
      const observer = new MutationObserver(() => {
        const offer = [...document.querySelectorAll('[role="dialog"]')].find((dialog) =>
          dialog.textContent.includes(${JSON.stringify(UPGRADE_TITLE)}),
        );
        if (!offer) return;
        observer.disconnect();
        const key = { key: "Escape", bubbles: true, cancelable: true };
        (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent("keydown", key));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }`);
    await unlock.click();
    await expect(upgradeDialog(page)).toBeVisible();
    // The image's dialog did not close (it would have gone back to the gallery: 3 runs in 3
    // before the fix); the offer, not yet listening, kept the key.
    await expect(page).toHaveURL(new RegExp(`/image/${made.id}$`));
    // The next Escape, with the offer listening, closes the offer and only that.
    await upgradeHoldsTheFocus(page);
    await page.keyboard.press("Escape");
    await expect(upgradeDialog(page)).toHaveCount(0);
    await expect(madeDialog(page)).toBeVisible();
  });
});

test("the licence page says what Pro downloads may be used for, and the plan page links it", async ({
  page,
}) => {
  await page.goto("/licence");
  await expect(planHeading(page)).toHaveText("Sawdust Pro Commercial Licence");
  await expect(page.getByRole("heading", { name: "You may", exact: true })).toBeVisible();
  await expect(page.getByText(/Not required/)).toBeVisible();
  await expectNoSeriousViolations(page);

  await registerViaApi(page.request);
  await page.goto("/subscriptions");
  await page.getByRole("link", { name: m.licenceLink }).click();
  await expect(page).toHaveURL("/licence");
});

test("at 390 px with the text at 200%, the plan page's cards reflow inside the screen, no word broken", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
  });
  try {
    const page = await context.newPage();
    await registerViaApi(page.request);
    await page.goto("/subscriptions");
    const upgrade = page.getByTestId("plan-upgrade-card");
    await expect(upgrade.getByText(m.cycles.yearly)).toBeVisible();
    await hydrated(page);
    await textAt200(page);
    await expectNoSidewaysScroll(page, "the plan page at 200%");
    const benefits = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: m.benefitsTitle, level: 2 }) });
    await expectInsideWindow(page, { [m.benefitsTitle]: benefits, "Go Pro": upgrade });
    // "Monthly" and "Yearly" whole, not "Month / ly" or a letter a line.
    expect(await wordsBrokenMidway(page, '[data-testid="plan-page"] section')).toEqual([]);
    await lookAt(page, { path: "/tmp/billing-plan-big-text-390.png", fullPage: true });
  } finally {
    await context.close();
  }
});
