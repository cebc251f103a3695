/**
 * Content rating: NSFWJS's bundled MobileNetV2Mid classifier on TensorFlow.js's WebAssembly
 * backend, entirely offline.
 *
 * - The model is the one shipped inside the `nsfwjs` package (`nsfwjs/models/mobilenet_v2_mid`:
 *   the model JSON and its weights as base64 JS modules, loaded with `import()` from
 *   node_modules). Nothing is fetched: no URL is ever handed to `nsfwjs.load`.
 * - The wasm backend reads its `.wasm` binary from `@tensorflow/tfjs-backend-wasm/dist/` on disk
 *   (`setWasmPaths` with a local directory; under Node, Emscripten reads it with `fs`).
 * - TensorFlow.js has one engine per process: initialising here makes `wasm` the active backend
 *   for any other tfjs user in the same process.
 * - Inference is synchronous CPU work on the calling thread, one core (~110–140 ms of CPU an
 *   image, measured on a busy 2-core machine): run it in the worker process, not on the HTTP
 *   server's event loop. Loading takes 1.5–5 s and ~200 MB of memory, once per process.
 *
 * Scores, the `nsfw` score and the rating:
 * - `scores`: the model's five softmax outputs (sum to 1): drawing, hentai, neutral, porn, sexy.
 * - `nsfw = porn + hentai + 0.5 × sexy` (0–1): explicit classes count fully; "sexy" (lingerie,
 *   swimwear, suggestive poses) counts half, because it is usually publishable with a label.
 * - `explicit` when `porn + hentai ≥ EXPLICIT_THRESHOLD` (0.7): the model is fairly sure of an
 *   explicit class; below that the two explicit classes are often confused with drawing/sexy.
 * - `suggestive` (if not explicit) when `sexy ≥ SUGGESTIVE_SEXY_THRESHOLD` (0.5) or
 *   `nsfw ≥ SUGGESTIVE_NSFW_THRESHOLD` (0.4): "sexy" is the top class, or the weighted mass
 *   leans unsafe without being sure of explicit.
 * - `safe` otherwise.
 * - `SENSITIVE_THRESHOLD` (0.5): an image with `nsfw ≥ 0.5` stays private and is flagged for an
 *   admin. It holds back every `explicit` image with margin (those have nsfw ≥ 0.7), the
 *   undecided ones where the model splits evenly between explicit and the rest, and near-certain
 *   "sexy" ones; a plain suggestive image (sexy ≈ 0.5–0.9, no explicit mass) stays public with
 *   its label. A missed explicit image costs more than an admin's glance, hence the margin.
 */
import { createRequire } from "node:module";
import { dirname, sep } from "node:path";
import * as tf from "@tensorflow/tfjs";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { load, type NSFWJS } from "nsfwjs/core";
import { MobileNetV2MidModel } from "nsfwjs/models/mobilenet_v2_mid";
import sharp from "sharp";

export type ContentRatingLabel = "safe" | "suggestive" | "explicit";

export interface ContentScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
}

export interface ContentRating {
  /** Which bundled NSFWJS model rated the image. */
  model: string;
  /** The model's class probabilities, 0–1, summing to ~1. */
  scores: ContentScores;
  /** `porn + hentai + 0.5 × sexy`, 0–1. */
  nsfw: number;
  rating: ContentRatingLabel;
  /** Wall time of this call (resize + inference), milliseconds. */
  ms: number;
}

export interface RgbImage {
  data: Buffer | Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** `explicit` when porn + hentai reaches this. */
export const EXPLICIT_THRESHOLD = 0.7;
/** `suggestive` when sexy reaches this (and the image is not explicit). */
export const SUGGESTIVE_SEXY_THRESHOLD = 0.5;
/** `suggestive` when the nsfw score reaches this (and the image is not explicit). */
export const SUGGESTIVE_NSFW_THRESHOLD = 0.4;
/** An image whose nsfw score reaches this stays private and is flagged for an admin. */
export const SENSITIVE_THRESHOLD = 0.5;

/** The bundled model used, and its square input size in pixels. */
export const CONTENT_MODEL = "MobileNetV2Mid";
export const CONTENT_MODEL_INPUT_SIZE = 224;

/** Largest side accepted, as a guard against nonsense dimensions. */
const MAX_SIDE = 65_535;

/** The nsfw score of a set of class probabilities. */
export function nsfwScore(s: ContentScores): number {
  return clamp01(s.porn + s.hentai + 0.5 * s.sexy);
}

/** The rating for a set of class probabilities (see the module comment for the thresholds). */
export function ratingOf(s: ContentScores): ContentRatingLabel {
  if (s.porn + s.hentai >= EXPLICIT_THRESHOLD) return "explicit";
  if (s.sexy >= SUGGESTIVE_SEXY_THRESHOLD || nsfwScore(s) >= SUGGESTIVE_NSFW_THRESHOLD)
    return "suggestive";
  return "safe";
}

/** Whether an image with this nsfw score stays private pending an admin's review. */
export function isSensitive(nsfw: number): boolean {
  return nsfw >= SENSITIVE_THRESHOLD;
}

let backendReady: Promise<void> | undefined;
let shared: Promise<ContentRater> | undefined;

/** Points the wasm backend at its binaries on disk and makes it the active backend, once. */
function initWasmBackend(): Promise<void> {
  backendReady ??= (async () => {
    if (tf.getBackend() === "wasm") return;
    const require = createRequire(import.meta.url);
    // The package's main file lives in dist/, next to the .wasm binaries.
    const distDir = dirname(require.resolve("@tensorflow/tfjs-backend-wasm")) + sep;
    setWasmPaths(distDir);
    const ok = await tf.setBackend("wasm");
    if (!ok) throw new Error("content rating: the TensorFlow.js wasm backend failed to start");
    await tf.ready();
  })().catch((err: unknown) => {
    backendReady = undefined;
    throw err;
  });
  return backendReady;
}

export class ContentRater {
  readonly model = CONTENT_MODEL;
  readonly inputSize = CONTENT_MODEL_INPUT_SIZE;

