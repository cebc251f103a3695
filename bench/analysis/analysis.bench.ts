/**
 * bench/analysis: what analysing a 4000×5000 upload costs next to ingesting it. Each round uploads
 * the PNG through the real app (as bench/ingest does) and then runs its analysis job through the
 * real job worker, without a vision model but with the real content rater. See bench/README.md.
 *
 *   npx tsx bench/analysis/analysis.bench.ts [--rounds 21] [--fixture texture|gradient]
 *     [--metadata a1111|comfyui|none] [--json out.json]
 */
import { spawnSync } from "node:child_process";
import { stat, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import sharp from "sharp";
import { createWorker } from "../../apps/server/src/background.js";
import type {
  AnalysisDeps,
  ContentRaterLike,
} from "../../apps/server/src/modules/images/analysis.service.js";
import { FIXTURE_HEIGHT, FIXTURE_WIDTH, type FixtureKind } from "../ingest/fixture.js";
import { between, type Instant, instant, type Phases, type PhaseTime } from "../ingest/phases.js";
import { SawdustBench } from "../ingest/sawdust.js";
import { fmt, kb, mb, median, summary } from "../lib/stats.js";
import {
  analysisFixturePath,
  METADATA_DESCRIPTION,
  METADATA_KINDS,
  type MetadataKind,
} from "./fixture.js";

/** Acceptance: analysis adds at most 25% to ingest. */
const TARGET_RATIO = 0.25;

/** Analysis phases shown for every round in the report (phase name, column label). */
const PER_ROUND_PHASES: Array<[string, string]> = [
  ["read original (whole file)", "read original"],
  ["colours (palette, names, themes)", "colours"],
  ["rating: inference (nsfwjs, tfjs-wasm)", "inference"],
];

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "21" },
    fixture: { type: "string", default: "texture" },
    metadata: { type: "string", default: "a1111" },
    json: { type: "string" },
  },
});

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

type Kind = "ingest" | "analysis";

interface Sample {
  round: number;
  kind: Kind;
  ms: number;
  /** CPU time of the whole process (every thread) during the run. */
  cpuMs: number;
  /** V8 garbage-collection pauses that began during the run. */
  gcMs: number;
  /** The longest the event loop was blocked during the run (monitorEventLoopDelay's max). */
  blockedMs: number;
  startedAt: number;
  phases: Phases;
  /** V8 GC pauses that began in each phase (phases are contiguous from `startedAt`). */
  phaseGcMs: Record<string, number>;
  /** Analysis only: the rater's own timing of its call (resize to 224 + inference). */
  raterMs?: number;
}

/** What the analysis stored, from the first measured round: a check that it really ran. */
interface Outcome {
  title: string | null;
  tags: string[];
  style: string | null;
  colours: string[];
  generationSource: string | null;
  rating: string;
  nsfw: number;
  isPublic: boolean;
}

interface Mark extends Instant {
  event: string;
  detail?: string;
}

/** Marks recorded while an analysis job runs (and only then). */
class Recorder {
  list: Mark[] | undefined;
  push(event: string, detail?: string): void {
    this.list?.push({ event, detail, ...instant() });
  }
}

