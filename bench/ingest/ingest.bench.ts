/**
 * bench/ingest: a full Sawdust upload of a 4000×5000 PNG against a bare decode-once sharp script
 * that makes the same renditions, interleaved in one run. See bench/README.md.
 *
 *   npx tsx bench/ingest/ingest.bench.ts [--rounds 21] [--fixture texture|gradient] [--uploads 5]
 *     [--json out.json]
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { fmt, kb, mb, median, mib, summary } from "../lib/stats.js";
import { type FixtureKind, fixturePath } from "./fixture.js";
import type { Phases, PhaseTime } from "./phases.js";

const TARGET_RATIO = 1.25;
const SCRIPT = fileURLToPath(import.meta.url);

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "21" },
    fixture: { type: "string", default: "texture" },
    json: { type: "string" },
    child: { type: "string" },
    png: { type: "string" },
    uploads: { type: "string", default: "5" },
  },
});

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

type Side = "sawdust" | "reference";
type ChildMode = Side | "sawdust-idle" | "reference-idle";

/** The renditions of the first round, for the report. */
let renditionsSeen: Array<{
  name: string;
  width: number;
  height: number;
  bytes: number;
  quality: number;
}> = [];

interface Sample {
  round: number;
  side: Side;
  ms: number;
  /** CPU time of the whole process (all threads) during the run: less sensitive to other load. */
  cpuMs: number;
  /** Time in V8 garbage collection (main thread pauses) during the run. */
  gcMs: number;
  startedAt: number;
  phases: Phases;
}

async function main(): Promise<void> {
  const fixture = args.fixture as FixtureKind;
  if (fixture !== "texture" && fixture !== "gradient")
    throw new Error("--fixture texture|gradient");
  const rounds = Number(args.rounds);
  if (!Number.isInteger(rounds) || rounds < 2) throw new Error("--rounds must be at least 2");

  const png = await fixturePath(fixture);
  const sharp = (await import("sharp")).default;
  const meta = await sharp(png).metadata();
  const pngBytes = (await stat(png)).size;
  log(`fixture ${png}: ${meta.width}×${meta.height} ${meta.format}, ${mb(pngBytes)}`);

  const { referenceIngest } = await import("./reference.js");
  const { SawdustBench } = await import("./sawdust.js");
  const sawdust = await SawdustBench.start(png);
  const work = await mkdtemp(join(tmpdir(), "sawdust-bench-ref-"));
  // V8 GC pauses, to be matched to runs by time once all rounds are done.
  const gcPauses: Array<{ start: number; duration: number }> = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, duration: e.duration });
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  const loadBefore = loadavg();
  const samples: Sample[] = [];
  let identical = true;
  const mismatches: string[] = [];

  try {
    for (let round = 0; round < rounds; round++) {
      // Alternate which side goes first, so neither always runs right after the other.
      const order: Side[] = round % 2 === 0 ? ["sawdust", "reference"] : ["reference", "sawdust"];
      let sawdustRun: Awaited<ReturnType<typeof sawdust.ingestOnce>> | undefined;
      let referenceRun: Awaited<ReturnType<typeof referenceIngest>> | undefined;
      for (const side of order) {
        // The reference reads a fresh copy, as Sawdust reads a freshly received temp file: the
        // same page-cache state, and no libvips operation-cache hit on a path seen before.
        const input = join(work, `input-${round}.png`);
        const outDir = join(work, `out-${round}`);
        if (side === "reference") await copyFile(png, input);
        gc();
        const cpu = process.cpuUsage();
        const started = performance.now();
        let phases: Phases;
        if (side === "sawdust") {
          sawdustRun = await sawdust.ingestOnce();
          phases = sawdustRun.phases;
        } else {
          referenceRun = await referenceIngest(input, outDir);
          phases = referenceRun.phases;
        }
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        samples.push({
          round,
          side,
          ms,
          cpuMs: (used.user + used.system) / 1000,
          gcMs: 0,
          startedAt: started,
          phases,
        });
        log(`round ${round}${round === 0 ? " (warm-up)" : ""} ${side.padEnd(9)} ${fmt(ms)} ms`);
        if (side === "reference") await rm(input, { force: true });
      }
      // Same pixels on both sides: the stored files must be byte-identical.
      if (sawdustRun && referenceRun) {
        for (const r of referenceRun.renditions) {
          if (sawdustRun.hashes[r.name] !== r.hash) {
            identical = false;
            mismatches.push(`round ${round} ${r.name}: ${sawdustRun.hashes[r.name]} vs ${r.hash}`);
          }
        }
        if (sawdustRun.thumbhash !== referenceRun.thumbhash) {
          identical = false;
          mismatches.push(`round ${round} thumbhash`);
        }
        if (round === 0) renditionsSeen = referenceRun.renditions;
        await sawdust.remove(sawdustRun.imageId);
      }
      await rm(join(work, `out-${round}`), { recursive: true, force: true });
    }
  } finally {
    await sawdust.close();
    await rm(work, { recursive: true, force: true });
  }
  const loadAfter = loadavg();
  await new Promise((resolve) => setTimeout(resolve, 100)); // let the last GC entries arrive
  gcObserver.disconnect();
  for (const sample of samples) {
    sample.gcMs = gcPauses
      .filter((g) => g.start >= sample.startedAt && g.start < sample.startedAt + sample.ms)
      .reduce((sum, g) => sum + g.duration, 0);
  }

  log("peak RSS: one child process per side …");
  const rss = {
    sawdust: measureRss("sawdust", png),
    reference: measureRss("reference", png),
    sawdustIdle: measureRss("sawdust-idle", png),
    referenceIdle: measureRss("reference-idle", png),
  };

  const report = buildReport({
    fixture,
    png,
    pngBytes,
    rounds,
    samples,
    identical,
    mismatches,
    rss,
    loadBefore,
    loadAfter,
    versions: sharp.versions as Record<string, string | undefined>,
    sharpConcurrency: sharp.concurrency(),
  });
  console.log(report.markdown);
  if (args.json) {
    await writeFile(args.json, `${JSON.stringify(report.data, null, 2)}\n`);
    log(`wrote ${args.json}`);
  }
}

