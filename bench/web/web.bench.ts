/**
 * bench/web: what a first visit to each public page costs in a browser. Headless Chromium with 4×
 * CPU throttling loads /gallery, /image/{id}, /explore, /tag/{tag}, /one-of-one and
 * /open-editions from the real server (`main.ts`, as `npm start` runs it) with the demo catalogue
 * and, side by side in the same rounds, each page's reference: bare HTML holding only that page's
 * largest image, the same file from the same server at the size the page shows it (the floor any
 * page showing that image can reach). Also each page's first JavaScript: the scripts and module
 * preloads its first HTML names, gzipped. See bench/README.md.
 *
 *   npx tsx bench/web/web.bench.ts [--rounds 5] [--web-dist apps/web/dist] [--json out.json]
 *     [--pages gallery,image] [--port 0] [--reference-port 0] [--app-root <checkout>]
 *
 * The demo catalogue is seeded once into $TMPDIR/sawdust-bench/web-demo (--data-dir) and reused.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { fmt, kb, median, summary } from "../lib/stats.js";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DEFAULT_DATA_DIR,
  type FirstJavaScript,
  firstJavaScript,
  log,
  type PublicPage,
  portOf,
  publicPages,
  root,
  startSawdust,
} from "./app.js";

/** Issue 20's lines (acceptance 2). */
const LINES = { lcpRatio: 2, cls: 0.02, firstJsGzipBytes: 120 * 1024 };
const CPU_THROTTLING = 4;
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    "web-dist": { type: "string", default: "apps/web/dist" },
    "data-dir": { type: "string", default: DEFAULT_DATA_DIR },
    "app-root": { type: "string" },
    port: { type: "string", default: "0" },
    "reference-port": { type: "string", default: "0" },
    pages: { type: "string" },
    json: { type: "string" },
  },
});
const ROUNDS = Number(args.rounds);

interface ReferenceImage {
  src: string;
  width: number;
  height: number;
  /** How it was chosen: the page's LCP image, or its largest image in view (LCP was text). */
  chosen: "lcp" | "largest";
  pageLcpElement: string;
}