async function main(): Promise<void> {
  const fixture = args.fixture as FixtureKind;
  if (fixture !== "texture" && fixture !== "gradient")
    throw new Error("--fixture texture|gradient");
  const metadata = args.metadata as MetadataKind;
  if (!METADATA_KINDS.includes(metadata)) throw new Error(`--metadata ${METADATA_KINDS.join("|")}`);
  const rounds = Number(args.rounds);
  if (!Number.isInteger(rounds) || rounds < 2) throw new Error("--rounds must be at least 2");

  const png = await analysisFixturePath(fixture, metadata);
  const pngBytes = (await stat(png)).size;
  const meta = await sharp(png).metadata();
  log(`fixture ${png}: ${meta.width}×${meta.height} ${meta.format}, ${mb(pngBytes)}`);

  const sawdust = await SawdustBench.start(png);
  const { app } = sawdust;
  const recorder = new Recorder();
  try {
    const deps = (app.services.analysis as unknown as { deps?: AnalysisDeps }).deps;
    if (!deps?.rater || !deps.images || !deps.media) {
      throw new Error(
        "AnalysisService no longer keeps deps.rater / images / media: update the bench",
      );
    }
    if (deps.vision) {
      throw new Error("a vision model is configured (AI_BASE_URL): this bench measures without it");
    }

    // The content rater: loaded once per process, before round 0, and timed on its own.
    log("loading the content rater …");
    const rssBefore = process.memoryUsage().rss;
    let t = instant();
    const rater = await deps.rater();
    const load = between(t, instant());
    if (!rater) {
      throw new Error("the content rater did not load here (see the warning above)");
    }
    const rssAfterLoad = process.memoryUsage().rss;
    const probe = await sharp({
      create: {
        width: 205,
        height: 256,
        channels: 3,
        background: "#7a8fa0",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const firstRates: number[] = [];
    for (let i = 0; i < 3; i++) {
      t = instant();
      await rater.rate({ data: probe.data, width: 205, height: 256, channels: 3 });
      firstRates.push(between(t, instant()).ms);
    }
    const rssAfterWarm = process.memoryUsage().rss;
    log(
      `content rater: loaded in ${fmt(load.ms)} ms (${fmt(load.cpuMs)} ms CPU), first rates ${firstRates.map(fmt).join(", ")} ms`,
    );
    const tfInfo = await tensorflowInfo();

    instrument(app.services, deps, rater, recorder);
    const worker = createWorker(app.services, app.server.log);

    const gcPauses: Array<{ start: number; duration: number }> = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        gcPauses.push({ start: e.startTime, duration: e.duration });
    });
    gcObserver.observe({ entryTypes: ["gc"] });
    // The event loop's longest stall in each run: what a request on the same process would wait.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    const loadBefore = loadavg();
    const samples: Sample[] = [];
    let outcome: Outcome | undefined;
    let medium: { width: number; height: number; bytes: number } | undefined;

    for (let round = 0; round < rounds; round++) {
      // Ingest: the full HTTP upload, timed exactly as bench/ingest times it.
      gc();
      loopDelay.reset();
      loopDelay.enable();
      let cpu = process.cpuUsage();
      let started = performance.now();
      const ingested = await sawdust.ingestOnce();
      let ms = performance.now() - started;
      let used = process.cpuUsage(cpu);
      await settleLoop();
      loopDelay.disable();
      samples.push({
        round,
        kind: "ingest",
        ms,
        cpuMs: (used.user + used.system) / 1000,
        gcMs: 0,
        blockedMs: loopDelay.max / 1e6,
        startedAt: started,
        phases: ingested.phases,
        phaseGcMs: {},
      });
      const ingestMs = ms;

      // Analysis: the job the upload queued, claimed and run by the real worker.
      gc();
      const marks: Mark[] = [];
      recorder.list = marks;
      loopDelay.reset();
      loopDelay.enable();
      cpu = process.cpuUsage();
      started = performance.now();
      recorder.push("runOnce:start");
      const worked = await worker.runOnce();
      recorder.push("runOnce:end");
      ms = performance.now() - started;
      used = process.cpuUsage(cpu);
      await settleLoop();
      loopDelay.disable();
      recorder.list = undefined;
      if (!worked) throw new Error(`round ${round}: the worker found no job to run`);
      const check = await checkAnalysed(app, ingested.imageId);
      samples.push({
        round,
        kind: "analysis",
        ms,
        cpuMs: (used.user + used.system) / 1000,
        gcMs: 0,
        blockedMs: loopDelay.max / 1e6,
        startedAt: started,
        phases: analysisPhases(marks),
        phaseGcMs: {},
        raterMs: check.raterMs,
      });
      if (round === 1) outcome = check.outcome;
      medium ??= await app.database.db
        .selectFrom("renditions")
        .select(["width", "height", "bytes"])
        .where("image_id", "=", ingested.imageId)
        .where("size", "=", "medium")
        .executeTakeFirstOrThrow();
      log(
        `round ${round}${round === 0 ? " (warm-up)" : ""}: ingest ${fmt(ingestMs)} ms, analysis ${fmt(ms)} ms (${((ms / ingestMs) * 100).toFixed(1)}%)`,
      );
      await sawdust.remove(ingested.imageId);
    }
    const loadAfter = loadavg();
    await new Promise((resolve) => setTimeout(resolve, 100)); // let the last GC entries arrive
    gcObserver.disconnect();
    const gcBetween = (from: number, to: number) =>
      gcPauses
        .filter((g) => g.start >= from && g.start < to)
        .reduce((sum, g) => sum + g.duration, 0);
    for (const s of samples) {
      s.gcMs = gcBetween(s.startedAt, s.startedAt + s.ms);
      let at = s.startedAt;
      for (const [name, p] of Object.entries(s.phases)) {
        s.phaseGcMs[name] = gcBetween(at, at + p.ms);
        at += p.ms;
      }
    }

    const report = buildReport({
      fixture,
      metadata,
      png,
      pngBytes,
      rounds,
      samples,
      loadBefore,
      loadAfter,
      rater: {
        load,
        firstRates,
        rssBeforeMiB: rssBefore / 2 ** 20,
        rssAfterLoadMiB: rssAfterLoad / 2 ** 20,
        rssAfterWarmMiB: rssAfterWarm / 2 ** 20,
        ...tfInfo,
      },
      outcome,
      medium,
      versions: sharp.versions as Record<string, string | undefined>,
      sharpConcurrency: sharp.concurrency(),
    });
    console.log(report.markdown);
    if (args.json) {
      await writeFile(args.json, `${JSON.stringify(report.data, null, 2)}\n`);
      log(`wrote ${args.json}`);
    }
  } finally {
    await sawdust.close();
  }
}

/**
 * Untimed: lets the event loop reach its timers once more, so a block that ends the run (the
 * rating's synchronous inference runs to the end of the job without yielding) is recorded.
 */
function settleLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20));
}

