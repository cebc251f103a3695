import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SANDBOX_CARDS } from "@sawdust/shared";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { type DatabaseHandle, openDatabase } from "../src/db/database.js";
import { SANDBOX_SETTINGS } from "../src/modules/billing/sandbox-provider.js";
import { createTestDatabase, newAccount, TEST_DB } from "./test-app.js";
import { webhookSignature } from "./webhooks.js";

/**
 * The durable payment flow survives SIGKILL (as test/crash.int.test.ts does for uploads): the
 * real server, paying in the built-in sandbox, is killed at the two points where a webhook's
 * effect and its event id are being written — inside the delivery's transaction, and after it
 * committed but before the sandbox marked the event delivered (test/fixtures/billing-crash-server.ts
 * holds the process there). After each kill nothing is half-applied: an event id is recorded
 * exactly when its effect is; the restarted server's sandbox delivers again what its log still
 * holds; a redelivery is applied once; and the sandbox's subscription and Sawdust's row agree.
 */

const serverDir = resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "sawdust-billing-crash-"));
const database = await createTestDatabase();
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  ...database.env,
  DATA_DIR: dataDir,
  PORT: "0",
  LOG_LEVEL: "silent",
  DEMO_CONTENT: "false",
  WORKERS: "0",
};
const running = new Set<ChildProcess>();
let db: DatabaseHandle | undefined;

afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});
afterAll(async () => {
  await db?.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Server = { child: ChildProcess; base: string; held: Promise<string> };

/** The server in its own process; `held` settles when it reports reaching its hold point. */
function startServer(hold?: "effect" | "delivered"): Promise<Server> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/fixtures/billing-crash-server.ts"],
    {
      cwd: serverDir,
      env: { ...env, ...(hold && { TEST_BILLING_HOLD: hold }) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  running.add(child);
  let out = "";
  let reportHold: (point: string) => void = () => {};
  const held = new Promise<string>((r) => {
    reportHold = r;
  });
  return new Promise((resolvePromise, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /READY (\d+)/.exec(out)?.[1];
      if (port) resolvePromise({ child, base: `http://127.0.0.1:${port}`, held });
      const point = /HOLD (\w+)/.exec(out)?.[1];
      if (point) reportHold(point);
    });
    child.on("exit", (code, signal) =>
      reject(new Error(`server exited early (${code ?? signal}): ${out}`)),
    );
  });
}

/** SIGKILL, and wait until the process is gone. */
async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
  running.delete(child);
}

function inspection(): DatabaseHandle {
  db ??= openDatabase(loadConfig(env));
  return db;
}

async function register(base: string): Promise<{ cookie: string; userId: number }> {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(newAccount()),
  });
  expect(res.status).toBe(201);
  const { user } = (await res.json()) as { user: { id: number } };
  // As if the confirmation link were opened: only confirmed members subscribe.
  await inspection()
    .db.updateTable("users")
    .set({ email_verified_at: Date.now() })
    .where("id", "=", user.id)
    .execute();
  return { cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] as string, userId: user.id };
}

const post = (base: string, path: string, cookie: string, body: object) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });

/** Opens a sandbox checkout and starts paying it with the card that pays. */
async function payInTheSandbox(
  base: string,
  cookie: string,
): Promise<{ answer: Promise<number | "killed"> }> {
  const created = await post(base, "/api/v1/subscriptions/create", cookie, {
    billingCycle: "yearly",
  });
  expect(created.status).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const sessionId = url.slice(url.lastIndexOf("/") + 1);
  const answer = post(base, `/api/v1/billing/sandbox/checkout/${sessionId}/pay`, cookie, {
    cardNumber: SANDBOX_CARDS.pays.number,
    expiry: "12/40",
    cvc: "123",
  })
    .then((r) => r.status)
    .catch(() => "killed" as const);
  return { answer };
}

