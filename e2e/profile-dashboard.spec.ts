import { FREE_TIER, type Image, MESSAGES, PROFILE_LIMITS } from "@sawdust/shared";
import { ADMIN_ACCOUNT, newAccount, registerViaApi, signInViaApi } from "./support/accounts";
import { toasts } from "./support/auth-screen";
import { seriousViolations } from "./support/axe";
import { adminApi, backdateAccount, grantPro, seedImage, uniqueWord } from "./support/catalogue";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

const v = MESSAGES.validation;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const saveButton = (page: Page) => page.getByRole("button", { name: MESSAGES.profile.saveChanges });

let admin: APIRequestContext;
let image: Image;

test.beforeAll(async () => {
  admin = await adminApi();
  image = await seedImage(admin, { title: `Quiet Dunes ${uniqueWord("dash")}` });
});
test.afterAll(async () => {
  await admin.dispose();
});

test.describe("the artist profile", () => {
  test("sends a visitor to sign in first", async ({ page }) => {
    await page.goto("/artist-profile");
    await expect(page).toHaveURL("/auth?redirect=/artist-profile");
  });

  test("shows each rule's message under its field, and sends nothing until they pass", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    let patches = 0;
    page.on("request", (r) => {
      if (r.method() === "PATCH" && r.url().endsWith("/api/v1/profile")) patches += 1;
    });
    await page.goto("/artist-profile");
    await expect(page.getByRole("heading", { name: "Artist Profile", level: 1 })).toBeVisible();

    await field(page, "Display Name").fill("A");
    // Counted in characters, as the server counts: an emoji is one, not two (round 46).
    await field(page, "Bio").fill("😀".repeat(300));
    await expect(page.getByText("300 / 500")).toBeVisible();
    await field(page, "Bio").fill("b".repeat(501));
    await field(page, "Website").fill("javascript:alert(1)");
    await field(page, "Artist Statement").fill("s".repeat(1001));
    await expect(page.getByText("501 / 500")).toBeVisible();
    await saveButton(page).click();

    const expected: Array<[string, string]> = [
      ["Display Name", v.displayNameShort],
      ["Bio", v.bioLong],
      ["Website", v.websiteInvalid],
      ["Artist Statement", v.artistStatementLong],
    ];
    for (const [label, message] of expected) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      // The message is read with its field (aria-describedby), which is marked invalid.
      await expect(field(page, label)).toHaveAccessibleDescription(
        new RegExp(escapeRegExp(message)),
      );
      await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    }
    await expect(field(page, "Display Name")).toBeFocused();

    // Errors follow the typing once a save was tried; a plain-text website is refused too.
    await field(page, "Display Name").fill("Mira Vale");
    await expect(page.getByText(v.displayNameShort)).toHaveCount(0);
    await field(page, "Website").fill("mira dot com");
    await expect(page.getByText(v.websiteInvalid, { exact: true })).toBeVisible();
    await field(page, "Instagram").fill("i".repeat(301));
    await expect(page.getByText(v.socialLinkLong(300), { exact: true })).toBeVisible();

    expect(patches).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("saves every field, says so, and shows them again after a reload", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto("/artist-profile");
    await field(page, "Display Name").fill("Mira Vale");
    await field(page, "Bio").fill("Painter of harbours at dawn.");
    await expect(page.getByText("28 / 500")).toBeVisible();
    await field(page, "Website").fill("https://mira.example.com");
    await field(page, "Artist Statement").fill("Light on water, and the quiet before it.");
    await field(page, "Instagram").fill("@miravale");
    await field(page, "Add a specialty").fill("Watercolor");
    await field(page, "Add a specialty").press("Enter");
    await field(page, "Add a specialty").fill("Ink");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await field(page, "Add a specialty").fill("Collage");
    await field(page, "Add a specialty").press("Enter");
    // A repeat in another case is not added twice; a chip can be removed.
    await field(page, "Add a specialty").fill("watercolor");
    await field(page, "Add a specialty").press("Enter");
    await page.getByRole("button", { name: "Remove Collage" }).click();
    const chips = page.getByRole("list", { name: "Your specialties" }).getByRole("listitem");
    await expect(chips).toHaveText(["Watercolor", "Ink"]);
    // The pressed button went with its chip: the focus is on the chip before's (round 44).
    await expect(page.getByRole("button", { name: "Remove Ink" })).toBeFocused();

    // Hold the answer back a moment to see the button while it saves.
    await page.route("**/api/v1/profile", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await saveButton(page).click();
    await expect(page.getByRole("button", { name: MESSAGES.profile.saving })).toBeDisabled();
    await expect(toasts(page).getByText(MESSAGES.profile.updatedTitle)).toBeVisible();
    await expect(toasts(page).getByText(MESSAGES.profile.updatedText)).toBeVisible();
    await expect(saveButton(page)).toBeEnabled();
    await page.unroute("**/api/v1/profile");

    await page.reload();
    await expect(field(page, "Display Name")).toHaveValue("Mira Vale");
    await expect(field(page, "Bio")).toHaveValue("Painter of harbours at dawn.");
    await expect(field(page, "Website")).toHaveValue("https://mira.example.com");
    await expect(field(page, "Artist Statement")).toHaveValue(
      "Light on water, and the quiet before it.",
    );
    await expect(field(page, "Instagram")).toHaveValue("@miravale");
    await expect(field(page, "Twitter")).toHaveValue("");
    await expect(chips).toHaveText(["Watercolor", "Ink"]);

    // The dashboard greets the member (new today) by the saved name.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome, Mira Vale" })).toBeVisible();
  });

  test("keeps a specialty of the longest length whole, inside a 390 px screen", async ({
    page,
  }) => {
    // Round 55: one 50-character specialty made the page 475 px wide and pushed Add off screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await registerViaApi(page.request);
    await page.goto("/artist-profile");
    const long = "Architectural photography and generative landscape";
    const unbroken = "X".repeat(PROFILE_LIMITS.specialtyMax);
    for (const specialty of [long, unbroken]) {
      await field(page, "Add a specialty").fill(specialty);
      await field(page, "Add a specialty").press("Enter");
    }
    const chips = page.getByRole("list", { name: "Your specialties" }).getByRole("listitem");
    await expect(chips).toHaveText([long, unbroken]);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBe(390);
    const add = await page.getByRole("button", { name: "Add", exact: true }).boundingBox();
    expect((add?.x ?? 0) + (add?.width ?? 0)).toBeLessThanOrEqual(390);
    for (const chip of await chips.all()) {
      const box = await chip.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
  });

  test("says why a save failed, in the server's words", async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto("/artist-profile");
    await field(page, "Display Name").fill("Signed Out Soon");
    // The session ends behind the page's back.
    const logout = await page.request.post("/api/v1/auth/logout", {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(logout.status()).toBe(200);
    await saveButton(page).click();
    // The toast says what the server said; the page stays, with what was typed, under the dialog
    // that asks to sign in again (which hides the rest of the page from assistive technology, so
    // the toast is found by its text, not in its region).
    await expect(page.getByText(MESSAGES.profile.updateFailed, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.auth.notSignedIn, { exact: true })).toBeVisible();
    await expect(page.getByRole("dialog", { name: MESSAGES.auth.sessionEndedTitle })).toBeVisible();
    await expect(page.locator('input[name="displayName"]')).toHaveValue("Signed Out Soon");
  });
});

/** What the dashboard shows as the reset day: the first of next month, in UTC. */
function nextResetText(): string {
  const now = new Date();
  const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return MESSAGES.dashboard.resetsOn(
    reset.toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }),
  );
}

