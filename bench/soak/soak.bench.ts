/**
 * bench/soak: ten minutes (`--duration`) of mixed load against the real deployment, the API as
 * `npm start` runs it (WORKERS=0) and the job worker as `npm run worker` runs it, on a copy of
 * the 100,000-image bench catalogue plus real uploads: visitors' and a Pro member's list pages,
 * image details, the member's downloads, tags and explore at a steady rate (autocannon,
 * `--rate` requests a second over `--connections`), and an admin's upload of the 4000×5000
 * fixture every `--upload-every` seconds, which the worker rates and analyses. Every
 * `--sample-every` seconds the bench reads each process's RSS (/proc) and scrapes both
 * processes' `/metrics` (prom-client's event-loop lag, measured inside the server and reset at
 * each scrape, so each sample is that window's). See bench/README.md.
 *
 *   npx tsx bench/soak/soak.bench.ts [--duration 600] [--rate 150] [--upload-every 30]
 *     [--sample-every 5] [--built] [--json out.json]
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "kysely";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/database.js";
import { mulberry32 } from "../../apps/server/src/demo/canvas.js";
import { cachedSqliteDir, catalogueHash, derivedHash } from "../api/catalogues.js";
import { createBenchMember } from "../api/members.js";
import { everyPage } from "../api/pages.js";
import { seedCatalogue } from "../api/seed.js";
import { fixturePath } from "../ingest/fixture.js";
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
import { fmt, median } from "../lib/stats.js";

/** Issue 18, acceptance 6: RSS at the end within this share of RSS after the first minute. */
const RSS_TOLERANCE = 0.1;
const API_PORT = 3286;
const WORKER_METRICS_PORT = 3287;
const ADMIN = { username: "bench_admin", password: "bench soak password 18" };

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "600" },
    rate: { type: "string", default: "150" },
    connections: { type: "string", default: "10" },
    "upload-every": { type: "string", default: "30" },
    "sample-every": { type: "string", default: "5" },
    "warm-uploads": { type: "string", default: "4" },
    public: { type: "string", default: "100000" },
    private: { type: "string", default: "2000" },
    built: { type: "boolean", default: false },
    json: { type: "string" },
  },
});

interface ProcessSample {
  rss: number;
  peak: number;
  cpuMs: number;
  /** prom-client's event-loop lag over the window since the previous scrape, seconds. */
  lagP50?: number;
  lagP99?: number;
  lagMax?: number;
  heapUsed?: number;
}

interface SoakSample {
  atS: number;
  api: ProcessSample;
  worker: ProcessSample;
  uploads: number;
}

