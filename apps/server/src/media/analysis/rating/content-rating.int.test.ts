import net from "node:net";
import * as tf from "@tensorflow/tfjs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContentRater, ContentRating, RgbImage } from "./content-rating.js";

/**
 * Loads the real bundled NSFWJS model on the wasm backend. Only synthetic, harmless images are
 * used (gradients, flat colours, noise); run it with the network off too (`unshare -n`).
 */

type Module = typeof import("./content-rating.js");

let mod: Module;
let rater: ContentRater;
let loadMs = 0;
const networkAttempts: string[] = [];
/** What the load printed to the console: the server's log on standard output is JSON only. */
const printed: unknown[][] = [];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** A landscape-like picture: a sky gradient over darker green hills with a wavy horizon. */
function landscape(width = 640, height = 400): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const horizon = height * (0.6 + 0.08 * Math.sin((x / width) * Math.PI * 3));
      const t = y / height;
      const px =
        y < horizon
          ? [90 + t * 120, 140 + t * 80, 235]
          : [40 + (x / width) * 40, 100 + t * 60, 35 + t * 20];
      data.set(px.map(Math.round), (y * width + x) * 3);
    }
  return { data, width, height, channels: 3 };
}

async function toRgb(image: ReturnType<typeof sharp>): Promise<RgbImage> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

const flat = (background: string, channels: 3 | 4 = 3) =>
  toRgb(sharp({ create: { width: 300, height: 200, channels, background } }));

const noise = () =>
  toRgb(
    sharp({
      create: {
        width: 512,
        height: 512,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    }),
  );

function expectWellFormed(r: ContentRating) {
  const values = Object.values(r.scores);
  expect(values).toHaveLength(5);
  for (const v of values) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(1);
  }
  expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
  expect(r.nsfw).toBeCloseTo(Math.min(1, r.scores.porn + r.scores.hentai + 0.5 * r.scores.sexy), 6);
  expect(r.ms).toBeGreaterThan(0);
  expect(r.model).toBe("MobileNetV2Mid");
}

beforeAll(async () => {
  // Trap the network while the module is imported and the model loads: any fetch throws, and
  // any TCP connection is recorded (then let through, so the test runner itself is unaffected).
  const realFetch = globalThis.fetch;
  const realConnect = net.Socket.prototype.connect;
  const realConsole = { info: console.info, log: console.log, warn: console.warn };
  for (const name of ["info", "log", "warn"] as const)
    console[name] = (...args: unknown[]) => void printed.push([name, ...args]);
  globalThis.fetch = ((input: unknown) => {
    networkAttempts.push(`fetch ${String(input)}`);
    throw new Error(`network access during model load: ${String(input)}`);
  }) as typeof fetch;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    networkAttempts.push(`connect ${JSON.stringify(args[0])}`);
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof realConnect;
  try {
    const started = performance.now();
    mod = await import("./content-rating.js");
    // Concurrent callers share one load.
    const [a, b] = await Promise.all([mod.ContentRater.create(), mod.ContentRater.create()]);
    loadMs = performance.now() - started;
    expect(a).toBe(b);
    rater = a;
  } finally {
    globalThis.fetch = realFetch;
    net.Socket.prototype.connect = realConnect;
    Object.assign(console, realConsole);
  }
  console.log(
    `content rating: backend ${tf.getBackend()}, model loaded in ${loadMs.toFixed(0)} ms`,
  );
}, 120_000);

