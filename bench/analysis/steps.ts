/**
 * The analysis job's steps one at a time, in a bare process (no app, no database), each timed on
 * every iteration: a cross-check of bench/analysis's in-job phases and a view of how the pure-JS
 * steps speed up as V8 optimises them. It calls the same exported functions analyze() calls, on
 * the same inputs: the stored original (read through LocalStorage.readBuffer) and the medium
 * rendition made by the server's own decodeOnce + encodeRendition.
 *
 *   npx tsx bench/analysis/steps.ts [--iterations 15] [--fixture texture|gradient]
 *     [--metadata a1111|comfyui|none]
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { basename, dirname } from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import sharp from "sharp";
import { analyseColours } from "../../apps/server/src/media/analysis/colour.js";
import {
  promptKeywords,
  readGenerationMetadata,
} from "../../apps/server/src/media/analysis/generation/generation-metadata.js";
import { openAnalysers } from "../../apps/server/src/media/analysis/open-analysers.js";
import { deriveWords } from "../../apps/server/src/media/analysis/words.js";
import { decodeOnce, encodeRendition } from "../../apps/server/src/media/renditions.js";
import { LocalStorage } from "../../apps/server/src/media/storage/local-storage.js";
import { FIXTURE_HEIGHT, FIXTURE_WIDTH, type FixtureKind } from "../ingest/fixture.js";
import { fmt, median } from "../lib/stats.js";
import { analysisFixturePath, METADATA_KINDS, type MetadataKind } from "./fixture.js";

const { values: args } = parseArgs({
  options: {
    iterations: { type: "string", default: "15" },
    fixture: { type: "string", default: "texture" },
    metadata: { type: "string", default: "a1111" },
  },
});

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const STEPS = [
  "read original",
  "generation metadata",
  "decode medium + resize 256",
  "colours",
  "rating (resize 224 + inference)",
  "words",
] as const;
type Step = (typeof STEPS)[number];

async function main(): Promise<void> {
  const iterations = Number(args.iterations);
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error("--iterations ≥ 1");
  const fixture = args.fixture as FixtureKind;
  const metadata = args.metadata as MetadataKind;
  if (!METADATA_KINDS.includes(metadata)) throw new Error(`--metadata ${METADATA_KINDS.join("|")}`);
  const png = await analysisFixturePath(fixture, metadata);
  const storage = new LocalStorage(dirname(png));
  const key = basename(png);

  const medium = await encodeRendition(await decodeOnce(png), "medium");
  console.error(`medium rendition: ${medium.width}×${medium.height}, ${medium.data.length} bytes`);

  let t = performance.now();
  const rater = await openAnalysers({ ai: undefined }, console).rater();
  if (!rater) throw new Error("the content rater did not load");
  console.error(`content rater loaded in ${(performance.now() - t).toFixed(0)} ms`);

  const times: Record<Step, number[]> = Object.fromEntries(STEPS.map((s) => [s, []])) as never;
  const time = async <T>(step: Step, fn: () => Promise<T> | T): Promise<T> => {
    t = performance.now();
    const out = await fn();
    times[step].push(performance.now() - t);
    return out;
  };
  const loadBefore = loadavg();
  for (let i = 0; i < iterations; i++) {
    gc();
    const original = await time("read original", () => storage.readBuffer(key));
    const generation = await time("generation metadata", () => readGenerationMetadata(original));
    const small = await time("decode medium + resize 256", () =>
      sharp(medium.data).resize(256, 256, { fit: "inside" }).raw().toBuffer({
        resolveWithObject: true,
      }),
    );
    const channels = small.info.channels === 4 ? 4 : 3;
    const colours = await time("colours", () =>
      analyseColours(small.data, small.info.width, small.info.height, channels),
    );
    await time("rating (resize 224 + inference)", () =>
      rater.rate({
        data: small.data,
        width: small.info.width,
        height: small.info.height,
        channels,
      }),
    );
    await time("words", () =>
      deriveWords({
        prompt: generation.prompt,
        keywords: promptKeywords(generation),
        colours,
        width: FIXTURE_WIDTH,
        height: FIXTURE_HEIGHT,
        filename: "bench.png",
      }),
    );
  }
  const loadAfter = loadavg();

  const lines: string[] = [];
  lines.push(
    `Steps of analysis in a bare process: ${availableParallelism()} CPUs (${cpus()[0]?.model}), Node ${process.version}, ${fixture} fixture with metadata ${metadata}, ${iterations} iterations, load ${loadBefore[0]?.toFixed(2)} → ${loadAfter[0]?.toFixed(2)}`,
  );
  lines.push("");
  lines.push(
    `| step | first | median of the last ${Math.min(5, iterations)} | every iteration (ms) |`,
  );
  lines.push("|---|---:|---:|---|");
  for (const step of STEPS) {
    const v = times[step];
    lines.push(
      `| ${step} | ${fmt(v[0] ?? Number.NaN)} | ${fmt(median(v.slice(-5)))} | ${v.map(fmt).join(", ")} |`,
    );
  }
  console.log(lines.join("\n"));
}

await main();