async function main(): Promise<void> {
  const durationS = Number(args.duration);
  const rate = Number(args.rate);
  const uploadEvery = Number(args["upload-every"]);
  const sampleEvery = Number(args["sample-every"]);
  const publicImages = Number(args.public);
  const privateImages = Number(args.private);
  const loadBefore = loadavg();

  // The catalogue: the bench's cached one, copied so the soak's writes never reach it.
  const cached = await cachedSqliteDir(await catalogueHash(), publicImages, privateImages, log);
  await seedCatalogue({
    dataDir: cached,
    publicImages,
    privateImages,
    derivedVersion: await derivedHash(),
    log,
  });
  const dataDir = await mkdtemp(join(tmpdir(), "sawdust-bench-soak-"));
  await copyFile(join(cached, "sawdust.db"), join(dataDir, "sawdust.db"));
  log(`catalogue copied to ${dataDir}`);

  const env = {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(API_PORT),
    WORKERS: "0",
    DEMO_CONTENT: "false",
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const base = `http://127.0.0.1:${API_PORT}`;
  let api: ServerProcess | undefined;
  let worker: ServerProcess | undefined;
  try {
    api = startEntry("main", env, { built: args.built });
    await waitReady(`${base}/readyz`, api);
    worker = startEntry(
      "worker",
      { ...env, WORKERS: "1", METRICS_PORT: String(WORKER_METRICS_PORT) },
      { built: args.built },
    );
    const cookie = await signInCookie(base, ADMIN.username, ADMIN.password);

    // What the load picks from: every page of the list, the public ids, the tags, a Pro member.
    const database = openDatabase(
      loadConfig({ DATA_DIR: dataDir, WORKERS: "0", DEMO_CONTENT: "false", LOG_LEVEL: "warn" }),
    );
    let pages: string[];
    let ids: number[];
    let tags: string[];
    let member: string;
    try {
      pages = await everyPage(database.db, { limit: 20 });
      ids = (
        await database.db
          .selectFrom("images")
          .select("id")
          .where("status", "=", "ready")
          .where("is_public", "=", 1)
          .execute()
      ).map((r) => r.id);
      tags = (
        await sql<{
          value: string;
        }>`select distinct value from image_facets where kind = 'tag'`.execute(database.db)
      ).rows.map((r) => r.value);
      member = (await createBenchMember(database.db, "pro")).cookie;
    } finally {
      await database.close();
    }

    // Real images to download: a few uploads, analysed, before the load starts.
    const png = await readFile(await fixturePath("texture"));
    const body = multipartBody(png, "soak.png");
    const uploaded: number[] = [];
    for (let i = 0; i < Number(args["warm-uploads"]); i++) {
      uploaded.push(await uploadImage(base, cookie, body));
    }
    await waitUntil(async () => {
      const res = await fetch(
        `${base}/api/v1/images/${uploaded[uploaded.length - 1]}/download?size=hd`,
        {
          headers: { cookie: member },
        },
      );
      return res.ok;
    }, 300_000);
    log(`${uploaded.length} images uploaded and analysed; soaking for ${durationS} s`);

    // The mix, drawn per request from a seeded stream.
    const rand = mulberry32(18);
    const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)] as T;
    const mix: Array<
      [weight: number, make: () => { path: string; headers?: Record<string, string> }]
    > = [
      [25, () => ({ path: `/api/v1/images?limit=20&tag=${pick(tags)}` })],
      [10, () => ({ path: pick(pages) })],
      [15, () => ({ path: pick(pages), headers: { cookie: member } })],
      [25, () => ({ path: `/api/v1/images/${pick(ids)}` })],
      [5, () => ({ path: `/api/v1/images/${pick(ids)}`, headers: { cookie: member } })],
      [
        12,
        () => ({
          path: `/api/v1/images/${pick(uploaded)}/download?size=${rand() < 0.5 ? "basic" : "hd"}`,
          headers: { cookie: member },
        }),
      ],
      [4, () => ({ path: "/api/v1/tags" })],
      [4, () => ({ path: "/api/v1/explore/tags" })],
    ];
    const totalWeight = mix.reduce((sum, [w]) => sum + w, 0);
    const nextRequest = () => {
      let u = rand() * totalWeight;
      for (const [w, make] of mix) {
        u -= w;
        if (u < 0) return make();
      }
      return (mix[0] as (typeof mix)[0])[1]();
    };

    const samples: SoakSample[] = [];
    const started = performance.now();
    const elapsedS = () => (performance.now() - started) / 1000;
    let uploads = 0;
    const uploadMs: number[] = [];
    let stopping = false;
    const apiProcess = api;
    const workerProcess = worker;
    const sampleOnce = async () => {
      const [apiMetrics, workerMetrics] = await Promise.all([
        scrape(`${base}/metrics`),
        scrape(`http://127.0.0.1:${WORKER_METRICS_PORT}/metrics`),
      ]);
      const of = async (p: ServerProcess, m: Record<string, number>): Promise<ProcessSample> => ({
        ...(await memoryOf(p.pid)),
        cpuMs: await cpuMsOf(p.pid),
        lagP50: m.nodejs_eventloop_lag_p50_seconds,
        lagP99: m.nodejs_eventloop_lag_p99_seconds,
        lagMax: m.nodejs_eventloop_lag_max_seconds,
        heapUsed: m.nodejs_heap_size_used_bytes,
      });
      samples.push({
        atS: elapsedS(),
        api: await of(apiProcess, apiMetrics),
        worker: await of(workerProcess, workerMetrics),
        uploads,
      });
    };
    await sampleOnce();
    const sampler = (async () => {
      while (!stopping) {
        await sleep(
          sampleEvery * 1000 - (((performance.now() - started) / 1000) % sampleEvery) * 1000,
        );
        if (stopping) break;
        await sampleOnce().catch((error: unknown) => log(`sample failed: ${String(error)}`));
        const last = samples[samples.length - 1];
        if (last && samples.length % Math.max(1, Math.round(60 / sampleEvery)) === 0) {
          log(
            `${fmt(last.atS)} s: API RSS ${mib(last.api.rss)}, lag p99 ${ms(last.api.lagP99)}; worker RSS ${mib(last.worker.rss)}; ${uploads} uploads`,
          );
        }
      }
    })();
    const uploader = (async () => {
      while (!stopping) {
        const t = performance.now();
        uploaded.push(await uploadImage(base, cookie, body));
        uploadMs.push(performance.now() - t);
        uploads += 1;
        const wait = uploadEvery * 1000 - (performance.now() - t);
        const until = performance.now() + wait;
        while (!stopping && performance.now() < until) await sleep(200);
      }
    })();
    const result = await autocannon({
      url: base,
      connections: Number(args.connections),
      overallRate: rate,
      duration: durationS,
      timeout: 60,
      requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }],
    });
    stopping = true;
    await uploader;
    await sampler;
    await sampleOnce();
    const loadAfter = loadavg();

    // RSS after the first minute (the sample nearest 60 s) and at the end.
    const near = (s: number) =>
      samples.reduce((best, x) => (Math.abs(x.atS - s) < Math.abs(best.atS - s) ? x : best));
    const oneMinute = near(Math.min(60, durationS / 10));
    const end = samples[samples.length - 1] as SoakSample;
    const growth = {
      api: end.api.rss / oneMinute.api.rss - 1,
      worker: end.worker.rss / oneMinute.worker.rss - 1,
    };
    const lagWindows = samples.slice(1);
    const lag = (p: "api" | "worker") => {
      const p99s = lagWindows.map((w) => w[p].lagP99 ?? Number.NaN).filter(Number.isFinite);
      const maxes = lagWindows.map((w) => w[p].lagMax ?? Number.NaN).filter(Number.isFinite);
      return {
        p99Median: median(p99s),
        p99Max: Math.max(...p99s),
        max: Math.max(...maxes),
      };
    };
    const lagApi = lag("api");
    const lagWorker = lag("worker");
    const met = Math.abs(growth.api) <= RSS_TOLERANCE;
    const lines: string[] = [];
    lines.push(`## Soak, ${new Date().toISOString()}`);
    lines.push("");
    lines.push(
      `- Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? "?"}), Node ${process.version}; load average before ${loadBefore.map((l) => l.toFixed(2)).join(" / ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" / ")}`,
    );
    lines.push(
      `- ${durationS} s; reads at ${rate} req/s over ${args.connections} connections (autocannon: ${result.requests.total.toLocaleString("en")} responses, ${result.non2xx} non-2xx, ${result.errors} errors, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms); ${uploads} uploads of the 4000×5000 fixture (one every ${uploadEvery} s, median ${fmt(median(uploadMs))} ms each), rated and analysed by the worker; catalogue of ${publicImages.toLocaleString("en")} public images`,
    );
    lines.push("");
    lines.push(
      "| process | RSS at start | RSS at ~1 min | RSS at end | end ÷ 1 min | peak RSS | CPU s | event-loop lag p99 (median of windows / worst window) | lag max |",
    );
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    const first = samples[0] as SoakSample;
    for (const p of ["api", "worker"] as const) {
      const l = p === "api" ? lagApi : lagWorker;
      lines.push(
        `| ${p === "api" ? "API (npm start)" : "worker (npm run worker)"} | ${mib(first[p].rss)} | ${mib(oneMinute[p].rss)} | ${mib(end[p].rss)} | ${(end[p].rss / oneMinute[p].rss).toFixed(3)} | ${mib(end[p].peak)} | ${fmt((end[p].cpuMs - first[p].cpuMs) / 1000)} | ${ms(l.p99Median)} / ${ms(l.p99Max)} | ${ms(l.max)} |`,
      );
    }
    lines.push("");
    lines.push(
      `**RSS of the API after ${fmt(end.atS)} s ÷ after ${fmt(oneMinute.atS)} s: ${(1 + growth.api).toFixed(3)} — target within ±${RSS_TOLERANCE * 100}%: ${met ? "met" : "NOT MET"}.** Worker: ${(1 + growth.worker).toFixed(3)}.`,
    );
    // One sample swings with the upload in flight: the medians of a minute's samples beside it.
    const windowMedian = (p: "api" | "worker", from: number, to: number) =>
      median(samples.filter((x) => x.atS >= from && x.atS < to).map((x) => x[p].rss));
    const lastFrom = Math.max(durationS - 60, 0);
    const firstFrom = Math.min(60, durationS / 10);
    const windows = {
      api:
        windowMedian("api", lastFrom, durationS + 1) /
        windowMedian("api", firstFrom, firstFrom + 60),
      worker:
        windowMedian("worker", lastFrom, durationS + 1) /
        windowMedian("worker", firstFrom, firstFrom + 60),
    };
    lines.push(
      `Median RSS of the last minute's samples ÷ the second minute's (single samples swing with the upload in flight): API ${windows.api.toFixed(3)}, worker ${windows.worker.toFixed(3)}.`,
    );
    lines.push("");
    lines.push("RSS over time (MiB; one row a minute):");
    lines.push("");
    lines.push(
      "| s | API RSS | API heap used | API lag p99 ms | worker RSS | worker lag p99 ms | uploads |",
    );
    lines.push("|---:|---:|---:|---:|---:|---:|---:|");
    let nextMinute = 0;
    for (const s of samples) {
      if (s.atS + 0.5 < nextMinute && s !== end) continue;
      nextMinute = Math.floor(s.atS / 60 + 1) * 60;
      lines.push(
        `| ${fmt(s.atS)} | ${mib(s.api.rss)} | ${s.api.heapUsed ? mib(s.api.heapUsed) : "—"} | ${ms(s.api.lagP99)} | ${mib(s.worker.rss)} | ${ms(s.worker.lagP99)} | ${s.uploads} |`,
      );
    }
    console.log(lines.join("\n"));
    if (args.json) {
      await writeFile(
        args.json,
        `${JSON.stringify(
          {
            date: new Date().toISOString(),
            settings: {
              durationS,
              rate,
              connections: args.connections,
              uploadEvery,
              sampleEvery,
              publicImages,
            },
            loadBefore,
            loadAfter,
            autocannon: {
              responses: result.requests.total,
              non2xx: result.non2xx,
              errors: result.errors,
              latency: result.latency,
            },
            uploads,
            uploadMs,
            oneMinute: { atS: oneMinute.atS, api: oneMinute.api, worker: oneMinute.worker },
            end: { atS: end.atS, api: end.api, worker: end.worker },
            growth,
            lag: { api: lagApi, worker: lagWorker },
            target: RSS_TOLERANCE,
            met,
            samples,
          },
          null,
          2,
        )}\n`,
      );
      log(`wrote ${args.json}`);
    }
  } finally {
    await worker?.stop();
    await api?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Prometheus text → metric name (labels dropped) → value, for the unlabelled series. */
async function scrape(url: string): Promise<Record<string, number>> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const out: Record<string, number> = {};
  for (const line of (await res.text()).split("\n")) {
    if (line.startsWith("#") || line === "") continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match?.[1] && !(match[1] in out)) out[match[1]] = Number(match[2]);
  }
  return out;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await sleep(500);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)}`;
const ms = (seconds: number | undefined) =>
  seconds === undefined || !Number.isFinite(seconds) ? "—" : (seconds * 1000).toFixed(1);

function log(message: string): void {
  console.error(message);
}

await main();
