/**
 * bench/ingest, a batch: 50 uploads of the 4000×5000 fixture in a row to the real deployment
 * (the API as `npm start` runs it, WORKERS=0, and the job worker as `npm run worker` runs it,
 * rating and analysing each upload while the next ones arrive), next to the bare decode-once
 * sharp script doing the same renditions 50 times in sequence. Reports images a minute and peak
 * RSS of every process. Rounds alternate which side goes first. See bench/README.md.
 *
 *   npx tsx bench/ingest/batch.bench.ts [--images 50] [--rounds 2] [--fixture texture] [--built]
 *     [--port 3284] [--json out.json]
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import {
  cpuMsOf,
  memoryOf,
  multipartBody,
  type ServerProcess,
  signInCookie,
  startEntry,
  uploadImage,
  waitReady,
} from "../lib/processes.js";
import { fmt, mb, median } from "../lib/stats.js";
import { type FixtureKind, fixturePath } from "./fixture.js";

/** Issue 18, acceptance 5: the batch's images a minute ÷ the bare script's, at least. */
const TARGET_RATIO = 0.8;
const DEFAULT_PORT = "3284";
const ADMIN = { username: "bench_admin", password: "bench batch password 18" };

const { values: args } = parseArgs({
  options: {
    images: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
    fixture: { type: "string", default: "texture" },
    built: { type: "boolean", default: false },
    port: { type: "string", default: DEFAULT_PORT },
    json: { type: "string" },
  },
});

interface SawdustBatch {
  side: "sawdust";
  round: number;
  /** First upload sent → last analysis done. */
  ms: number;
  /** First upload sent → last upload answered. */
  uploadsMs: number;
  imagesPerMinute: number;
  /** When each image's analysis was seen done, ms after the first upload. */
  analysedAtMs: number[];
  uploadMs: number[];
  cpuMs: { api: number; worker: number };
  memory: {
    api: { afterWarmup: number; end: number; peak: number };
    worker: { afterWarmup: number; end: number; peak: number };
  };
}

interface ReferenceBatch {
  side: "reference";
  round: number;
  ms: number;
  imagesPerMinute: number;
  cpuMs: number;
  perImageMs: number[];
  rssAfterWarmup: number;
  peakRss: number;
}

async function main(): Promise<void> {
  const images = Number(args.images);
  const rounds = Number(args.rounds);
  const fixture = args.fixture as FixtureKind;
  const png = await fixturePath(fixture);
  const pngBytes = (await stat(png)).size;
  log(`fixture ${png}: ${mb(pngBytes)}; ${images} images a batch, ${rounds} rounds`);
  const loadBefore = loadavg();
  const results: Array<SawdustBatch | ReferenceBatch> = [];
  for (let round = 0; round < rounds; round++) {
    const sides =
      round % 2 === 0 ? (["sawdust", "reference"] as const) : (["reference", "sawdust"] as const);
    for (const side of sides) {
      const result =
        side === "sawdust"
          ? await sawdustBatch(png, images, round)
          : await referenceBatch(png, images, round);
      results.push(result);
      log(
        `round ${round + 1} ${side}: ${fmt(result.ms / 1000)} s, ${result.imagesPerMinute.toFixed(1)} images a minute`,
      );
    }
  }
  const loadAfter = loadavg();

  const of = <S extends "sawdust" | "reference">(side: S) =>
    results.filter((r) => r.side === side) as Array<
      S extends "sawdust" ? SawdustBatch : ReferenceBatch
    >;
  const saw = of("sawdust");
  const ref = of("reference");
  const sawRate = median(saw.map((r) => r.imagesPerMinute));
  const refRate = median(ref.map((r) => r.imagesPerMinute));
  const perRound = median(
    saw.map((s) => {
      const r = ref.find((x) => x.round === s.round);
      return r ? s.imagesPerMinute / r.imagesPerMinute : Number.NaN;
    }),
  );
  const ratio = sawRate / refRate;
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const lines: string[] = [];
  lines.push(`## Batch ingest, ${new Date().toISOString()}`);
  lines.push("");
  lines.push(
    `- Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}; load average before ${loadBefore.map((l) => l.toFixed(2)).join(" / ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" / ")}`,
  );
  lines.push(
    `- ${images} uploads of the ${fixture} fixture (${mb(pngBytes)}, 4000×5000) a batch, ${rounds} rounds alternating which side goes first; each side warmed up with one untimed image. Sawdust: the API (${args.built ? "scripts/start.mjs main" : "src/main.ts under tsx"}, WORKERS=0) and the worker (${args.built ? "scripts/start.mjs worker" : "src/worker-main.ts under tsx"}, one job at a time) on a fresh SQLite data directory; timed from the first upload sent to the last image's analysis done.`,
  );
  lines.push("");
  lines.push(
    "| round | side | seconds | images a minute | uploads done at s | CPU s (API + worker / process) | peak RSS |",
  );
  lines.push("|---:|---|---:|---:|---:|---:|---|");
  for (const r of results) {
    if (r.side === "sawdust") {
      lines.push(
        `| ${r.round + 1} | Sawdust (API + worker) | ${fmt(r.ms / 1000)} | ${r.imagesPerMinute.toFixed(1)} | ${fmt(r.uploadsMs / 1000)} | ${fmt(r.cpuMs.api / 1000)} + ${fmt(r.cpuMs.worker / 1000)} | API ${mib(r.memory.api.peak)} (after warm-up ${mib(r.memory.api.afterWarmup)}, end ${mib(r.memory.api.end)}); worker ${mib(r.memory.worker.peak)} (after warm-up ${mib(r.memory.worker.afterWarmup)}, end ${mib(r.memory.worker.end)}) |`,
      );
    } else {
      lines.push(
        `| ${r.round + 1} | bare sharp script | ${fmt(r.ms / 1000)} | ${r.imagesPerMinute.toFixed(1)} | — | ${fmt(r.cpuMs / 1000)} | ${mib(r.peakRss)} (after warm-up ${mib(r.rssAfterWarmup)}) |`,
      );
    }
  }
  lines.push("");
  lines.push(
    `**Images a minute, Sawdust ÷ bare script: ${ratio.toFixed(3)} (per round ${perRound.toFixed(3)}) — target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? "met" : "NOT MET"}.** Medians: Sawdust ${sawRate.toFixed(1)}, bare script ${refRate.toFixed(1)} images a minute.`,
  );
  const markdown = lines.join("\n");
  console.log(markdown);
  if (args.json) {
    await writeFile(
      args.json,
      `${JSON.stringify({ date: new Date().toISOString(), fixture, pngBytes, images, rounds, loadBefore, loadAfter, target: TARGET_RATIO, ratio, perRound, results }, null, 2)}\n`,
    );
    log(`wrote ${args.json}`);
  }
}

