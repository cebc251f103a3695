/**
 * What bench/web and its Lighthouse run share: the real server on the demo catalogue, Debian's
 * Chromium and its flags, the public pages a link can land on, and each page's first JavaScript.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { type ExploreTags, type ImageListResponse, LATER_PRELOAD_REL } from "@sawdust/shared";
import { DEMO_ARTWORKS } from "../../apps/server/src/demo/artworks.js";

export const root = resolve(import.meta.dirname, "../..");
export const DEFAULT_DATA_DIR = join(process.env.TMPDIR ?? "/tmp", "sawdust-bench", "web-demo");

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Headless, and nothing that talks to the network or updates itself behind the page's back. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** A free loopback port when `wanted` is 0, otherwise `wanted`. */
export async function portOf(wanted: number): Promise<number> {
  if (wanted !== 0) return wanted;
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

async function waitFor<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  ms: number,
  failed: () => Error | undefined = () => undefined,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const error = failed();
    if (error) throw error;
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface Sawdust {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The real server, as `npm start` runs it (apps/server's main.ts: demo seeding, worker, janitor),
 * on the demo catalogue, seeded on the data directory's first start and reused afterwards.
 */
export async function startSawdust(options: {
  port: number;
  dataDir: string;
  webDist: string;
  /** The checkout whose server runs (default: this one), e.g. a `git archive` of a commit. */
  appRoot?: string;
}): Promise<Sawdust> {
  const appRoot = resolve(options.appRoot ?? root);
  const port = await portOf(options.port);
  mkdirSync(options.dataDir, { recursive: true });
  // One process (no npx or tsx wrapper between), so that SIGTERM at the end reaches the server.
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: appRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      WEB_DIST: resolve(root, options.webDist),
      DEMO_CONTENT: "true",
      LOG_LEVEL: "warn",
    },
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  let died: Error | undefined;
  child.once("exit", (code, signal) => {
    died = new Error(`the server exited (${signal ?? code})`);
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(
    "the server",
    async () => ((await fetch(`${origin}/readyz`)).ok ? true : undefined),
    90_000,
    () => died,
  );
  // The demo catalogue seeds in the background, one artwork at a time (all public): wait until
  // the public gallery holds all of them, or (another checkout's catalogue) stops growing for 30 s.
  let last = -1;
  let since = Date.now();
  await waitFor(
    "the demo catalogue",
    async () => {
      const page = (await (
        await fetch(`${origin}/api/v1/images?limit=1`)
      ).json()) as ImageListResponse;
      const total = page.stats.totalImages;
      if (total !== last) {
        last = total;
        since = Date.now();
        log(`  demo catalogue: ${total} of ${DEMO_ARTWORKS.length} public images`);
      }
      const settled = total >= DEMO_ARTWORKS.length || (total > 0 && Date.now() - since > 30_000);
      return settled ? true : undefined;
    },
    900_000,
    () => died,
  );
  return {
    origin,
    child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface PublicPage {
  /** Short name for tables and file names: gallery, image, explore, tag, one-of-one, open-editions. */
  name: string;
  path: string;
}

/**
 * Every public page a link can land on, with a real image id and tag from the catalogue: the
 * gallery's first image (its share page) and the most used tag (explore's first).
 */
export async function publicPages(origin: string): Promise<PublicPage[]> {
  const list = (await (await fetch(`${origin}/api/v1/images?limit=1`)).json()) as ImageListResponse;
  const image = list.images[0];
  if (!image) throw new Error("the catalogue has no public image");
  const tags = (await (await fetch(`${origin}/api/v1/explore/tags`)).json()) as ExploreTags;
  const tag = tags.featured[0]?.tag ?? tags.other[0]?.tag;
  if (!tag) throw new Error("the catalogue has no tag");
  return [
    { name: "gallery", path: "/gallery" },
    { name: "image", path: `/image/${image.id}` },
    { name: "explore", path: "/explore" },
    { name: "tag", path: `/tag/${encodeURIComponent(tag)}` },
    { name: "one-of-one", path: "/one-of-one" },
    { name: "open-editions", path: "/open-editions" },
  ];
}

export interface FirstJavaScript {
  files: Array<{ url: string; how: string; rawBytes: number; gzipBytes: number }>;
  rawBytes: number;
  gzipBytes: number;
  htmlBytes: number;
  htmlGzipBytes: number;
}

/**
 * A page's first JavaScript: every script and module preload its first HTML names (as a
 * visitor gets it, no cookie), each fetched and gzipped (level 9), the way the gallery's line has
 * been measured since the Browse issue; in a rendered page they are named in the form held until
 * its pictures have painted (LATER_PRELOAD_REL), and count the same. Inline scripts (the JSON data
 * block, the page's two small inline scripts) are not counted.
 */
export async function firstJavaScript(origin: string, path: string): Promise<FirstJavaScript> {
  const response = await fetch(`${origin}${path}`, { headers: { accept: "text/html" } });
  const html = await response.text();
  const found = new Map<string, string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (src) found.set(src, "script");
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = /\brel="([^"]+)"/i.exec(tag)?.[1]?.toLowerCase() ?? "";
    const as = /\bas="([^"]+)"/i.exec(tag)?.[1]?.toLowerCase();
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (!href) continue;
    if (
      rel === "modulepreload" ||
      rel === LATER_PRELOAD_REL ||
      (rel === "preload" && as === "script")
    ) {
      if (!found.has(href)) found.set(href, rel);
    }
  }
  const files: FirstJavaScript["files"] = [];
  for (const [src, how] of found) {
    const url = new URL(src.replaceAll("&amp;", "&"), `${origin}${path}`).href;
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    files.push({
      url: url.replace(origin, ""),
      how,
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    });
  }
  return {
    files,
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    htmlBytes: Buffer.byteLength(html),
    htmlGzipBytes: gzipSync(html, { level: 9 }).length,
  };
}
