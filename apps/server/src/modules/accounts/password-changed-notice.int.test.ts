import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  newAccount,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
  TestClock,
} from "../../../test/test-app.js";
import { createWorker } from "../../background.js";
import { MAIL_JOB } from "../mail/mail.constants.js";

/**
 * Privacy audit, round 63: without SMTP_URL an admin reads every reset link in the outbox, so a
 * password set through one (or changed while signed in) must tell the account's address, from the
 * transaction that changed it: when, and what to do if it was not them.
 */
const PUBLIC_URL = "http://sawdust.test:8080";
const quiet = { warn() {}, error() {}, info() {}, debug() {} } as never;
/** 2027-03-04 05:06 UTC: the notice says when, in UTC. */
const clock = new TestClock(Date.UTC(2027, 2, 4, 5, 6));
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL }, { clock, accountLimits: { resetsPerIp: 10_000 } });
});
afterAll(() => app?.close());

async function runJobs(): Promise<void> {
  const worker = createWorker(app.services, quiet);
  while (await worker.runOnce()) {}
}

async function register() {
  const account = newAccount();
  const res = await app.server.inject({
    method: "POST",
    url: "/api/v1/auth/register",
    payload: account,
  });
  expect(res.statusCode, res.body).toBe(201);
  await runJobs();
  return { ...account, email: account.email.toLowerCase(), cookie: sessionCookieOf(res) };
}

/** The reset link's token, as an admin reading the outbox would find it. */
async function resetToken(email: string): Promise<string> {
  const asked = await app.server.inject({
    method: "POST",
    url: "/api/v1/auth/password-reset",
    payload: { email },
  });
  expect(asked.statusCode).toBe(202);
  await runJobs();
  const kept = await app.database.db
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = /\/auth\/reset\?token=([^\s]+)/.exec(kept.text_body)?.[1];
  if (!token) throw new Error(`no reset link in: ${kept.text_body}`);
  return decodeURIComponent(token);
}

/** Mail jobs waiting for the worker, to this address, whose subject says the password changed. */
async function queuedNotices(email: string) {
  const rows = await app.database.db
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "=", MAIL_JOB)
    .where("status", "=", "pending")
    .execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email && /password was changed/i.test(mail.subject));
}

function confirmReset(token: string, password: string) {
  return app.server.inject({
    method: "POST",
    url: "/api/v1/auth/password-reset/confirm",
    payload: { token, password },
  });
}

describe(`the notice that a password was changed (${TEST_DB})`, () => {
  it("is queued once, to the account's address, when a reset link sets the password", async () => {
    const member = await register();
    const token = await resetToken(member.email);
    const reset = await confirmReset(token, "a brand new password");
    expect(reset.statusCode, reset.body).toBe(200);
    // Queued with the change itself: waiting in the queue before any worker has run.
    const notices = await queuedNotices(member.email);
    expect(notices).toHaveLength(1);
    const text = notices[0]?.text ?? "";
    expect(text).toContain("March 4, 2027 at 05:06 UTC");
    expect(text).toContain(`${PUBLIC_URL}/auth/reset`);
    expect(text).not.toContain(token);
    expect(text).not.toContain(encodeURIComponent(token));
    expect(text).not.toContain("token=");
    await runJobs();
    const kept = await app.database.db
      .selectFrom("mail_outbox")
      .select(["to_address", "text_body", "html_body"])
      .where("subject", "like", "%password was changed%")
      .execute();
    const mine = kept.filter((row) => row.to_address === member.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.html_body).not.toContain(token);
  });

  it("says when, and links to Forgot password?, when the signed-in member changes it", async () => {
    const member = await register();
    const changed = await app.server.inject({
      method: "POST",
      url: "/api/v1/account/password",
      headers: { cookie: member.cookie },
      payload: { currentPassword: member.password, newPassword: "a changed password" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notices = await queuedNotices(member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("March 4, 2027 at 05:06 UTC");
    expect(notices[0]?.text).toContain(`${PUBLIC_URL}/auth/reset`);
  });

  it("is never sent to a deleted account", async () => {
    const member = await register();
    const token = await resetToken(member.email);
    const deleted = await app.server.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: { cookie: member.cookie },
      payload: { password: member.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const noticesAnywhere = async () =>
      (
        await app.database.db
          .selectFrom("jobs")
          .select("payload")
          .where("kind", "=", MAIL_JOB)
          .execute()
      ).filter((job) => /password was changed/i.test(job.payload)).length;
    const before = await noticesAnywhere();
    const reset = await confirmReset(token, "a brand new password");
    expect(reset.statusCode).toBe(400);
    // No notice to any address: not the one it had, nor the one a deleted account keeps.
    expect(await noticesAnywhere()).toBe(before);
  });
});
