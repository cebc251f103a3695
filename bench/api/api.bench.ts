/**
 * bench/api: the Browse list endpoint under load, next to a bare Fastify JSON route, in one run.
 * Seeds (or reuses) a 100,000-image catalogue, starts the real app and a bare Fastify reference
 * in child processes, and runs autocannon (50 connections) against every target in interleaved
 * rounds; then times the phases of one request in-process and reads the SQL plans. See
 * bench/README.md.
 *
 *   npx tsx bench/api/api.bench.ts [--rounds 3] [--duration 10] [--connections 50]
 *     [--targets ref-small,tag-p1,…] [--cpu-prof] [--json out.json] [--fresh] [--postgres]
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/database.js";
import { fmt, median } from "../lib/stats.js";
import { ServerChild } from "./children.js";
import { type ProfileSummary, profileLines, readProfile, summariseProfile } from "./cpu-profile.js";
import { type DeepPage, deepPage, everyPage, matching, type PageQuery, pageUrl } from "./pages.js";
import { createBenchPartnerKey } from "./partner-key.js";
import { measurePhases, type PhaseResult } from "./phases.js";
import { type SeedSummary, seedCatalogue, summaryLines, tagNearShare } from "./seed.js";

/** The acceptance line. */
const TARGET = {
  /** images req/s ÷ bare Fastify JSON route req/s, at least. */
  throughputRatio: 0.4,
  /** p99 of the images route, ms, at most. */
  p99Ms: 25,
  /** page 5,000 latency ÷ page 1 latency, at most. */
  deepPageRatio: 1.2,
  /** marketing API list req/s ÷ the public list's (no filter, page 1), at least (issue 16). */
  marketingRatio: 0.5,
};
const LIMIT = 20;
/** A run is server-bound when the server under load used at least this much of a core. */
const UNDISTURBED_CPU = 0.9;
const DEEP_PAGE = 5_000;

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    targets: { type: "string" },
    public: { type: "string", default: "100000" },
    private: { type: "string", default: "2000" },
    tag: { type: "string" },
    "tag-share": { type: "string", default: "0.05" },
    "data-dir": { type: "string" },
    fresh: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
    "log-level": { type: "string", default: "warn" },
    "cpu-prof": { type: "boolean", default: false },
    "profile-duration": { type: "string", default: "10" },
    "profile-target": { type: "string", default: "tag-p1" },
    "skip-phases": { type: "boolean", default: false },
    "phase-requests": { type: "string", default: "200" },
    json: { type: "string" },
  },
});

type ServerName = "reference" | "app";

interface Target {
  key: string;
  server: ServerName;
  label: string;
  path: string;
  /** Paths to request in turn instead of `path` (one a request, across all connections). */
  paths?: string[];
  /** Request headers (the marketing API's key). */
  headers?: Record<string, string>;
}

interface Sample {
  round: number;
  target: string;
  reqPerSec: number;
  /** Latency percentiles and mean, ms (autocannon). */
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  max: number;
  requests: number;
  bytesPerSec: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time of the server child during the run, ms, and of this process (autocannon). */
  serverCpuMs: number;
  benchCpuMs: number;
  durationS: number;
  /** How long the server went on working after the run (requests cut off at its end). */
  drainMs: number;
  startedAt: string;
}

const TARGET_KEYS = [
  "ref-small",
  "ref-payload",
  "ref-payload-object",
  "app-healthz",
  "tag-p1",
  "tag-deep",
  "all-p1",
  "mkt-p1",
  "all-p5000",
  "all-walk",
] as const;

