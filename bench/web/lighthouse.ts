/**
 * Lighthouse on every public page: the mobile preset (simulated throttling: a slow-4G network and
 * a 4× slower CPU, computed from one unthrottled load) and the desktop preset, against a fresh
 * server (`main.ts`, as `npm start` runs it) on the demo catalogue, driving Debian's Chromium
 * through chrome-launcher. Each page and preset runs `--runs` times (rounds interleaved: every
 * page once, then again); the report gives medians and, from each page's median run, what stands
 * between it and its line: the LCP element and its phases, the request chain, render-blocking
 * resources, long tasks, unused JavaScript and every failing audit by id. See bench/README.md.
 *
 *   npx tsx bench/web/lighthouse.ts [--runs 3] [--desktop-runs N] [--web-dist apps/web/dist] [--port 0]
 *     [--chrome-port 0] [--pages gallery,image] [--presets mobile,desktop] [--out bench/results]
 *     [--app-root <checkout>] [--label name]
 *
 * Writes <out>/lighthouse-<stamp>.md (the report, also on stdout) and .json (every run's scores
 * and the median runs' Lighthouse results, screenshots dropped).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { fmt, median } from "../lib/stats.js";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DEFAULT_DATA_DIR,
  log,
  type PublicPage,
  portOf,
  publicPages,
  root,
  startSawdust,
} from "./app.js";

/** Issue 20's lines. */
const LINES = { performance: 0.9, galleryPerformance: 0.95, otherCategories: 0.95 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const PRESETS = ["mobile", "desktop"] as const;
type Preset = (typeof PRESETS)[number];

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    /** Fewer desktop runs when time is short (the lines are on mobile); default: --runs. */
    "desktop-runs": { type: "string" },
    "web-dist": { type: "string", default: "apps/web/dist" },
    "data-dir": { type: "string", default: DEFAULT_DATA_DIR },
    port: { type: "string", default: "0" },
    "chrome-port": { type: "string", default: "0" },
    pages: { type: "string" },
    presets: { type: "string", default: PRESETS.join(",") },
    out: { type: "string", default: join(root, "bench", "results") },
    label: { type: "string", default: "" },
    "app-root": { type: "string" },
  },
});
const RUNS = Number(args.runs);
const RUNS_OF: Record<Preset, number> = {
  mobile: RUNS,
  desktop: Number(args["desktop-runs"] ?? RUNS),
};
const presets = args.presets.split(",") as Preset[];

interface RunSummary {
  page: string;
  path: string;
  preset: Preset;
  run: number;
  loadavg: number[];
  scores: Record<Category, number | null>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  warnings: string[];
  lhr: Result;
}

