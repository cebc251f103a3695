/**
 * bench/api sitemap walk: a search engine reading the whole sitemap, as it does after the site
 * changed, and what that does to everyone else. It asks for /sitemap.xml, then each file the index
 * names in turn, and meanwhile asks for one image's detail every 50 ms, the way an ordinary
 * visitor would.
 *
 *   npx tsx bench/api/sitemap-walk.ts --url http://127.0.0.1:3000
 *
 * Point it at an app serving a large catalogue (bench/api's 1,000,000: `npm start` with its
 * DATA_DIR, or DATABASE_URL for PostgreSQL), freshly started, so that nothing of the sitemap is
 * built yet. Reports the index's time, the files' times and sizes, and the detail's latency
 * while the walk runs against the detail's when nothing else runs.
 */
import { parseArgs } from "node:util";
import { median } from "../lib/stats.js";
import { fmt, probe, probeIds, timed } from "./visitor-probe.js";

const { values: args } = parseArgs({ options: { url: { type: "string" } } });
if (!args.url) throw new Error("--url is required: a running app serving a large catalogue");
const base = args.url.replace(/\/$/, "");

const ids = await probeIds(base);
console.log(`detail, nothing else running: ${fmt(await probe(base, ids, 50, () => true, 20))}`);

let finished = false;
const probing = probe(base, ids, 50, () => finished, 1);
const started = performance.now();
const index = await timed(base, "/sitemap.xml");
const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
const isIndex = index.body.includes("<sitemapindex");
console.log(
  `/sitemap.xml: ${index.status} in ${index.ms.toFixed(0)} ms, ${index.body.length.toLocaleString("en")} B, ${isIndex ? `an index of ${files.length} files` : `${files.length} URLs`}`,
);
const fileTimes: number[] = [];
const fileBytes: number[] = [];
let urls = isIndex ? 0 : files.length;
for (const file of isIndex ? files : []) {
  const res = await timed(base, new URL(file).pathname);
  if (res.status !== 200) throw new Error(`${file}: ${res.status}`);
  fileTimes.push(res.ms);
  fileBytes.push(res.body.length);
  urls += res.body.split("<url>").length - 1;
}
finished = true;
const details = await probing;
console.log(
  `walked ${urls.toLocaleString("en")} URLs in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (fileTimes.length > 0) {
  console.log(
    `files: ${fmt(fileTimes)}; ${Math.round(median(fileBytes)).toLocaleString("en")} B median, ${Math.max(...fileBytes).toLocaleString("en")} B max`,
  );
}
console.log(`detail meanwhile: ${fmt(details)}`);