async function main(): Promise<void> {
  const rounds = positiveInt(args.rounds, "--rounds");
  const duration = positiveInt(args.duration, "--duration");
  const warmup = Number(args.warmup);
  const connections = positiveInt(args.connections, "--connections");
  const publicImages = positiveInt(args.public, "--public");
  const privateImages = Number(args.private);
  const chosen = args.targets ? args.targets.split(",").map((t) => t.trim()) : [...TARGET_KEYS];
  for (const key of chosen) {
    if (!(TARGET_KEYS as readonly string[]).includes(key)) {
      throw new Error(`unknown target ${key}: use ${TARGET_KEYS.join(", ")}`);
    }
  }
  const loadBefore = loadavg();
  const git = gitState();

  // The catalogue: a cached SQLite one keyed by what shapes it, or PostgreSQL.
  const pg = await postgresUrl();
  const dataDir =
    args["data-dir"] ??
    (args.fresh || pg
      ? await mkdtemp(join(tmpdir(), "sawdust-bench-api-"))
      : await cachedDataDir(publicImages, privateImages));
  const temporaryDir = !args["data-dir"] && (args.fresh || pg !== undefined);
  log(`catalogue: ${pg ? "PostgreSQL" : dataDir}`);
  const seeded = await seedCatalogue({
    dataDir,
    databaseUrl: pg?.url,
    publicImages,
    privateImages,
    log,
  });
  for (const line of summaryLines(seeded)) log(`  ${line}`);
  const tag = args.tag
    ? { tag: args.tag, count: seeded.tags.find((t) => t.tag === args.tag)?.count ?? 0 }
    : tagNearShare(seeded.tags, seeded.publicImages, Number(args["tag-share"]));
  log(`tag: ${tag.tag}, on ${tag.count} public images (${pct(tag.count / seeded.publicImages)})`);

  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: args["log-level"],
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  const config = loadConfig({ ...env, WORKERS: "0", DEMO_CONTENT: "false" });
  let app: ServerChild | undefined;
  let reference: ServerChild | undefined;
  const work = await mkdtemp(join(tmpdir(), "sawdust-bench-api-run-"));
  try {
    app = await ServerChild.start("app", "./app-server.ts", env);
    log(`app listening on ${app.url} (pid ${app.pid})`);

    // Deep pages: computed from the database and checked against the server.
    const database = openDatabase(config);
    const tagQuery: PageQuery = { tag: tag.tag, limit: LIMIT };
    const allQuery: PageQuery = { limit: LIMIT };
    let tagDeep: DeepPage;
    let allDeep: DeepPage;
    let tagMatches: number;
    let walkPaths: string[] | undefined;
    let partnerKey: string | undefined;
    try {
      // A partner's key for the marketing API's target.
      if (chosen.includes("mkt-p1")) partnerKey = await createBenchPartnerKey(database.db);
      tagMatches = await matching(database.db, tagQuery);
      const tagLastFull = Math.floor(tagMatches / LIMIT);
      tagDeep = await deepPage(database.db, app.url, tagQuery, tagLastFull, log);
      // Page 5,000 needs 100,000 public images; a smaller catalogue gets its last full page.
      const allPage = Math.min(DEEP_PAGE, Math.floor(seeded.publicImages / LIMIT));
      allDeep = await deepPage(database.db, app.url, allQuery, allPage, log);
      // Every page of the unfiltered list, for the walk (only when cursors are computable).
      if (allDeep.via === "computed") walkPaths = await everyPage(database.db, allQuery);
    } finally {
      await database.close();
    }
    log(
      `tag pages: ${tagMatches} images, deep page ${tagDeep.page} (${tagDeep.via}); untagged page ${allDeep.page} (${allDeep.via})`,
    );

    // The real page-1 response, handed to the reference for its same-payload routes.
    const tagP1 = `/api/v1/images?limit=${LIMIT}&tag=${encodeURIComponent(tag.tag)}`;
    const page1 = await fetch(app.url + tagP1);
    const page1Body = Buffer.from(await page1.arrayBuffer());
    if (!page1.ok) throw new Error(`GET ${tagP1}: ${page1.status} ${page1Body.toString()}`);
    const payloadFile = join(work, "page-1.json");
    await writeFile(payloadFile, page1Body);
    reference = await ServerChild.start("reference", "./reference-server.ts", {
      PAYLOAD_FILE: payloadFile,
    });
    log(
      `reference listening on ${reference.url} (pid ${reference.pid}); page-1 payload ${page1Body.length} bytes`,
    );

    const all: Record<string, Target> = {
      "ref-small": {
        key: "ref-small",
        server: "reference",
        path: "/small",
        label: 'bare Fastify: small JSON ({"hello":"world"})',
      },
      "ref-payload": {
        key: "ref-payload",
        server: "reference",
        path: "/payload",
        label: `bare Fastify: page-1 bytes (${page1Body.length} B), pre-serialised`,
      },
      "ref-payload-object": {
        key: "ref-payload-object",
        server: "reference",
        path: "/payload-object",
        label: "bare Fastify: page-1 object, JSON.stringify per request",
      },
      "app-healthz": {
        key: "app-healthz",
        server: "app",
        path: "/healthz",
        label: "Sawdust GET /healthz (the app's hooks, no work)",
      },
      "tag-p1": {
        key: "tag-p1",
        server: "app",
        path: tagP1,
        label: `Sawdust images, tag=${tag.tag}, page 1`,
      },
      "tag-deep": {
        key: "tag-deep",
        server: "app",
        path: pageUrl(tagQuery, tagDeep.cursor),
        label: `Sawdust images, tag=${tag.tag}, page ${tagDeep.page} (last full)`,
      },
      "all-p1": {
        key: "all-p1",
        server: "app",
        path: pageUrl(allQuery, undefined),
        label: "Sawdust images, no filter, page 1",
      },
      "mkt-p1": {
        key: "mkt-p1",
        server: "app",
        path: "/api/v1/marketing/images?limit=20",
        headers: { authorization: `Bearer ${partnerKey}` },
        label: "Sawdust marketing API images (a partner's key), no filter, page 1",
      },
      "all-p5000": {
        key: "all-p5000",
        server: "app",
        path: pageUrl(allQuery, allDeep.cursor),
        label: `Sawdust images, no filter, page ${allDeep.page}`,
      },
    };
    if (walkPaths) {
      all["all-walk"] = {
        key: "all-walk",
        server: "app",
        path: pageUrl(allQuery, undefined),
        paths: walkPaths,
        label: `Sawdust images, no filter, pages 1…${walkPaths.length} in turn (each request a different page)`,
      };
    } else if (chosen.includes("all-walk")) {
      log("all-walk skipped: the cursors could not be computed");
    }
    const targets = chosen.filter((key) => all[key]).map((key) => all[key] as Target);
    const servers = { app, reference };
    const responseBytes: Record<string, number> = {};
    for (const target of targets) {
      const res = await fetch(servers[target.server].url + target.path, {
        headers: target.headers,
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok)
        throw new Error(`GET ${target.path}: ${res.status} ${body.toString().slice(0, 300)}`);
      responseBytes[target.key] = body.length;
    }

    // Warm-up: every target once (JIT, SQLite page cache), not recorded.
    if (warmup > 0) {
      log(`warm-up: ${warmup} s per target`);
      for (const target of targets) {
        await cannon(servers[target.server].url, target, connections, warmup);
        await drain(servers[target.server]);
      }
    }

    const samples: Sample[] = [];
    for (let round = 0; round < rounds; round++) {
      // Rotate the order each round and reverse it every other round, so no target always runs
      // first, nor always right after the same one.
      const rotated = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
      const order = round % 2 === 1 ? rotated.reverse() : rotated;
      for (const target of order) {
        const server = servers[target.server];
        const before = await server.usage();
        const benchCpu = process.cpuUsage();
        const startedAt = new Date().toISOString();
        const result = await cannon(server.url, target, connections, duration);
        const benchUsed = process.cpuUsage(benchCpu);
        const after = await server.usage();
        const drainMs = await drain(server);
        // No response at all in the run: its latencies are unknown, not zero.
        const latency = (ms: number) => (result.requests.total > 0 ? ms : Number.NaN);
        const sample: Sample = {
          round,
          target: target.key,
          reqPerSec: result.requests.average,
          p50: latency(result.latency.p50),
          p90: latency(result.latency.p90),
          p99: latency(result.latency.p99),
          mean: latency(result.latency.average),
          max: latency(result.latency.max),
          requests: result.requests.total,
          bytesPerSec: result.throughput.average,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          serverCpuMs: after.cpuMs - before.cpuMs,
          benchCpuMs: (benchUsed.user + benchUsed.system) / 1000,
          durationS: result.duration,
          drainMs,
          startedAt,
        };
        samples.push(sample);
        log(
          `round ${round + 1}/${rounds} ${target.key.padEnd(18)} ${fmt(sample.reqPerSec).padStart(6)} req/s  p50 ${fmt(sample.p50)} ms  p99 ${fmt(sample.p99)} ms  server CPU ${pct(sample.serverCpuMs / (sample.durationS * 1000))}, ${cpuPerResponse(sample)} ms a response${sample.non2xx + sample.errors > 0 ? `  ${sample.non2xx} non-2xx, ${sample.errors} errors` : ""}`,
        );
      }
    }
    const loadAfter = loadavg();

    let profile: ProfileSummary | undefined;
    let profileFile: string | undefined;
    const profiled = all[args["profile-target"] ?? "tag-p1"];
    if (args["cpu-prof"]) {
      if (profiled?.server !== "app")
        throw new Error("--profile-target must be one of the app's targets");
      const seconds = positiveInt(args["profile-duration"], "--profile-duration");
      // Kept outside the run's folder (open it in Chrome DevTools); only its summary is recorded.
      profileFile = join(
        tmpdir(),
        "sawdust-bench",
        `api-profile-${new Date().toISOString().replace(/[:.]/g, "")}-${profiled.key}.cpuprofile`,
      );
      log(`profiling the app under ${profiled.key} for ${seconds} s`);
      await app.startProfile();
      await cannon(app.url, profiled, connections, seconds);
      await app.stopProfile(profileFile);
      await drain(app);
      profile = summariseProfile(await readProfile(profileFile));
    }

    await reference.stop();
    await app.stop();
    reference = undefined;
    app = undefined;

    let phases: PhaseResult[] = [];
    if (!args["skip-phases"]) {
      log("phases of one request (in-process, server.inject):");
      // The images service's phases: not the key-guarded marketing route (inject sends no key).
      const phaseTargets = targets.filter(
        (t) => t.server === "app" && t.key !== "app-healthz" && !t.paths && !t.headers,
      );
      phases = await measurePhases(
        loadConfig({ ...env, LOG_LEVEL: "silent", WORKERS: "0", DEMO_CONTENT: "false" }),
        phaseTargets.map((t) => ({ name: t.key, path: t.path })),
        { warmup: 50, requests: positiveInt(args["phase-requests"], "--phase-requests"), log },
      );
    }

    const report = buildReport({
      targets,
      samples,
      responseBytes,
      rounds,
      duration,
      connections,
      seeded,
      tag,
      tagMatches,
      tagDeep,
      allDeep,
      loadBefore,
      loadAfter,
      phases,
      profile,
      profileFile,
      profileTarget: args["profile-target"] ?? "tag-p1",
      git,
      logLevel: args["log-level"] ?? "warn",
    });
    console.log(report.markdown);
    if (args.json) {
      await writeFile(args.json, `${JSON.stringify(report.data, null, 2)}\n`);
      log(`wrote ${args.json}`);
    }
  } finally {
    await reference?.stop();
    await app?.stop();
    await rm(work, { recursive: true, force: true });
    if (temporaryDir) await rm(dataDir, { recursive: true, force: true });
    await pg?.stop();
  }
}

function cannon(
  base: string,
  target: Target,
  connections: number,
  duration: number,
): Promise<autocannon.Result> {
  const options: autocannon.Options = {
    url: base + target.path,
    connections,
    duration,
    pipelining: 1,
    timeout: 60,
    headers: target.headers,
  };
  const paths = target.paths;
  if (paths) {
    let next = 0;
    options.requests = [
      { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }) },
    ];
  }
  return autocannon(options);
}

