import { DOWNLOAD_SIZES } from "@sawdust/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  inventory,
  makePixelBombPng,
  makePng,
  signIn,
  subscribe,
  upload,
  uploadPublished,
} from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import {
  decodeOnce,
  EAGER_RENDITIONS,
  encodeRendition,
  RENDITIONS,
  type RenditionName,
  thumbhashOf,
} from "../../media/renditions.js";
import { PUBLIC_RENDITION_CACHE } from "../media/media.routes.js";

let app: TestApp;
let admin: { cookie: string; userId: number };
let member: { cookie: string; userId: number };
let pro: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "curator", "admin");
  member = await signIn(app, "member");
  pro = await signIn(app, "patron");
  await subscribe(app, pro.userId);
});
afterAll(() => app.close());

const get = (url: string, cookie?: string) =>
  app.server.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/** Checks a stored rendition: fits its box, is under its cap, and carries no metadata. */
async function expectGoodRendition(
  data: Buffer,
  name: RenditionName,
  source: { width: number; height: number },
) {
  const spec = RENDITIONS[name];
  const meta = await sharp(data).metadata();
  expect(meta.format).toBe("webp");
  expect(meta.width).toBeLessThanOrEqual(spec.width);
  expect(meta.height).toBeLessThanOrEqual(spec.height);
  // It fills the box on one side (enlarging a smaller source), keeping the aspect ratio.
  expect(meta.width === spec.width || meta.height === spec.height).toBe(true);
  expect(
    Math.abs((meta.width ?? 0) / (meta.height ?? 1) - source.width / source.height),
  ).toBeLessThan(0.01);
  expect(data.length).toBeLessThanOrEqual(spec.maxBytes);
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
}

/**
 * The originals whose every rendition is checked. A large one's renditions (~19 s of sharp's work)
 * are the same on either database: made on SQLite only; the upload's database path runs on both.
 */
const ORIGINAL_SIZES: ReadonlyArray<readonly [number, number]> =
  TEST_DB === "sqlite"
    ? [
        [4000, 5000],
        [1024, 1024],
      ]
    : [[1024, 1024]];