/* ------------------------------------------------------------------ peak RSS, one child per side */

interface RssResult {
  /** process.resourceUsage().maxRSS at the end of the child, in KiB. */
  maxRssKiB: number;
  /** /usr/bin/time -v "Maximum resident set size", in KiB, when that tool exists. */
  timeMaxRssKiB?: number;
  uploads: number;
  /** maxRSS (KiB) after each upload: growth from one to the next is allocator retention. */
  afterEach: number[];
}

function measureRss(mode: ChildMode, png: string): RssResult {
  const uploads = mode.endsWith("-idle") ? 0 : Number(args.uploads);
  const node = [process.execPath, ...process.execArgv, SCRIPT, "--child", mode, "--png", png];
  node.push("--uploads", String(uploads));
  const useTime = existsSync("/usr/bin/time");
  const [command, ...rest] = useTime ? ["/usr/bin/time", "-v", ...node] : node;
  const child = spawnSync(command as string, rest, { encoding: "utf8", maxBuffer: 16 << 20 });
  if (child.status !== 0) {
    throw new Error(`RSS child ${mode} failed (${child.status}):\n${child.stderr}`);
  }
  const line = child.stdout.trim().split("\n").pop() ?? "{}";
  const result = JSON.parse(line) as RssResult;
  const fromTime = /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr);
  if (fromTime?.[1]) result.timeMaxRssKiB = Number(fromTime[1]);
  log(`  ${mode.padEnd(14)} maxRSS ${mib(result.maxRssKiB)}`);
  return result;
}