/** The sandbox's view of the member: its subscription and its event log. */
async function atTheSandbox(userId: number) {
  const { db } = inspection();
  const subscription = await db
    .selectFrom("sandbox_subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const events = await db
    .selectFrom("sandbox_events")
    .select(["event_id", "type", "payload", "delivered_at"])
    .where("payload", "like", `%${subscription.provider_id}%`)
    .orderBy("id")
    .execute();
  return { subscription, events };
}

/** Sawdust's side: the events recorded (with how many times) and the member's rows. */
async function atSawdust(userId: number, eventIds: string[]) {
  const { db } = inspection();
  const recorded = await db
    .selectFrom("billing_events")
    .select("id")
    .where("id", "in", eventIds)
    .execute();
  const rows = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .execute();
  return { recorded: recorded.map((r) => r.id), rows };
}

/** Waits until the sandbox has delivered every event of its log (the restarted server retries). */
async function everythingDelivered(): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pending = await inspection()
      .db.selectFrom("sandbox_events")
      .select("id")
      .where("delivered_at", "is", null)
      .execute();
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending.length} sandbox events never delivered`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The sandbox's subscription and Sawdust's row say the same. */
function expectAgreement(
  sandbox: Awaited<ReturnType<typeof atTheSandbox>>["subscription"],
  row: Record<string, unknown> | undefined,
) {
  expect(row).toMatchObject({
    provider: "sandbox",
    provider_subscription_id: sandbox.provider_id,
    provider_customer_id: sandbox.customer_id,
    status: sandbox.status,
    billing_cycle: sandbox.billing_cycle,
    price_cents: sandbox.price_cents,
    current_period_start: sandbox.current_period_start,
    expiry_date: sandbox.current_period_end,
    cancel_at_period_end: sandbox.cancel_at_period_end,
  });
}

/** Delivers a sandbox event again as the sandbox would: signed with its secret, now. */
async function redeliver(base: string, payload: string) {
  const secret = await inspection()
    .db.selectFrom("settings")
    .select("value")
    .where("key", "=", SANDBOX_SETTINGS.webhookSecret)
    .executeTakeFirstOrThrow();
  const res = await fetch(`${base}/api/v1/billing/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": webhookSignature(payload, secret.value),
    },
    body: payload,
  });
  expect(res.status).toBe(200);
  return res.json();
}

async function tierOf(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/subscriptions/current`, { headers: { cookie } });
  return ((await res.json()) as { tier: string }).tier;
}

describe(`a server killed while a sandbox payment's webhooks are applied, on ${TEST_DB}`, () => {
  it("inside the delivery's transaction: neither the event id nor its effect is kept, and the restart applies both once", async () => {
    const first = await startServer("effect");
    const member = await register(first.base);
    const paying = await payInTheSandbox(first.base, member.cookie);
    expect(await first.held).toBe("effect");
    await kill(first.child);
    expect(await paying.answer).toBe("killed");

    // The sandbox took the payment (its own transaction committed before delivering) …
    const before = await atTheSandbox(member.userId);
    expect(before.subscription.status).toBe("active");
    expect(before.events.map((e) => e.type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
    ]);
    expect(before.events.every((e) => e.delivered_at === null)).toBe(true);
    const eventIds = before.events.map((e) => e.event_id);
    // … and of the delivery cut short nothing is left: no event id, no row.
    expect(await atSawdust(member.userId, eventIds)).toEqual({ recorded: [], rows: [] });

    const second = await startServer();
    await everythingDelivered();
    const after = await atSawdust(member.userId, eventIds);
    expect(after.recorded.sort()).toEqual([...eventIds].sort());
    expect(after.rows).toHaveLength(1);
    expectAgreement((await atTheSandbox(member.userId)).subscription, after.rows[0]);
    expect(await tierOf(second.base, member.cookie)).toBe("pro");

    // Stripe-style at-least-once: the same event again changes nothing.
    const replay = await redeliver(second.base, before.events[0]?.payload as string);
    expect(replay).toEqual({ received: true, duplicate: true });
    const replayed = await atSawdust(member.userId, eventIds);
    expect(replayed.recorded).toHaveLength(eventIds.length);
    expect(replayed.rows).toEqual(after.rows);
  }, 120_000);

  it("after the delivery committed, before the sandbox marked it delivered: both are kept, and the sandbox's retry is a duplicate", async () => {
    const first = await startServer("delivered");
    const member = await register(first.base);
    const paying = await payInTheSandbox(first.base, member.cookie);
    expect(await first.held).toBe("delivered");
    await kill(first.child);
    expect(await paying.answer).toBe("killed");

    const before = await atTheSandbox(member.userId);
    const eventIds = before.events.map((e) => e.event_id);
    // The first event's transaction committed: its id and its effect are both there, though the
    // sandbox's log still has it to deliver.
    expect(before.events.every((e) => e.delivered_at === null)).toBe(true);
    const committed = await atSawdust(member.userId, eventIds);
    expect(committed.recorded).toEqual([eventIds[0]]);
    expect(committed.rows).toHaveLength(1);
    expectAgreement(before.subscription, committed.rows[0]);

    const second = await startServer();
    await everythingDelivered();
    const after = await atSawdust(member.userId, eventIds);
    // Delivered again at restart: the first applied once (its row not made twice), the rest once.
    expect(after.recorded.sort()).toEqual([...eventIds].sort());
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]?.id).toBe(committed.rows[0]?.id);
    expectAgreement((await atTheSandbox(member.userId)).subscription, after.rows[0]);
    expect(await tierOf(second.base, member.cookie)).toBe("pro");
    expect(await redeliver(second.base, before.events[1]?.payload as string)).toEqual({
      received: true,
      duplicate: true,
    });
  }, 120_000);
});
