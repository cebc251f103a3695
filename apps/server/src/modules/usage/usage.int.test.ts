import { FREE_TIER, MESSAGES, ZUsage } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, signIn, subscribe, uploadPublished } from "../../../test/images.js";
import {
  createTestApp,
  sessionCookieOf,
  TEST_DB,
  type TestApp,
  TestClock,
} from "../../../test/test-app.js";

const clock = new TestClock(Date.UTC(2026, 10, 21, 12));
/** Moves the shared clock to this instant. */
const setClock = (epochMs: number) => clock.advance(epochMs - clock.now());

let app: TestApp;
let admin: { cookie: string; userId: number };
let imageId: number;

beforeAll(async () => {
  app = await createTestApp({}, { clock, authLimits: { registrationsPerIp: 1000 } });
  admin = await signIn(app, "usage_admin", "admin");
  const res = await uploadPublished(app, admin.cookie, {
    name: "dune.png",
    data: await makePng(800, 1000),
  });
  imageId = res.json().uploaded[0].id;
}, 60_000);
afterAll(() => app.close());

const getUsage = async (cookie?: string) =>
  app.server.inject({ method: "GET", url: "/api/v1/usage", headers: cookie ? { cookie } : {} });
const usageOf = async (cookie: string) => {
  const res = await getUsage(cookie);
  expect(res.statusCode).toBe(200);
  return ZUsage.parse(res.json());
};
/** Downloads the image `times` times in this size; returns the bytes received. */
async function download(cookie: string, times: number, size = "basic"): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const res = await app.server.inject({
      method: "GET",
      url: `/api/v1/images/${imageId}/download?size=${size}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    bytes += res.rawPayload.length;
  }
  return bytes;
}
/** Signs in again (a session idles out after two weeks of clock travel). */
async function login(username: string): Promise<string> {
  const res = await app.server.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { username, password: "correct horse battery" },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookieOf(res);
}

describe(`GET /api/v1/usage on ${TEST_DB}`, () => {
  it("answers 401 to a visitor", async () => {
    const res = await getUsage();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.auth.notSignedIn);
  });

  it("gives a new free member zero usage against the free limits, resetting next month", async () => {
    setClock(Date.UTC(2026, 10, 21, 12));
    const { cookie } = await signIn(app, "usage_new");
    expect(await usageOf(cookie)).toEqual({
      period: "2026-11",
      resetsOn: "2026-12-01",
      downloads: { used: 0, limit: FREE_TIER.monthlyDownloads },
      bandwidthBytes: { used: 0, limit: 1_073_741_824 },
      collections: { used: 0, limit: FREE_TIER.collections },
      previousMonthDownloads: 0,
      downloadsChangePercent: null,
    });
  });

  it("counts real downloads and their bytes, not previews, and the member's collections", async () => {
    setClock(Date.UTC(2026, 10, 21, 12));
    const { cookie } = await signIn(app, "usage_three");
    const bytes = await download(cookie, 3);
    await download(cookie, 2, "preview");
    for (const name of ["Dunes", "Harbours"]) {
      const created = await app.server.inject({
        method: "POST",
        url: "/api/v1/collections",
        headers: { cookie },
        payload: { name, description: "", isPublic: true },
      });
      expect(created.statusCode).toBe(201);
    }
    const usage = await usageOf(cookie);
    expect(usage.downloads).toEqual({ used: 3, limit: 10 });
    expect(usage.bandwidthBytes).toEqual({ used: bytes, limit: FREE_TIER.monthlyBandwidthBytes });
    expect(bytes).toBeGreaterThan(0);
    expect(usage.collections).toEqual({ used: 2, limit: 5 });
    // Another member's figures are their own.
    const other = await signIn(app, "usage_other");
    expect((await usageOf(other.cookie)).downloads.used).toBe(0);
    expect((await usageOf(other.cookie)).collections.used).toBe(0);
  });

  it("compares this month's downloads with last month's, across months and years", async () => {
    setClock(Date.UTC(2026, 9, 25, 9)); // October 25
    let cookie = (await signIn(app, "usage_months")).cookie;
    await download(cookie, 2);
    expect(await usageOf(cookie)).toMatchObject({
      period: "2026-10",
      resetsOn: "2026-11-01",
      downloads: { used: 2 },
      previousMonthDownloads: 0,
      downloadsChangePercent: null,
    });

    setClock(Date.UTC(2026, 10, 3, 9)); // November 3: 3 against October's 2
    await download(cookie, 3);
    expect(await usageOf(cookie)).toMatchObject({
      period: "2026-11",
      resetsOn: "2026-12-01",
      downloads: { used: 3 },
      previousMonthDownloads: 2,
      downloadsChangePercent: 50,
    });

    setClock(Date.UTC(2026, 11, 31, 23, 59)); // December 31: none against November's 3
    cookie = await login("usage_months");
    expect(await usageOf(cookie)).toMatchObject({
      period: "2026-12",
      resetsOn: "2027-01-01",
      downloads: { used: 0 },
      bandwidthBytes: { used: 0 },
      previousMonthDownloads: 3,
      downloadsChangePercent: -100,
    });
    await download(cookie, 3);

    setClock(Date.UTC(2027, 0, 1, 0, 0)); // New Year: 1 against December's 3 is -67%
    await download(cookie, 1);
    expect(await usageOf(cookie)).toMatchObject({
      period: "2027-01",
      resetsOn: "2027-02-01",
      downloads: { used: 1 },
      previousMonthDownloads: 3,
      downloadsChangePercent: -67,
    });
  });

  it("shows Pro members and admins their usage with no limits", async () => {
    setClock(Date.UTC(2026, 10, 21, 12));
    const pro = await signIn(app, "usage_pro");
    await subscribe(app, pro.userId);
    await download(pro.cookie, 2, "hd");
    const proUsage = await usageOf(pro.cookie);
    expect(proUsage.downloads).toEqual({ used: 2, limit: null });
    expect(proUsage.bandwidthBytes.limit).toBeNull();
    expect(proUsage.bandwidthBytes.used).toBeGreaterThan(0);
    expect(proUsage.collections.limit).toBeNull();

    // The clock travel of the test above ended the admin's first session.
    const adminUsage = await usageOf(await login("usage_admin"));
    expect(adminUsage.downloads.limit).toBeNull();
    expect(adminUsage.bandwidthBytes.limit).toBeNull();
    expect(adminUsage.collections.limit).toBeNull();
  });
});