/** A child that runs only one side (or only loads it, for the idle baselines). */
async function runChild(mode: ChildMode, png: string, uploads: number): Promise<void> {
  const afterEach: number[] = [];
  if (mode === "sawdust" || mode === "sawdust-idle") {
    const { SawdustBench } = await import("./sawdust.js");
    const bench = await SawdustBench.start(png, "stream");
    for (let i = 0; i < uploads; i++) {
      const run = await bench.ingestOnce();
      await bench.remove(run.imageId);
      afterEach.push(process.resourceUsage().maxRSS);
    }
    await bench.close();
  } else if (mode === "reference" || mode === "reference-idle") {
    const { referenceIngest } = await import("./reference.js");
    const work = await mkdtemp(join(tmpdir(), "sawdust-bench-rss-"));
    for (let i = 0; i < uploads; i++) {
      const input = join(work, `input-${i}.png`);
      await copyFile(png, input);
      await referenceIngest(input, join(work, `out-${i}`));
      await rm(input);
      afterEach.push(process.resourceUsage().maxRSS);
    }
    await rm(work, { recursive: true, force: true });
  } else {
    throw new Error(`unknown child mode ${mode}`);
  }
  const result: RssResult = { maxRssKiB: process.resourceUsage().maxRSS, uploads, afterEach };
  console.log(JSON.stringify(result));
}

/* ------------------------------------------------------------------------------------- report */

interface ReportInput {
  fixture: FixtureKind;
  png: string;
  pngBytes: number;
  rounds: number;
  samples: Sample[];
  identical: boolean;
  mismatches: string[];
  rss: Record<"sawdust" | "reference" | "sawdustIdle" | "referenceIdle", RssResult>;
  loadBefore: number[];
  loadAfter: number[];
  versions: Record<string, string | undefined>;
  sharpConcurrency: number;
}