/* ---------------------------------------------------------------------------- instrumentation */

/**
 * Marks the analysis job's steps without touching server code, by wrapping methods on the live
 * objects (the recorder only writes while a job runs, so ingest is unaffected):
 * - the jobs repository's `claim` and `complete`, the analysis service's `analyze`;
 * - the images repository's `findReadyById`, `findRenditions` and `update`;
 * - the storage's `readBuffer` (first the original, then the medium rendition);
 * - `deps.rater()` and the loaded rater's `rate`;
 * - sharp's `toBuffer` on the prototype (the module is shared), which ends the medium's
 *   decode-and-resize and, inside `rate`, the resize to the model's input.
 */
function instrument(
  services: SawdustBench["app"]["services"],
  deps: AnalysisDeps,
  rater: ContentRaterLike,
  recorder: Recorder,
): void {
  wrap(services.jobs, "claim", recorder);
  wrap(services.jobs, "complete", recorder);
  wrap(services.analysis, "analyze", recorder);
  wrap(deps.images, "findReadyById", recorder);
  wrap(deps.images, "findRenditions", recorder);
  wrap(deps.images, "update", recorder);
  wrap(deps.media.storage, "readBuffer", recorder, (key) => String(key));
  wrap(deps, "rater", recorder);
  // deps.rater() hands out the same object every time, so this is the one analyze() calls.
  wrap(rater, "rate", recorder);

  const proto = (sharp as unknown as { prototype: Record<string, unknown> }).prototype;
  const toBuffer = proto.toBuffer;
  if (typeof toBuffer !== "function") throw new Error("sharp.prototype.toBuffer is gone");
  proto.toBuffer = function (this: unknown, ...args: unknown[]) {
    if (!recorder.list) return toBuffer.apply(this, args);
    recorder.push("toBuffer:start");
    const out = toBuffer.apply(this, args);
    return out instanceof Promise ? out.finally(() => recorder.push("toBuffer:end")) : out;
  };
}

/** Replaces obj[name] on the instance with a version that marks its start and end. */
function wrap(
  obj: object,
  name: string,
  recorder: Recorder,
  detailOf?: (first: unknown) => string,
): void {
  const target = obj as Record<string, unknown>;
  const original = target[name];
  if (typeof original !== "function") throw new Error(`cannot instrument ${name}`);
  target[name] = async (...callArgs: unknown[]) => {
    const detail = detailOf?.(callArgs[0]);
    recorder.push(`${name}:start`, detail);
    try {
      return await (original as (...a: unknown[]) => Promise<unknown>).apply(obj, callArgs);
    } finally {
      recorder.push(`${name}:end`, detail);
    }
  };
}

