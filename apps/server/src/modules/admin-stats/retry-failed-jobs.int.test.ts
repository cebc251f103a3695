import { MESSAGES, type RetriedJobs } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { until } from "../../../test/until.js";
import { createWorker } from "../../background.js";
import { MAIL_JOB, MAIL_MAX_ATTEMPTS } from "../mail/mail.constants.js";

/**
 * The dashboard's "Retry failed jobs": every job that used all its attempts is queued again once,
 * even when many requests press it at once, the retry is audited, and a worker then runs them.
 */

const quiet = { warn() {}, error() {}, info() {}, debug() {} } as never;
let app: TestApp;
let admin: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "retry_admin", "admin");
});
afterAll(() => app.close());

/** A mail that failed for good (an SMTP server that refused every attempt). */
function failedMail(to: string, at: number) {
  return {
    kind: MAIL_JOB,
    payload: JSON.stringify({ to, subject: `For ${to}`, text: "Hello", html: "<p>Hello</p>" }),
    image_id: null,
    status: "failed",
    attempts: MAIL_MAX_ATTEMPTS,
    max_attempts: MAIL_MAX_ATTEMPTS,
    run_at: at,
    created_at: at,
    updated_at: at,
    last_error: "Connection refused",
  };
}

const retry = (cookie: string) =>
  app.server.inject({
    method: "POST",
    url: "/api/v1/admin/jobs/retry-failed",
    headers: { cookie },
  });

describe(`retrying failed jobs from the dashboard (${TEST_DB})`, () => {
  it("queues each failed job again exactly once under 40 parallel presses, audits it, and a worker sends them", async () => {
    const at = Date.now() - 60 * 60 * 1000;
    const addresses = ["a@example.com", "b@example.com", "c@example.com"];
    const ids = (
      await app.database.db
        .insertInto("jobs")
        .values(addresses.map((to) => failedMail(to, at)))
        .returning("id")
        .execute()
    ).map((row) => row.id);
    const before = await app.server.inject({
      url: "/api/v1/admin/dashboard",
      headers: { cookie: admin.cookie },
    });
    expect(before.json().queue.failed).toBe(3);

    const answers = await Promise.all(Array.from({ length: 40 }, () => retry(admin.cookie)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const counts = answers.map((res) => (res.json() as RetriedJobs).retried);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);

    const jobs = await app.database.db
      .selectFrom("jobs")
      .select(["status", "attempts", "outages"])
      .where("id", "in", ids)
      .execute();
    expect(jobs).toEqual(addresses.map(() => ({ status: "pending", attempts: 0, outages: 0 })));

    const audit = await app.database.db
      .selectFrom("audit_log")
      .select(["actor_id", "subject", "details"])
      .where("action", "=", "jobs.retried")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(admin.userId);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({ kinds: { [MAIL_JOB]: 3 } });

    // A worker takes them now (no SMTP_URL here: each mail is kept in the outbox).
    const worker = createWorker(app.services, quiet, { heartbeatMs: 60_000 });
    worker.start(1);
    try {
      const sent = await until(
        "the three mails kept in the outbox",
        async () => {
          const rows = await app.database.db
            .selectFrom("mail_outbox")
            .select("to_address")
            .where("to_address", "in", addresses)
            .orderBy("to_address")
            .execute();
          return rows.length === 3 ? rows : undefined;
        },
        10_000,
      );
      expect(sent.map((row) => row.to_address)).toEqual(addresses);
    } finally {
      await worker.stop();
    }
    const after = await app.server.inject({
      url: "/api/v1/admin/dashboard",
      headers: { cookie: admin.cookie },
    });
    expect(after.json().queue.failed).toBe(0);
    expect(after.json().status.find((c: { id: string }) => c.id === "queue").detail).not.toContain(
      "failed for good",
    );
  });

  it("answers 0 when nothing failed, and refuses members", async () => {
    const none = await retry(admin.cookie);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ retried: 0 });
    expect(MESSAGES.adminStats.status.queue.retried(0)).toBe("No failed job was left to retry.");

    const member = await signIn(app, "retry_member");
    const refused = await retry(member.cookie);
    expect(refused.statusCode).toBe(403);
  });
});
