import { type APIRequestContext, request as apiRequest, expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

export const ADMIN_ACCOUNT = E2E_ADMIN;

/** A fresh member account, unique to this run (usernames allow letters, digits, '.', '_', '-'). */
export function newAccount(prefix = "member"): TestAccount {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const username = `${prefix}-${unique}`.slice(0, 32);
  return { username, email: `${username}@example.com`, password: "e2e-correct-horse" };
}

/** The site's own origin, which the server's CSRF check expects on unsafe requests. */
function siteOrigin(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
  return new URL(baseURL).origin;
}

/**
 * Creates an account through the API. Called with `page.request` it also signs the page in, since
 * registration opens a session; called with the `request` fixture the page stays signed out. The
 * email address is confirmed (the link read from the admin's outbox) unless `confirmEmail` is
 * false: only confirmed members may subscribe.
 */
export async function registerViaApi(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
  options: { confirmEmail?: boolean } = {},
): Promise<TestAccount> {
  const response = await request.post("/api/v1/auth/register", {
    data: account,
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (options.confirmEmail ?? true) {
    const link = await mailedLink(account.email, "/auth/verify");
    const confirmed = await request.post("/api/v1/auth/verify-email", {
      data: { token: link.searchParams.get("token") },
      headers: { origin: siteOrigin() },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return account;
}

/**
 * The newest link to `page` mailed to an address, read from the admin's outbox (the e2e server
 * has no SMTP_URL, so every mail is kept there), with all it carries (`&next=…`); waits for the
 * mail job to run, and for a link `accept` takes when given (a newer one than a link in hand).
 */
export async function mailedLink(
  email: string,
  page: "/auth/verify" | "/auth/reset",
  accept: (link: URL) => boolean = () => true,
): Promise<URL> {
  const admin = await apiRequest.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { origin: siteOrigin() },
  });
  try {
    await signInViaApi(admin, ADMIN_ACCOUNT);
    let link: URL | undefined;
    await expect
      .poll(
        async () => {
          const response = await admin.get(
            `/api/v1/admin/mail-outbox?to=${encodeURIComponent(email)}`,
          );
          const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
          for (const message of messages) {
            const match = new RegExp(`https?://\\S+${page}\\?token=[\\w-]+(?:&\\S*)?`).exec(
              message.text,
            );
            if (match) {
              link = new URL(match[0]);
              return accept(link);
            }
          }
          return false;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    return link as URL;
  } finally {
    await admin.dispose();
  }
}

/** Signs in through the API; with `page.request` the page shares the session cookie. */
export async function signInViaApi(
  request: APIRequestContext,
  account: Pick<TestAccount, "username" | "password">,
): Promise<void> {
  const response = await request.post("/api/v1/auth/login", {
    data: { username: account.username, password: account.password },
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
}