/** The analysis job's phases: each the gap between two marks, in the order they happen. */
function analysisPhases(marks: Mark[]): Phases {
  const find = (event: string, nth = 0): Mark => {
    const found = marks.filter((m) => m.event === event)[nth];
    if (!found) {
      throw new Error(
        `analysis marker ${event} #${nth + 1} missing (saw ${marks.map((m) => m.event).join(", ")}): did analyze() change shape?`,
      );
    }
    return found;
  };
  const reads = marks.filter((m) => m.event === "readBuffer:start");
  if (reads.length !== 2 || !reads[0]?.detail?.includes("/original.")) {
    throw new Error(
      `expected two reads, the original first: ${reads.map((r) => r.detail).join(", ")}`,
    );
  }
  const sharpCalls = marks.filter((m) => m.event === "toBuffer:end").length;
  if (sharpCalls !== 2) {
    throw new Error(
      `expected 2 sharp toBuffer calls in analysis, saw ${sharpCalls}: is sharp still one shared module?`,
    );
  }
  const phases: Phases = {};
  const phase = (name: string, from: Mark, to: Mark) => {
    phases[name] = between(from, to);
  };
  phase("claim job (DB)", find("runOnce:start"), find("analyze:start"));
  phase("DB: find image row", find("analyze:start"), find("findReadyById:end"));
  phase("read original (whole file)", find("findReadyById:end"), find("readBuffer:end", 0));
  phase(
    "generation metadata (walk PNG chunks)",
    find("readBuffer:end", 0),
    find("findRenditions:start"),
  );
  phase("DB: find renditions", find("findRenditions:start"), find("findRenditions:end"));
  phase("read medium rendition", find("findRenditions:end"), find("readBuffer:end", 1));
  phase(
    "decode medium + resize to 256 (sharp)",
    find("readBuffer:end", 1),
    find("toBuffer:end", 0),
  );
  phase("colours (palette, names, themes)", find("toBuffer:end", 0), find("rater:start"));
  phase("rating: resize to 224×224 (sharp)", find("rater:start"), find("toBuffer:end", 1));
  phase("rating: inference (nsfwjs, tfjs-wasm)", find("toBuffer:end", 1), find("rate:end"));
  phase("words + analysis record", find("rate:end"), find("update:start"));
  phase("DB: update (row + facets)", find("update:start"), find("update:end"));
  phase("complete job (DB)", find("update:end"), find("runOnce:end"));
  return phases;
}

/** Fails unless the job really analysed the image (the worker records failures quietly). */
async function checkAnalysed(
  app: SawdustBench["app"],
  imageId: number,
): Promise<{ outcome: Outcome; raterMs: number }> {
  const db = app.database.db;
  const row = await db
    .selectFrom("images")
    .select(["analysis_status", "ai_analysis", "title", "tags", "style", "is_public"])
    .where("id", "=", imageId)
    .executeTakeFirstOrThrow();
  const jobs = await db
    .selectFrom("jobs")
    .select(["status", "last_error"])
    .where("image_id", "=", imageId)
    .execute();
  if (row.analysis_status !== "done" || jobs.some((j) => j.status !== "done")) {
    throw new Error(
      `image ${imageId} was not analysed: status ${row.analysis_status}, jobs ${JSON.stringify(jobs)}`,
    );
  }
  const ai = JSON.parse(row.ai_analysis ?? "{}") as {
    contentRating?: { rating: string; nsfw: number; ms: number } | null;
    palette?: Array<{ name: string }>;
    generation?: { source: string | null };
  };
  if (!ai.contentRating) throw new Error(`image ${imageId} has no content rating`);
  return {
    raterMs: ai.contentRating.ms,
    outcome: {
      title: row.title,
      tags: JSON.parse(row.tags ?? "[]") as string[],
      style: row.style,
      colours: (ai.palette ?? []).map((s) => s.name),
      generationSource: ai.generation?.source ?? null,
      rating: ai.contentRating.rating,
      nsfw: ai.contentRating.nsfw,
      isPublic: row.is_public === 1,
    },
  };
}