/**
 * Waits until the server has finished the requests still queued when autocannon stopped (up to
 * 50 of them: a slow route's backlog would otherwise eat into the next run). Idle means under
 * 5% of a core over two consecutive quarter-seconds. Returns how long that took.
 */
async function drain(server: ServerChild): Promise<number> {
  const started = performance.now();
  let last = await server.usage();
  let quiet = 0;
  while (quiet < 2 && performance.now() - started < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await server.usage();
    quiet = (now.cpuMs - last.cpuMs) / 250 < 0.05 ? quiet + 1 : 0;
    last = now;
  }
  return performance.now() - started;
}

/** The server's CPU time per response: its cost, whatever else the machine was doing. */
function cpuPerResponse(sample: Sample): string {
  return sample.requests > 0 ? (sample.serverCpuMs / sample.requests).toFixed(3) : "—";
}

/* ------------------------------------------------------------------------------- the catalogue */

const SERVER_SRC = fileURLToPath(new URL("../../apps/server/src/", import.meta.url));
const HERE = fileURLToPath(new URL("./", import.meta.url));
const REPO = fileURLToPath(new URL("../../", import.meta.url));

/**
 * A cached catalogue's folder: named by a hash of everything that shapes its rows (the
 * migrations, the analysis code the maker calls, the maker itself) and its size. Other cached
 * catalogues of this bench are removed when a new one is made (each is ~0.5 GB).
 */
