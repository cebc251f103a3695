import { type APIRequestContext, expect, test } from "@playwright/test";
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
 * registration opens a session; called with the `request` fixture the page stays signed out.
 */
export async function registerViaApi(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  const response = await request.post("/api/v1/auth/register", {
    data: account,
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
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