/** TensorFlow.js as the rater left it (imported only after the rater loaded it). */
async function tensorflowInfo() {
  const tf = await import("@tensorflow/tfjs");
  const flag = (name: string) => {
    try {
      return tf.env().getBool(name);
    } catch {
      return undefined;
    }
  };
  return {
    tfjs: tf.version.tfjs,
    backend: tf.getBackend(),
    wasmSimd: flag("WASM_HAS_SIMD_SUPPORT"),
    wasmThreads: flag("WASM_HAS_MULTITHREAD_SUPPORT"),
  };
}

/* ------------------------------------------------------------------------------------- report */

interface ReportInput {
  fixture: FixtureKind;
  metadata: MetadataKind;
  png: string;
  pngBytes: number;
  rounds: number;
  samples: Sample[];
  loadBefore: number[];
  loadAfter: number[];
  rater: {
    load: PhaseTime;
    firstRates: number[];
    rssBeforeMiB: number;
    rssAfterLoadMiB: number;
    rssAfterWarmMiB: number;
    tfjs: string;
    backend: string;
    wasmSimd: boolean | undefined;
    wasmThreads: boolean | undefined;
  };
  outcome: Outcome | undefined;
  medium: { width: number; height: number; bytes: number } | undefined;
  versions: Record<string, string | undefined>;
  sharpConcurrency: number;
}

