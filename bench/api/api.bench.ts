/**
 * bench/api: the API under load at two catalogue sizes side by side (100,000 and 1,000,000 public
 * images by default), next to a bare Fastify reference, in one run. Seeds (or reuses) each
 * catalogue, starts one app per catalogue and the reference in child processes, and runs
 * autocannon (50 connections) against every target at every size in interleaved rounds. See
 * bench/README.md.
 *
 *   npx tsx bench/api/api.bench.ts [--sizes 100000,1000000] [--rounds 3] [--duration 8]
 *     [--targets ref-payload-object,member-tag-p1,…] [--postgres] [--cpu-prof] [--phases]
 *     [--json out.json]
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/database.js";
import { fmt, median } from "../lib/stats.js";
import {
  BENCH_ROOT,
  type BenchPostgres,
  cachedSqliteDir,
  catalogueHash,
  derivedHash,
  startBenchPostgres,
} from "./catalogues.js";
import { ServerChild } from "./children.js";
import { type ProfileSummary, profileLines, readProfile, summariseProfile } from "./cpu-profile.js";
import { downloadLoad } from "./download-load.js";
import { createBenchMember, ensureXlarge, XLARGE_BYTES } from "./members.js";
import { type DeepPage, deepPage, everyPage, matching, type PageQuery, pageUrl } from "./pages.js";
import { createBenchPartnerKey } from "./partner-key.js";
import { measurePhases, type PhaseResult } from "./phases.js";
import {
  type SeedSummary,
  seedCatalogue,
  summaryLines,
  type TagCount,
  tagNearShare,
} from "./seed.js";

/** Issue 18's lines (and the earlier ones still read from this run). */
const TARGET = {
  /** A page no cache holds, req/s ÷ ref-payload-object's, at the largest size: at least. */
  uncachedVsPayloadObject: 0.5,
  /** Its p99 at 50 connections, ms: at most. */
  p99Ms: 25,
  /** Server CPU a response, largest ÷ smallest catalogue: at most. */
  growth: 1.2,
  /** The deep page ÷ page 1: at most. */
  deepPageRatio: 1.2,
  /** Download route bytes/s ÷ @fastify/static's for the same file: at least. */
  downloadVsStatic: 0.7,
};
const LIMIT = 20;
/** A run is server-bound when the server under load used at least this much of a core. */
const UNDISTURBED_CPU = 0.9;
/** The deep page of the unfiltered list: page 50,000 when the catalogue has it. */
const DEEP_PAGE = 50_000;
/**
 * Ports (`--port-base N`): the reference on N, one app per size from N + 1, the PostgreSQL
 * cluster on N + 18. Without it, any free ports (and 55480 for the cluster).
 */
const ports = () => {
  const base = Number(args["port-base"] ?? 0);
  return base > 0
    ? { reference: base, firstApp: base + 1, postgres: base + 18 }
    : { reference: 0, firstApp: 0, postgres: 55_480 };
};

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    "private-share": { type: "string", default: "0.02" },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    "port-base": { type: "string" },
    "download-connections": { type: "string", default: "10" },
    targets: { type: "string" },
    tag: { type: "string" },
    "tag-share": { type: "string", default: "0.05" },
    fresh: { type: "boolean", default: false },
    postgres: { type: "boolean", default: false },
    "log-level": { type: "string", default: "warn" },
    "cpu-prof": { type: "boolean", default: false },
    "profile-duration": { type: "string", default: "10" },
    "profile-target": { type: "string", default: "member-tag-p1" },
    "profile-size": { type: "string" },
    phases: { type: "boolean", default: false },
    "phase-requests": { type: "string", default: "200" },
    json: { type: "string" },
    "seed-only": { type: "boolean", default: false },
  },
});

type TargetKind = "list" | "walk" | "search" | "tags" | "download" | "other";

interface Target {
  /** `key` for the reference's targets, `key@size` for the app's. */
  id: string;
  key: string;
  /** Public images of the catalogue; undefined for the reference. */
  size?: number;
  server: ServerChild;
  label: string;
  path: string;
  /** Paths to request in turn instead of `path` (one a request, across all connections). */
  paths?: string[];
  headers?: Record<string, string>;
}

interface Sample {
  round: number;
  target: string;
  key: string;
  size: number | null;
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
  /** PostgreSQL: CPU time of the cluster's processes during the run, ms. */
  dbCpuMs?: number;
  benchCpuMs: number;
  durationS: number;
  /** How long the server went on working after the run (requests cut off at its end). */
  drainMs: number;
  startedAt: string;
}

const REFERENCE_KEYS = ["ref-small", "ref-payload", "ref-payload-object", "ref-static"] as const;
const APP_KEYS = [
  "app-healthz",
  "tag-p1",
  "all-walk",
  "member-tag-p1",
  "member-walk",
  "member-p1",
  "member-deep",
  "search-common",
  "search-rare",
  "tags",
  "explore",
  "download",
  "all-p1",
  "all-deep",
  "mkt-p1",
] as const;
const DEFAULT_KEYS = [
  "ref-small",
  "ref-payload-object",
  "ref-static",
  "app-healthz",
  "tag-p1",
  "all-walk",
  "member-tag-p1",
  "member-walk",
  "member-p1",
  "member-deep",
  "search-common",
  "search-rare",
  "tags",
  "explore",
  "download",
];
const KIND: Record<string, TargetKind> = {
  "tag-p1": "list",
  "all-walk": "walk",
  "member-tag-p1": "list",
  "member-walk": "walk",
  "member-p1": "list",
  "member-deep": "list",
  "all-p1": "list",
  "all-deep": "list",
  "search-common": "search",
  "search-rare": "search",
  tags: "tags",
  explore: "tags",
  download: "download",
};