async function sawdustBatch(png: string, images: number, round: number): Promise<SawdustBatch> {
  const dataDir = await mkdtemp(join(tmpdir(), "sawdust-bench-batch-"));
  const env = {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: args.port,
    WORKERS: "0",
    DEMO_CONTENT: "false",
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const base = `http://127.0.0.1:${args.port}`;
  let api: ServerProcess | undefined;
  let worker: ServerProcess | undefined;
  let db: SQLite.Database | undefined;
  try {
    api = startEntry("main", env, { built: args.built });
    await waitReady(`${base}/readyz`, api);
    worker = startEntry("worker", { ...env, WORKERS: "1" }, { built: args.built });
    const cookie = await signInCookie(base, ADMIN.username, ADMIN.password);
    const body = multipartBody(await readFile(png), "batch.png");
    db = new SQLite(join(dataDir, "sawdust.db"), { readonly: true, fileMustExist: true });
    const analysed = db.prepare(
      "select count(*) as n, sum(analysis_status = 'failed') as failed from images where status = 'ready' and analysis_status in ('done', 'failed')",
    );
    const waitAnalysed = async (count: number, onEach?: (n: number) => void) => {
      let seen = 0;
      const started = Date.now();
      for (;;) {
        const row = analysed.get() as { n: number; failed: number | null };
        if (row.failed) throw new Error(`${row.failed} analyses failed:\n${worker?.output()}`);
        while (seen < row.n) {
          seen += 1;
          if (onEach) onEach(seen);
        }
        if (row.n >= count) return;
        if (worker?.child.exitCode !== null) throw new Error(`worker exited:\n${worker?.output()}`);
        if (Date.now() - started > 600_000)
          throw new Error("analyses did not finish in 10 minutes");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // Warm-up: one image through upload and analysis (the rater's model loads here).
    log("  warm-up upload");
    await uploadImage(base, cookie, body);
    log("  warm-up analysis");
    await waitAnalysed(1);
    log("  batch");
    const afterWarmup = { api: await memoryOf(api.pid), worker: await memoryOf(worker.pid) };
    const cpuBefore = { api: await cpuMsOf(api.pid), worker: await cpuMsOf(worker.pid) };

    const started = performance.now();
    const analysedAtMs: number[] = [];
    const uploadMs: number[] = [];
    const watching = waitAnalysed(images + 1, (n) => {
      if (n > 1) analysedAtMs.push(performance.now() - started);
    });
    let watchError: unknown;
    watching.catch((error: unknown) => {
      watchError = error;
    });
    for (let i = 0; i < images; i++) {
      if (watchError) throw watchError;
      const t = performance.now();
      await uploadImage(base, cookie, body);
      uploadMs.push(performance.now() - t);
    }
    const uploadsMs = performance.now() - started;
    await watching;
    const ms = performance.now() - started;
    const cpuMs = {
      api: (await cpuMsOf(api.pid)) - cpuBefore.api,
      worker: (await cpuMsOf(worker.pid)) - cpuBefore.worker,
    };
    const end = { api: await memoryOf(api.pid), worker: await memoryOf(worker.pid) };
    return {
      side: "sawdust",
      round,
      ms,
      uploadsMs,
      imagesPerMinute: images / (ms / 60_000),
      analysedAtMs,
      uploadMs,
      cpuMs,
      memory: {
        api: { afterWarmup: afterWarmup.api.rss, end: end.api.rss, peak: end.api.peak },
        worker: { afterWarmup: afterWarmup.worker.rss, end: end.worker.rss, peak: end.worker.peak },
      },
    };
  } finally {
    db?.close();
    await worker?.stop();
    await api?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function referenceBatch(png: string, images: number, round: number): Promise<ReferenceBatch> {
  const out = await mkdtemp(join(tmpdir(), "sawdust-bench-batch-ref-"));
  try {
    const script = fileURLToPath(new URL("./batch-reference.ts", import.meta.url));
    const child = spawn(
      process.execPath,
      ["--import", "tsx", script, "--png", png, "--images", String(images), "--out", out],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`batch reference exited with ${code}`);
    const result = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as Omit<
      ReferenceBatch,
      "side" | "round" | "imagesPerMinute"
    >;
    return {
      side: "reference",
      round,
      ...result,
      imagesPerMinute: images / (result.ms / 60_000),
    };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

function log(message: string): void {
  console.error(message);
}

await main();