function buildReport(input: ReportInput) {
  const measured = input.samples.filter((s) => s.round > 0);
  const of = (kind: Kind) => measured.filter((s) => s.kind === kind);
  const wall = (kind: Kind) => summary(of(kind).map((s) => s.ms));
  const cpu = (kind: Kind) => summary(of(kind).map((s) => s.cpuMs));
  const gcTime = (kind: Kind) => summary(of(kind).map((s) => s.gcMs));
  const blocked = (kind: Kind) => summary(of(kind).map((s) => s.blockedMs));
  const ingest = wall("ingest");
  const analysis = wall("analysis");
  const ratio = analysis.median / ingest.median;
  const perRound = [...new Set(measured.map((s) => s.round))].map((round) => {
    const a = measured.find((s) => s.round === round && s.kind === "analysis");
    const b = measured.find((s) => s.round === round && s.kind === "ingest");
    return a && b ? a.ms / b.ms : Number.NaN;
  });
  const paired = median(perRound);
  const cpuRatio = cpu("analysis").median / cpu("ingest").median;
  const pass = ratio <= TARGET_RATIO;
  const raterMs = summary(
    of("analysis")
      .map((s) => s.raterMs)
      .filter((v): v is number => v !== undefined),
  );

  const phaseTable = (kind: Kind, share: boolean) => {
    const names: string[] = [];
    for (const s of of(kind))
      for (const n of Object.keys(s.phases)) if (!names.includes(n)) names.push(n);
    const rows: string[] = [];
    const sum = { ms: 0, cpuMs: 0 };
    rows.push(
      `| phase | wall median | CPU median | GC median | wall min | wall p90 |${share ? " share of analysis median |" : ""}`,
    );
    rows.push(`|---|---:|---:|---:|---:|---:|${share ? "---:|" : ""}`);
    const perPhase: Record<string, ReturnType<typeof summary> & { cpu: number; gc: number }> = {};
    for (const name of names) {
      const w = summary(of(kind).map((s) => s.phases[name]?.ms ?? Number.NaN));
      const c = median(of(kind).map((s) => s.phases[name]?.cpuMs ?? Number.NaN));
      const g = median(of(kind).map((s) => s.phaseGcMs[name] ?? Number.NaN));
      perPhase[name] = { ...w, cpu: c, gc: g };
      sum.ms += w.median;
      sum.cpuMs += c;
      rows.push(
        `| ${name} | ${fmt(w.median)} | ${fmt(c)} | ${fmt(g)} | ${fmt(w.min)} | ${fmt(w.p90)} |${share ? ` ${pct(w.median / analysis.median)} |` : ""}`,
      );
    }
    rows.push(
      `| **sum of phase medians** | **${fmt(sum.ms)}** | **${fmt(sum.cpuMs)}** | | | |${share ? ` ${pct(sum.ms / analysis.median)} |` : ""}`,
    );
    return { rows, perPhase };
  };
  const analysisPhaseTable = phaseTable("analysis", true);
  const ingestPhaseTable = phaseTable("ingest", false);

  const cpuModel = cpus()[0]?.model ?? "unknown CPU";
  const git = gitState();
  const r = input.rater;
  const lines: string[] = [];
  lines.push(`## Run of ${new Date().toISOString()}`);
  lines.push("");
  lines.push(
    `- Machine: ${availableParallelism()} CPUs (${cpuModel}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM; Node ${process.version}; sharp ${input.versions.sharp}, libvips ${input.versions.vips}, libwebp ${input.versions.webp}, libpng ${input.versions.png}; sharp.concurrency() = ${input.sharpConcurrency}`,
  );
  lines.push(
    `- Content rater: tfjs ${r.tfjs}, backend ${r.backend} (SIMD ${r.wasmSimd ?? "?"}, threads ${r.wasmThreads ?? "?"}); no vision model (AI_BASE_URL unset)`,
  );
  lines.push(
    `- Code: HEAD ${git.head}${git.dirty.length > 0 ? `, uncommitted: ${git.dirty.join(", ")}` : ", clean"}`,
  );
  lines.push(
    `- Load average (1/5/15 min): before ${input.loadBefore.map((l) => l.toFixed(2)).join(" / ")}, after ${input.loadAfter.map((l) => l.toFixed(2)).join(" / ")}`,
  );
  lines.push(
    `- Upload: ${input.fixture} fixture, ${FIXTURE_WIDTH}×${FIXTURE_HEIGHT} PNG, ${mb(input.pngBytes)}, metadata: ${METADATA_DESCRIPTION[input.metadata]} (${input.png})`,
  );
  if (input.medium) {
    lines.push(
      `- Medium rendition (what colours and rating read): ${input.medium.width}×${input.medium.height} WebP, ${kb(input.medium.bytes)}`,
    );
  }
  lines.push(
    `- Rounds: ${input.rounds}, each an ingest then its analysis, round 0 discarded as warm-up: ${measured.length / 2} samples of each`,
  );
  if (input.outcome) {
    const o = input.outcome;
    lines.push(
      `- What analysis stored (round 1): title "${o.title}", tags ${o.tags.join(", ") || "none"}, style ${o.style ?? "none"}, colours ${o.colours.join(", ")}, generation source ${o.generationSource ?? "none"}, rating ${o.rating} (nsfw ${o.nsfw.toFixed(3)}), public ${o.isPublic}`,
    );
  }
  lines.push("");
  lines.push(
    `Content rater, loaded once before round 0 (first \`rater()\` call: import TensorFlow.js and NSFWJS, start the wasm backend, load the bundled model): **${fmt(r.load.ms)} ms** wall, ${fmt(r.load.cpuMs)} ms CPU; RSS ${r.rssBeforeMiB.toFixed(0)} → ${r.rssAfterLoadMiB.toFixed(0)} MiB (${r.rssAfterWarmMiB.toFixed(0)} MiB after three warm-up ratings of ${r.firstRates.map(fmt).join(", ")} ms). Not part of any analysis time below.`,
  );
  lines.push("");
  lines.push(
    "| run | median ms | min ms | p90 ms | CPU median ms | GC median ms | longest event-loop block, median / max ms |",
  );
  lines.push("|---|---:|---:|---:|---:|---:|---:|");
  for (const kind of ["ingest", "analysis"] as const) {
    const w = wall(kind);
    lines.push(
      `| ${kind === "ingest" ? "ingest (HTTP upload, whole app)" : "analysis (worker.runOnce, rater warm)"} | ${fmt(w.median)} | ${fmt(w.min)} | ${fmt(w.p90)} | ${fmt(cpu(kind).median)} | ${fmt(gcTime(kind).median)} | ${fmt(blocked(kind).median)} / ${fmt(Math.max(...of(kind).map((s) => s.blockedMs)))} |`,
    );
  }
  lines.push("");
  lines.push(
    `**Analysis ÷ ingest (ratio of medians): ${ratio.toFixed(3)} — ${pass ? "meets" : "MISSES"} ≤ ${TARGET_RATIO}.**`,
  );
  lines.push(
    `Cross-checks: ratio of minimums ${(analysis.min / ingest.min).toFixed(3)}, median of per-round ratios ${paired.toFixed(3)} (range ${Math.min(...perRound).toFixed(3)}–${Math.max(...perRound).toFixed(3)}), ratio of CPU-time medians ${cpuRatio.toFixed(3)}. The rater's own timing of its call (resize + inference) had median ${fmt(raterMs.median)} ms.`,
  );
  lines.push("");
  lines.push(
    "Analysis phases (median over the measured rounds; each phase is the gap between two wrapped calls, CPU is the whole process's):",
  );
  lines.push("");
  lines.push(...analysisPhaseTable.rows);
  lines.push("");
  lines.push("Ingest phases (as bench/ingest measures them):");
  lines.push("");
  lines.push(...ingestPhaseTable.rows);
  lines.push("");
  lines.push(
    "Every sample (ms, in run order; the last columns are analysis phases, to show JIT warm-up and interference):",
  );
  lines.push("");
  const detail = PER_ROUND_PHASES.map(([, label]) => ` ${label} |`).join("");
  lines.push(
    `| round | ingest wall | ingest CPU | analysis wall | analysis CPU | analysis ÷ ingest |${detail}`,
  );
  lines.push(`|---:|---:|---:|---:|---:|---:|${"---:|".repeat(PER_ROUND_PHASES.length)}`);
  for (let round = 0; round < input.rounds; round++) {
    const a = input.samples.find((s) => s.round === round && s.kind === "ingest");
    const b = input.samples.find((s) => s.round === round && s.kind === "analysis");
    if (!a || !b) continue;
    lines.push(
      `| ${round}${round === 0 ? " (warm-up)" : ""} | ${fmt(a.ms)} | ${fmt(a.cpuMs)} | ${fmt(b.ms)} | ${fmt(b.cpuMs)} | ${(b.ms / a.ms).toFixed(3)} |${PER_ROUND_PHASES.map(([name]) => ` ${fmt(b.phases[name]?.ms ?? Number.NaN)} |`).join("")}`,
    );
  }

  return {
    markdown: lines.join("\n"),
    data: {
      date: new Date().toISOString(),
      machine: {
        cpus: availableParallelism(),
        cpuModel,
        memGiB: totalmem() / 2 ** 30,
        node: process.version,
        versions: input.versions,
        sharpConcurrency: input.sharpConcurrency,
        loadBefore: input.loadBefore,
        loadAfter: input.loadAfter,
      },
      git,
      fixture: {
        kind: input.fixture,
        metadata: input.metadata,
        bytes: input.pngBytes,
        width: FIXTURE_WIDTH,
        height: FIXTURE_HEIGHT,
      },
      medium: input.medium,
      rounds: input.rounds,
      rater: input.rater,
      ingest: { ...ingest, cpu: cpu("ingest"), gc: gcTime("ingest"), blocked: blocked("ingest") },
      analysis: {
        ...analysis,
        cpu: cpu("analysis"),
        gc: gcTime("analysis"),
        blocked: blocked("analysis"),
        raterMs,
      },
      ratio,
      pass,
      target: TARGET_RATIO,
      crossChecks: { ratioOfMins: analysis.min / ingest.min, medianPairedRatio: paired, cpuRatio },
      analysisPhases: analysisPhaseTable.perPhase,
      ingestPhases: ingestPhaseTable.perPhase,
      outcome: input.outcome,
      samples: input.samples,
    },
  };
}

/* ------------------------------------------------------------------------------------ helpers */

function gitState(): { head: string; dirty: string[] } {
  // Not trimmed at the start: porcelain lines begin with a status column that may be a space.
  const run = (...gitArgs: string[]) =>
    spawnSync("git", gitArgs, { encoding: "utf8" }).stdout?.trimEnd() ?? "";
  return {
    head: run("rev-parse", "--short", "HEAD").trim() || "unknown",
    dirty: run("status", "--porcelain", "--", "apps", "packages")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3)),
  };
}

function pct(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}
/** Progress goes to stderr; the report alone goes to stdout. */
function log(message: string): void {
  console.error(message);
}

await main();
