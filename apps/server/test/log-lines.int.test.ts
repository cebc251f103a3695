/**
 * README (Metrics and logs): "Logs are pino's JSON lines on standard output". What billing and
 * mail report goes through the server's own logger like everything else, so each is one JSON
 * line with its level and time (and LOG_LEVEL governs it), never a console dump: a Stripe call
 * that failed (error level, with Stripe's message and request id) and the notice that mail is
 * kept in the outbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createWorker } from "../src/background.js";
import type { StripeSettings } from "../src/modules/billing/stripe-provider.js";
import { type FakeStripeServer, startFakeStripe, stripeModeEnv } from "./fake-stripe-server.js";
import { signIn } from "./images.js";
import { createTestApp, TEST_DB, type TestApp } from "./test-app.js";

const settings: StripeSettings = {
  secretKey: "sk_test_sawdust_log_lines_0123456789",
  webhookSecret: "whsec_sawdust_log_lines",
  priceMonthly: "price_pro_monthly",
  priceYearly: "price_pro_yearly",
};
const quietLog = { warn() {}, error() {}, debug() {}, info() {} } as never;
const PINO_LEVEL = { error: 50, warn: 40 };

let fake: FakeStripeServer;
let app: TestApp;
/** What the server wrote to its log stream, line by line. */
const written: string[] = [];
const consoleCalls = () =>
  (["log", "info", "warn", "error", "debug"] as const).flatMap((method) =>
    vi.mocked(console[method]).mock.calls.map((args) => `console.${method}: ${args.join(" ")}`),
  );

beforeAll(async () => {
  fake = await startFakeStripe(settings);
  app = await createTestApp(
    { ...stripeModeEnv(settings), LOG_LEVEL: "warn", REGISTRATIONS_PER_IP_HOUR: "1000" },
    { stripeTransport: fake.transport, logStream: { write: (line) => void written.push(line) } },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await fake?.stop();
});
afterEach(() => vi.restoreAllMocks());

function watchConsole() {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation(() => {});
  }
}

/** The log's lines, each parsed (a line that is not JSON fails the test here). */
function logLines(): Array<Record<string, unknown>> {
  return written.flatMap((chunk) =>
    chunk
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

describe(`the server's log lines on ${TEST_DB}`, () => {
  it("logs a failed Stripe call as one JSON line at error level, with Stripe's message and request id", async () => {
    const member = await signIn(app, "log_member");
    watchConsole();
    fake.failNext(1, 401, {
      type: "invalid_request_error",
      message: "Invalid API Key provided: sk_test_****_r9b",
    });

    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/subscriptions/create",
      headers: { cookie: member.cookie },
      payload: { billingCycle: "monthly" },
    });

    expect(res.statusCode, res.body).toBe(502);
    const failed = fake.requests.filter((r) => r.status === 401).at(-1);
    expect(failed?.requestId).toBeTruthy();
    const line = logLines().find((l) => l.msg === "a call to Stripe failed");
    expect(line).toMatchObject({
      level: PINO_LEVEL.error,
      time: expect.any(Number),
      call: "customers.create",
      stripe: {
        status: 401,
        message: "Invalid API Key provided: sk_test_****_r9b",
        requestId: failed?.requestId,
      },
    });
    expect(consoleCalls()).toEqual([]);
  });

  it("tells once, as a JSON warning, that mail is kept in the outbox without SMTP_URL", async () => {
    watchConsole();
    // A registration queues its confirmation mail; the worker keeps it in the outbox.
    await signIn(app, "log_outbox_member");
    const worker = createWorker(app.services, quietLog);
    while (await worker.runOnce()) {}

    const notices = logLines().filter((l) => String(l.msg).startsWith("SMTP_URL is not set"));
    expect(notices).toEqual([
      expect.objectContaining({
        level: PINO_LEVEL.warn,
        time: expect.any(Number),
        outboxId: expect.any(Number),
        msg: "SMTP_URL is not set: mail is kept in the outbox instead of sent (admins read it at GET /api/v1/admin/mail-outbox)",
      }),
    ]);
    expect(consoleCalls()).toEqual([]);
  });
});