async function cachedDataDir(publicImages: number, privateImages: number): Promise<string> {
  const hash = createHash("sha256");
  const files = [
    ...(await filesUnder(join(SERVER_SRC, "db"))),
    ...(await filesUnder(join(SERVER_SRC, "media", "analysis"))),
    join(SERVER_SRC, "media", "renditions.ts"),
    join(SERVER_SRC, "demo", "artworks.ts"),
    join(HERE, "catalogue.ts"),
    join(HERE, "vocabulary.ts"),
    join(HERE, "seed.ts"),
  ].sort();
  for (const file of files) {
    hash.update(relative(REPO, file));
    hash.update(await readFile(file));
  }
  const name = `api-${hash.digest("hex").slice(0, 12)}-${publicImages}-${privateImages}`;
  const root = join(tmpdir(), "sawdust-bench");
  await mkdir(root, { recursive: true });
  for (const entry of await readdir(root)) {
    if (/^api-[0-9a-f]{12}-\d+-\d+$/.test(entry) && entry !== name) {
      log(`removing an outdated catalogue: ${entry}`);
      await rm(join(root, entry), { recursive: true, force: true });
    }
  }
  return join(root, name);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.includes(".test."))
    .map((e) => join(e.parentPath, e.name));
}

/** DATABASE_URL as given, or with --postgres a throwaway cluster (scripts/lib/postgres.mjs). */
async function postgresUrl(): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  if (!args.postgres) return undefined;
  const helper = fileURLToPath(new URL("../../scripts/lib/postgres.mjs", import.meta.url));
  const { startThrowawayPostgres } = (await import(helper)) as {
    startThrowawayPostgres(): Promise<{ url: string; version: string; stop(): void }>;
  };
  const cluster = await startThrowawayPostgres();
  log(`PostgreSQL ${cluster.version}: a throwaway cluster (fsync off)`);
  return { url: cluster.url, stop: async () => cluster.stop() };
}