async function downloadBasic(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const response = await page.request.get(`/api/v1/images/${image.id}/download?size=basic`);
    expect(response.status(), await response.text()).toBe(200);
  }
}

test.describe("the member dashboard", () => {
  test("welcomes a member who joined today, and welcomes back one who joined before", async ({
    page,
  }) => {
    const account = await registerViaApi(page.request, newAccount("dash-greet"));
    await page.goto("/dashboard");
    const heading = page.getByTestId("dashboard-page").getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(`Welcome, ${account.username}`);

    backdateAccount(account.username, 2);
    await page.reload();
    await expect(heading).toHaveText(`Welcome back, ${account.username}`);
  });

  test("shows a free member 3 / 10 after three Basic downloads, with the bar and the upgrade card", async ({
    page,
  }) => {
    const account = await registerViaApi(page.request, newAccount("dash-free"));
    await downloadBasic(page, 3);
    await page.goto("/dashboard");
    const dashboard = page.getByTestId("dashboard-page");
    await expect(
      dashboard.getByRole("heading", { name: `Welcome, ${account.username}` }),
    ).toBeVisible();
    await expect(dashboard.getByText("Free", { exact: true })).toBeVisible();

    const downloads = page.getByTestId("usage-downloads");
    await expect(downloads).toContainText(`3 / ${FREE_TIER.monthlyDownloads}`);
    const bar = downloads.getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuenow", "30");
    await expect(bar).toHaveAttribute("aria-valuetext", "3 of 10 downloads used");
    await expect(downloads).toContainText(MESSAGES.dashboard.noDownloadsLastMonth);
    await expect(page.getByTestId("usage-bandwidth")).toContainText("of 1 GB this month");
    await expect(page.getByTestId("usage-bandwidth")).not.toContainText("0 Bytes");
    await expect(page.getByTestId("usage-collections")).toContainText(
      `0 / ${FREE_TIER.collections}`,
    );
    await expect(page.getByTestId("usage-resets-on")).toHaveText(nextResetText());

    const upgrade = page.getByTestId("upgrade-card");
    await expect(
      upgrade.getByRole("link", { name: MESSAGES.dashboard.upgradeToPro }),
    ).toHaveAttribute("href", "/subscriptions");
    const tiles = MESSAGES.dashboard.tiles;
    await expect(dashboard.getByRole("link", { name: tiles.artistProfile })).toHaveAttribute(
      "href",
      "/artist-profile",
    );
    await expect(dashboard.getByRole("link", { name: tiles.subscriptions })).toHaveCount(0);
    await expect(dashboard.getByRole("link", { name: tiles.images })).toHaveCount(0);
    for (const feature of MESSAGES.dashboard.comingSoon) {
      await expect(dashboard.getByText(feature)).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);

    // The tile leads to the profile form.
    await dashboard.getByRole("link", { name: tiles.artistProfile }).click();
    await expect(page).toHaveURL("/artist-profile");
  });

  test("shows a Pro member PRO, unlimited usage without a bar, and no upgrade card", async ({
    page,
  }) => {
    const account = await registerViaApi(page.request, newAccount("dash-pro"));
    grantPro(account.username);
    await downloadBasic(page, 2);
    await page.goto("/dashboard");
    const dashboard = page.getByTestId("dashboard-page");
    await expect(dashboard.getByText("PRO", { exact: true })).toBeVisible();
    const downloads = page.getByTestId("usage-downloads");
    await expect(downloads).toContainText("2");
    await expect(downloads).toContainText(MESSAGES.dashboard.unlimited);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByTestId("usage-collections")).toContainText(MESSAGES.dashboard.unlimited);
    await expect(page.getByTestId("upgrade-card")).toHaveCount(0);
    await expect(
      dashboard.getByRole("link", { name: MESSAGES.dashboard.tiles.subscriptions }),
    ).toHaveAttribute("href", "/subscriptions");
    await expect(
      dashboard.getByRole("link", { name: MESSAGES.dashboard.tiles.images }),
    ).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("shows an admin ADMIN and every tile", async ({ page }) => {
    await signInViaApi(page.request, ADMIN_ACCOUNT);
    await page.goto("/dashboard");
    const dashboard = page.getByTestId("dashboard-page");
    await expect(dashboard.getByText("ADMIN", { exact: true })).toBeVisible();
    await expect(page.getByTestId("usage-downloads")).toContainText(MESSAGES.dashboard.unlimited);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByTestId("upgrade-card")).toHaveCount(0);
    const tiles = MESSAGES.dashboard.tiles;
    const expected: Array<[string, string]> = [
      [tiles.artistProfile, "/artist-profile"],
      [tiles.subscriptions, "/subscriptions"],
      [tiles.images, "/admin/images"],
      [tiles.subscribers, "/admin/subscribers"],
    ];
    for (const [name, href] of expected) {
      await expect(dashboard.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
