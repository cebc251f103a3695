/**
 * bench/web: what a first visit to /gallery costs in a browser. Headless Chromium with 4× CPU
 * throttling loads /gallery from the real server with the demo catalogue, and, side by side in the
 * same rounds, a reference page: bare HTML holding only the gallery's largest image at the size the
 * gallery shows it (the floor any page showing that image can reach). See bench/README.md.
 *
 *   npx tsx bench/web/web.bench.ts [--rounds 9] [--web-dist apps/web/dist] [--json out.json]
 *
 * The demo catalogue is seeded once into $TMPDIR/sawdust-bench/web-demo and reused by later runs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import type { ImageListResponse } from "@sawdust/shared";
import { type Browser, chromium, type Page } from "playwright-core";
import { fmt, kb, summary } from "../lib/stats.js";

/** Acceptance line 4 of the Browse issue. */
const TARGETS = { jsGzipBytes: 120 * 1024, lcpMs: 1200, cls: 0.02 };
const CPU_THROTTLING = 4;
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "9" },
    "web-dist": { type: "string", default: "apps/web/dist" },
    "data-dir": { type: "string", default: join(tmpdir(), "sawdust-bench", "web-demo") },
    json: { type: "string" },
  },
});
const ROUNDS = Number(args.rounds);
const root = resolve(import.meta.dirname, "../..");

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The real server, as `npm start` runs it, on the demo catalogue (seeded on its first start). */
async function startSawdust(): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  mkdirSync(args["data-dir"], { recursive: true });
  // One process (no npx or tsx wrapper between), so that SIGTERM at the end reaches the server.
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: args["data-dir"],
      WEB_DIST: resolve(root, args["web-dist"]),
      DEMO_CONTENT: "true",
      LOG_LEVEL: "warn",
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(
    "the server",
    async () => ((await fetch(`${origin}/readyz`)).ok ? true : undefined),
    60_000,
  );
  // The demo catalogue seeds in the background: wait until its public gallery stops growing.
  let last = -1;
  await waitFor(
    "the demo catalogue",
    async () => {
      const page = (await (
        await fetch(`${origin}/api/v1/images?limit=1`)
      ).json()) as ImageListResponse;
      const total = page.stats.totalImages;
      const settled = total > 0 && total === last;
      last = total;
      log(`  demo catalogue: ${total} public images`);
      return settled ? true : undefined;
    },
    600_000,
  );
  return { origin, child };
}

/** The reference page: only the gallery's LCP image, at the size and place the gallery shows it. */
function startReference(image: { src: string; width: number; height: number }): Promise<Server> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head><body style="margin:0"><img src="${image.src}" width="${image.width}" height="${image.height}" alt="reference" style="display:block;max-width:100%;height:auto"></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end(html);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