/** One catalogue and the app serving it. */
interface Catalogue {
  size: number;
  privateImages: number;
  dataDir: string;
  databaseUrl?: string;
  seeded: SeedSummary;
  app?: ServerChild;
}

async function main(): Promise<void> {
  const rounds = positiveInt(args.rounds, "--rounds");
  const duration = positiveInt(args.duration, "--duration");
  const warmup = Number(args.warmup);
  const connections = positiveInt(args.connections, "--connections");
  const sizes = (args.sizes ?? "")
    .split(",")
    .map((s) => positiveInt(s.trim(), "--sizes"))
    .sort((a, b) => a - b);
  const privateShare = Number(args["private-share"]);
  const chosen = args.targets ? args.targets.split(",").map((t) => t.trim()) : DEFAULT_KEYS;
  for (const key of chosen) {
    if (![...REFERENCE_KEYS, ...APP_KEYS].includes(key as never)) {
      throw new Error(`unknown target ${key}: use ${[...REFERENCE_KEYS, ...APP_KEYS].join(", ")}`);
    }
  }
  const loadBefore = loadavg();
  const git = gitState();
  const hash = await catalogueHash();
  const derivedVersion = await derivedHash();

  let postgres: BenchPostgres | undefined;
  const catalogues: Catalogue[] = [];
  let reference: ServerChild | undefined;
  const work = await mkdtemp(join(tmpdir(), "sawdust-bench-api-run-"));
  const temporary: string[] = [];
  try {
    if (args.postgres) {
      postgres = await startBenchPostgres(hash, ports().postgres, log);
      log(`${postgres.version}: the bench's cluster (fsync off), port ${ports().postgres}`);
    }

    // The catalogues: cached between runs unless --fresh.
    for (const size of sizes) {
      const privateImages = Math.round(size * privateShare);
      let dataDir: string;
      let databaseUrl: string | undefined;
      const dbName = `bench_${size}_${privateImages}`;
      if (postgres) {
        dataDir = join(BENCH_ROOT, `pg-${hash}`, `media-${size}`);
        databaseUrl = await postgres.databaseUrl(dbName);
      } else if (args.fresh) {
        dataDir = await mkdtemp(join(tmpdir(), "sawdust-bench-api-"));
        temporary.push(dataDir);
      } else {
        dataDir = await cachedSqliteDir(hash, size, privateImages, log);
      }
      log(`catalogue of ${size.toLocaleString("en")}: ${postgres ? dbName : dataDir}`);
      const seed = () =>
        seedCatalogue({
          dataDir,
          databaseUrl,
          publicImages: size,
          privateImages,
          derivedVersion,
          log,
        });
      let seeded: SeedSummary;
      try {
        seeded = await seed();
      } catch (error) {
        // A seed that stopped half-way (killed): start that catalogue again.
        if (!String(error).includes("already holds images")) throw error;
        log("  a half-seeded catalogue: seeding it again");
        if (postgres) {
          await postgres.dropDatabase(dbName);
          databaseUrl = await postgres.databaseUrl(dbName);
        }
        await rm(dataDir, { recursive: true, force: true });
        seeded = await seed();
      }
      for (const line of summaryLines(seeded)) log(`  ${line}`);
      catalogues.push({ size, privateImages, dataDir, databaseUrl, seeded });
    }
    if (args["seed-only"]) return;
    const smallest = catalogues[0] as Catalogue;
    const largest = catalogues[catalogues.length - 1] as Catalogue;

    // The same words at every size (the tag law is the same, so their shares are too).
    const tag: TagCount = args.tag
      ? { tag: args.tag, count: smallest.seeded.tags.find((t) => t.tag === args.tag)?.count ?? 0 }
      : tagNearShare(smallest.seeded.tags, smallest.seeded.publicImages, Number(args["tag-share"]));
    const commonWord = smallest.seeded.tags[0]?.tag ?? "landscape";
    const rareWord = smallest.seeded.tags[smallest.seeded.tags.length - 1]?.tag ?? "rare";
    log(`tag ${tag.tag}; search words: common "${commonWord}", rare "${rareWord}"`);

    const targets: Target[] = [];
    const facts: Record<string, SizeFacts> = {};
    let payloadBody: Buffer | undefined;
    let staticFile: string | undefined;
    for (const [index, catalogue] of catalogues.entries()) {
      const env = {
        DATA_DIR: catalogue.dataDir,
        LOG_LEVEL: args["log-level"] ?? "warn",
        BENCH_PORT: String(ports().firstApp ? ports().firstApp + index : 0),
        ...(catalogue.databaseUrl ? { DATABASE_URL: catalogue.databaseUrl } : {}),
      };
      const app = await ServerChild.start(`app ${label(catalogue.size)}`, "./app-server.ts", env);
      catalogue.app = app;
      log(`app of ${label(catalogue.size)} listening on ${app.url} (pid ${app.pid})`);
      const made = await appTargets(catalogue, app, chosen, { tag, commonWord, rareWord });
      targets.push(...made.targets);
      facts[label(catalogue.size)] = made.facts;
      if (catalogue === largest) {
        payloadBody = made.tagPage1;
        staticFile = made.xlargeFile;
      }
    }

    // The reference: the largest catalogue's tag page 1 and its 8 MB file.
    if (chosen.some((k) => (REFERENCE_KEYS as readonly string[]).includes(k))) {
      if (!payloadBody) throw new Error("no page-1 payload for the reference");
      const payloadFile = join(work, "page-1.json");
      await writeFile(payloadFile, payloadBody);
      reference = await ServerChild.start("reference", "./reference-server.ts", {
        PAYLOAD_FILE: payloadFile,
        BENCH_PORT: String(ports().reference),
        ...(staticFile ? { STATIC_FILE: staticFile } : {}),
      });
      log(`reference listening on ${reference.url} (pid ${reference.pid})`);
      const ref = reference;
      const referenceTargets: Record<string, Omit<Target, "server" | "id">> = {
        "ref-small": { key: "ref-small", path: "/small", label: 'bare Fastify: {"hello":"world"}' },
        "ref-payload": {
          key: "ref-payload",
          path: "/payload",
          label: `bare Fastify: tag page-1 bytes (${payloadBody.length} B), pre-serialised`,
        },
        "ref-payload-object": {
          key: "ref-payload-object",
          path: "/payload-object",
          label: "bare Fastify: tag page-1 object, JSON.stringify per request",
        },
        "ref-static": {
          key: "ref-static",
          path: `/static/${staticFile ? basename(staticFile) : "missing"}`,
          label: `bare Fastify + @fastify/static: the same ${XLARGE_BYTES.toLocaleString("en")}-byte file`,
        },
      };
      for (const key of REFERENCE_KEYS) {
        const t = referenceTargets[key];
        if (!t || !chosen.includes(key)) continue;
        if (key === "ref-static" && !staticFile) continue;
        targets.unshift({ ...t, id: key, server: ref });
      }
    }

    // Every target once: its status and size.
    const responseBytes: Record<string, number> = {};
    for (const target of targets) {
      const res = await fetch(target.server.url + target.path, { headers: target.headers });
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok) {
        throw new Error(`GET ${target.path}: ${res.status} ${body.toString().slice(0, 300)}`);
      }
      responseBytes[target.id] = body.length;
    }

    if (warmup > 0) {
      log(`warm-up: ${warmup} s per target`);
      for (const target of targets) {
        await cannon(target, connections, warmup);
        await drain(target.server);
      }
    }

    const samples: Sample[] = [];
    for (let round = 0; round < rounds; round++) {
      // Rotate the order each round and reverse it every other round, so no target always runs
      // first, nor always right after the same one.
      const rotated = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
      const order = round % 2 === 1 ? rotated.reverse() : rotated;
      for (const target of order) {
        const server = target.server;
        const before = await server.usage();
        // The database's share counts for the app's targets only.
        const dbBefore = target.size ? await postgres?.cpuMs() : undefined;
        const benchCpu = process.cpuUsage();
        const startedAt = new Date().toISOString();
        const result = await cannon(target, connections, duration);
        const benchUsed = process.cpuUsage(benchCpu);
        const after = await server.usage();
        const dbAfter = target.size ? await postgres?.cpuMs() : undefined;
        const drainMs = await drain(server);
        const latency = (ms: number) => (result.requests > 0 ? ms : Number.NaN);
        const sample: Sample = {
          round,
          target: target.id,
          key: target.key,
          size: target.size ?? null,
          reqPerSec: result.reqPerSec,
          p50: latency(result.latency.p50),
          p90: latency(result.latency.p90),
          p99: latency(result.latency.p99),
          mean: latency(result.latency.mean),
          max: latency(result.latency.max),
          requests: result.requests,
          bytesPerSec: result.bytesPerSec,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          serverCpuMs: after.cpuMs - before.cpuMs,
          ...(dbBefore === undefined || dbAfter === undefined
            ? {}
            : { dbCpuMs: dbAfter - dbBefore }),
          benchCpuMs: (benchUsed.user + benchUsed.system) / 1000,
          durationS: result.durationS,
          drainMs,
          startedAt,
        };
        samples.push(sample);
        log(
          `round ${round + 1}/${rounds} ${target.id.padEnd(24)} ${fmt(sample.reqPerSec).padStart(7)} req/s  p50 ${fmt(sample.p50)} ms  p99 ${fmt(sample.p99)} ms  server CPU ${pct(sample.serverCpuMs / (sample.durationS * 1000))}, ${cpuPerResponse(sample)} ms a response${sample.dbCpuMs !== undefined && sample.requests > 0 ? ` + database ${(sample.dbCpuMs / sample.requests).toFixed(3)} ms` : ""}${sample.non2xx + sample.errors > 0 ? `  ${sample.non2xx} non-2xx, ${sample.errors} errors` : ""}`,
        );
      }
    }
    const loadAfter = loadavg();

    let profile: ProfileSummary | undefined;
    let profileFile: string | undefined;
    const profileId = `${args["profile-target"]}@${label(Number(args["profile-size"] ?? largest.size))}`;
    if (args["cpu-prof"]) {
      const profiled = targets.find((t) => t.id === profileId);
      if (!profiled?.size) throw new Error(`--profile-target: no app target ${profileId}`);
      const seconds = positiveInt(args["profile-duration"], "--profile-duration");
      profileFile = join(
        BENCH_ROOT,
        `api-profile-${new Date().toISOString().replace(/[:.]/g, "")}-${profiled.key}-${label(profiled.size)}.cpuprofile`,
      );
      log(`profiling the app under ${profileId} for ${seconds} s`);
      await profiled.server.startProfile();
      await cannon(profiled, connections, seconds);
      await profiled.server.stopProfile(profileFile);
      await drain(profiled.server);
      profile = summariseProfile(await readProfile(profileFile));
    }

    await reference?.stop();
    reference = undefined;
    for (const c of catalogues) {
      await c.app?.stop();
      c.app = undefined;
    }

    let phases: PhaseResult[] = [];
    if (args.phases) {
      log(`phases of one request (in-process, server.inject), ${label(largest.size)}:`);
      const phaseTargets = targets.filter(
        (t) => t.size === largest.size && !t.paths && !t.headers && KIND[t.key] === "list",
      );
      phases = await measurePhases(
        loadConfig({
          DATA_DIR: largest.dataDir,
          ...(largest.databaseUrl ? { DATABASE_URL: largest.databaseUrl } : {}),
          LOG_LEVEL: "silent",
          WORKERS: "0",
          DEMO_CONTENT: "false",
        }),
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
      catalogues,
      facts,
      tag,
      words: { common: commonWord, rare: rareWord },
      loadBefore,
      loadAfter,
      phases,
      profile,
      profileFile,
      profileTarget: profileId,
      git,
      postgres: postgres?.version,
      logLevel: args["log-level"] ?? "warn",
    });
    console.log(report.markdown);
    if (args.json) {
      await writeFile(args.json, `${JSON.stringify(report.data, null, 2)}\n`);
      log(`wrote ${args.json}`);
    }
  } finally {
    await reference?.stop();
    for (const c of catalogues) await c.app?.stop();
    await rm(work, { recursive: true, force: true });
    for (const dir of temporary) await rm(dir, { recursive: true, force: true });
    postgres?.stop();
  }
}