async function runLighthouse(url: string, preset: Preset, chromePort: number): Promise<Result> {
  process.env.CHROME_PATH = CHROMIUM_PATH;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    ...(chromePort ? { port: chromePort } : {}),
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(
        `Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
    }
    return result.lhr;
  } finally {
    chrome.kill();
    // Let the port and the profile go before the next launch.
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Lighthouse now and then loses the trace's navigation start (NO_NAVSTART): run it again. */
async function withRetries<T>(attempt: () => Promise<T>, times = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= times) throw error;
      log(`  (attempt ${i} failed: ${(error as Error).message}; again)`);
    }
  }
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function summarise(lhr: Result, page: string, path: string, preset: Preset, run: number) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]),
  ) as Record<Category, number | null>;
  return {
    page,
    path,
    preset,
    run,
    loadavg: loadavg(),
    scores,
    fcpMs: numeric(lhr, "first-contentful-paint"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    speedIndexMs: numeric(lhr, "speed-index"),
    warnings: lhr.runWarnings,
    lhr: slim(lhr),
  } satisfies RunSummary;
}

/**
 * The result without its screenshots (most of its bytes), its timings and messages, and the
 * details of audits that pass or do not apply (what is left explains every failing audit).
 */
function slim(lhr: Result): Result {
  const copy = structuredClone(lhr) as Partial<Result> & { fullPageScreenshot?: unknown };
  delete copy.fullPageScreenshot;
  delete copy.timing;
  delete copy.i18n;
  for (const audit of Object.values(copy.audits ?? {})) {
    const passes = audit.score === 1 && audit.scoreDisplayMode !== "informative";
    const inapplicable =
      audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual";
    if (passes || inapplicable || audit.id.includes("screenshot")) delete audit.details;
  }
  return copy as Result;
}

type Details = {
  type?: string;
  items?: Array<Record<string, unknown>>;
  chains?: Record<string, Chain>;
  longestChain?: { duration: number; length: number; transferSize: number };
};
type Chain = {
  request: { url: string; endTime: number; transferSize: number };
  children?: Record<string, Chain>;
};

function details(lhr: Result, id: string): Details | undefined {
  return lhr.audits[id]?.details as Details | undefined;
}

function shortUrl(url: unknown, origin: string): string {
  return typeof url === "string" ? url.replace(origin, "").slice(0, 90) : String(url);
}

/** The longest path through the critical request chains, as "a → b → c (ms)". */
function longestChain(lhr: Result, origin: string): string {
  const d = details(lhr, "critical-request-chains");
  if (!d?.chains) return "—";
  let best: { path: string[]; end: number } = { path: [], end: 0 };
  const walk = (chain: Chain, path: string[]) => {
    const here = [...path, shortUrl(chain.request.url, origin)];
    if (chain.request.endTime > best.end) best = { path: here, end: chain.request.endTime };
    for (const child of Object.values(chain.children ?? {})) walk(child, here);
  };
  for (const chain of Object.values(d.chains)) walk(chain, []);
  const total = d.longestChain
    ? ` (${fmt(d.longestChain.duration)} ms, ${d.longestChain.length} requests)`
    : "";
  return `${best.path.join(" → ")}${total}`;
}

/** What the median run says stands between the page and its lines. */
function diagnosis(lhr: Result, origin: string): string[] {
  const out: string[] = [];
  // The LCP element and its phases (TTFB, load delay, load time, render delay).
  const lcpElement = details(lhr, "largest-contentful-paint-element");
  const tables = (lcpElement as { items?: Array<Details> } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node as { snippet?: string; selector?: string } | undefined;
  const phases = (tables[1]?.items ?? [])
    .map((p) => `${p.phase} ${fmt(Number(p.timing))} ms`)
    .join(", ");
  out.push(
    `LCP element: \`${(node?.snippet ?? "?").slice(0, 160)}\`${phases ? ` — ${phases}` : ""}`,
  );
  const discovery = details(lhr, "lcp-discovery-insight")?.items?.[0] as
    | { items?: Record<string, { label: string; value: boolean }> }
    | undefined;
  if (discovery?.items) {
    out.push(
      `LCP discovery: ${Object.values(discovery.items)
        .map((c) => `${c.value ? "✓" : "✗"} ${c.label}`)
        .join("; ")}`,
    );
  }
  for (const id of ["lcp-lazy-loaded", "prioritize-lcp-image"]) {
    const audit = lhr.audits[id];
    if (audit && audit.score !== null && audit.score < 1)
      out.push(`${id}: ${audit.displayValue ?? "fails"}`);
  }
  out.push(`Longest request chain: ${longestChain(lhr, origin)}`);
  const blocking = details(lhr, "render-blocking-resources")?.items ?? [];
  out.push(
    `Render-blocking: ${
      blocking.length === 0
        ? "none"
        : blocking
            .map((i) => `${shortUrl(i.url, origin)} (${fmt(Number(i.wastedMs))} ms)`)
            .join(", ")
    }`,
  );
  const longTasks = details(lhr, "long-tasks")?.items ?? [];
  out.push(
    `Long tasks: ${longTasks.length}${
      longTasks.length
        ? ` — ${longTasks
            .slice(0, 5)
            .map(
              (t) =>
                `${shortUrl(t.url, origin)} ${fmt(Number(t.duration))} ms @${fmt(Number(t.startTime))}`,
            )
            .join("; ")}`
        : ""
    }`,
  );
  const bootup = details(lhr, "bootup-time")?.items ?? [];
  if (bootup.length) {
    out.push(
      `JS execution (bootup-time): ${bootup
        .slice(0, 4)
        .map(
          (i) =>
            `${shortUrl(i.url, origin)} ${fmt(Number(i.total))} ms (script ${fmt(Number(i.scripting))})`,
        )
        .join("; ")}`,
    );
  }
  const unused = details(lhr, "unused-javascript")?.items ?? [];
  out.push(
    `Unused JS: ${
      unused.length === 0
        ? "none flagged"
        : unused
            .map(
              (i) =>
                `${shortUrl(i.url, origin)} ${(Number(i.wastedBytes) / 1024).toFixed(1)} of ${(Number(i.totalBytes) / 1024).toFixed(1)} KiB`,
            )
            .join("; ")
    }`,
  );
  for (const id of [
    "server-response-time",
    "total-byte-weight",
    "dom-size",
    "mainthread-work-breakdown",
  ]) {
    const audit = lhr.audits[id];
    if (audit?.displayValue)
      out.push(
        `${id}: ${audit.displayValue}${audit.score !== null && audit.score < 0.9 ? " (flagged)" : ""}`,
      );
  }
  // Every audit that counts in a category's score and does not pass.
  const failing: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable")
        continue;
      if (audit.score >= (category === "performance" ? 0.9 : 1)) continue;
      if (category === "performance" && ref.weight === 0 && audit.score >= 0.5) continue;
      failing.push(
        `${category}/${ref.id} (score ${audit.score.toFixed(2)}, weight ${ref.weight}${audit.displayValue ? `, ${audit.displayValue}` : ""})${category === "performance" ? "" : itemsOf(lhr, ref.id, origin)}`,
      );
    }
  }
  out.push(`Failing audits: ${failing.length ? failing.join("; ") : "none"}`);
  if (lhr.runWarnings.length) out.push(`Run warnings: ${lhr.runWarnings.join(" | ")}`);
  return out;
}

