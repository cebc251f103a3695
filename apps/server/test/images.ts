import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { type BillingCycle, SANDBOX_CARDS } from "@sawdust/shared";
import type { Updateable } from "kysely";
import sharp from "sharp";
import type { ImagesTable } from "../src/db/schema.js";
import { keepingFacetCounts } from "../src/modules/images/facet-counts.repo.js";
import type { ImageFilter } from "../src/modules/images/images.repo.js";
import { listAnalysisOf } from "../src/modules/images/list-analysis.js";
import type { TestApp } from "./test-app.js";

/**
 * A PNG of the given size with a smooth pattern (realistic to encode, small to store), optionally
 * carrying EXIF and a text chunk so tests can check renditions drop metadata.
 */
export async function makePng(
  width: number,
  height: number,
  options: { withMetadata?: boolean; seed?: number } = {},
): Promise<Buffer> {
  const seed = options.seed ?? 1;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255 * seed) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x + y) * 97 * seed) % 256;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.withMetadata) {
    image = image.withExif({ IFD0: { Copyright: "secret-camera-owner", Artist: "Someone" } });
  }
  return image.png({ compressionLevel: 1 }).toBuffer();
}

/** A PNG header claiming 20000×20000 pixels (400 megapixels): a decompression bomb's front. */
export function makePixelBombPng(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file and fields, as the upload page sends it. */
export function multipart(
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sawdust${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "image/png"}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Signs in (registering first) and returns the session cookie. */
export async function signIn(app: TestApp, username: string, role: "user" | "admin" = "user") {
  const password = "correct horse battery";
  const register = await app.server.inject({
    method: "POST",
    url: "/api/v1/auth/register",
    payload: { username, email: `${username}@example.com`, password },
  });
  if (register.statusCode !== 201) throw new Error(`register ${username}: ${register.body}`);
  const userId = register.json().user.id as number;
  // As if the member had opened the confirmation link (only confirmed members subscribe).
  await app.database.db
    .updateTable("users")
    .set({ email_verified_at: Date.now() })
    .where("id", "=", userId)
    .execute();
  if (role === "admin") {
    await app.database.db
      .updateTable("users")
      .set({ role: "admin" })
      .where("id", "=", userId)
      .execute();
  }
  const cookie = register.cookies.find((c) => c.name === "sawdust_session");
  return { cookie: `sawdust_session=${cookie?.value}`, userId };
}

/**
 * The member pays for Pro through the sandbox provider, as a browser would: a checkout, then the
 * sandbox's payment page with a card that pays.
 */
export async function payForPro(
  app: TestApp,
  cookie: string,
  billingCycle: BillingCycle = "monthly",
) {
  const created = await app.server.inject({
    method: "POST",
    url: "/api/v1/subscriptions/create",
    headers: { cookie },
    payload: { billingCycle },
  });
  if (created.statusCode !== 200) throw new Error(`checkout: ${created.body}`);
  const sessionId = (created.json().url as string).split("/").at(-1);
  const paid = await app.server.inject({
    method: "POST",
    url: `/api/v1/billing/sandbox/checkout/${sessionId}/pay`,
    headers: { cookie },
    payload: { cardNumber: SANDBOX_CARDS.pays.number, expiry: "12/34", cvc: "123" },
  });
  if (paid.statusCode !== 200) throw new Error(`payment: ${paid.body}`);
}

/** Gives the user an active subscription of this tier (until billing exists, tests do this). */
export async function subscribe(app: TestApp, userId: number, tier: "pro" | "pro_plus" = "pro") {
  await app.database.db
    .insertInto("subscriptions")
    .values({
      user_id: userId,
      tier,
      status: "active",
      billing_cycle: "monthly",
      created_at: Date.now(),
      expiry_date: null,
    })
    .execute();
}

export async function upload(
  app: TestApp,
  cookie: string,
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const body = multipart(file, fields);
  return app.server.inject({
    method: "POST",
    url: "/api/v1/images/upload",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

/**
 * Makes an upload public as an admin does (`PATCH …/visibility`): uploads stay private until
 * their content rating has run, and most tests are about something else.
 */
export async function publish(app: TestApp, cookie: string, imageId: number) {
  const res = await app.server.inject({
    method: "PATCH",
    url: `/api/v1/images/${imageId}/visibility`,
    headers: { cookie },
    payload: { isPublic: true },
  });
  if (res.statusCode !== 200) throw new Error(`publish ${imageId}: ${res.body}`);
  return res.json();
}

/** Uploads as an admin and publishes the image: the answer's `uploaded[0]` is public. */
export async function uploadPublished(
  app: TestApp,
  cookie: string,
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const res = await upload(app, cookie, file, fields);
  if (res.statusCode !== 201) return res;
  const image = await publish(app, cookie, res.json().uploaded[0].id);
  return { ...res, json: () => ({ uploaded: [image] }) };
}

/** Every stored media file and every image-related row: to prove a failure left nothing. */
export async function inventory(app: TestApp) {
  const count = async (table: "images" | "renditions" | "jobs" | "image_facets") =>
    Number(
      (
        await app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tmp = await readdir(join(app.dataDir, "tmp", "uploads")).catch(() => []);
  return {
    files: (await app.services.storage.list("")).sort(),
    tmpFiles: tmp,
    images: await count("images"),
    renditions: await count("renditions"),
    jobs: await count("jobs"),
  };
}

let seedCounter = 0;
/**
 * A ready image written straight through the repository (no pixels): for listing and filter
 * tests that need many images fast. Its rendition keys point at no files.
 */
/** A ready, public, untitled 1000×1000 image row, as tests insert them directly. */
export function readyImageRow(now: number) {
  return {
    status: "ready",
    processing_expires_at: null,
    uploader_id: null,
    title: null,
    description: null,
    is_public: 1,
    edition_type: "sawdust_gallery",
    price_cents: null,
    width: 1000,
    height: 1000,
    original_format: "png",
    original_bytes: 1,
    original_name: null,
    thumbhash: null,
    created_at: now,
    updated_at: now,
  };
}

export async function seedImage(
  app: TestApp,
  options: {
    tags?: string[];
    styles?: string[];
    colors?: string[];
    editionType?: string;
    isPublic?: boolean;
    title?: string;
    description?: string;
  } = {},
): Promise<number> {
  const db = app.database.db;
  const now = Date.now();
  seedCounter += 1;
  // Inserted processing, made ready below with the kept counts moved as the app moves them.
  const row = await db
    .insertInto("images")
    .values({
      ...readyImageRow(now),
      status: "processing",
      title: options.title ?? `Seeded ${seedCounter}`,
      description: options.description ?? null,
      tags: JSON.stringify(options.tags ?? []),
      style: options.styles?.join(", ") ?? null,
      is_public: options.isPublic === false ? 0 : 1,
      edition_type: options.editionType ?? "sawdust_gallery",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const facets = [
    ...(options.tags ?? []).map((value) => ({ kind: "tag", value })),
    ...(options.styles ?? []).map((value) => ({ kind: "style", value })),
    ...(options.colors ?? []).map((value) => ({ kind: "color", value })),
  ];
  if (facets.length > 0) {
    await db
      .insertInto("image_facets")
      .values(facets.map((f) => ({ ...f, image_id: row.id })))
      .execute();
  }
  const keyOf = (size: string) => `public/images/${row.id}/${size}-0000000000000000.webp`;
  await db
    .insertInto("renditions")
    .values(
      ["thumb", "small", "medium", "large"].map((size) => ({
        image_id: row.id,
        size,
        storage_key: keyOf(size),
        width: 500,
        height: 500,
        bytes: 1,
        upscaled: 0,
        created_at: now,
      })),
    )
    .execute();
  await db.transaction().execute((trx) =>
    keepingFacetCounts(trx, app.database.dialect, [row.id], () =>
      trx
        .updateTable("images")
        // The display renditions' keys on the row too, as the app writes them (images.repo.ts).
        .set({
          status: "ready",
          key_thumb: keyOf("thumb"),
          key_small: keyOf("small"),
          key_medium: keyOf("medium"),
          key_large: keyOf("large"),
        })
        .where("id", "=", row.id)
        .execute(),
    ),
  );
  // Written behind the services' back, as another process would: the list cache must go.
  app.services.listCache.invalidate();
  return row.id;
}

/** A content rater that finds nothing: uploads are published once their analysis runs. */
export const calmRater = async () => ({
  rate: async () => ({
    model: "test-calm",
    scores: { neutral: 1 },
    nsfw: 0,
    rating: "neutral",
    sensitive: false,
  }),
});

/**
 * Sets columns of an image behind the services' back, as a test arranging a state does, keeping
 * what the app derives from them: the kept counts (facet_counts) and the list-sized analysis.
 */
export async function setImageColumns(
  app: TestApp,
  id: number,
  changes: Updateable<ImagesTable>,
): Promise<void> {
  const { db, dialect } = app.database;
  const derived =
    typeof changes.ai_analysis === "string"
      ? { ...changes, list_analysis: listAnalysisOf(changes.ai_analysis) }
      : changes;
  await db
    .transaction()
    .execute((trx) =>
      keepingFacetCounts(trx, dialect, [id], () =>
        trx.updateTable("images").set(derived).where("id", "=", id).execute(),
      ),
    );
  app.services.listCache.invalidate();
}

/**
 * A fixed sequence of numbers for seeding a test's catalogue (a linear congruential generator's
 * high bits): `next(n)` is the next one below n, the same every run.
 */
export function fixedSequence(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state >>> 16) % n;
  };
}

/** A visitor's filter (public images, nothing else) with `given` over it. */
export const filterOf = (given: Partial<ImageFilter>): ImageFilter => ({
  visibility: "public",
  tags: [],
  styles: [],
  colors: [],
  editionTypes: [],
  search: [],
  ...given,
});