/** What the report says about one size: its deep pages, the tag's matches, the walk's length. */
interface SizeFacts {
  tagMatches: number;
  allDeep: DeepPage;
  walkPages: number;
  downloadImageId: number;
}

/** The app's targets on one catalogue, with what they need: members, deep cursors, the file. */
async function appTargets(
  catalogue: Catalogue,
  app: ServerChild,
  chosen: string[],
  words: { tag: TagCount; commonWord: string; rareWord: string },
): Promise<{ targets: Target[]; facts: SizeFacts; tagPage1: Buffer; xlargeFile?: string }> {
  const size = catalogue.size;
  const config = loadConfig({
    DATA_DIR: catalogue.dataDir,
    ...(catalogue.databaseUrl ? { DATABASE_URL: catalogue.databaseUrl } : {}),
    WORKERS: "0",
    DEMO_CONTENT: "false",
    LOG_LEVEL: "warn",
  });
  const database = openDatabase(config);
  const tagQuery: PageQuery = { tag: words.tag.tag, limit: LIMIT };
  const allQuery: PageQuery = { limit: LIMIT };
  const tagP1 = pageUrl(tagQuery, undefined);
  let facts: SizeFacts;
  let member: { cookie: string };
  let partnerKey: string | undefined;
  let walkPaths: string[] | undefined;
  let xlargeFile: string | undefined;
  try {
    member = await createBenchMember(database.db, "pro");
    if (chosen.includes("mkt-p1")) partnerKey = await createBenchPartnerKey(database.db);
    const tagMatches = await matching(database.db, tagQuery);
    const deepAt = Math.min(DEEP_PAGE, Math.floor(catalogue.seeded.publicImages / LIMIT));
    const allDeep = await deepPage(database.db, app.url, allQuery, deepAt, log);
    if (
      allDeep.via === "computed" &&
      (chosen.includes("all-walk") || chosen.includes("member-walk"))
    ) {
      walkPaths = await everyPage(database.db, allQuery);
    }
    // The download: the newest public image's xlarge file.
    const first = (await (await fetch(app.url + pageUrl(allQuery, undefined))).json()) as {
      images: Array<{ id: number }>;
    };
    const downloadImageId = first.images[0]?.id ?? 1;
    if (chosen.includes("download") || chosen.includes("ref-static")) {
      xlargeFile = await ensureXlarge(database.db, catalogue.dataDir, downloadImageId);
    }
    facts = { tagMatches, allDeep, walkPages: walkPaths?.length ?? 0, downloadImageId };
  } finally {
    await database.close();
  }
  const page1 = await fetch(app.url + tagP1);
  const tagPage1 = Buffer.from(await page1.arrayBuffer());
  if (!page1.ok) throw new Error(`GET ${tagP1}: ${page1.status} ${tagPage1.toString()}`);

  const asMember = { cookie: member.cookie };
  const l = label(size);
  const search = (q: string) =>
    `/api/v1/images?${new URLSearchParams({ limit: String(LIMIT), q })}`;
  // Each word is a tag of the catalogue, so its search finds a full page; an empty one would be
  // measured as a fast search (as when a load left PostgreSQL's `image_terms` empty).
  for (const word of [words.commonWord, words.rareWord]) {
    const found = await fetch(app.url + search(word), { headers: asMember });
    const body = (await found.json()) as { images?: unknown[] };
    if (!found.ok || body.images?.length !== LIMIT) {
      throw new Error(
        `GET ${search(word)}: ${found.status}, ${body.images?.length ?? 0} images where ${LIMIT} were due`,
      );
    }
  }
  const all: Record<string, Omit<Target, "id" | "server" | "size" | "key">> = {
    "app-healthz": { path: "/healthz", label: "GET /healthz (the app's hooks, no work)" },
    "tag-p1": { path: tagP1, label: `visitor, tag=${words.tag.tag} page 1 (cached)` },
    "all-p1": { path: pageUrl(allQuery, undefined), label: "visitor, no filter, page 1 (cached)" },
    "all-deep": {
      path: pageUrl(allQuery, facts.allDeep.cursor),
      label: `visitor, no filter, page ${facts.allDeep.page} (cached)`,
    },
    "member-tag-p1": {
      path: tagP1,
      headers: asMember,
      label: `Pro member, tag=${words.tag.tag} page 1 (never cached)`,
    },
    "member-p1": {
      path: pageUrl(allQuery, undefined),
      headers: asMember,
      label: "Pro member, no filter, page 1",
    },
    "member-deep": {
      path: pageUrl(allQuery, facts.allDeep.cursor),
      headers: asMember,
      label: `Pro member, no filter, page ${facts.allDeep.page.toLocaleString("en")}`,
    },
    "search-common": {
      path: search(words.commonWord),
      headers: asMember,
      label: `Pro member, q=${words.commonWord} (common)`,
    },
    "search-rare": {
      path: search(words.rareWord),
      headers: asMember,
      label: `Pro member, q=${words.rareWord} (rare)`,
    },
    tags: { path: "/api/v1/tags", label: "visitor, GET /api/v1/tags" },
    explore: { path: "/api/v1/explore/tags", label: "visitor, GET /api/v1/explore/tags" },
    download: {
      path: `/api/v1/images/${facts.downloadImageId}/download?size=xlarge`,
      headers: asMember,
      label: `Pro member, xlarge download (${XLARGE_BYTES.toLocaleString("en")} B: access check, quota accounting)`,
    },
    "mkt-p1": {
      path: "/api/v1/marketing/images?limit=20",
      headers: { authorization: `Bearer ${partnerKey}` },
      label: "marketing API (a partner's key), no filter, page 1",
    },
  };
  if (walkPaths) {
    all["all-walk"] = {
      path: pageUrl(allQuery, undefined),
      paths: walkPaths,
      label: `visitor, pages 1…${walkPaths.length.toLocaleString("en")} in turn (every request a miss)`,
    };
    all["member-walk"] = {
      path: pageUrl(allQuery, undefined),
      paths: walkPaths,
      headers: asMember,
      label: `Pro member, pages 1…${walkPaths.length.toLocaleString("en")} in turn`,
    };
  }
  const targets = chosen
    .filter((key) => all[key])
    .map((key) => ({ ...(all[key] as Target), id: `${key}@${l}`, key, size, server: app }));
  return { targets, facts, tagPage1, xlargeFile };
}