/** A failing audit's first items, in a few words each: what to fix. */
function itemsOf(lhr: Result, id: string, origin: string): string {
  const items = details(lhr, id)?.items ?? [];
  if (items.length === 0) return "";
  const words = items.slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string } | undefined;
    const location = item.sourceLocation as { url?: string } | undefined;
    return [item.issueType, item.description, node?.snippet, location?.url ?? item.url]
      .filter((w): w is string => typeof w === "string" && w !== "")
      .map((w) => shortUrl(w, origin))
      .join(" ");
  });
  return `: ${words.join(" | ")}${items.length > 3 ? ` (+${items.length - 3} more)` : ""}`;
}

function pct(score: number | null | undefined): string {
  return score === null || score === undefined ? "—" : String(Math.round(score * 100));
}

async function main() {
  const chromePort = Number(args["chrome-port"]);
  const sawdust = await startSawdust({
    port: await portOf(Number(args.port)),
    dataDir: args["data-dir"],
    webDist: args["web-dist"],
    ...(args["app-root"] ? { appRoot: args["app-root"] } : {}),
  });
  const origin = sawdust.origin;
  const runs: RunSummary[] = [];
  const started = new Date();
  const loadAtStart = loadavg();
  let pages: PublicPage[] = [];
  try {
    pages = await publicPages(origin);
    if (args.pages) {
      const wanted = args.pages.split(",");
      pages = pages.filter((p) => wanted.includes(p.name));
    }
    // One unrecorded visit a page, so the server's render and list caches are as a visitor meets them.
    for (const page of pages) await fetch(`${origin}${page.path}`).then((r) => r.text());
    for (let run = 1; run <= Math.max(...presets.map((p) => RUNS_OF[p])); run++) {
      for (const preset of presets) {
        if (run > RUNS_OF[preset]) continue;
        for (const page of pages) {
          const lhr = await withRetries(() =>
            runLighthouse(`${origin}${page.path}`, preset, chromePort),
          );
          const summary = summarise(lhr, page.name, page.path, preset, run);
          runs.push(summary);
          log(
            `  run ${run} ${preset} ${page.path}: perf ${pct(summary.scores.performance)} a11y ${pct(summary.scores.accessibility)} bp ${pct(summary.scores["best-practices"])} seo ${pct(summary.scores.seo)}; FCP ${fmt(summary.fcpMs)} LCP ${fmt(summary.lcpMs)} TBT ${fmt(summary.tbtMs)} CLS ${summary.cls.toFixed(3)} (load ${summary.loadavg[0]?.toFixed(1)})`,
          );
        }
      }
    }
  } finally {
    await sawdust.stop();
  }

  const stamp = started.toISOString().slice(0, 16).replace(":", "");
  const label = args.label ? `-${args.label}` : "";
  const base = resolve(args.out, `lighthouse-${stamp}${label}`);
  mkdirSync(args.out, { recursive: true });
  const lines = [
    `# Lighthouse ${lighthouseVersion(runs)} — ${started.toISOString()}`,
    "",
    `${cpus().length} cores (${cpus()[0]?.model}); load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(" ")}, at end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " ",
      )}. ${presets.map((p) => `${RUNS_OF[p]} ${p}`).join(" and ")} runs a page, medians; Chromium ${CHROMIUM_PATH}.`,
    "",
    "| preset | page | performance | FCP | LCP | TBT | CLS | accessibility | best practices | SEO | perf. of each run |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  const medianRuns: RunSummary[] = [];
  const verdicts: string[] = [];
  for (const preset of presets) {
    for (const page of pages) {
      const mine = runs.filter((r) => r.preset === preset && r.page === page.name);
      if (mine.length === 0) continue;
      const m = (f: (r: RunSummary) => number) => median(mine.map(f));
      const score = (c: Category) => m((r) => r.scores[c] ?? Number.NaN);
      // The run whose performance score is the median: its audits explain the numbers.
      const sorted = [...mine].sort(
        (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0),
      );
      const medianRun = sorted[Math.floor((sorted.length - 1) / 2)] as RunSummary;
      medianRuns.push(medianRun);
      lines.push(
        `| ${preset} | \`${page.path}\` | ${pct(score("performance"))} | ${(m((r) => r.fcpMs) / 1000).toFixed(1)} s | ${(m((r) => r.lcpMs) / 1000).toFixed(1)} s | ${fmt(m((r) => r.tbtMs))} ms | ${m((r) => r.cls).toFixed(3)} | ${pct(score("accessibility"))} | ${pct(score("best-practices"))} | ${pct(score("seo"))} | ${mine.map((r) => pct(r.scores.performance)).join(", ")} |`,
      );
      if (preset === "mobile") {
        const perfLine = page.name === "gallery" ? LINES.galleryPerformance : LINES.performance;
        const misses: string[] = [];
        if (score("performance") < perfLine)
          misses.push(`performance ${pct(score("performance"))} < ${pct(perfLine)}`);
        for (const c of ["accessibility", "best-practices", "seo"] as const) {
          if (score(c) < LINES.otherCategories) misses.push(`${c} ${pct(score(c))} < 95`);
        }
        verdicts.push(
          `- \`${page.path}\`: ${misses.length ? `**not met** (${misses.join(", ")})` : "met"}`,
        );
      }
    }
  }
  lines.push(
    "",
    "Against issue 20's lines (mobile: performance ≥ 90, ≥ 95 on /gallery; the other three ≥ 95):",
    "",
    ...verdicts,
  );
  lines.push("", "## What the median runs say", "");
  for (const run of medianRuns) {
    lines.push(
      `### ${run.preset} \`${run.path}\` (run ${run.run}, performance ${pct(run.scores.performance)})`,
      "",
    );
    for (const line of diagnosis(run.lhr, origin)) lines.push(`- ${line}`);
    lines.push("");
  }
  const report = `${lines.join("\n")}\n`;
  process.stdout.write(report);
  writeFileSync(`${base}.md`, report);
  writeFileSync(
    `${base}.json`,
    JSON.stringify({
      date: started.toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAtStart, loadAtEnd: loadavg() },
      lighthouse: lighthouseVersion(runs),
      chromium: CHROMIUM_PATH,
      chromiumArgs: CHROMIUM_ARGS,
      pages,
      runs: runs.map(({ lhr: _lhr, ...rest }) => rest),
      medianRuns: medianRuns.map((r) => ({
        page: r.page,
        preset: r.preset,
        run: r.run,
        lhr: r.lhr,
      })),
    }),
  );
  log(`wrote ${base}.md and ${base}.json`);
}

function lighthouseVersion(runs: RunSummary[]): string {
  return runs[0]?.lhr.lighthouseVersion ?? "?";
}

await main();