describe(`upload and renditions on ${TEST_DB}`, () => {
  for (const [width, height] of ORIGINAL_SIZES) {
    it(`makes every rendition of a ${width}×${height} PNG, metadata-free and within its box and cap`, async () => {
      const png = await makePng(width, height, { withMetadata: true });
      expect((await sharp(png).metadata()).exif).toBeDefined();
      const res = await uploadPublished(
        app,
        admin.cookie,
        { name: `art-${width}.png`, data: png },
        {
          editionType: "one_of_one",
          price: "2500",
        },
      );
      expect(res.statusCode).toBe(201);
      const image = res.json().uploaded[0];
      expect(image).toMatchObject({
        width,
        height,
        editionType: "one_of_one",
        price: 2500,
        isPublic: true,
      });
      expect(image.thumbhash).toMatch(/^[A-Za-z0-9+/=]{20,}$/);

      // Display sizes at their public, content-addressed URLs.
      for (const [name, url] of [
        ["thumb", image.urlThumb],
        ["small", image.urlSmall],
        ["medium", image.urlMedium],
        ["large", image.urlLarge],
      ] as const) {
        const file = await get(url);
        expect(file.statusCode).toBe(200);
        // Bounded, so a CDN forgets a hidden image's pictures (README, "Images").
        expect(file.headers["cache-control"]).toBe(PUBLIC_RENDITION_CACHE);
        await expectGoodRendition(file.rawPayload, name, { width, height });
      }
      // Pro sizes through the admin's signed URLs (xlarge and ultra are made on first request).
      for (const [name, url] of [
        ["xlarge", image.urlXLarge],
        ["ultra", image.urlUltra],
      ] as const) {
        const file = await get(url);
        expect(file.statusCode).toBe(200);
        await expectGoodRendition(file.rawPayload, name, { width, height });
      }
      const hd = await get(`/api/v1/images/${image.id}/download?size=hd`, admin.cookie);
      expect(hd.statusCode).toBe(200);
      await expectGoodRendition(hd.rawPayload, "hd", { width, height });

      const expectedUpscaled = (
        Object.keys(DOWNLOAD_SIZES) as Array<keyof typeof DOWNLOAD_SIZES>
      ).filter(
        (size) =>
          Math.min(DOWNLOAD_SIZES[size].width / width, DOWNLOAD_SIZES[size].height / height) > 1,
      );
      expect(image.upscaledSizes).toEqual(expectedUpscaled);

      // Every rendition row now has its file; the original is kept privately.
      const rows = await app.database.db
        .selectFrom("renditions")
        .selectAll()
        .where("image_id", "=", image.id)
        .execute();
      expect(rows.map((r) => r.size).sort()).toEqual(Object.keys(RENDITIONS).sort());
      const files = await app.services.storage.list(`private/images/${image.id}`);
      expect(files).toContain(`private/images/${image.id}/original.png`);
    }, 120_000);
  }

  it("makes from its decoded file the very bytes the pixels in memory give, and leaves no temporary file", async () => {
    const png = await makePng(1600, 1200, { withMetadata: true });
    const res = await upload(app, admin.cookie, { name: "same-bytes.png", data: png });
    expect(res.statusCode).toBe(201);
    const image = res.json().uploaded[0];
    // The upload's path: decoded once into a `.v` file the renditions map (decodeOnceToFile).
    // The reference: the same upload decoded into a Buffer (decodeOnce), as lazy sizes are.
    const inMemory = await decodeOnce(png);
    const rows = await app.database.db
      .selectFrom("renditions")
      .select(["size", "storage_key"])
      .where("image_id", "=", image.id)
      .execute();
    expect(rows.map((r) => r.size).sort()).toEqual([...EAGER_RENDITIONS].sort());
    for (const row of rows) {
      const expected = await encodeRendition(inMemory, row.size as RenditionName);
      const stored = await app.services.storage.readBuffer(row.storage_key);
      expect(stored.equals(expected.data), `${row.size} differs`).toBe(true);
    }
    expect(image.thumbhash).toBe(await thumbhashOf(inMemory));
    expect((await inventory(app)).tmpFiles).toEqual([]);
  }, 60_000);

  it("keeps an incompressible (pure noise) upload under every cap instead of failing", async () => {
    const { randomBytes } = await import("node:crypto");
    const noise = await sharp(randomBytes(1400 * 1400 * 3), {
      raw: { width: 1400, height: 1400, channels: 3 },
    })
      .png()
      .toBuffer();
    const res = await upload(app, admin.cookie, { name: "noise.png", data: noise });
    expect(res.statusCode).toBe(201);
    const rows = await app.database.db
      .selectFrom("renditions")
      .selectAll()
      .where("image_id", "=", res.json().uploaded[0].id)
      .execute();
    for (const row of rows) {
      expect(row.bytes).toBeLessThanOrEqual(RENDITIONS[row.size as RenditionName].maxBytes);
    }
  }, 60_000);

  it("hides pro sizes and per-quality stats from visitors and free members", async () => {
    const res = await uploadPublished(app, admin.cookie, {
      name: "x.png",
      data: await makePng(900, 900),
    });
    const id = res.json().uploaded[0].id;
    for (const cookie of [undefined, member.cookie]) {
      for (const url of [`/api/v1/images/${id}`, "/api/v1/images?limit=100"]) {
        const body = (await get(url, cookie)).body;
        expect(body).not.toContain("urlXLarge");
        expect(body).not.toContain("urlUltra");
        expect(body).not.toContain("downloadStats");
        expect(body).not.toContain("/media/signed/");
      }
    }
    const proView = (await get(`/api/v1/images/${id}`, pro.cookie)).json();
    expect(proView.urlXLarge).toMatch(/^\/media\/signed\//);
    expect(proView.downloadStats).toBeUndefined();
    expect((await get(`/api/v1/images/${id}`, admin.cookie)).json().downloadStats).toEqual({
      preview: 0,
      basic: 0,
      hd: 0,
      xlarge: 0,
      ultra: 0,
    });
  });

  it("keeps pro files off every guessable path and refuses a tampered signature", async () => {
    const res = await uploadPublished(app, admin.cookie, {
      name: "x.png",
      data: await makePng(900, 900),
    });
    const image = (await get(`/api/v1/images/${res.json().uploaded[0].id}`, admin.cookie)).json();
    const hdKey = (await app.services.storage.list(`private/images/${image.id}`)).find((k) =>
      k.includes("/hd-"),
    );
    expect(hdKey).toBeDefined();
    expect((await get(`/media/${hdKey}`)).statusCode).toBe(404);
    expect((await get(`/media/${(hdKey as string).replace("private/", "")}`)).statusCode).toBe(404);
    expect((await get(`/media/images/${image.id}/original.png`)).statusCode).toBe(404);
    const tampered = image.urlXLarge.replace(/sig=[^&]+/, "sig=forged");
    expect((await get(tampered)).statusCode).toBe(403);
    const otherImage = image.urlXLarge.replace(`/signed/${image.id}/`, `/signed/${image.id + 1}/`);
    expect((await get(otherImage)).statusCode).toBe(403);
    // A link cut short or edited by hand is told as a bad link, in words.
    for (const broken of [
      image.urlXLarge.replace(/exp=\d+/, "exp=abc"),
      image.urlXLarge.replace(/&sig=[^&]+/, ""),
    ]) {
      const res = await get(broken);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("This image link has expired or is not valid");
    }
  });
});

describe(`a size made on first request for an image deleted meanwhile on ${TEST_DB}`, () => {
  it("answers 404 and leaves no file behind", async () => {
    const res = await uploadPublished(app, admin.cookie, {
      name: "gone-while-rendering.png",
      data: await makePng(900, 900, { seed: 77 }),
    });
    const image = res.json().uploaded[0] as { id: number; urlXLarge: string };
    const { media } = (app.services.renditions as unknown as { deps: { media: unknown } }).deps as {
      media: {
        renderFromOriginal: (...args: unknown[]) => Promise<{ key: string }>;
        storage: { size(key: string): Promise<number | undefined> };
      };
    };
    const render = media.renderFromOriginal.bind(media);
    let made: string | undefined;
    // The admin deletes the image while its XLarge is being made.
    media.renderFromOriginal = async (...args) => {
      const rendition = await render(...args);
      made = rendition.key;
      await app.database.db.deleteFrom("renditions").where("image_id", "=", image.id).execute();
      await app.database.db.deleteFrom("images").where("id", "=", image.id).execute();
      return rendition;
    };
    try {
      const answer = await app.server.inject({ method: "GET", url: image.urlXLarge });
      expect(answer.statusCode, answer.body).toBe(404);
    } finally {
      media.renderFromOriginal = render;
    }
    expect(made).toBeDefined();
    expect(await media.storage.size(made as string)).toBeUndefined();
  });
});

describe(`bad uploads leave nothing behind on ${TEST_DB}`, () => {
  const cases: Array<
    [string, () => Promise<{ name: string; data: Buffer }>, Record<string, string>, number, RegExp]
  > = [
    [
      "a text file named .png",
      async () => ({
        name: "notes.png",
        data: Buffer.from("just some text, not a picture at all"),
      }),
      {},
      400,
      /notes\.png is not a JPEG, PNG, WebP or AVIF image/,
    ],
    [
      "a 60 MB file",
      async () => ({
        name: "huge.png",
        data: Buffer.concat([
          (await makePng(800, 800)).subarray(0, 64),
          Buffer.alloc(60 * 1024 * 1024, 7),
        ]),
      }),
      {},
      413,
      /larger than the 50 MB limit/,
    ],
    [
      "a 500×500 image",
      async () => ({ name: "small.png", data: await makePng(500, 500) }),
      {},
      400,
      /at least 800×800 pixels \(this one is 500×500\)/,
    ],
    [
      "a 20000×20000 PNG",
      async () => ({ name: "bomb.png", data: makePixelBombPng() }),
      {},
      400,
      /at most 100 megapixels/,
    ],
    [
      "a bad edition type",
      async () => ({ name: "ok.png", data: await makePng(800, 800) }),
      { editionType: "rare_gem" },
      400,
      /Edition type must be one of: sawdust_gallery, one_of_one, open_edition/,
    ],
    [
      "a negative price",
      async () => ({ name: "ok.png", data: await makePng(800, 800) }),
      { editionType: "open_edition", price: "-5" },
      400,
      /Price must be a whole number of cents/,
    ],
    [
      "a damaged PNG",
      async () => ({ name: "broken.png", data: (await makePng(900, 900)).subarray(0, 5000) }),
      {},
      400,
      /could not be read/,
    ],
    [
      // Every rendition would be its first frame, without a word to the artist.
      "an animated WebP",
      async () => {
        const frames = await Promise.all(
          ["#c2410c", "#15803d", "#1d4ed8"].map((background) =>
            sharp({ create: { width: 900, height: 900, channels: 3, background } })
              .png()
              .toBuffer(),
          ),
        );
        const data = await sharp(frames, { join: { animated: true } })
          .webp()
          .toBuffer();
        return { name: "loop.webp", data };
      },
      {},
      400,
      /The image is animated, and Sawdust shows still images only/,
    ],
    [
      // An AVIF image sequence (brand avis) was told damaged (round 58): here a still one
      // relabelled so, which libheif reads or refuses by its version; either way, animated.
      "an animated AVIF",
      async () => {
        const still = await sharp({
          create: { width: 900, height: 900, channels: 3, background: "#1d4ed8" },
        })
          .avif()
          .toBuffer();
        const data = Buffer.from(still);
        expect(data.toString("latin1", 4, 12)).toBe("ftypavif");
        data.write("avis", 8, "latin1");
        return { name: "loop.avif", data };
      },
      {},
      400,
      /The image is animated, and Sawdust shows still images only/,
    ],
  ];

  it.each(cases)(
    "refuses %s with a clear message",
    async (_name, makeFile, fields, status, message) => {
      const before = await inventory(app);
      const res = await upload(app, admin.cookie, await makeFile(), fields);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await inventory(app)).toEqual(before);
    },
  );

  it("refuses uploads from members (403) and visitors (401), and a JSON body (415)", async () => {
    const png = await makePng(800, 800);
    expect((await upload(app, member.cookie, { name: "a.png", data: png })).statusCode).toBe(403);
    expect((await upload(app, "", { name: "a.png", data: png })).statusCode).toBe(401);
    const json = await app.server.inject({
      method: "POST",
      url: "/api/v1/images/upload",
      headers: { cookie: admin.cookie },
      payload: { images: "x" },
    });
    expect(json.statusCode).toBe(415);
  });
});
