import { type AdminSale, SANDBOX_CARDS, ZAdminSales, ZSandboxPayBody } from "@sawdust/shared";
import { expect } from "vitest";
import { uploadPublished } from "./images.js";
import type { TestApp } from "./test-app.js";

/**
 * What the editions tests (sandbox and Stripe mode) do the same way: call the API as someone,
 * publish a piece of an edition, pay in the sandbox, read an image and the admin's sales.
 */

export type Who = { cookie: string; userId: number };

/** A request to `app` as `who` (a visitor when absent), with a JSON body when there is one. */
export function callerOf(app: TestApp) {
  return (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    who?: Who,
    payload?: object,
  ) =>
    app.server.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload ? { payload } : {}),
    });
}

/** A published piece of this edition (as an admin sets it on the edit page): its id. */
export async function publishPiece(
  app: TestApp,
  admin: Who,
  original: Buffer,
  edition: object,
): Promise<number> {
  const res = await uploadPublished(app, admin.cookie, { name: "piece.png", data: original });
  expect(res.json().uploaded, res.body).toHaveLength(1);
  const id: number = res.json().uploaded[0].id;
  const patched = await callerOf(app)("PATCH", `/api/v1/images/${id}`, admin, edition);
  expect(patched.statusCode, patched.body).toBe(200);
  return id;
}

/** The sandbox checkout's session id, from the address the purchase answers. */
export function sandboxSessionOf(url: string): string {
  const match = url.match(/\/billing\/sandbox\/checkout\/(cs_sbx_\w+)$/);
  expect(match, url).not.toBeNull();
  return match?.[1] as string;
}

/** Pays a sandbox checkout with the card that pays. */
export const paySandbox = (app: TestApp, who: Who, sessionId: string) =>
  callerOf(app)("POST", `/api/v1/billing/sandbox/checkout/${sessionId}/pay`, who, {
    cardNumber: SANDBOX_CARDS.pays.number,
    expiry: "12/34",
    cvc: "123",
  });

/**
 * Pays a sandbox checkout with the card that pays as if `who`'s account were deleted between the
 * pay request being let in and its webhook being handled: the account is marked deleted, then the
 * sandbox is asked to pay for them directly (their session is refused once they are deleted).
 */
export async function payAsAccountIsDeleted(
  app: TestApp,
  who: Who,
  sessionId: string,
  now: number,
): Promise<unknown> {
  await app.database.db
    .updateTable("users")
    .set({ deleted_at: now })
    .where("id", "=", who.userId)
    .execute();
  const sandbox = app.services.billing.sandbox as NonNullable<typeof app.services.billing.sandbox>;
  return sandbox.pay(
    sessionId,
    ZSandboxPayBody.parse({ cardNumber: SANDBOX_CARDS.pays.number, expiry: "12/34", cvc: "123" }),
    { kind: "member", userId: who.userId, role: "user", tier: "free" },
  );
}

/** The image as `who` sees it (a visitor when absent); fails the test unless it answers 200. */
export async function imageAs(app: TestApp, id: number, who?: Who) {
  const res = await callerOf(app)("GET", `/api/v1/images/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The admin's sales list, this image's entries. */
export async function salesOfImage(app: TestApp, admin: Who, imageId: number) {
  const sales: AdminSale[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=100${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await callerOf(app)("GET", `/api/v1/admin/sales?${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const page = ZAdminSales.parse(res.json());
    sales.push(...page.sales);
    cursor = page.nextCursor;
  } while (cursor);
  return sales.filter((s) => s.imageId === imageId);
}

/** The mails queued for the member (receipts, refund notices, their confirmation mail), oldest first. */
export async function mailsTo(app: TestApp, who: Who) {
  const { email } = await app.database.db
    .selectFrom("users")
    .select("email")
    .where("id", "=", who.userId)
    .executeTakeFirstOrThrow();
  const jobs = await app.database.db
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "=", "mail.send")
    .orderBy("id")
    .execute();
  return jobs
    .map((job) => JSON.parse(job.payload) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email);
}