interface LoadResult {
  requests: number;
  reqPerSec: number;
  bytesPerSec: number;
  latency: { p50: number; p90: number; p99: number; mean: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
}

/** Big files through download-load.ts (autocannon measures its own parsing there). */
const BIG_FILE_KEYS = new Set(["download", "ref-static"]);

async function cannon(target: Target, connections: number, duration: number): Promise<LoadResult> {
  if (BIG_FILE_KEYS.has(target.key)) {
    const r = await downloadLoad(
      target.server.url + target.path,
      target.headers,
      positiveInt(args["download-connections"], "--download-connections"),
      duration,
    );
    return { ...r, timeouts: 0 };
  }
  const r = await autocannonRun(target, connections, duration);
  return {
    requests: r.requests.total,
    reqPerSec: r.requests.average,
    bytesPerSec: r.throughput.average,
    latency: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      mean: r.latency.average,
      max: r.latency.max,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationS: r.duration,
  };
}

function autocannonRun(
  target: Target,
  connections: number,
  duration: number,
): Promise<autocannon.Result> {
  const options: autocannon.Options = {
    url: target.server.url + target.path,
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

/* ------------------------------------------------------------------------------------ report */

interface ReportInput {
  targets: Target[];
  samples: Sample[];
  responseBytes: Record<string, number>;
  rounds: number;
  duration: number;
  connections: number;
  catalogues: Catalogue[];
  facts: Record<string, SizeFacts>;
  tag: TagCount;
  words: { common: string; rare: string };
  loadBefore: number[];
  loadAfter: number[];
  phases: PhaseResult[];
  profile: ProfileSummary | undefined;
  profileFile: string | undefined;
  profileTarget: string;
  logLevel: string;
  postgres: string | undefined;
  /** The code measured: read when the run starts (HEAD may move while it runs). */
  git: { head: string; dirty: string[] };
}

interface Ratio {
  ofMedians: number;
  pairedMedian: number;
}

function buildReport(input: ReportInput) {
  const of = (id: string) => input.samples.filter((s) => s.target === id);
  const stat = (id: string, field: keyof Sample) => median(of(id).map((s) => s[field] as number));
  const has = (id: string) => of(id).length > 0;
  // The server's whole cost: the app's process and, on PostgreSQL, the database's processes.
  const cpuOf = (s: Sample) =>
    s.requests > 0 ? (s.serverCpuMs + (s.dbCpuMs ?? 0)) / s.requests : Number.NaN;
  const summaries = Object.fromEntries(
    input.targets.map((t) => [
      t.id,
      {
        key: t.key,
        size: t.size ?? null,
        label: t.label,
        path: t.path,
        responseBytes: input.responseBytes[t.id],
        reqPerSec: stat(t.id, "reqPerSec"),
        bytesPerSec: stat(t.id, "bytesPerSec"),
        p50: stat(t.id, "p50"),
        p90: stat(t.id, "p90"),
        p99: stat(t.id, "p99"),
        mean: stat(t.id, "mean"),
        responses: median(of(t.id).map((s) => s.requests)),
        cpuMsPerResponse: median(of(t.id).map(cpuOf)),
        dbCpuMsPerResponse: median(
          of(t.id).map((s) =>
            s.dbCpuMs !== undefined && s.requests > 0 ? s.dbCpuMs / s.requests : Number.NaN,
          ),
        ),
        serverCpu: median(of(t.id).map((s) => s.serverCpuMs / (s.durationS * 1000))),
        benchCpu: median(of(t.id).map((s) => s.benchCpuMs / (s.durationS * 1000))),
        non2xx: of(t.id).reduce((sum, s) => sum + s.non2xx + s.errors, 0),
      },
    ]),
  );
  type Field = keyof Sample | "cpu";
  const value = (s: Sample, field: Field) => (field === "cpu" ? cpuOf(s) : (s[field] as number));
  /** Median over rounds of the per-round ratio a ÷ b. */
  const paired = (a: string, b: string, field: Field) =>
    median(
      [...new Set(input.samples.map((s) => s.round))].map((round) => {
        const x = input.samples.find((s) => s.round === round && s.target === a);
        const y = input.samples.find((s) => s.round === round && s.target === b);
        return x && y ? value(x, field) / value(y, field) : Number.NaN;
      }),
    );
  const ratio = (a: string, b: string, field: Field): Ratio | undefined => {
    if (!has(a) || !has(b)) return undefined;
    const med = (id: string) => median(of(id).map((s) => value(s, field)));
    return { ofMedians: med(a) / med(b), pairedMedian: paired(a, b, field) };
  };
  const r = (x: Ratio | undefined, digits = 3) =>
    x
      ? `${x.ofMedians.toFixed(digits)} (per round ${x.pairedMedian.toFixed(digits)})`
      : "not measured";
  const verdict = (v: boolean | undefined) =>
    v === undefined ? "not measured" : v ? "met" : "**NOT MET**";

  const sizes = input.catalogues.map((c) => c.size);
  const small = label(sizes[0] as number);
  const large = label(sizes[sizes.length - 1] as number);
  const appKeys = [...new Set(input.targets.filter((t) => t.size).map((t) => t.key))];
  const refKeys = input.targets.filter((t) => !t.size).map((t) => t.key);

  // Line 1: pages no cache holds, at the largest size, against the same payload stringified.
  const uncached = ["member-tag-p1", "all-walk", "member-walk"].filter((k) => has(`${k}@${large}`));
  const line1 = uncached.map((k) => {
    const id = `${k}@${large}`;
    const vs = ratio(id, "ref-payload-object", "reqPerSec");
    const p99 = stat(id, "p99");
    return {
      key: k,
      vsPayloadObject: vs,
      p99,
      met: vs ? vs.ofMedians >= TARGET.uncachedVsPayloadObject && p99 <= TARGET.p99Ms : undefined,
    };
  });
  // Line 2: growth of CPU a response, largest ÷ smallest; the deep page ÷ page 1.
  const growthKeys = appKeys.filter((k) =>
    ["list", "walk", "search", "tags"].includes(KIND[k] ?? ""),
  );
  const growth = Object.fromEntries(
    appKeys.map((k) => [
      k,
      sizes.length > 1 ? ratio(`${k}@${large}`, `${k}@${small}`, "cpu") : undefined,
    ]),
  );
  const growthMet = Object.fromEntries(
    growthKeys.map((k) => [
      k,
      growth[k] ? (growth[k] as Ratio).ofMedians <= TARGET.growth : undefined,
    ]),
  );
  const deep = {
    cpu: ratio(`member-deep@${large}`, `member-p1@${large}`, "cpu"),
    p50: ratio(`member-deep@${large}`, `member-p1@${large}`, "p50"),
    p99: ratio(`member-deep@${large}`, `member-p1@${large}`, "p99"),
    visitorP50: ratio(`all-deep@${large}`, `all-p1@${large}`, "p50"),
  };
  const deepMet = deep.cpu ? deep.cpu.ofMedians <= TARGET.deepPageRatio : undefined;
  // Line 4: the download route against @fastify/static, bytes a second.
  const download = ratio(`download@${large}`, "ref-static", "bytesPerSec");
  const downloadCpu = ratio(`download@${large}`, "ref-static", "cpu");
  const downloadMet = download ? download.ofMedians >= TARGET.downloadVsStatic : undefined;

  const git = input.git;
  const cpuModel = cpus()[0]?.model ?? "unknown CPU";
  const lines: string[] = [];
  lines.push(`## Run of ${new Date().toISOString()}`);
  lines.push("");
  lines.push(
    `- Machine: ${availableParallelism()} CPUs (${cpuModel}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; autocannon in the bench process, each server in a child process of its own`,
  );
  lines.push(
    `- Load average (1/5/15 min): before ${input.loadBefore.map((l) => l.toFixed(2)).join(" / ")}, after ${input.loadAfter.map((l) => l.toFixed(2)).join(" / ")}`,
  );
  lines.push(
    `- Code: HEAD ${git.head}${git.dirty.length > 0 ? `, uncommitted: ${git.dirty.join(", ")}` : ", clean"}`,
  );
  lines.push(`- Database: ${input.postgres ?? "SQLite"}`);
  for (const c of input.catalogues) {
    for (const line of summaryLines(c.seeded)) lines.push(`- Catalogue ${label(c.size)}: ${line}`);
    const f = input.facts[label(c.size)];
    if (f) {
      lines.push(
        `  - tag \`${input.tag.tag}\` on ${f.tagMatches.toLocaleString("en")} public images; deep page ${f.allDeep.page.toLocaleString("en")} (cursor ${f.allDeep.via}); walk of ${f.walkPages.toLocaleString("en")} pages; download of image ${f.downloadImageId}`,
      );
    }
  }
  lines.push(
    `- Search words: common \`${input.words.common}\` (the most used tag), rare \`${input.words.rare}\` (the least used)`,
  );
  lines.push(
    `- autocannon: ${input.connections} connections, no pipelining, ${input.duration} s per run, ${input.rounds} interleaved rounds (every target at every size each round, order rotated each round, reversed every other round) after a warm-up run of each; medians over the rounds. The 8 MB files (download, ref-static): ${args["download-connections"]} connections of node:http (download-load.ts; autocannon parses bodies too slowly for them). App LOG_LEVEL=${input.logLevel}, WORKERS=0.`,
  );
  lines.push("");

  // Side by side.
  const cols = sizes.map(label);
  lines.push(
    `| target | bytes | ${cols.map((c) => `${c} req/s | ${c} p99 ms | ${c} CPU ms a response`).join(" | ")} | CPU ${large} ÷ ${small} | req/s at ${large} ÷ ref-payload-object |`,
  );
  lines.push(`|---|---:|${cols.map(() => "---:|---:|---:|").join("")}---:|---:|`);
  for (const key of refKeys) {
    const s = summaries[key];
    if (!s) continue;
    const cells = cols.map((_, i) =>
      i === 0
        ? `${s.reqPerSec.toFixed(0)} | ${fmt(s.p99)} | ${s.cpuMsPerResponse.toFixed(3)}`
        : " | | ",
    );
    const vs = ratio(key, "ref-payload-object", "reqPerSec");
    lines.push(
      `| ${s.label} | ${s.responseBytes ?? ""} | ${cells.join(" | ")} | | ${vs ? vs.ofMedians.toFixed(3) : ""} |`,
    );
  }
  for (const key of appKeys) {
    const first = summaries[`${key}@${cols[cols.length - 1]}`] ?? summaries[`${key}@${cols[0]}`];
    if (!first) continue;
    const cells = cols.map((c) => {
      const s = summaries[`${key}@${c}`];
      const db = Number.isFinite(s?.dbCpuMsPerResponse)
        ? ` (of which database ${s?.dbCpuMsPerResponse.toFixed(3)})`
        : "";
      return s
        ? `${s.reqPerSec.toFixed(0)} | ${fmt(s.p99)} | ${s.cpuMsPerResponse.toFixed(3)}${db}`
        : "— | — | —";
    });
    const vs = ratio(`${key}@${large}`, "ref-payload-object", "reqPerSec");
    lines.push(
      `| ${key}: ${first.label} | ${first.responseBytes ?? ""} | ${cells.join(" | ")} | ${growth[key] ? growth[key].ofMedians.toFixed(2) : "—"} | ${vs ? vs.ofMedians.toFixed(3) : "—"} |`,
    );
  }
  lines.push("");
  lines.push("Acceptance (issue 18):");
  lines.push("");
  for (const x of line1) {
    lines.push(
      `- **1. ${x.key} at ${large}: req/s ÷ ref-payload-object ${r(x.vsPayloadObject)} (≥ ${TARGET.uncachedVsPayloadObject}), p99 ${fmt(x.p99)} ms (≤ ${TARGET.p99Ms}): ${verdict(x.met)}.**`,
    );
  }
  if (sizes.length > 1) {
    lines.push(
      `- **2. Growth, server CPU a response ${large} ÷ ${small} (≤ ${TARGET.growth}):** ${growthKeys
        .map((k) => `${k} ${r(growth[k], 2)} ${verdict(growthMet[k])}`)
        .join("; ")}.`,
    );
  }
  lines.push(
    `- **2. Deep page (${input.facts[large]?.allDeep.page.toLocaleString("en") ?? "—"}) ÷ page 1, Pro member, no filter, at ${large}: CPU a response ${r(deep.cpu)}, p50 ${r(deep.p50)}, p99 ${r(deep.p99)} (≤ ${TARGET.deepPageRatio} on CPU): ${verdict(deepMet)}.**${deep.visitorP50 ? ` Visitors (cached) p50 ${r(deep.visitorP50)}.` : ""}`,
  );
  lines.push(
    `- **4. Download, xlarge through the route ÷ @fastify/static, bytes a second: ${r(download)} (≥ ${TARGET.downloadVsStatic}): ${verdict(downloadMet)}.** Server CPU a response, route ÷ static: ${r(downloadCpu)}.`,
  );
  if (has(`tag-p1@${large}`)) {
    lines.push(
      `- 7. Visitors' cached tag page 1: ${cols.map((c) => `${c} ${summaries[`tag-p1@${c}`]?.reqPerSec.toFixed(0) ?? "—"} req/s, p99 ${fmt(summaries[`tag-p1@${c}`]?.p99 ?? Number.NaN)} ms, ${summaries[`tag-p1@${c}`]?.cpuMsPerResponse.toFixed(3) ?? "—"} ms of CPU`).join("; ")} (recorded 2026-11-25 at 100k: 22,062 req/s, p99 4 ms, 0.045 ms). ÷ small JSON ${r(ratio(`tag-p1@${large}`, "ref-small", "reqPerSec"))}.`,
    );
  }
  lines.push("");

  // Server-bound runs.
  const calm = (id: string) =>
    of(id).filter((x) => x.serverCpuMs / (x.durationS * 1000) >= UNDISTURBED_CPU);
  lines.push(
    `Runs in which the server under load had ≥ ${UNDISTURBED_CPU * 100}% of a core (it set the pace): ${input.targets.map((t) => `${t.id} ${calm(t.id).length}/${of(t.id).length}`).join(", ")}.`,
  );
  lines.push("");
  lines.push("Every run:");
  lines.push("");
  lines.push(
    "| round | target | started | req/s | MB/s | p50 ms | p99 ms | responses | server CPU ms a response | server CPU | autocannon CPU | drain s | errors |",
  );
  lines.push("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const s of input.samples) {
    lines.push(
      `| ${s.round + 1} | ${s.target} | ${s.startedAt.slice(11, 19)} | ${s.reqPerSec.toFixed(0)} | ${(s.bytesPerSec / 1e6).toFixed(1)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${s.requests} | ${cpuPerResponse(s)} | ${pct(s.serverCpuMs / (s.durationS * 1000))} | ${pct(s.benchCpuMs / (s.durationS * 1000))} | ${(s.drainMs / 1000).toFixed(1)} | ${s.non2xx + s.errors} |`,
    );
  }
  if (input.phases.length > 0) {
    lines.push("");
    lines.push(`Phases of one request at ${large} (in-process \`server.inject\`, medians, ms):`);
    lines.push("");
    lines.push(
      "| target | inject | Fastify | JSON.stringify | service list | SQL prepare | SQL execute | service JS | JSON.parse ai_analysis |",
    );
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const p of input.phases) {
      lines.push(
        `| ${p.target}${p.cold ? "" : " (cached)"} | ${p.inject.toFixed(2)} | ${p.fastify.toFixed(2)} | ${p.stringify.toFixed(2)} | ${p.list.toFixed(2)} | ${p.sqlPrepare.toFixed(2)} | ${p.sqlExecute.toFixed(2)} | ${p.serviceJs.toFixed(2)} | ${p.parseAnalysis.toFixed(2)} |`,
      );
    }
  }
  if (input.profile) {
    lines.push("");
    lines.push(
      `CPU profile of the app under ${input.profileTarget} load (${input.profileFile ? basename(input.profileFile) : ""}):`,
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
      database: input.postgres ?? "sqlite",
      catalogues: input.catalogues.map((c) => ({ size: c.size, seeded: c.seeded })),
      facts: input.facts,
      tag: input.tag,
      words: input.words,
      settings: {
        rounds: input.rounds,
        duration: input.duration,
        connections: input.connections,
        logLevel: input.logLevel,
      },
      target: TARGET,
      summaries,
      acceptance: {
        uncached: line1,
        growth,
        growthMet,
        deep,
        deepMet,
        download,
        downloadCpu,
        downloadMet,
      },
      samples: input.samples,
      phases: input.phases,
      profile: input.profile,
    },
  };
}

/* ------------------------------------------------------------------------------------ helpers */

/** 100000 → "100k", 1000000 → "1M". */
function label(size: number): string {
  if (size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  if (size % 1_000 === 0) return `${size / 1_000}k`;
  return String(size);
}

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

const HERE = fileURLToPath(new URL("./", import.meta.url));
if (!existsSync(join(HERE, "app-server.ts"))) throw new Error("run from the repository");
await main();
