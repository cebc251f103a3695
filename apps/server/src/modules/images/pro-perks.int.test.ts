import { MESSAGES, ZImage, ZSimilarImages } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, setImageColumns, signIn, subscribe } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { paletteCloseness } from "./similar.service.js";

/**
 * The "advanced AI tools" of the Pro plan (issue 14): an image's generation details and "More like
 * this" only for Pro members and admins. (The licence named by a Pro-size download is checked in
 * billing/sandbox.int.test.ts, where the member becomes Pro by paying.)
 */

let app: TestApp;
type Who = { cookie: string; userId: number };
let admin: Who;
let free: Who;
let pro: Who;

const castleAnalysis = (palette: Array<{ hex: string; share: number }>) => ({
  palette,
  colorScheme: { primary: `#${palette[0]?.hex}` },
  generation: {
    source: "a1111",
    prompt: "a castle at night",
    negativePrompt: "blurry",
    model: "dreamshaper_8",
    sampler: "DPM++ 2M Karras",
    steps: 30,
    cfgScale: 7,
    seed: 1234567,
    // As an image analysed before the reader left the author and camera out stored them.
    raw: {
      parameters: "a castle at night",
      "exif:Artist": "Jean Dupont",
      "exif:Make": "SONY",
      "exif:Model": "ILCE-7M3",
      "exif:DocumentName": "/home/jean/castle.png",
    },
  },
});

async function withAnalysis(id: number, analysis: object) {
  await setImageColumns(app, id, { ai_analysis: JSON.stringify(analysis) });
}

let source: number;
let sharesTwoTags: number;
let sharesOneTagClosePalette: number;
let sharesOneTagFarPalette: number;
let unrelated: number;
let privateTwin: number;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "perk_admin", "admin");
  free = await signIn(app, "perk_free");
  pro = await signIn(app, "perk_pro");
  await subscribe(app, pro.userId);

  const navy = [
    { hex: "1a2b5c", share: 0.7 },
    { hex: "f0e0c0", share: 0.3 },
  ];
  source = await seedImage(app, { tags: ["castle", "night", "moon"], colors: ["navy"] });
  await withAnalysis(source, castleAnalysis(navy));
  sharesTwoTags = await seedImage(app, { tags: ["castle", "night", "river"] });
  await withAnalysis(sharesTwoTags, { palette: [{ hex: "e02020", share: 1 }] });
  sharesOneTagClosePalette = await seedImage(app, { tags: ["moon", "lake"], colors: ["navy"] });
  await withAnalysis(sharesOneTagClosePalette, {
    palette: [
      { hex: "1b2c5e", share: 0.8 },
      { hex: "eedfc2", share: 0.2 },
    ],
  });
  sharesOneTagFarPalette = await seedImage(app, { tags: ["moon", "desert"] });
  await withAnalysis(sharesOneTagFarPalette, { palette: [{ hex: "f5d742", share: 1 }] });
  unrelated = await seedImage(app, { tags: ["flowers"], colors: ["pink"] });
  privateTwin = await seedImage(app, { tags: ["castle", "night", "moon"], isPublic: false });
});
afterAll(() => app.close());

const get = (url: string, who?: Who) =>
  app.server.inject({ url, headers: who ? { cookie: who.cookie } : {} });

describe(`generation details on ${TEST_DB}`, () => {
  it("shows them to Pro members and admins only", async () => {
    for (const [who, sees] of [
      [undefined, false],
      [free, false],
      [pro, true],
      [admin, true],
    ] as const) {
      const res = await get(`/api/v1/images/${source}`, who);
      expect(res.statusCode).toBe(200);
      const image = ZImage.parse(res.json());
      if (sees) {
        expect(image.aiAnalysis.generation).toMatchObject({
          prompt: "a castle at night",
          negativePrompt: "blurry",
          model: "dreamshaper_8",
          seed: 1234567,
        });
        // Never the author's name, the camera or a path on their machine.
        expect(res.json().aiAnalysis.generation.raw).toEqual({ parameters: "a castle at night" });
      } else {
        expect(image.aiAnalysis.generation).toBeUndefined();
        // The rest of the analysis stays.
        expect(image.aiAnalysis.palette).toHaveLength(2);
      }
    }
  });
});

describe(`more like this on ${TEST_DB}`, () => {
  const similar = (id: number, who?: Who, query = "") =>
    get(`/api/v1/images/${id}/similar${query}`, who);

  it("is for Pro members and admins", async () => {
    expect((await similar(source)).statusCode).toBe(401);
    const refused = await similar(source, free);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: MESSAGES.payments.similarNeedsPro,
      code: "upgrade_required",
    });
    expect((await similar(source, pro)).statusCode).toBe(200);
    expect((await similar(source, admin)).statusCode).toBe(200);
  });

  it("ranks public images by shared tags and palette, leaving out unrelated and private ones", async () => {
    const res = await similar(source, pro);
    const { images } = ZSimilarImages.parse(res.json());
    expect(images.map((i) => i.id)).toEqual([
      sharesTwoTags,
      sharesOneTagClosePalette,
      sharesOneTagFarPalette,
    ]);
    expect(images.map((i) => i.id)).not.toContain(unrelated);
    expect(images.map((i) => i.id)).not.toContain(privateTwin);
    expect(images.map((i) => i.id)).not.toContain(source);
    // List entries: no generation details, however Pro the viewer.
    expect(images.every((i) => i.aiAnalysis.generation === undefined)).toBe(true);

    const one = ZSimilarImages.parse((await similar(source, pro, "?limit=1")).json());
    expect(one.images.map((i) => i.id)).toEqual([sharesTwoTags]);
  });

  it("answers 404 for a missing or (to a member) private image, 400 for a bad limit", async () => {
    expect((await similar(999_999, pro)).statusCode).toBe(404);
    expect((await similar(privateTwin, pro)).statusCode).toBe(404);
    expect((await similar(privateTwin, admin)).statusCode).toBe(200);
    expect((await similar(source, pro, "?limit=0")).statusCode).toBe(400);
    expect((await similar(source, pro, "?limit=500")).statusCode).toBe(400);
    expect((await similar(unrelated, pro)).json()).toEqual({ images: [] });
  });
});

describe("paletteCloseness", () => {
  it("is 1 for the same palette, near 0 for opposite ones, 0 when either is unknown", () => {
    const navy = [{ hex: "1a2b5c", share: 1 }];
    expect(paletteCloseness(navy, navy)).toBeCloseTo(1);
    expect(paletteCloseness(navy, [{ hex: "f5d742", share: 1 }])).toBeLessThan(0.2);
    expect(paletteCloseness(navy, [])).toBe(0);
    expect(paletteCloseness([], navy)).toBe(0);
  });
});