/** Collects LCP and CLS from the first moment of the page (buffered observers). */
const OBSERVE_VITALS = `
  window.__vitals = { lcp: 0, lcpElement: "", lcpUrl: "", cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__vitals.lcp = entry.startTime;
      window.__vitals.lcpElement = entry.element ? entry.element.tagName + (entry.element.getAttribute("data-testid") ? "[" + entry.element.getAttribute("data-testid") + "]" : "") : "";
      window.__vitals.lcpUrl = entry.url || "";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

interface Visit {
  lcpMs: number;
  cls: number;
  lcpElement: string;
  lcpUrl: string;
  jsFiles: number;
  jsRawBytes: number;
  jsGzipBytes: number;
}

/** One cold visit: a new browser context (empty cache), CPU throttled, until the network idles. */
async function visit(browser: Browser, url: string, viewport: ViewportName): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
  await page.addInitScript(OBSERVE_VITALS);
  const scripts: Array<Promise<Buffer>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // LCP is final once nothing new paints; give late tiles a moment, without touching the page.
  await page.waitForTimeout(1500);
  const vitals = (await page.evaluate("window.__vitals")) as Omit<Visit, `js${string}`> & {
    lcp: number;
  };
  const bodies = await Promise.all(scripts);
  await context.close();
  return {
    lcpMs: vitals.lcp,
    cls: vitals.cls,
    lcpElement: vitals.lcpElement,
    lcpUrl: vitals.lcpUrl,
    jsFiles: bodies.length,
    jsRawBytes: bodies.reduce((sum, b) => sum + b.length, 0),
    jsGzipBytes: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
  };
}

/** The gallery's LCP image as it showed: its URL and rendered box, for the reference page. */
async function lcpImageOf(browser: Browser, origin: string, viewport: ViewportName) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE_VITALS);
  await page.goto(`${origin}/gallery`, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  const found = (await page.evaluate(`(() => {
    const img = [...document.images].find((i) => i.currentSrc && i.currentSrc === window.__vitals.lcpUrl)
      ?? [...document.images].sort((a, b) => b.width * b.height - a.width * a.height)[0];
    return img ? { src: img.currentSrc, width: Math.round(img.width), height: Math.round(img.height) } : null;
  })()`)) as { src: string; width: number; height: number } | null;
  await context.close();
  if (!found) throw new Error("the gallery showed no image");
  return found;
}

interface Row {
  viewport: ViewportName;
  side: "sawdust" | "reference";
  round: number;
  visit: Visit;
}

async function main() {
  log(`bench/web: ${ROUNDS} rounds × 2 viewports × 2 sides, CPU throttling ${CPU_THROTTLING}×`);
  const { origin, child } = await startSawdust();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const rows: Row[] = [];
  const references: Partial<Record<ViewportName, { src: string; width: number; height: number }>> =
    {};
  const servers: Server[] = [];
  try {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const image = await lcpImageOf(browser, origin, viewport);
      references[viewport] = image;
      const server = await startReference(image);
      servers.push(server);
      const referenceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      // Round 0 warms the server's and the OS's caches and is discarded.
      for (let round = 0; round <= ROUNDS; round++) {
        const order =
          round % 2 === 0
            ? (["sawdust", "reference"] as const)
            : (["reference", "sawdust"] as const);
        for (const side of order) {
          const result = await visit(
            browser,
            side === "sawdust" ? `${origin}/gallery` : referenceUrl,
            viewport,
          );
          if (round > 0) rows.push({ viewport, side, round, visit: result });
          log(
            `  ${viewport} round ${round} ${side}: LCP ${fmt(result.lcpMs)} ms (${result.lcpElement}), CLS ${result.cls.toFixed(4)}, JS ${kb(result.jsGzipBytes)} gzip`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) server.close();
    child.kill("SIGTERM");
  }

  const report = renderReport(rows, references);
  process.stdout.write(report);
  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
          cpuThrottling: CPU_THROTTLING,
          rounds: ROUNDS,
          references,
          rows,
        },
        null,
        2,
      ),
    );
  }
}

function renderReport(
  rows: Row[],
  references: Partial<Record<ViewportName, { src: string; width: number; height: number }>>,
): string {
  const lines = [
    `# bench/web — ${new Date().toISOString()}`,
    "",
    `${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " ",
      )}; CPU throttling ${CPU_THROTTLING}×; ${ROUNDS} cold visits per side and viewport (medians).`,
    "",
    "| viewport | page | LCP median (p90) | CLS max | JS files | JS raw | JS gzip | LCP element |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    for (const side of ["sawdust", "reference"] as const) {
      const visits = rows
        .filter((r) => r.viewport === viewport && r.side === side)
        .map((r) => r.visit);
      if (visits.length === 0) continue;
      const lcp = summary(visits.map((v) => v.lcpMs));
      const first = visits[0] as Visit;
      lines.push(
        `| ${viewport} | ${side === "sawdust" ? "/gallery" : "reference (one img)"} | ${fmt(lcp.median)} ms (${fmt(lcp.p90)}) | ${Math.max(...visits.map((v) => v.cls)).toFixed(4)} | ${first.jsFiles} | ${kb(first.jsRawBytes)} | ${kb(first.jsGzipBytes)} | ${first.lcpElement} |`,
      );
    }
  }
  lines.push("", "Against the targets (LCP ≤ 1.2 s, CLS ≤ 0.02, initial JS ≤ 120 KiB gzip):", "");
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    const ours = rows
      .filter((r) => r.viewport === viewport && r.side === "sawdust")
      .map((r) => r.visit);
    const floor = rows
      .filter((r) => r.viewport === viewport && r.side === "reference")
      .map((r) => r.visit);
    if (ours.length === 0) continue;
    const lcp = summary(ours.map((v) => v.lcpMs)).median;
    const floorLcp = summary(floor.map((v) => v.lcpMs)).median;
    const cls = Math.max(...ours.map((v) => v.cls));
    const js = Math.max(...ours.map((v) => v.jsGzipBytes));
    const image = references[viewport];
    lines.push(
      `- ${viewport}: LCP ${fmt(lcp)} ms ${lcp <= TARGETS.lcpMs ? "≤" : ">"} 1200 (reference ${fmt(floorLcp)} ms, ratio ${(lcp / floorLcp).toFixed(2)}); CLS ${cls.toFixed(4)} ${cls <= TARGETS.cls ? "≤" : ">"} 0.02; JS ${kb(js)} ${js <= TARGETS.jsGzipBytes ? "≤" : ">"} 120 KiB gzip. LCP image ${image?.width}×${image?.height} px.`,
    );
  }
  return `${lines.join("\n")}\n`;
}

await main();
