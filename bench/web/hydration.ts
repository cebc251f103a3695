/**
 * How long each public page takes to become the app's, two web builds side by side: the time from
 * navigation until React has taken the server's HTML over (root hydrated, the data the server sent
 * consumed, the header and every open dialog hydrated: e2e/support/hydration.ts's `takenOver`),
 * the LCP and the scripts requested, under DevTools' own throttling (a slow-4G network: 150 ms
 * round trip, 1.6 Mbit/s down; a 4× slower CPU). Unlike Lighthouse's simulated throttling, the
 * network really is slow, so the number of requests and when each starts count as they would on
 * a phone. Builds alternate page by page within each round, on two servers (`main.ts`, as
 * `npm start` runs it) with copies of the demo catalogue. See bench/README.md.
 *
 *   npx tsx bench/web/hydration.ts --a <web dist> --b <web dist> [--rounds 5] [--pages image,gallery]
 *     [--json out.json]
 */
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { takenOver } from "../../e2e/support/hydration.js";
import { fmt, median } from "../lib/stats.js";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DEFAULT_DATA_DIR,
  log,
  publicPages,
  startSawdust,
} from "./app.js";

const NETWORK = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: 96_000,
};
const CPU_THROTTLING = 4;

const { values: args } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    rounds: { type: "string", default: "5" },
    pages: { type: "string" },
    "data-dir": { type: "string", default: DEFAULT_DATA_DIR },
    json: { type: "string" },
  },
});
if (!args.a || !args.b) throw new Error("name the two web builds: --a <dist> --b <dist>");
const builds = { a: args.a, b: args.b };

interface Load {
  takenOverMs: number;
  lcpMs: number;
  scripts: number;
}

// The second server gets a copy of the demo catalogue (seeded by the first start if need be).
const dataDirs = { a: args["data-dir"], b: `${args["data-dir"]}-b` };
const first = await startSawdust({ port: 0, dataDir: dataDirs.a, webDist: builds.a });
await first.stop();
if (existsSync(dataDirs.b)) rmSync(dataDirs.b, { recursive: true });
cpSync(dataDirs.a, dataDirs.b, { recursive: true });
const servers = {
  a: await startSawdust({ port: 0, dataDir: dataDirs.a, webDist: builds.a }),
  b: await startSawdust({ port: 0, dataDir: dataDirs.b, webDist: builds.b }),
};
const load0 = loadavg();
const pages = (await publicPages(servers.a.origin)).filter(
  (page) => !args.pages || args.pages.split(",").includes(page.name),
);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const loads = new Map<string, Load[]>();
try {
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const page of pages) {
      // Alternate which build goes first, round by round.
      const order = round % 2 === 1 ? (["a", "b"] as const) : (["b", "a"] as const);
      for (const build of order) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        // tsx names functions with an `__name` helper, which the functions sent to the page carry.
        await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
        let scripts = 0;
        tab.on("request", (request) => {
          if (request.resourceType() === "script") scripts++;
        });
        const start = Date.now();
        await tab.goto(`${servers[build].origin}${page.path}`, { waitUntil: "commit" });
        await takenOver(tab);
        const takenOverMs = Date.now() - start;
        const lcpMs = await tab.evaluate(() => {
          const { PerformanceObserver: Observer } = globalThis as unknown as {
            PerformanceObserver: new (
              callback: (list: { getEntries(): Array<{ startTime: number }> }) => void,
            ) => { observe(options: { type: string; buffered: boolean }): void };
          };
          return new Promise<number>((done) =>
            new Observer((list) => done(list.getEntries().at(-1)?.startTime ?? 0)).observe({
              type: "largest-contentful-paint",
              buffered: true,
            }),
          );
        });
        const key = `${page.name} ${build}`;
        loads.set(key, [...(loads.get(key) ?? []), { takenOverMs, lcpMs, scripts }]);
        log(
          `round ${round} ${key}: taken over ${takenOverMs} ms, LCP ${Math.round(lcpMs)} ms, ${scripts} scripts`,
        );
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all([servers.a.stop(), servers.b.stop()]);
}

const lines = [
  `# Taken over, two builds side by side — ${new Date().toISOString()}`,
  "",
  `${cpus().length} cores; load average ${load0.map((x) => x.toFixed(1)).join(" ")} at start, ${loadavg()
    .map((x) => x.toFixed(1))
    .join(
      " ",
    )} at end. ${args.rounds} rounds, alternated; 412×823 mobile, DevTools throttling (150 ms RTT, 1.6 Mbit/s, CPU ${CPU_THROTTLING}×). a = ${builds.a}, b = ${builds.b}.`,
  "",
  "| page | a: taken over (median) | b: taken over (median) | b ÷ a | a: LCP | b: LCP | scripts a → b |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
];
for (const page of pages) {
  const [a, b] = [loads.get(`${page.name} a`) ?? [], loads.get(`${page.name} b`) ?? []];
  const m = (list: Load[], field: keyof Load) => median(list.map((load) => load[field]));
  lines.push(
    `| \`${page.path}\` | ${fmt(m(a, "takenOverMs"))} | ${fmt(m(b, "takenOverMs"))} | ${(m(b, "takenOverMs") / m(a, "takenOverMs")).toFixed(2)} | ${fmt(m(a, "lcpMs"))} | ${fmt(m(b, "lcpMs"))} | ${m(a, "scripts")} → ${m(b, "scripts")} |`,
  );
}
console.log(lines.join("\n"));
if (args.json)
  writeFileSync(
    args.json,
    `${JSON.stringify({ builds, rounds: Number(args.rounds), network: NETWORK, cpuThrottling: CPU_THROTTLING, loads: Object.fromEntries(loads) }, null, 1)}\n`,
  );
