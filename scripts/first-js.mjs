#!/usr/bin/env node
/**
 * Each page's first JavaScript: the module scripts and module preloads in the HTML the server
 * sends for it, summed as gzip -9 sizes (issue 20: at most 120 KiB per page). A visitor's rendered
 * page names them in a held form until its pictures have painted (`sawdust/later-module`,
 * `sawdust-later-modulepreload`: CODE_AFTER_PICTURES_SCRIPT in packages/shared); those count too.
 *
 *   node scripts/first-js.mjs http://127.0.0.1:3000 / /gallery /image/1 /explore /tag/forest
 *   node scripts/first-js.mjs --cookie 'sawdust_session=…' http://127.0.0.1:3000 /gallery
 */
import { gzipSync } from "node:zlib";

const LIMIT = 120 * 1024;
const args = process.argv.slice(2);
const cookieAt = args.indexOf("--cookie");
const cookie = cookieAt >= 0 ? args.splice(cookieAt, 2)[1] : undefined;
const [origin, ...pages] = args;
if (!origin || pages.length === 0) {
  console.error("usage: node scripts/first-js.mjs [--cookie C] <origin> <path>...");
  process.exit(2);
}

const headers = { accept: "text/html", ...(cookie ? { cookie } : {}) };
const sizes = new Map();
/** The gzip -9 size of one asset, fetched once. */
async function gzipSize(href) {
  if (!sizes.has(href)) {
    const response = await fetch(new URL(href, origin));
    if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    sizes.set(href, gzipSync(body, { level: 9 }).length);
  }
  return sizes.get(href);
}

let over = false;
for (const path of pages) {
  const response = await fetch(new URL(path, origin), { headers });
  const html = await response.text();
  const hrefs = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isModule = /^<script/i.test(tag) && /type="(?:module|sawdust\/later-module)"/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /rel="(?:sawdust-later-)?modulepreload"/i.test(tag);
    const href = /(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
    if ((isModule || isPreload) && href) hrefs.add(href);
  }
  let total = 0;
  for (const href of hrefs) total += await gzipSize(href);
  over ||= total > LIMIT;
  console.log(
    `${path.padEnd(28)} ${String(response.status).padEnd(4)} ${String(hrefs.size).padStart(2)} files ${String(total).padStart(8)} B gzip${total > LIMIT ? "  (over 120 KiB)" : ""}`,
  );
}
process.exit(over ? 1 : 0);
