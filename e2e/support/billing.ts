import { crc32 } from "node:zlib";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  type BillingCycle,
  type CurrentSubscription,
  type Image,
  SANDBOX_CARDS,
  type SandboxClock,
} from "@sawdust/shared";
import { generatePng } from "./images";

export type SandboxCard = keyof typeof SANDBOX_CARDS;

/** The site's own origin, which the server's CSRF check expects on unsafe requests. */
function siteOrigin(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
  return new URL(baseURL).origin;
}

/** The session id at the end of a sandbox checkout or portal address. */
export function sessionIdOf(url: string): string {
  const id = new URL(url).pathname.split("/").pop();
  if (!id) throw new Error(`no session id in ${url}`);
  return id;
}

/**
 * Subscribes the member whose cookies `request` carries, through the API alone (create, then pay
 * the sandbox checkout with the given test card). For tests about what follows a subscription.
 */
export async function subscribeViaApi(
  request: APIRequestContext,
  billingCycle: BillingCycle = "monthly",
  card: SandboxCard = "pays",
): Promise<void> {
  const headers = { origin: siteOrigin() };
  const created = await request.post("/api/v1/subscriptions/create", {
    data: { billingCycle },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const paid = await request.post(`/api/v1/billing/sandbox/checkout/${sessionIdOf(url)}/pay`, {
    data: { cardNumber: SANDBOX_CARDS[card].number, expiry: "12/49", cvc: "123" },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/**
 * Buys an edition of a piece through the API and the sandbox checkout, as the member whose cookies
 * `request` holds, and waits until it is in their library.
 */
export async function buyEditionViaApi(
  request: APIRequestContext,
  imageId: number,
  licence = "standard",
): Promise<void> {
  const headers = { origin: siteOrigin() };
  const res = await request.post(`/api/v1/images/${imageId}/purchase`, {
    data: { licence },
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const paid = await request.post(`/api/v1/billing/sandbox/checkout/${sessionIdOf(url)}/pay`, {
    data: { cardNumber: SANDBOX_CARDS.pays.number, expiry: "12/49", cvc: "123" },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(async () => {
      const library = await (await request.get("/api/v1/library")).json();
      return (library.editions as Array<{ imageId: number }>).some((e) => e.imageId === imageId);
    })
    .toBe(true);
}

/** The member's plan as the API tells it (the cookies of `request`). */
export async function currentPlan(request: APIRequestContext): Promise<CurrentSubscription> {
  const response = await request.get("/api/v1/subscriptions/current");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CurrentSubscription;
}

/** Moves the sandbox's clock on, as the admin (renewals, failures and expiry fall due). */
export async function advanceSandboxClock(admin: APIRequestContext, days: number) {
  const response = await admin.post("/api/v1/billing/sandbox/clock", { data: { days } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SandboxClock;
}

/** Fills in the sandbox checkout's card form and pays. */
export async function payInCheckout(page: Page, card: SandboxCard): Promise<void> {
  await page.getByLabel("Card number").fill(SANDBOX_CARDS[card].number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/49");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

/** An ISO instant as the app shows dates ('MMM d, yyyy', this machine's time zone). */
export function shownDate(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(iso));
}

/** A PNG `tEXt` chunk (keyword, NUL, Latin-1 text) with its CRC. */
function textChunk(keyword: string, text: string): Buffer {
  const type = Buffer.from("tEXt", "latin1");
  const data = Buffer.from(`${keyword}\u0000${text}`, "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0);
  return Buffer.concat([length, type, data, crc]);
}

/** A generated PNG carrying A1111's `parameters` text, as Stable Diffusion web UIs write it. */
export async function pngWithParameters(name: string, color: string, parameters: string) {
  const png = await generatePng(name, { width: 800, height: 1000, color });
  // After the 8-byte signature and the 25-byte IHDR chunk, before the image data.
  const head = png.buffer.subarray(0, 33);
  const rest = png.buffer.subarray(33);
  return { ...png, buffer: Buffer.concat([head, textChunk("parameters", parameters), rest]) };
}

/**
 * Uploads a PNG that carries generation parameters, as the admin, and names it once its analysis
 * has run (admin edits outrank analysis).
 */
export async function seedImageWithParameters(
  admin: APIRequestContext,
  seed: { title: string; tags: string[]; color: string; parameters: string },
): Promise<Image> {
  const file = await pngWithParameters(
    `${seed.title.replaceAll(/\W+/g, "-")}.png`,
    seed.color,
    seed.parameters,
  );
  const uploaded = await admin.post("/api/v1/images/upload", {
    multipart: { images: file, editionType: "sawdust_gallery" },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const [image] = ((await uploaded.json()) as { uploaded: Image[] }).uploaded;
  if (!image) throw new Error("the upload answered without an image");
  await expect
    .poll(
      async () =>
        ((await (await admin.get(`/api/v1/images/${image.id}`)).json()) as Image).analysisStatus,
      { timeout: 20_000 },
    )
    .not.toBe("pending");
  const patched = await admin.patch(`/api/v1/images/${image.id}`, {
    // A description of its own: the analysis may have written one from the prompt.
    data: { aiAnalysis: { title: seed.title, description: `${seed.title}.` }, tags: seed.tags },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const visible = await admin.patch(`/api/v1/images/${image.id}/visibility`, {
    data: { isPublic: true },
  });
  expect(visible.status(), await visible.text()).toBe(200);
  return (await patched.json()) as Image;
}
