/**
 * TRUST_PROXY (issue 17, acceptance 2): behind a proxy the test owns, sign-in limits count each
 * client's own address; without TRUST_PROXY a forged X-Forwarded-For changes nothing. Clients
 * really come from different addresses (127.0.0.2, 127.0.0.3: all of 127.0.0.0/8 is this
 * machine), and the proxy appends each one's socket address to X-Forwarded-For, as nginx does.
 */
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import {
  type RoundRobinProxy,
  startRoundRobinProxy,
} from "../../../scripts/lib/round-robin-proxy.mjs";
import { createTestApp, TEST_DB, type TestApp } from "./test-app.js";

/** Failed sign-ins one address may make in the window (30 by default; fewer keeps it quick). */
const IP_FAILURES = 4;

interface Answer {
  status: number;
  ip?: string;
}

/** A failed sign-in (an unknown account each time, so only the address limit can refuse). */
function failedSignIn(
  base: string,
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = JSON.stringify({
    username: `nobody_${Math.random().toString(36).slice(2)}`,
    password: "wrong password",
  });
  const url = new URL("/api/v1/auth/login", base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", "content-length": body.length, ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Signs in wrongly until refused; returns the statuses. */
async function exhaust(base: string, from: string, headers?: () => Record<string, string>) {
  const statuses: number[] = [];
  for (let i = 0; i <= IP_FAILURES; i++) {
    statuses.push((await failedSignIn(base, from, headers?.() ?? {})).status);
  }
  return statuses;
}

const refusedLast = [...Array(IP_FAILURES).fill(401), 429];

async function startBehindProxy(env: Record<string, string>) {
  const app = await createTestApp(env, { authLimits: { ipFailures: IP_FAILURES } });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const direct = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  const proxy = await startRoundRobinProxy({ backends: [direct] });
  return { app, direct, proxy };
}

describe(`TRUST_PROXY on ${TEST_DB}`, () => {
  const opened: Array<{ app: TestApp; proxy: RoundRobinProxy }> = [];
  afterAll(async () => {
    for (const { app, proxy } of opened) {
      await proxy.close();
      await app.close();
    }
  });

  it("behind the trusted proxy, two clients with different addresses have separate sign-in limits", async () => {
    const setup = await startBehindProxy({ TRUST_PROXY: "127.0.0.1" });
    opened.push(setup);
    const { proxy } = setup;
    expect(await exhaust(proxy.url, "127.0.0.2")).toEqual(refusedLast);
    // Another client through the same proxy is not limited by the first one's failures.
    expect((await failedSignIn(proxy.url, "127.0.0.3")).status).toBe(401);
    // The first one stays limited, whatever it claims to be: the proxy appends its real address
    // after the forged one, and only the proxy's own entry is believed.
    expect(
      (await failedSignIn(proxy.url, "127.0.0.2", { "x-forwarded-for": "198.51.100.7" })).status,
    ).toBe(429);
    expect(proxy.stats.failures).toBe(0);
  });

  it("counts an IPv6 client by its /64: another address of the same network is the same client", async () => {
    const setup = await startBehindProxy({ TRUST_PROXY: "127.0.0.1" });
    opened.push(setup);
    // The trusted proxy says where each request came from: a new address of one /64 every time.
    let host = 0;
    const statuses = await exhaust(setup.direct, "127.0.0.1", () => ({
      "x-forwarded-for": `2001:db8:1:2::${(++host).toString(16)}`,
    }));
    expect(statuses).toEqual(refusedLast);
    // The next /64 is another network: its own limit.
    expect(
      (await failedSignIn(setup.direct, "127.0.0.1", { "x-forwarded-for": "2001:db8:1:3::1" }))
        .status,
    ).toBe(401);
  });

  it("a hop count trusts that many proxies in front", async () => {
    const setup = await startBehindProxy({ TRUST_PROXY: "1" });
    opened.push(setup);
    expect(await exhaust(setup.proxy.url, "127.0.0.4")).toEqual(refusedLast);
    expect((await failedSignIn(setup.proxy.url, "127.0.0.5")).status).toBe(401);
  });

  it("without TRUST_PROXY a forged X-Forwarded-For changes nothing, and clients behind a proxy share its address", async () => {
    const setup = await startBehindProxy({});
    opened.push(setup);
    const { direct, proxy } = setup;
    // Straight to the app, a new forged address on every attempt: still one client.
    let forged = 0;
    const statuses = await exhaust(direct, "127.0.0.6", () => ({
      "x-forwarded-for": `203.0.113.${++forged}`,
    }));
    expect(statuses).toEqual(refusedLast);
    expect(
      (await failedSignIn(direct, "127.0.0.6", { "x-forwarded-for": "203.0.113.200" })).status,
    ).toBe(429);
    // Through the proxy, every client is the proxy (127.0.0.1) to an app that does not trust it.
    expect(await exhaust(proxy.url, "127.0.0.7")).toEqual(refusedLast);
    expect((await failedSignIn(proxy.url, "127.0.0.8")).status).toBe(429);
  });
});