describe("ContentRater (bundled NSFWJS model, wasm backend)", () => {
  it("loads the bundled model offline on the wasm backend", async () => {
    expect(networkAttempts).toEqual([]);
    expect(printed).toEqual([]);
    expect(tf.getBackend()).toBe("wasm");
    expect(rater.model).toBe("MobileNetV2Mid");
    expect(rater.inputSize).toBe(224);
    expect(await mod.ContentRater.create()).toBe(rater);
  });

  it.each([
    ["a landscape-like gradient", async () => landscape()],
    ["a flat blue", () => flat("#2a5db0")],
    ["a flat grey", () => flat("#808080")],
    ["a noisy pattern", noise],
  ])("rates %s as safe with a low nsfw score", async (_name, make) => {
    const result = await rater.rate(await make());
    expectWellFormed(result);
    expect(result.rating).toBe("safe");
    expect(result.nsfw).toBeLessThan(0.2);
    expect(result.scores.porn + result.scores.hentai).toBeLessThan(0.2);
    expect(mod.isSensitive(result.nsfw)).toBe(false);
  });

  it("takes RGBA pixels, flattening transparency, and tiny or odd-shaped images", async () => {
    const rgba = await flat("#3070c0", 4);
    for (let i = 3; i < rgba.data.length / 2; i += 4) rgba.data[i] = 0; // top half transparent
    for (const image of [
      rgba,
      { data: Buffer.from([10, 200, 30]), width: 1, height: 1, channels: 3 as const },
      await toRgb(
        sharp(landscape().data, { raw: { width: 640, height: 400, channels: 3 } }).resize(
          2000,
          40,
          { fit: "fill" },
        ),
      ),
    ]) {
      const result = await rater.rate(image);
      expectWellFormed(result);
      expect(result.rating).toBe("safe");
    }
  });

  it("gives the same scores for concurrent calls as for sequential ones", async () => {
    const images = [landscape(), await flat("#808080"), await noise()];
    const sequential: ContentRating[] = [];
    for (const image of images) sequential.push(await rater.rate(image));
    const concurrent = await Promise.all(images.map((image) => rater.rate(image)));
    for (const [i, r] of concurrent.entries()) {
      const s = sequential[i];
      if (!s) throw new Error("missing sequential result");
      for (const key of Object.keys(r.scores) as Array<keyof ContentRating["scores"]>)
        expect(r.scores[key]).toBeCloseTo(s.scores[key], 5);
    }
  });

  it("rejects bad input with an Error and keeps working", async () => {
    const bad: unknown[] = [
      { data: Buffer.alloc(0), width: 10, height: 10, channels: 3 },
      { data: Buffer.alloc(0), width: 0, height: 0, channels: 3 },
      { data: Buffer.alloc(299), width: 10, height: 10, channels: 3 },
      { data: Buffer.alloc(400), width: 10, height: 10, channels: 3 },
      { data: Buffer.alloc(300), width: 10.5, height: 10, channels: 3 },
      { data: Buffer.alloc(300), width: -10, height: -10, channels: 3 },
      { data: Buffer.alloc(200), width: 10, height: 10, channels: 2 },
      { data: Buffer.alloc(300), width: Number.NaN, height: 10, channels: 3 },
      { data: Buffer.alloc(3), width: 1e6, height: 1e6, channels: 3 },
      { data: "not pixels", width: 1, height: 1, channels: 3 },
      { data: null, width: 1, height: 1, channels: 3 },
    ];
    const before = tf.memory().numTensors;
    for (const input of bad) {
      await expect(rater.rate(input as RgbImage)).rejects.toBeInstanceOf(Error);
    }
    expect(tf.memory().numTensors).toBe(before);
    expect((await rater.rate(landscape(64, 48))).rating).toBe("safe");
  });

  it("leaves the tensor count flat over 100 calls", async () => {
    const images = [landscape(128, 96), await flat("#2a5db0"), await noise()];
    await rater.rate(landscape(128, 96)); // warm up
    const before = tf.memory();
    for (let i = 0; i < 100; i++) await rater.rate(images[i % images.length] as RgbImage);
    const after = tf.memory();
    console.log(
      `content rating: tensors ${before.numTensors} → ${after.numTensors}, data buffers ` +
        `${before.numDataBuffers} → ${after.numDataBuffers} over 100 calls`,
    );
    expect(after.numTensors).toBe(before.numTensors);
    expect(after.numDataBuffers).toBe(before.numDataBuffers);
  }, 240_000);

  it("measures the time per image (median of 20)", async () => {
    const image = landscape(1024, 768);
    const wall: number[] = [];
    const reported: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 20; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await rater.rate(image);
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      reported.push(r.ms);
    }
    console.log(
      `content rating: per image (1024×768 in, median of 20) ${median(wall).toFixed(1)} ms wall ` +
        `(min ${Math.min(...wall).toFixed(1)}), ${median(cpu).toFixed(1)} ms CPU; ` +
        `load ${loadMs.toFixed(0)} ms`,
    );
    expect(median(reported)).toBeGreaterThan(0);
    expect(median(wall)).toBeLessThan(5_000); // a sanity bound for a loaded 2-core machine
  }, 120_000);
});

describe("rating thresholds", () => {
  const s = (p: Partial<ContentRating["scores"]>) => ({
    drawing: 0,
    hentai: 0,
    neutral: 0,
    porn: 0,
    sexy: 0,
    ...p,
  });

  it.each([
    [s({ neutral: 1 }), "safe", 0],
    [s({ drawing: 0.9, hentai: 0.1 }), "safe", 0.1],
    [s({ neutral: 0.55, sexy: 0.45 }), "safe", 0.225],
    [s({ neutral: 0.5, sexy: 0.5 }), "suggestive", 0.25],
    [s({ neutral: 0.4, hentai: 0.3, sexy: 0.3 }), "suggestive", 0.45],
    [s({ neutral: 0.6, porn: 0.4 }), "suggestive", 0.4],
    [s({ sexy: 1 }), "suggestive", 0.5],
    [s({ neutral: 0.3, porn: 0.35, hentai: 0.35 }), "explicit", 0.7],
    [s({ porn: 0.95, sexy: 0.05 }), "explicit", 0.975],
  ] as const)("%j is %s (nsfw %d)", (scores, rating, nsfw) => {
    expect(mod.ratingOf(scores)).toBe(rating);
    expect(mod.nsfwScore(scores)).toBeCloseTo(nsfw, 6);
  });

  it("holds back every explicit rating and near-certain sexy, but not plain suggestive", () => {
    expect(mod.SENSITIVE_THRESHOLD).toBe(0.5);
    expect(mod.SENSITIVE_THRESHOLD).toBeLessThanOrEqual(mod.EXPLICIT_THRESHOLD);
    expect(mod.isSensitive(mod.nsfwScore(s({ porn: 0.7, neutral: 0.3 })))).toBe(true);
    expect(mod.isSensitive(mod.nsfwScore(s({ sexy: 1 })))).toBe(true);
    expect(mod.isSensitive(mod.nsfwScore(s({ sexy: 0.7, neutral: 0.3 })))).toBe(false);
    expect(mod.isSensitive(mod.nsfwScore(s({ neutral: 1 })))).toBe(false);
  });
});
