import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { createWorker, startJanitor } from "../../background.js";

/**
 * Privacy audit, round 63: the outbox (mail kept when no SMTP_URL is set) holds members' links and
 * notices. An admin's reading of it is audited, and nothing stays in it longer than 30 days.
 */
const quiet = { warn() {}, error() {}, info() {}, debug() {} } as never;
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = new TestClock();
let app: TestApp;
let admin: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  admin = await signIn(app, "outbox_reader", "admin");
  await signIn(app, "outbox_member");
  const worker = createWorker(app.services, quiet);
  while (await worker.runOnce()) {} // the registrations' confirmation mails
});
afterAll(() => app?.close());

async function outboxReads() {
  const rows = await app.database.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", "mail.outbox_read")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) }));
}

describe(`reading the mail outbox (${TEST_DB})`, () => {
  it("writes one audit entry a read, with the address asked for (or all) and how many it got", async () => {
    const read = (query: string) =>
      app.server.inject({
        method: "GET",
        url: `/api/v1/admin/mail-outbox${query}`,
        headers: { cookie: admin.cookie },
      });
    const one = await read("?to=Outbox_Member%40example.com");
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().messages).toHaveLength(1);
    let entries = await outboxReads();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBe(admin.userId);
    expect(entries[0]?.details).toEqual({ to: "outbox_member@example.com", count: 1 });

    const all = await read("");
    expect(all.statusCode).toBe(200);
    expect(all.json().messages).toHaveLength(2);
    entries = await outboxReads();
    expect(entries).toHaveLength(2);
    expect(entries[1]?.details).toEqual({ to: "all", count: 2 });

    // A refused read (not an admin) is no read.
    const visitor = await app.server.inject({ method: "GET", url: "/api/v1/admin/mail-outbox" });
    expect(visitor.statusCode).toBe(401);
    expect(await outboxReads()).toHaveLength(2);
  });

  it("keeps the read's entry when the member deletes their account, but not their address", async () => {
    const member = await signIn(app, "outbox_leaver");
    const read = await app.server.inject({
      method: "GET",
      url: "/api/v1/admin/mail-outbox?to=outbox_leaver%40example.com",
      headers: { cookie: admin.cookie },
    });
    expect(read.statusCode).toBe(200);
    const deleted = await app.server.inject({
      method: "DELETE",
      url: "/api/v1/account",
      headers: { cookie: member.cookie },
      payload: { password: "correct horse battery" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entry = (await outboxReads()).at(-1);
    expect(entry?.actor_id).toBe(admin.userId);
    expect(JSON.stringify(entry?.details)).not.toContain("outbox_leaver");
    expect(entry?.details).toEqual({ count: 0 });
  });
});

describe(`the outbox's retention (${TEST_DB})`, () => {
  it("deletes kept mail older than 30 days in the janitor's sweep, and keeps the younger", async () => {
    const now = clock.now();
    const keep = (subject: string, age: number) =>
      app.database.db
        .insertInto("mail_outbox")
        .values({
          to_address: "aged@example.com",
          subject,
          text_body: "text",
          html_body: "<p>text</p>",
          created_at: now - age,
        })
        .execute();
    await keep("31 days old", 31 * DAY_MS);
    await keep("29 days old", 29 * DAY_MS);
    const janitor = startJanitor(app.services, app.dataDir, 60_000, quiet);
    await janitor.firstSweep;
    janitor.stop();
    const left = await app.database.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", "aged@example.com")
      .execute();
    expect(left.map((row) => row.subject)).toEqual(["29 days old"]);
  });
});