  private constructor(private readonly net: NSFWJS) {}

  /**
   * The process-wide rater: starts the wasm backend and loads the bundled model on first use;
   * concurrent callers share that one load. A failed load is retried by the next call.
   */
  static create(): Promise<ContentRater> {
    shared ??= (async () => {
      await initWasmBackend();
      // A model name plus its bundled definition: the weights come from the package itself.
      const net = await withoutConsoleInfo(() =>
        load(CONTENT_MODEL, { modelDefinitions: [MobileNetV2MidModel] }),
      );
      return new ContentRater(net);
    })().catch((err: unknown) => {
      shared = undefined;
      throw err;
    });
    return shared;
  }

  /** Rates decoded pixels (RGB or RGBA, 8 bits a channel, row-major, no padding). */
  async rate(image: RgbImage): Promise<ContentRating> {
    const started = performance.now();
    const pixels = await this.toModelInput(image);
    const size = this.inputSize;
    const input = tf.tensor3d(pixels, [size, size, 3], "int32");
    let predictions: Awaited<ReturnType<NSFWJS["classify"]>>;
    try {
      // classify() runs the model inside tf.tidy and disposes its output; the input is ours.
      predictions = await this.net.classify(input, 5);
    } finally {
      input.dispose();
    }
    const scores: ContentScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
    for (const p of predictions) {
      const key = p.className.toLowerCase();
      if (!(key in scores)) throw new Error(`content rating: unknown class ${p.className}`);
      scores[key as keyof ContentScores] = clamp01(p.probability);
    }
    return {
      model: this.model,
      scores,
      nsfw: nsfwScore(scores),
      rating: ratingOf(scores),
      ms: performance.now() - started,
    };
  }

  /** Validates the pixels and resizes them to the model's square RGB input. */
  private async toModelInput({ data, width, height, channels }: RgbImage): Promise<Uint8Array> {
    if (!(data instanceof Uint8Array)) throw new Error("content rating: pixels must be a Buffer");
    if (channels !== 3 && channels !== 4)
      throw new Error(`content rating: channels must be 3 or 4, not ${String(channels)}`);
    for (const [name, v] of [
      ["width", width],
      ["height", height],
    ] as const) {
      if (!Number.isInteger(v) || v < 1 || v > MAX_SIDE)
        throw new Error(`content rating: ${name} must be an integer 1–${MAX_SIDE}, not ${v}`);
    }
    const expected = width * height * channels;
    if (data.length !== expected)
      throw new Error(
        `content rating: ${width}×${height}×${channels} needs ${expected} bytes, got ${data.length}`,
      );
    const size = this.inputSize;
    // Stretch to the square input as NSFWJS itself does (it resizes without keeping the aspect);
    // transparent pixels are composited on white, as a viewer would see them.
    const { data: out, info } = await sharp(data, {
      raw: { width, height, channels },
      limitInputPixels: false,
    })
      .flatten({ background: "#ffffff" })
      .resize(size, size, { fit: "fill" })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== size || info.height !== size || info.channels !== 3)
      throw new Error("content rating: unexpected resize output");
    return out;
  }
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

/**
 * Runs `start` with console.info silenced while it runs synchronously. nsfwjs's `load` prints a
 * browser hint ("You're using the model…") with console.info before its first await: on a server
 * that is a plain-text line in the JSON log on standard output, which strict log shippers refuse
 * (round 61). Only that synchronous stretch is silenced; the promise it returns runs as it is.
 */
function withoutConsoleInfo<T>(start: () => T): T {
  const info = console.info;
  console.info = () => undefined;
  try {
    return start();
  } finally {
    console.info = info;
  }
}
