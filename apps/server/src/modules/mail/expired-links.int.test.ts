import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { createWorker } from "../../background.js";
import { MAIL_JOB } from "./mail.constants.js";

/**
 * A mail carrying a link is sent only while the link works: a reset mail that could not be sent
 * within its hour (the SMTP server down, then the failed job retried from the dashboard) is
 * dropped instead of mailing a dead link; one sent in time arrives.
 */

const quiet = { warn() {}, error() {}, info() {}, debug() {} } as never;
const clock = new TestClock();
let app: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "links_admin", "admin");
});
afterAll(() => app.close());

async function resetMailsTo(email: string): Promise<number> {
  const rows = await app.database.db
    .selectFrom("mail_outbox")
    .select("subject")
    .where("to_address", "=", email)
    .execute();
  return rows.filter((row) => /password/i.test(row.subject)).length;
}

describe(`mail with a link that has expired (${TEST_DB})`, () => {
  it("drops a reset mail not sent within its hour, even when its failed job is retried", async () => {
    const member = await signIn(app, "links_member");
    const email = "links_member@example.com";
    const worker = createWorker(app.services, quiet);
    while (await worker.runOnce()) {} // the registration's own mail
    const asked = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/password-reset",
      payload: { email },
    });
    expect(asked.statusCode).toBe(202);
    // The reset job makes the mail job; then the SMTP server is down until the link has expired
    // and the job has failed for good.
    expect(await worker.runOnce()).toBe(true);
    const failed = await app.database.db
      .updateTable("jobs")
      .set({ status: "failed", last_error: "Connection refused" })
      .where("kind", "=", MAIL_JOB)
      .where("status", "=", "pending")
      .returning("id")
      .execute();
    expect(failed).toHaveLength(1);
    clock.advance(61 * 60 * 1000);

    const retried = await app.server.inject({
      method: "POST",
      url: "/api/v1/admin/jobs/retry-failed",
      headers: { cookie: admin.cookie },
    });
    expect(retried.json()).toEqual({ retried: 1 });
    while (await worker.runOnce()) {}
    expect(await resetMailsTo(email)).toBe(0);
    const job = await app.database.db
      .selectFrom("jobs")
      .select("status")
      .where("id", "=", failed[0]?.id ?? 0)
      .executeTakeFirst();
    expect(job?.status).toBe("done");

    // Asked again and sent in time, it arrives.
    await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/password-reset",
      payload: { email },
    });
    while (await worker.runOnce()) {}
    expect(await resetMailsTo(email)).toBe(1);
    expect(member.userId).toBeGreaterThan(0);
  });
});