function buildReport(input: ReportInput) {
  const measured = input.samples.filter((s) => s.round > 0);
  const of = (side: Side) => measured.filter((s) => s.side === side);
  const wall = (side: Side) => summary(of(side).map((s) => s.ms));
  const cpu = (side: Side) => summary(of(side).map((s) => s.cpuMs));
  const gcTime = (side: Side) => summary(of(side).map((s) => s.gcMs));
  const saw = wall("sawdust");
  const ref = wall("reference");
  const ratio = saw.median / ref.median;
  const paired = median(
    [...new Set(measured.map((s) => s.round))].map((round) => {
      const a = measured.find((s) => s.round === round && s.side === "sawdust");
      const b = measured.find((s) => s.round === round && s.side === "reference");
      return a && b ? a.ms / b.ms : Number.NaN;
    }),
  );
  const cpuRatio = cpu("sawdust").median / cpu("reference").median;
  const pass = ratio <= TARGET_RATIO;

  // Sawdust's phases in the order they happen, then any the reference alone has.
  const phaseNames: string[] = [];
  for (const s of [...of("sawdust"), ...of("reference")]) {
    for (const name of Object.keys(s.phases)) if (!phaseNames.includes(name)) phaseNames.push(name);
  }
  const phaseMedian = (side: Side, name: string, clock: keyof PhaseTime) => {
    const values = of(side)
      .map((s) => s.phases[name]?.[clock])
      .filter((v): v is number => v !== undefined);
    return values.length > 0 ? median(values) : undefined;
  };

  const cpuModel = cpus()[0]?.model ?? "unknown CPU";
  const lines: string[] = [];
  lines.push(`## Run of ${new Date().toISOString()}`);
  lines.push("");
  lines.push(
    `- Machine: ${availableParallelism()} CPUs (${cpuModel}), Node ${process.version}, sharp ${input.versions.sharp}, libvips ${input.versions.vips}, libwebp ${input.versions.webp}, libpng ${input.versions.png}; sharp.concurrency() = ${input.sharpConcurrency}`,
  );
  lines.push(
    `- Load average (1/5/15 min): before ${input.loadBefore.map((l) => l.toFixed(2)).join(" / ")}, after ${input.loadAfter.map((l) => l.toFixed(2)).join(" / ")}`,
  );
  lines.push(
    `- Upload: ${input.fixture} fixture, 4000×5000 PNG, ${mb(input.pngBytes)} (${input.png})`,
  );
  lines.push(
    `- Rounds: ${input.rounds}, interleaved (order alternating), round 0 discarded as warm-up: ${measured.length / 2} samples per side`,
  );
  lines.push(
    `- Renditions (both sides): ${renditionsSeen.map((r) => `${r.name} ${r.width}×${r.height} q${r.quality} ${kb(r.bytes)}`).join(", ")}`,
  );
  lines.push(
    `- Same output: ${input.identical ? "yes, every rendition byte-identical and the same ThumbHash on both sides in every round" : `NO — ${input.mismatches.join("; ")}`}`,
  );
  lines.push("");
  lines.push("| side | median ms | min ms | p90 ms | CPU median ms | GC median ms |");
  lines.push("|---|---:|---:|---:|---:|---:|");
  for (const side of ["sawdust", "reference"] as const) {
    const w = wall(side);
    lines.push(
      `| ${side === "sawdust" ? "Sawdust (HTTP upload)" : "reference (bare sharp)"} | ${fmt(w.median)} | ${fmt(w.min)} | ${fmt(w.p90)} | ${fmt(cpu(side).median)} | ${fmt(gcTime(side).median)} |`,
    );
  }
  lines.push("");
  lines.push(
    `**Ratio of medians (Sawdust ÷ reference): ${ratio.toFixed(3)} — ${pass ? "meets" : "MISSES"} ≤ ${TARGET_RATIO}.**`,
  );
  lines.push(
    `Cross-checks: ratio of minimums ${(saw.min / ref.min).toFixed(3)}, median of per-round ratios ${paired.toFixed(3)}, ratio of CPU-time medians ${cpuRatio.toFixed(3)}.`,
  );
  lines.push("");
  lines.push("Peak RSS (maxRSS of a child process running only that side):");
  lines.push("");
  lines.push("| child | uploads | maxRSS at exit | /usr/bin/time -v | maxRSS after each upload |");
  lines.push("|---|---:|---:|---:|---|");
  const rssRow = (label: string, r: RssResult) =>
    `| ${label} | ${r.uploads} | ${mib(r.maxRssKiB)} | ${r.timeMaxRssKiB ? mib(r.timeMaxRssKiB) : "n/a"} | ${r.afterEach.map(mib).join(", ") || "—"} |`;
  lines.push(rssRow("Sawdust: app + admin + uploads", input.rss.sawdust));
  lines.push(rssRow("reference: decode + renditions", input.rss.reference));
  lines.push(rssRow("Sawdust idle: app + admin, no upload", input.rss.sawdustIdle));
  lines.push(rssRow("reference idle: modules loaded, no work", input.rss.referenceIdle));
  lines.push("");
  lines.push(
    "Phases (median over the measured rounds of wall and CPU ms; Sawdust phases are the gaps between its calls, CPU is the whole process's):",
  );
  lines.push("");
  lines.push(
    "| phase | Sawdust wall | Sawdust CPU | reference wall | reference CPU | Δ wall | Δ CPU |",
  );
  lines.push("|---|---:|---:|---:|---:|---:|---:|");
  const total = { sw: 0, sc: 0, rw: 0, rc: 0 };
  const onlySawdust = { ms: 0, cpuMs: 0 };
  const cell = (v: number | undefined) => (v === undefined ? "—" : fmt(v));
  const signed = (v: number) => `${v >= 0 ? "+" : ""}${fmt(v)}`;
  for (const name of phaseNames) {
    const sw = phaseMedian("sawdust", name, "ms");
    const sc = phaseMedian("sawdust", name, "cpuMs");
    const rw = phaseMedian("reference", name, "ms");
    const rc = phaseMedian("reference", name, "cpuMs");
    if (rw === undefined) {
      onlySawdust.ms += sw ?? 0;
      onlySawdust.cpuMs += sc ?? 0;
    }
    total.sw += sw ?? 0;
    total.sc += sc ?? 0;
    total.rw += rw ?? 0;
    total.rc += rc ?? 0;
    lines.push(
      `| ${name} | ${cell(sw)} | ${cell(sc)} | ${cell(rw)} | ${cell(rc)} | ${signed((sw ?? 0) - (rw ?? 0))} | ${signed((sc ?? 0) - (rc ?? 0))} |`,
    );
  }
  lines.push(
    `| (sum of phase medians) | ${fmt(total.sw)} | ${fmt(total.sc)} | ${fmt(total.rw)} | ${fmt(total.rc)} | ${signed(total.sw - total.rw)} | ${signed(total.sc - total.rc)} |`,
  );
  lines.push("");
  const expected = (ref.median + onlySawdust.ms) / ref.median;
  const expectedCpu = (cpu("reference").median + onlySawdust.cpuMs) / cpu("reference").median;
  lines.push(
    `Work only Sawdust does (phases the reference has no counterpart for): ${fmt(onlySawdust.ms)} ms wall, ${fmt(onlySawdust.cpuMs)} ms CPU. Taking the shared phases (the same code on both sides) as equal, that predicts a ratio of ${expected.toFixed(3)} on wall time and ${expectedCpu.toFixed(3)} on CPU time.`,
  );
  lines.push("");
  lines.push("Every sample (ms, in run order):");
  lines.push("");
  lines.push("| round | Sawdust wall | Sawdust CPU | reference wall | reference CPU |");
  lines.push("|---:|---:|---:|---:|---:|");
  for (let round = 0; round < input.rounds; round++) {
    const a = input.samples.find((s) => s.round === round && s.side === "sawdust");
    const b = input.samples.find((s) => s.round === round && s.side === "reference");
    lines.push(
      `| ${round}${round === 0 ? " (warm-up)" : ""} | ${a ? fmt(a.ms) : ""} | ${a ? fmt(a.cpuMs) : ""} | ${b ? fmt(b.ms) : ""} | ${b ? fmt(b.cpuMs) : ""} |`,
    );
  }

  return {
    markdown: lines.join("\n"),
    data: {
      date: new Date().toISOString(),
      machine: {
        cpus: availableParallelism(),
        cpuModel,
        node: process.version,
        versions: input.versions,
        sharpConcurrency: input.sharpConcurrency,
        loadBefore: input.loadBefore,
        loadAfter: input.loadAfter,
      },
      fixture: { kind: input.fixture, bytes: input.pngBytes, width: 4000, height: 5000 },
      rounds: input.rounds,
      sawdust: { ...saw, cpu: cpu("sawdust"), gc: gcTime("sawdust") },
      reference: { ...ref, cpu: cpu("reference"), gc: gcTime("reference") },
      ratio,
      pass,
      target: TARGET_RATIO,
      crossChecks: { ratioOfMins: saw.min / ref.min, medianPairedRatio: paired, cpuRatio },
      onlySawdust,
      expectedRatio: { wall: expected, cpu: expectedCpu },
      identical: input.identical,
      mismatches: input.mismatches,
      renditions: renditionsSeen,
      rss: input.rss,
      samples: input.samples,
    },
  };
}

/* ------------------------------------------------------------------------------------ helpers */

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required`);
  return value;
}

/** Progress goes to stderr; the report alone goes to stdout. */
function log(message: string): void {
  console.error(message);
}

/* -------------------------------------------------------------------------------------- entry */

if (args.child) {
  await runChild(args.child as ChildMode, required(args.png, "--png"), Number(args.uploads));
} else {
  await main();
}
