import { join } from "node:path";
import {
  type APIRequestContext,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import type { EditionType, Image } from "@sawdust/shared";
import Database from "better-sqlite3";
import { E2E_ADMIN, E2E_DATA_DIR } from "../../playwright.config";
import { generatePng } from "./images";

/** A token unique to this run, for tags and titles that no other test's images carry. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface SeedImage {
  title: string;
  description?: string;
  tags?: string[];
  /** Comma-separated, as the admin edit form writes it. */
  style?: string;
  editionType?: EditionType;
  /** Cents. */
  price?: number;
  color?: string;
  width?: number;
  height?: number;
  isPublic?: boolean;
}

function baseUrl(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
  return baseURL;
}

/** An API client signed in as the e2e admin (its own cookie jar: pages stay as they are). */
export async function adminApi(): Promise<APIRequestContext> {
  const origin = new URL(baseUrl()).origin;
  const context = await playwrightRequest.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { origin },
  });
  const response = await context.post("/api/v1/auth/login", { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

async function waitForAnalysis(api: APIRequestContext, id: number): Promise<void> {
  await expect
    .poll(
      async () => ((await (await api.get(`/api/v1/images/${id}`)).json()) as Image).analysisStatus,
      // Every 200 ms rather than Playwright's 1 s steps: each journey's pictures wait on this.
      { timeout: 20_000, intervals: [100, 200] },
    )
    .not.toBe("pending");
}

/**
 * Uploads a generated image as the admin, lets its analysis finish, then sets the words the test
 * relies on (admin edits outrank analysis). Returns the image as the admin sees it.
 */
export async function seedImage(api: APIRequestContext, seed: SeedImage): Promise<Image> {
  const file = await generatePng(`${seed.title.replaceAll(/\W+/g, "-")}.png`, {
    width: seed.width ?? 800,
    height: seed.height ?? 1000,
    color: seed.color ?? "#1d4ed8",
  });
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    images: file,
    editionType: seed.editionType ?? "sawdust_gallery",
  };
  if (seed.price !== undefined) multipart.price = String(seed.price);
  const uploaded = await api.post("/api/v1/images/upload", { multipart });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const [image] = ((await uploaded.json()) as { uploaded: Image[] }).uploaded;
  if (!image) throw new Error("the upload answered without an image");
  await waitForAnalysis(api, image.id);

  const patched = await api.patch(`/api/v1/images/${image.id}`, {
    data: {
      aiAnalysis: { title: seed.title, description: seed.description ?? `${seed.title}.` },
      tags: seed.tags ?? [],
      style: seed.style ?? "",
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  if (seed.isPublic === false) {
    const hidden = await api.patch(`/api/v1/images/${image.id}/visibility`, {
      data: { isPublic: false },
    });
    expect(hidden.status()).toBe(200);
  }
  return (await patched.json()) as Image;
}

/** Moves an account's creation back in time, as if it had joined `days` ago (no API changes it). */
export function backdateAccount(username: string, days: number): void {
  const db = new Database(join(E2E_DATA_DIR, "sawdust.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db
      .prepare("update users set created_at = ? where username_key = lower(?)")
      .run(Date.now() - days * 24 * 60 * 60 * 1000, username);
    if (changed.changes !== 1) throw new Error(`no account named ${username}`);
  } finally {
    db.close();
  }
}

/**
 * Gives an account an active Pro subscription. Billing has no sandbox flow yet, so the test writes
 * the subscription row into the e2e server's SQLite database, as the integration tests do.
 */
export function grantPro(username: string): void {
  const db = new Database(join(E2E_DATA_DIR, "sawdust.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const user = db.prepare("select id from users where username_key = lower(?)").get(username) as
      | { id: number }
      | undefined;
    if (!user) throw new Error(`no account named ${username}`);
    db.prepare(
      "insert into subscriptions (user_id, tier, status, billing_cycle, created_at, expiry_date) values (?, 'pro', 'active', 'monthly', ?, null)",
    ).run(user.id, Date.now());
  } finally {
    db.close();
  }
}

/**
 * Leaves a mail job failed for good, as an SMTP server that refused every attempt would (no API
 * makes a job fail on purpose): the admin dashboard then offers to retry it.
 */
export function failMailJob(to: string): void {
  const db = new Database(join(E2E_DATA_DIR, "sawdust.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const at = Date.now() - 60 * 60 * 1000;
    db.prepare(
      "insert into jobs (kind, payload, image_id, status, attempts, max_attempts, run_at, created_at, updated_at, last_error) values ('mail.send', ?, null, 'failed', 13, 13, ?, ?, ?, 'Connection refused')",
    ).run(
      JSON.stringify({ to, subject: "Waiting", text: "Hello", html: "<p>Hello</p>" }),
      at,
      at,
      at,
    );
  } finally {
    db.close();
  }
}