/** The reference pages, one a viewport and page: `/{viewport}/{page}`. */
function startReferences(images: Map<string, ReferenceImage>, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const image = images.get((request.url ?? "").slice(1));
    if (!image) {
      response.writeHead(404).end();
      return;
    }
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head><body style="margin:0"><img src="${image.src}" width="${image.width}" height="${image.height}" alt="reference" style="display:block;max-width:100%;height:auto"></body></html>`;
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end(html);
  });
  return new Promise((done) => server.listen(port, "127.0.0.1", () => done(server)));
}

/** Collects LCP, CLS and FCP from the first moment of the page (buffered observers). */
const OBSERVE_VITALS = `
  window.__vitals = { lcp: 0, lcpElement: "", lcpUrl: "", cls: 0, fcp: 0, csp: [] };
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__vitals.csp.push(e.effectiveDirective + " " + (e.blockedURI || "") + (e.sample ? " " + e.sample.slice(0, 40) : ""));
  });
  const describe = (el) => {
    if (!el) return "";
    const id = el.getAttribute("data-testid");
    const text = el.tagName === "IMG" ? (el.getAttribute("alt") || "") : (el.textContent || "");
    return el.tagName.toLowerCase() + (id ? "[" + id + "]" : "") + (text ? ' "' + text.trim().slice(0, 40) + '"' : "");
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__vitals.lcp = entry.startTime;
      window.__vitals.lcpElement = describe(entry.element);
      window.__vitals.lcpUrl = entry.url || "";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") window.__vitals.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
`;

interface Visit {
  lcpMs: number;
  fcpMs: number;
  cls: number;
  lcpElement: string;
  lcpUrl: string;
  /** Every script the page loaded until the network went idle (sizes in the report). */
  scripts: string[];
  /** Content-Security-Policy violations (directive, blocked URI, sample). */
  csp: string[];
  /** Console errors, and failed requests with their status. */
  errors: string[];
}

/** One cold visit: a new browser context (empty cache), CPU throttled, until the network idles. */
async function visit(browser: Browser, url: string, viewport: ViewportName): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
    await page.addInitScript(OBSERVE_VITALS);
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text().slice(0, 120));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    // LCP is final once nothing new paints; give late pictures a moment, without touching the page.
    await page.waitForTimeout(1000);
    const vitals = (await page.evaluate("window.__vitals")) as {
      lcp: number;
      fcp: number;
      cls: number;
      lcpElement: string;
      lcpUrl: string;
      csp: string[];
    };
    return {
      lcpMs: vitals.lcp,
      fcpMs: vitals.fcp,
      cls: vitals.cls,
      lcpElement: vitals.lcpElement,
      lcpUrl: vitals.lcpUrl,
      scripts,
      csp: vitals.csp,
      errors,
    };
  } finally {
    await context.close();
  }
}

/**
 * A page's largest image as it showed (unthrottled): its LCP image, or when the LCP was text,
 * the image in view with the largest visible area. Its URL and rendered box make the reference.
 */
async function referenceImageOf(
  browser: Browser,
  url: string,
  viewport: ViewportName,
): Promise<ReferenceImage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_VITALS);
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
    const found = (await page.evaluate(`(() => {
      const vitals = window.__vitals;
      const box = (i) => i.getBoundingClientRect();
      const visible = (i) => {
        const r = box(i);
        const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
        const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        return w * h;
      };
      const images = [...document.images].filter((i) => i.currentSrc && !i.currentSrc.startsWith("data:"));
      let img = vitals.lcpUrl ? images.find((i) => i.currentSrc === vitals.lcpUrl) : undefined;
      const chosen = img ? "lcp" : "largest";
      img ??= images.sort((a, b) => visible(b) - visible(a))[0];
      return img
        ? { src: img.currentSrc, width: Math.round(box(img).width), height: Math.round(box(img).height), chosen, pageLcpElement: vitals.lcpElement }
        : null;
    })()`)) as ReferenceImage | null;
    if (!found) throw new Error(`${url} showed no image`);
    return found;
  } finally {
    await context.close();
  }
}

interface Row {
  viewport: ViewportName;
  page: string;
  side: "page" | "reference";
  round: number;
  visit: Visit;
}

async function main() {
  const sawdust = await startSawdust({
    port: await portOf(Number(args.port)),
    dataDir: args["data-dir"],
    webDist: args["web-dist"],
    ...(args["app-root"] ? { appRoot: args["app-root"] } : {}),
  });
  const { origin } = sawdust;
  const rows: Row[] = [];
  const references = new Map<string, ReferenceImage>();
  const firstJs = new Map<string, FirstJavaScript>();
  const scriptSizes = new Map<string, { rawBytes: number; gzipBytes: number }>();
  let pages: PublicPage[] = [];
  let browser: Browser | undefined;
  let referenceServer: Server | undefined;
  const loadAtStart = loadavg();
  try {
    pages = await publicPages(origin);
    if (args.pages) {
      const wanted = args.pages.split(",");
      pages = pages.filter((p) => wanted.includes(p.name));
    }
    log(
      `bench/web: ${pages.map((p) => p.path).join(" ")}; ${ROUNDS} rounds × ${VIEWPORT_NAMES.length} viewports × (page + reference), CPU throttling ${CPU_THROTTLING}×`,
    );
    for (const page of pages) firstJs.set(page.name, await firstJavaScript(origin, page.path));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const viewport of VIEWPORT_NAMES) {
      for (const page of pages) {
        const image = await referenceImageOf(browser, `${origin}${page.path}`, viewport);
        references.set(`${viewport}/${page.name}`, image);
        log(
          `  ${viewport} ${page.path}: reference ${image.width}×${image.height} ${image.src.replace(origin, "")} (${image.chosen}; page LCP ${image.pageLcpElement})`,
        );
      }
    }
    referenceServer = await startReferences(
      references,
      await portOf(Number(args["reference-port"])),
    );
    const address = referenceServer.address();
    const referenceOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    // Round 0 warms the server's and the OS's caches and is discarded. Within a round every
    // viewport and page runs next to its reference, alternating which goes first, and the page
    // order rotates from round to round, so that load drift falls on all of them alike.
    for (let round = 0; round <= ROUNDS; round++) {
      const load = loadavg()[0]?.toFixed(1);
      for (const viewport of VIEWPORT_NAMES) {
        for (let k = 0; k < pages.length; k++) {
          const page = pages[(k + round) % pages.length] as PublicPage;
          const order =
            (round + k) % 2 === 0
              ? (["page", "reference"] as const)
              : (["reference", "page"] as const);
          for (const side of order) {
            const url =
              side === "page"
                ? `${origin}${page.path}`
                : `${referenceOrigin}/${viewport}/${page.name}`;
            // A visit that saw no paint at all (LCP 0, now and then on a loaded machine) measured
            // nothing: it would count as an LCP of 0 ms. It is repeated, twice at most.
            let result = await visit(browser, url, viewport);
            for (let retry = 0; result.lcpMs === 0 && retry < 2; retry++) {
              log(`  round ${round} ${viewport} ${url}: no LCP seen; visiting again`);
              result = await visit(browser, url, viewport);
            }
            if (round > 0) rows.push({ viewport, page: page.name, side, round, visit: result });
            log(
              `  round ${round} ${viewport} ${side === "page" ? page.path : `reference of ${page.name}`}: LCP ${fmt(result.lcpMs)} ms (${result.lcpElement}), FCP ${fmt(result.fcpMs)}, CLS ${result.cls.toFixed(4)} (load ${load})`,
            );
          }
        }
      }
    }
    // The sizes of every script any visit loaded, once each, after the timed visits.
    for (const url of new Set(rows.flatMap((r) => r.visit.scripts))) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      scriptSizes.set(url, {
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      });
    }
  } finally {
    await browser?.close();
    referenceServer?.close();
    await sawdust.stop();
  }

  const context = { origin, pages, references, firstJs, scriptSizes, loadAtStart };
  process.stdout.write(renderReport(rows, context));
  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: {
            cpus: cpus().length,
            model: cpus()[0]?.model,
            loadAtStart,
            loadAtEnd: loadavg(),
          },
          cpuThrottling: CPU_THROTTLING,
          viewports: VIEWPORTS,
          rounds: ROUNDS,
          pages,
          references: Object.fromEntries(references),
          firstJavaScript: Object.fromEntries(firstJs),
          scriptSizes: Object.fromEntries(scriptSizes),
          rows,
        },
        null,
        2,
      ),
    );
  }
}

/** Built file → its source module or chunk name, from `<web-dist>/.vite/manifest.json` if built with one. */
function manifestNames(): Map<string, string> {
  const names = new Map<string, string>();
  try {
    const manifest = JSON.parse(
      readFileSync(join(resolve(root, args["web-dist"]), ".vite", "manifest.json"), "utf8"),
    ) as Record<string, { file: string; name?: string; src?: string }>;
    for (const [key, chunk] of Object.entries(manifest)) {
      names.set(chunk.file, chunk.src ? chunk.src.replace(/^src\//, "") : (chunk.name ?? key));
    }
  } catch {
    // No manifest: file names only.
  }
  return names;
}

function renderReport(
  rows: Row[],
  context: {
    origin: string;
    pages: PublicPage[];
    references: Map<string, ReferenceImage>;
    firstJs: Map<string, FirstJavaScript>;
    scriptSizes: Map<string, { rawBytes: number; gzipBytes: number }>;
    loadAtStart: number[];
  },
): string {
  const { pages, references, firstJs, scriptSizes, origin } = context;
  const visitsOf = (viewport: ViewportName, page: string, side: Row["side"]) =>
    rows.filter((r) => r.viewport === viewport && r.page === page && r.side === side);
  const lines = [
    `# bench/web — ${new Date().toISOString()}`,
    "",
    `${cpus().length} cores (${cpus()[0]?.model}), load average ${context.loadAtStart
      .map((l) => l.toFixed(1))
      .join(" ")} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " ",
      )} at the end; CPU throttling ${CPU_THROTTLING}×; ${ROUNDS} cold visits per page, side and viewport (medians).`,
    "",
    "| viewport | page | LCP median (p90) | reference LCP | ratio | per-round ratio | FCP | CLS max | first JS gzip | LCP element |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  const verdicts: string[] = [];
  for (const page of pages) {
    const misses: string[] = [];
    for (const viewport of VIEWPORT_NAMES) {
      const ours = visitsOf(viewport, page.name, "page");
      const floor = visitsOf(viewport, page.name, "reference");
      if (ours.length === 0) continue;
      const lcp = summary(ours.map((r) => r.visit.lcpMs));
      const floorLcp = median(floor.map((r) => r.visit.lcpMs));
      const perRound = median(
        ours.flatMap((r) => {
          const ref = floor.find((f) => f.round === r.round);
          return ref ? [r.visit.lcpMs / ref.visit.lcpMs] : [];
        }),
      );
      const ratio = lcp.median / floorLcp;
      const cls = Math.max(...ours.map((r) => r.visit.cls));
      const js = firstJs.get(page.name);
      const elements = [...new Set(ours.map((r) => r.visit.lcpElement))];
      lines.push(
        `| ${viewport} | \`${page.path}\` | ${fmt(lcp.median)} ms (${fmt(lcp.p90)}) | ${fmt(floorLcp)} ms | **${ratio.toFixed(2)}** | ${perRound.toFixed(2)} | ${fmt(median(ours.map((r) => r.visit.fcpMs)))} ms | ${cls.toFixed(4)} | ${js ? `${kb(js.gzipBytes)} (${js.files.length})` : "—"} | ${elements.join(" / ").replaceAll("|", "\\|")} |`,
      );
      if (ratio > LINES.lcpRatio) misses.push(`${viewport} LCP ${ratio.toFixed(2)}× > 2×`);
      if (cls > LINES.cls) misses.push(`${viewport} CLS ${cls.toFixed(4)} > 0.02`);
    }
    const js = firstJs.get(page.name);
    if (js && js.gzipBytes > LINES.firstJsGzipBytes) {
      misses.push(`first JS ${kb(js.gzipBytes)} (${js.gzipBytes} B) > 120 KiB`);
    }
    verdicts.push(
      `- \`${page.path}\`: ${misses.length ? `**not met**: ${misses.join("; ")}` : "met"}`,
    );
  }
  lines.push(
    "",
    "Against issue 20's lines (LCP ≤ 2× the reference's in the same rounds, desktop and mobile; CLS ≤ 0.02; first JS ≤ 120 KiB gzip):",
    "",
    ...verdicts,
    "",
    "References (the page's largest image, same file, same server, shown at the page's size):",
    "",
  );
  for (const [key, image] of references) {
    lines.push(
      `- ${key}: ${image.src.replace(origin, "")} at ${image.width}×${image.height} (${image.chosen === "lcp" ? "the page's LCP image" : `the largest image in view; the page's LCP was ${image.pageLcpElement}`})`,
    );
  }
  lines.push(
    "",
    "First JavaScript (scripts and module preloads named by the first HTML, gzip -9), and every script loaded until the network idled (first visit of the first round):",
    "",
    "| page | first HTML (gzip) | first JS files | raw | gzip | loaded by idle: files | gzip |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const page of pages) {
    const js = firstJs.get(page.name);
    const loaded = rows.find((r) => r.page === page.name && r.side === "page")?.visit.scripts ?? [];
    const loadedGzip = loaded.reduce((sum, url) => sum + (scriptSizes.get(url)?.gzipBytes ?? 0), 0);
    if (!js) continue;
    lines.push(
      `| \`${page.path}\` | ${kb(js.htmlBytes)} (${kb(js.htmlGzipBytes)}) | ${js.files.length} | ${kb(js.rawBytes)} | ${kb(js.gzipBytes)} (${js.gzipBytes} B) | ${loaded.length} | ${kb(loadedGzip)} |`,
    );
  }
  // What fills each page's first JavaScript, named by the build's manifest where it has one.
  const names = manifestNames();
  lines.push(
    "",
    "What the first JavaScript holds (files of 1 KiB gzip or more, largest first):",
    "",
  );
  for (const page of pages) {
    const js = firstJs.get(page.name);
    if (!js) continue;
    const big = [...js.files]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .filter((f) => f.gzipBytes >= 1024);
    const small = js.files.length - big.length;
    lines.push(
      `- \`${page.path}\`: ${big
        .map(
          (f) =>
            `${names.get(f.url.replace(/^\//, "")) ?? f.url} ${(f.gzipBytes / 1024).toFixed(1)}`,
        )
        .join(
          ", ",
        )}${small ? `; ${small} smaller files ${((js.gzipBytes - big.reduce((sum, f) => sum + f.gzipBytes, 0)) / 1024).toFixed(1)}` : ""} KiB`,
    );
  }
  const notes: string[] = [];
  for (const page of pages) {
    const visits = rows.filter((r) => r.page === page.name && r.side === "page");
    const csp = [...new Set(visits.flatMap((r) => r.visit.csp))];
    const errors = [...new Set(visits.flatMap((r) => r.visit.errors))];
    if (csp.length) notes.push(`- \`${page.path}\` CSP violations: ${csp.join("; ")}`);
    if (errors.length) notes.push(`- \`${page.path}\` console errors: ${errors.join("; ")}`);
  }
  if (notes.length) lines.push("", "In the browser (any visit):", "", ...notes);
  return `${lines.join("\n")}\n`;
}

await main();
