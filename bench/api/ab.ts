/**
 * bench/api A/B: this checkout's list route against another checkout's (say the commit before a
 * change, in a `git worktree`), both servers and the bare Fastify reference running side by side
 * and measured in short interleaved runs, so that both sides meet the same machine. On a shared
 * 2-core machine the load moves by the minute; back-to-back full runs of api.bench.ts then differ
 * by more than a change does, while the per-round ratios of interleaved runs stay put.
 *
 *   npx tsx bench/api/ab.ts --other /work/old --other-data DIR --data DIR [--rounds 8] [--duration 6]
 *     [--path /api/v1/images?…] [--cookie name=value] [--accept-encoding "br, gzip"] [--port-base N]
 *
 * Each DIR holds a catalogue seeded by that checkout's own `bench/api/seed.ts --data-dir DIR`
 * (the two may differ in migrations). The other checkout needs its dependencies installed (or
 * linked). Reports, per target, median req/s and server CPU a response, and per round the ratios
 * that matter: each side's tag page 1 ÷ the bare small JSON (throughput, and the CPU cross-check)
 * and this side's CPU a hit ÷ the other's. `--cookie` sends a session cookie with the list's
 * requests (a member's page, never cached: both sides may share one catalogue and its session);
 * `--accept-encoding` sends that header with them, as a browser does (compressed answers);
 * `--port-base N` puts the reference on N and the two apps on N + 1 and N + 2.
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { median } from "../lib/stats.js";
import { ServerChild } from "./children.js";

const { values: args } = parseArgs({
  options: {
    other: { type: "string" },
    "other-data": { type: "string" },
    data: { type: "string" },
    rounds: { type: "string", default: "8" },
    duration: { type: "string", default: "6" },
    path: { type: "string", default: "/api/v1/images?limit=20&tag=night-sky" },
    cookie: { type: "string" },
    "accept-encoding": { type: "string" },
    "port-base": { type: "string" },
  },
});
if (!args.other || !args["other-data"] || !args.data) {
  throw new Error("--other, --other-data and --data are required (see the comment at the top)");
}

type Child = { url: string; usage(): Promise<{ cpuMs: number }>; stop(): Promise<void> };
interface Target {
  key: string;
  server: Child;
  path: string;
  cookie?: string;
  acceptEncoding?: string;
}
interface Run {
  rps: number;
  cpuMs: number;
  p99: number;
}

async function main(): Promise<void> {
  const rounds = Number(args.rounds);
  const duration = Number(args.duration);
  const env = { LOG_LEVEL: "warn" };
  const base = Number(args["port-base"] ?? 0);
  const port = (offset: number) => ({ BENCH_PORT: String(base ? base + offset : 0) });
  // The other checkout's own harness starts its own app (its children.ts resolves app-server.ts
  // beside itself, in that checkout).
  const otherHarness = (await import(join(args.other as string, "bench/api/children.ts"))) as {
    ServerChild: typeof ServerChild;
  };
  const other = await otherHarness.ServerChild.start("other", "app-server.ts", {
    ...env,
    ...port(1),
    DATA_DIR: args["other-data"] as string,
  });
  const self = await ServerChild.start("this", "app-server.ts", {
    ...env,
    ...port(2),
    DATA_DIR: args.data as string,
  });
  // The reference's /small route needs no payload; it insists on a file all the same.
  const reference = await ServerChild.start("reference", "reference-server.ts", {
    ...port(0),
    PAYLOAD_FILE: join(import.meta.dirname, "..", "tsconfig.json"),
  });
  const targets: Target[] = [
    { key: "ref-small", server: reference, path: "/small" },
    ...(["other", "this"] as const).map((side) => ({
      key: `${side}-list`,
      server: side === "other" ? other : self,
      path: args.path as string,
      cookie: args.cookie,
      acceptEncoding: args["accept-encoding"],
    })),
    { key: "other-healthz", server: other, path: "/healthz" },
    { key: "this-healthz", server: self, path: "/healthz" },
  ];
  const runs = new Map<string, Run[]>(targets.map((t) => [t.key, []]));
  try {
    for (const target of targets) await measure(target, 2);
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? targets : [...targets].reverse();
      for (const target of order) {
        const run = await measure(target, duration);
        runs.get(target.key)?.push(run);
        console.log(
          `round ${round} ${target.key.padEnd(14)} ${run.rps.toFixed(0).padStart(7)} req/s  ` +
            `${run.cpuMs.toFixed(4)} ms CPU a response  p99 ${run.p99} ms  load ${loadavg()[0]?.toFixed(2)}`,
        );
      }
    }
  } finally {
    await Promise.all([other.stop(), self.stop(), reference.stop()]);
  }

  const of = (key: string) => runs.get(key) ?? [];
  console.log("\n| target | req/s | server CPU ms a response | p99 ms |\n|---|---:|---:|---:|");
  for (const target of targets) {
    const r = of(target.key);
    console.log(
      `| ${target.key} | ${median(r.map((x) => x.rps)).toFixed(0)} | ${median(r.map((x) => x.cpuMs)).toFixed(4)} | ${median(r.map((x) => x.p99))} |`,
    );
  }
  const perRound = (a: string, b: string, field: (run: Run) => number) =>
    median(of(a).map((run, i) => field(run) / field(of(b)[i] as Run)));
  const rps = (run: Run) => run.rps;
  const cpu = (run: Run) => run.cpuMs;
  console.log(
    `\nper-round medians: list ÷ small JSON, throughput: other ${perRound("other-list", "ref-small", rps).toFixed(3)}, this ${perRound("this-list", "ref-small", rps).toFixed(3)}`,
  );
  console.log(
    `CPU cross-check (small JSON's CPU ÷ the list's): other ${perRound("ref-small", "other-list", cpu).toFixed(3)}, this ${perRound("ref-small", "this-list", cpu).toFixed(3)}`,
  );
  console.log(
    `this ÷ other, CPU a response: list ${perRound("this-list", "other-list", cpu).toFixed(3)}, /healthz ${perRound("this-healthz", "other-healthz", cpu).toFixed(3)}`,
  );
}

async function measure(target: Target, seconds: number): Promise<Run> {
  const before = await target.server.usage();
  const result = await autocannon({
    url: target.server.url + target.path,
    connections: 50,
    duration: seconds,
    headers: {
      ...(target.cookie ? { cookie: target.cookie } : {}),
      ...(target.acceptEncoding ? { "accept-encoding": target.acceptEncoding } : {}),
    },
  });
  const after = await target.server.usage();
  if (result.errors + result.non2xx > 0) {
    throw new Error(`${target.key}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return {
    rps: result.requests.average,
    cpuMs: (after.cpuMs - before.cpuMs) / result.requests.total,
    p99: result.latency.p99,
  };
}

await main();
