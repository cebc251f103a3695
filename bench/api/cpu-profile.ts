/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and says where the busy time went: self time by
 * package or server folder, the top functions by self time, and the inclusive time of the
 * server's own functions. Standalone:
 *
 *   npx tsx bench/api/cpu-profile.ts file.cpuprofile
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  ms: number;
  /** Of the busy (non-idle) time. */
  share: number;
}

export interface ProfileSummary {
  wallMs: number;
  busyMs: number;
  idleMs: number;
  buckets: Share[];
  selfTop: Share[];
  /** Inclusive time of functions in apps/server and of a few library entry points. */
  inclusive: Share[];
}

/** better-sqlite3's native methods: their self time is SQLite itself. */
const SQLITE_NATIVE = new Set(["all", "get", "run", "iterate", "prepare", "exec", "Statement"]);

/** Where a frame's code lives: a package, a server folder, Node itself, or V8. */
function bucketOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith("(")) return functionName;
    if (SQLITE_NATIVE.has(functionName)) return "SQLite (better-sqlite3 native calls)";
    return `V8 / native: ${functionName || "(anonymous)"}`;
  }
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const parts = url.slice(modules + "/node_modules/".length).split("/");
    return (parts[0] ?? "").startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith("node:")) return "node core";
  const server = url.indexOf("/apps/server/src/");
  if (server >= 0) {
    const parts = url.slice(server + "/apps/server/src/".length).split("/");
    return `server: ${parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.slice(0, -1).join("/") || parts[0]}`;
  }
  const shared = url.indexOf("/packages/shared/");
  if (shared >= 0) return "@sawdust/shared";
  if (url.includes("/bench/")) return "bench harness";
  return url.replace(/^file:\/\//, "");
}

function frameName(frame: ProfileNode["callFrame"]): string {
  const file = frame.url ? frame.url.split("/").slice(-1)[0] : "";
  return `${frame.functionName || "(anonymous)"}${file ? ` (${file}:${frame.lineNumber + 1})` : ""}`;
}

export function summariseProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + us / 1000);
  });

  let idleMs = 0;
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node) continue;
    if (node.callFrame.functionName === "(idle)") {
      idleMs += ms;
      continue;
    }
    const bucket = bucketOf(node.callFrame);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + ms);
    const name = frameName(node.callFrame);
    functions.set(name, (functions.get(name) ?? 0) + ms);
    // Inclusive: every distinct frame on the stack gets the sample once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      const interesting =
        frame.url.includes("/apps/server/src/") ||
        INCLUSIVE_LIBRARY_FRAMES.some(
          ([pkg, fn]) => frame.url.includes(pkg) && frame.functionName === fn,
        );
      if (!interesting) continue;
      const key = `${frameName(frame)} [${bucketOf(frame)}]`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  const busyMs = [...buckets.values()].reduce((sum, ms) => sum + ms, 0);
  const shares = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms, share: ms / busyMs }));
  return {
    wallMs: (profile.endTime - profile.startTime) / 1000,
    busyMs,
    idleMs,
    buckets: shares(buckets, 30),
    selfTop: shares(functions, top),
    inclusive: shares(inclusive, top),
  };
}

/** Library functions worth an inclusive figure: request handling and query execution. */
const INCLUSIVE_LIBRARY_FRAMES: ReadonlyArray<[string, string]> = [
  ["/fastify/lib/", "runPreParsing"],
  ["/fastify/lib/", "preHandlerCallback"],
  ["/fastify/lib/", "onSendEnd"],
  ["/fastify/lib/", "serialize"],
  ["/fastify/lib/", "hookRunnerGenerator"],
  ["/kysely/", "executeQuery"],
  ["/kysely/", "compileQuery"],
  ["/fastify-type-provider-zod/", "validatorCompiler"],
  ["/zod/", "safeParse"],
  ["/@fastify/helmet/", "helmet"],
  ["/helmet/", "helmetMiddleware"],
];

export async function readProfile(path: string): Promise<CpuProfile> {
  return JSON.parse(await readFile(path, "utf8")) as CpuProfile;
}

export function profileLines(summary: ProfileSummary): string[] {
  const pct = (s: number) => `${(s * 100).toFixed(1)}%`;
  const ms = (v: number) => v.toFixed(0);
  const lines = [
    `Profile: ${ms(summary.wallMs)} ms wall, ${ms(summary.busyMs)} ms busy, ${ms(summary.idleMs)} ms idle.`,
    "",
    "| where (self time) | ms | share of busy |",
    "|---|---:|---:|",
    ...summary.buckets.map((b) => `| ${b.name} | ${ms(b.ms)} | ${pct(b.share)} |`),
    "",
    "| function (self time) | ms | share of busy |",
    "|---|---:|---:|",
    ...summary.selfTop.map((b) => `| ${b.name} | ${ms(b.ms)} | ${pct(b.share)} |`),
    "",
    "| function (inclusive: itself and what it calls) | ms | share of busy |",
    "|---|---:|---:|",
    ...summary.inclusive.map((b) => `| ${b.name} | ${ms(b.ms)} | ${pct(b.share)} |`),
  ];
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: cpu-profile.ts file.cpuprofile");
  for (const line of profileLines(summariseProfile(await readProfile(file)))) console.log(line);
}