/* ------------------------------------------------------------------------------------ report */

interface ReportInput {
  targets: Target[];
  samples: Sample[];
  responseBytes: Record<string, number>;
  rounds: number;
  duration: number;
  connections: number;
  seeded: SeedSummary;
  tag: { tag: string; count: number };
  tagMatches: number;
  tagDeep: DeepPage;
  allDeep: DeepPage;
  loadBefore: number[];
  loadAfter: number[];
  phases: PhaseResult[];
  profile: ProfileSummary | undefined;
  profileFile: string | undefined;
  profileTarget: string;
  logLevel: string;
  /** The code measured: read when the run starts (HEAD may move while it runs). */
  git: { head: string; dirty: string[] };
}

function buildReport(input: ReportInput) {
  const of = (key: string) => input.samples.filter((s) => s.target === key);
  const stat = (key: string, field: keyof Sample) => median(of(key).map((s) => s[field] as number));
  const has = (key: string) => of(key).length > 0;
  const summaries = Object.fromEntries(
    input.targets.map((t) => [
      t.key,
      {
        label: t.label,
        path: t.path,
        responseBytes: input.responseBytes[t.key],
        reqPerSec: stat(t.key, "reqPerSec"),
        p50: stat(t.key, "p50"),
        p90: stat(t.key, "p90"),
        p99: stat(t.key, "p99"),
        mean: stat(t.key, "mean"),
        responses: median(of(t.key).map((s) => s.requests)),
        cpuMsPerResponse: median(
          of(t.key).map((s) => (s.requests > 0 ? s.serverCpuMs / s.requests : Number.NaN)),
        ),
        serverCpu: median(of(t.key).map((s) => s.serverCpuMs / (s.durationS * 1000))),
        benchCpu: median(of(t.key).map((s) => s.benchCpuMs / (s.durationS * 1000))),
        non2xx: of(t.key).reduce((sum, s) => sum + s.non2xx + s.errors, 0),
      },
    ]),
  );
  /** Median over rounds of the per-round ratio a ÷ b of a field. */
  const paired = (a: string, b: string, field: keyof Sample) =>
    median(
      [...new Set(input.samples.map((s) => s.round))].map((round) => {
        const x = input.samples.find((s) => s.round === round && s.target === a);
        const y = input.samples.find((s) => s.round === round && s.target === b);
        return x && y ? (x[field] as number) / (y[field] as number) : Number.NaN;
      }),
    );
  const ratio = (a: string, b: string, field: keyof Sample) =>
    has(a) && has(b)
      ? { ofMedians: stat(a, field) / stat(b, field), pairedMedian: paired(a, b, field) }
      : undefined;

  const throughput = {
    vsSmall: ratio("tag-p1", "ref-small", "reqPerSec"),
    vsPayload: ratio("tag-p1", "ref-payload", "reqPerSec"),
    vsPayloadObject: ratio("tag-p1", "ref-payload-object", "reqPerSec"),
    healthzVsSmall: ratio("app-healthz", "ref-small", "reqPerSec"),
    untaggedVsSmall: ratio("all-p1", "ref-small", "reqPerSec"),
    /** The marketing API's list ÷ the public list, the same page (issue 16). */
    marketingVsPublic: ratio("mkt-p1", "all-p1", "reqPerSec"),
    /** Server CPU per response, small JSON ÷ images: the throughput ratio if CPU were all. */
    cpuVsSmall:
      has("tag-p1") && has("ref-small")
        ? (summaries["ref-small"]?.cpuMsPerResponse ?? Number.NaN) /
          (summaries["tag-p1"]?.cpuMsPerResponse ?? Number.NaN)
        : undefined,
  };
  const deep = {
    untaggedP50: ratio("all-p5000", "all-p1", "p50"),
    untaggedP99: ratio("all-p5000", "all-p1", "p99"),
    untaggedMean: ratio("all-p5000", "all-p1", "mean"),
    taggedP50: ratio("tag-deep", "tag-p1", "p50"),
    taggedP99: ratio("tag-deep", "tag-p1", "p99"),
  };
  const verdicts = {
    throughput: throughput.vsSmall
      ? throughput.vsSmall.ofMedians >= TARGET.throughputRatio
      : undefined,
    p99: has("tag-p1") ? stat("tag-p1", "p99") <= TARGET.p99Ms : undefined,
    marketing: throughput.marketingVsPublic
      ? throughput.marketingVsPublic.ofMedians >= TARGET.marketingRatio
      : undefined,
    deepPage:
      deep.untaggedP50 && deep.untaggedP99
        ? Math.max(deep.untaggedP50.ofMedians, deep.untaggedP99.ofMedians) <= TARGET.deepPageRatio
        : undefined,
  };
  const verdict = (v: boolean | undefined) =>
    v === undefined ? "not measured" : v ? "met" : "NOT MET";

  // Runs in which the server under load had a core to itself (at capacity a one-threaded server
  // is at ~100%); below that it waited for a CPU other work held, or for autocannon.
  const undisturbed = (key: string) =>
    of(key).filter((x) => x.serverCpuMs / (x.durationS * 1000) >= UNDISTURBED_CPU);
  const calm = Object.fromEntries(
    input.targets.map((t) => {
      const runs = undisturbed(t.key);
      return [
        t.key,
        {
          runs: runs.length,
          reqPerSec: median(runs.map((x) => x.reqPerSec)),
          p50: median(runs.map((x) => x.p50)),
          p99: median(runs.map((x) => x.p99)),
        },
      ];
    }),
  );
  const calmRatio = (a: string, b: string, field: "reqPerSec" | "p50" | "p99") =>
    (calm[a]?.[field] ?? Number.NaN) / (calm[b]?.[field] ?? Number.NaN);

  const git = input.git;
  const cpuModel = cpus()[0]?.model ?? "unknown CPU";
  const lines: string[] = [];
  lines.push(`## Run of ${new Date().toISOString()}`);
  lines.push("");
  lines.push(
    `- Machine: ${availableParallelism()} CPUs (${cpuModel}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; autocannon in the bench process, each server in a child process of its own (so at most 2 cores between autocannon and the server under load)`,
  );
  lines.push(
    `- Load average (1/5/15 min): before ${input.loadBefore.map((l) => l.toFixed(2)).join(" / ")}, after ${input.loadAfter.map((l) => l.toFixed(2)).join(" / ")}`,
  );
  lines.push(
    `- Code: HEAD ${git.head}${git.dirty.length > 0 ? `, uncommitted: ${git.dirty.join(", ")}` : ", clean"}`,
  );
  const gitEnd = gitState();
  if (gitEnd.head !== git.head) {
    lines.push(
      `- **HEAD moved to ${gitEnd.head} during the run**: the children ran the code of the start.`,
    );
  }
  for (const line of summaryLines(input.seeded)) lines.push(`- Catalogue: ${line}`);
  lines.push(
    `- Tag: \`${input.tag.tag}\`, on ${input.tagMatches} public images (${pct(input.tagMatches / input.seeded.publicImages)}); its deep page is ${input.tagDeep.page}, the last full one. Untagged deep page: ${input.allDeep.page} (cursors ${input.allDeep.via === "computed" && input.tagDeep.via === "computed" ? "computed from the database and checked against the server's nextCursor" : "walked"})`,
  );
  lines.push(
    `- autocannon: ${input.connections} connections, no pipelining, ${input.duration} s per run, ${input.rounds} interleaved rounds (order rotated each round, reversed every other round) after a warm-up run of every target; medians over the rounds. App LOG_LEVEL=${input.logLevel}, WORKERS=0, no demo content.`,
  );
  lines.push("");
  lines.push(
    "| target | bytes | req/s | p50 ms | p90 ms | p99 ms | mean ms | responses a run | server CPU ms a response | server CPU | autocannon CPU | errors |",
  );
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const t of input.targets) {
    const s = summaries[t.key];
    if (!s) continue;
    lines.push(
      `| ${t.label} | ${s.responseBytes ?? ""} | ${s.reqPerSec.toFixed(0)} | ${fmt(s.p50)} | ${fmt(s.p90)} | ${fmt(s.p99)} | ${fmt(s.mean)} | ${s.responses.toFixed(0)} | ${s.cpuMsPerResponse.toFixed(3)} | ${pct(s.serverCpu)} | ${pct(s.benchCpu)} | ${s.non2xx} |`,
    );
  }
  lines.push("");
  const r = (x: { ofMedians: number; pairedMedian: number } | undefined) =>
    x
      ? `${x.ofMedians.toFixed(3)} (per-round median ${x.pairedMedian.toFixed(3)})`
      : "not measured";
  lines.push("Acceptance:");
  lines.push("");
  lines.push(
    `- **Throughput, images (tag, page 1) ÷ bare Fastify small JSON: ${r(throughput.vsSmall)} — target ≥ ${TARGET.throughputRatio}: ${verdict(verdicts.throughput)}.** Beside it: ÷ same payload pre-serialised ${r(throughput.vsPayload)}; ÷ same payload stringified per request ${r(throughput.vsPayloadObject)}.`,
  );
  if (throughput.cpuVsSmall !== undefined) {
    lines.push(
      `- Cross-check on server CPU per response (small JSON ÷ images, tag page 1): ${throughput.cpuVsSmall.toFixed(3)}. This is what the throughput ratio would be if each server had a core to itself; it hardly moves with the machine's load.`,
    );
  }
  lines.push(
    `- **p99, images (tag, page 1): ${has("tag-p1") ? fmt(stat("tag-p1", "p99")) : "—"} ms — target ≤ ${TARGET.p99Ms} ms: ${verdict(verdicts.p99)}.**`,
  );
  lines.push(
    `- **Page ${input.allDeep.page} ÷ page 1 (no filter): p50 ${r(deep.untaggedP50)}, p99 ${r(deep.untaggedP99)} — target ≤ ${TARGET.deepPageRatio}: ${verdict(verdicts.deepPage)}.** Tagged, page ${input.tagDeep.page} ÷ page 1: p50 ${r(deep.taggedP50)}, p99 ${r(deep.taggedP99)}.`,
  );
  const phase = (key: string) => input.phases.find((p) => p.target === key);
  const inProcess = (a: string, b: string) => {
    const x = phase(a);
    const y = phase(b);
    return x && y ? (x.inject / y.inject).toFixed(3) : "not measured";
  };
  if (input.phases.length > 0) {
    lines.push(
      `- Cross-check without queueing or the machine's noise (in-process phases below, median of ${phase("all-p1")?.requests ?? "—"} interleaved requests each): page ${input.allDeep.page} ÷ page 1 ${inProcess("all-p5000", "all-p1")}; tagged page ${input.tagDeep.page} ÷ page 1 ${inProcess("tag-deep", "tag-p1")}.`,
    );
  }
  lines.push(
    `- **Marketing API list (a partner's key: its check and its count in the database) ÷ the public list, no filter, page 1: ${r(throughput.marketingVsPublic)} — target ≥ ${TARGET.marketingRatio}: ${verdict(verdicts.marketing)}.**${has("mkt-p1") ? ` Server CPU a response: ${summaries["mkt-p1"]?.cpuMsPerResponse.toFixed(3)} ms vs ${summaries["all-p1"]?.cpuMsPerResponse.toFixed(3) ?? "—"} ms.` : ""}`,
  );
  lines.push(
    `- Context: the app's floor (/healthz ÷ small JSON) ${r(throughput.healthzVsSmall)}; untagged page 1 ÷ small JSON ${r(throughput.untaggedVsSmall)}. With ${input.connections} connections in a closed loop, mean latency ≈ ${input.connections} ÷ req/s (Little's law): a p99 of ${TARGET.p99Ms} ms needs roughly ${Math.round(input.connections / (TARGET.p99Ms / 1000))} req/s or more.`,
  );
  lines.push("");
  if (input.targets.some((t) => (calm[t.key]?.runs ?? 0) > 0)) {
    lines.push(
      `Server-bound runs only (the server under load at ≥ ${UNDISTURBED_CPU * 100}% of a core: it set the pace; in the others it waited for a CPU that other work held, or autocannon could not read its answers faster, which happens with 25 KB pages when the machine is quiet and autocannon reaches 100%):`,
    );
    lines.push("");
    lines.push("| target | runs | req/s | p50 ms | p99 ms |");
    lines.push("|---|---:|---:|---:|---:|");
    for (const t of input.targets) {
      const c = calm[t.key];
      if (!c) continue;
      lines.push(
        `| ${t.key} | ${c.runs} of ${of(t.key).length} | ${c.runs > 0 ? c.reqPerSec.toFixed(0) : "—"} | ${c.runs > 0 ? fmt(c.p50) : "—"} | ${c.runs > 0 ? fmt(c.p99) : "—"} |`,
      );
    }
    lines.push("");
    lines.push(
      `On those runs: tag page 1 ÷ small JSON ${calmRatio("tag-p1", "ref-small", "reqPerSec").toFixed(3)}; tag page 1 p99 ${fmt(calm["tag-p1"]?.p99 ?? Number.NaN)} ms; page ${input.allDeep.page} ÷ page 1 p50 ${calmRatio("all-p5000", "all-p1", "p50").toFixed(3)}, p99 ${calmRatio("all-p5000", "all-p1", "p99").toFixed(3)}.`,
    );
    lines.push("");
  }
  lines.push("Every run:");
  lines.push("");
  lines.push(
    "| round | target | started | req/s | p50 ms | p99 ms | responses | server CPU ms a response | server CPU | autocannon CPU | drain s | errors |",
  );
  lines.push("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const s of input.samples) {
    lines.push(
      `| ${s.round + 1} | ${s.target} | ${s.startedAt.slice(11, 19)} | ${s.reqPerSec.toFixed(0)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${s.requests} | ${cpuPerResponse(s)} | ${pct(s.serverCpuMs / (s.durationS * 1000))} | ${pct(s.benchCpuMs / (s.durationS * 1000))} | ${(s.drainMs / 1000).toFixed(1)} | ${s.non2xx + s.errors} |`,
    );
  }

  if (input.phases.length > 0) {
    lines.push("");
    lines.push(
      "Phases of one request (in-process `server.inject`, no socket; medians per request, ms; everything is synchronous on one thread, so wall = CPU). Rows named by a target alone had the service's caches cleared before each request (what a miss costs); `(cached)` rows are the same requests as they come (a hit: no list call, so all of it counts as Fastify and the cache lookup):",
    );
    lines.push("");
    const methodNames = [...new Set(input.phases.flatMap((p) => Object.keys(p.methods)))];
    lines.push(
      `| target | inject total | Fastify (routing, hooks, validation, reply) | JSON.stringify | service list | ${methodNames.map((m) => `repo ${m}`).join(" | ")} | of which SQL prepare | SQL execute | service JS (filter, presenter, cursor) | of which JSON.parse ai_analysis |`,
    );
    lines.push(`|---|${"---:|".repeat(8 + methodNames.length)}`);
    for (const p of input.phases) {
      lines.push(
        `| ${p.target} | ${p.inject.toFixed(2)} | ${p.fastify.toFixed(2)} | ${p.stringify.toFixed(2)} | ${p.list.toFixed(2)} | ${methodNames.map((m) => (p.methods[m] === undefined ? "—" : (p.methods[m] as number).toFixed(2))).join(" | ")} | ${p.sqlPrepare.toFixed(2)} | ${p.sqlExecute.toFixed(2)} | ${p.serviceJs.toFixed(2)} | ${p.parseAnalysis.toFixed(2)} |`,
      );
    }
    lines.push("");
    lines.push(
      "Statements per request and their plans (EXPLAIN QUERY PLAN with the request's parameters):",
    );
    for (const p of input.phases) {
      if (p.statements.length + p.warmupOnly.length === 0) continue;
      lines.push("");
      lines.push(`${p.target} (\`${p.path}\`):`);
      for (const s of p.statements) {
        lines.push("");
        lines.push(
          `- ${s.method}: ${s.calls >= 1 ? s.calls.toFixed(0) : s.calls.toFixed(3)}× a request, prepare ${s.prepareMs.toFixed(3)} ms, execute ${s.executeMs.toFixed(3)} ms, ${s.rows.toFixed(0)} rows`,
        );
        lines.push("");
        lines.push("  ```sql");
        lines.push(`  ${s.sql}`);
        lines.push("  ```");
        lines.push("");
        lines.push("  ```text");
        for (const planLine of s.plan) lines.push(`  ${planLine}`);
        lines.push("  ```");
      }
      for (const s of p.warmupOnly) {
        lines.push("");
        lines.push(`- ${s.method}: in the warm-up only (not run again: cached)`);
        lines.push("");
        lines.push("  ```sql");
        lines.push(`  ${s.sql}`);
        lines.push("  ```");
        lines.push("");
        lines.push("  ```text");
        for (const planLine of s.plan) lines.push(`  ${planLine}`);
        lines.push("  ```");
      }
    }
  }
  if (input.profile) {
    lines.push("");
    lines.push(
      `CPU profile of the app child under ${input.profileTarget} load (${input.profileFile ? basename(input.profileFile) : ""}):`,
    );
    lines.push("");
    for (const line of profileLines(input.profile)) lines.push(line);
  }

  return {
    markdown: lines.join("\n"),
    data: {
      date: new Date().toISOString(),
      machine: {
        cpus: availableParallelism(),
        cpuModel,
        node: process.version,
        loadBefore: input.loadBefore,
        loadAfter: input.loadAfter,
      },
      git,
      catalogue: input.seeded,
      tag: { ...input.tag, matches: input.tagMatches, deepPage: input.tagDeep },
      untaggedDeepPage: input.allDeep,
      settings: {
        rounds: input.rounds,
        duration: input.duration,
        connections: input.connections,
        logLevel: input.logLevel,
      },
      target: TARGET,
      summaries,
      undisturbed: calm,
      throughput,
      deep,
      verdicts,
      samples: input.samples,
      phases: input.phases,
      profile: input.profile,
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
    dirty: run("status", "--porcelain", "--", "apps/server", "packages")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3)),
  };
}

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
}

function pct(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** Progress goes to stderr; the report alone goes to stdout. */
function log(message: string): void {
  console.error(message);
}

if (!existsSync(join(HERE, "app-server.ts"))) throw new Error("run from the repository");
await main();
