/**
 * bench/api distinct filters: what a burst of list requests, each with a filter no cache has
 * seen, does to everyone else. An attacker (or a crawler) need not repeat a URL: a common word
 * with each colour, each edition type, each availability is a new filter, a new total and a new
 * page every time. This sends waves of such requests in parallel to a running app and, while
 * each wave runs, asks for one image's detail every 200 ms, the way an ordinary visitor would.
 *
 *   npx tsx bench/api/distinct-filters.ts --url http://127.0.0.1:3000 [--waves 3] [--parallel 40]
 *
 * Point it at an app serving a large catalogue (bench/api's 1,000,000: `npm start` with its
 * DATA_DIR, or DATABASE_URL for PostgreSQL). Reports, per wave, the filtered requests' latency
 * and the detail's, against the detail's when nothing else runs.
 */
import { parseArgs } from "node:util";
import { fmt, probe, probeIds, timed } from "./visitor-probe.js";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    waves: { type: "string", default: "3" },
    parallel: { type: "string", default: "40" },
  },
});
if (!args.url) throw new Error("--url is required: a running app serving a large catalogue");
const base = args.url.replace(/\/$/, "");
const waves = Number(args.waves);
const parallel = Number(args.parallel);

/** Every filter a wave may send: prefixes of common words with each colour and each edition. */
function filters(): string[] {
  const words = ["landscape", "portrait"].flatMap((word) =>
    Array.from({ length: word.length - 2 }, (_, i) => word.slice(0, i + 3)),
  );
  const colours = ["green", "purple", "pink", "blue", "olive", "gray", "black", "white", "teal"];
  const editions = [
    "editionType=open_edition",
    "editionType=one_of_one",
    "availability=sold",
    "availability=available",
  ];
  const all: string[] = [];
  for (const word of words) {
    for (const colour of colours) all.push(`q=${word}&color=${colour}`);
    for (const edition of editions) all.push(`q=${word}&${edition}`);
  }
  for (const colour of colours)
    for (const edition of editions) all.push(`color=${colour}&${edition}`);
  return all;
}

const ids = await probeIds(base);
const idle = await probe(base, ids, 200, () => true, 10);
console.log(`detail, nothing else running: ${fmt(idle)}`);

const pool = filters();
if (pool.length < waves * parallel) {
  throw new Error(`Only ${pool.length} distinct filters for ${waves} waves of ${parallel}`);
}
for (let wave = 0; wave < waves; wave++) {
  const sent = pool.slice(wave * parallel, (wave + 1) * parallel);
  let finished = false;
  const probing = probe(base, ids, 200, () => finished, 1);
  const started = performance.now();
  const answers = await Promise.all(sent.map((q) => timed(base, `/api/v1/images?limit=20&${q}`)));
  finished = true;
  const details = await probing;
  const statuses = [...new Set(answers.map((a) => a.status))].join(", ");
  console.log(
    `wave ${wave + 1}: ${parallel} distinct filters in ${((performance.now() - started) / 1000).toFixed(1)} s, status ${statuses}; filtered ${fmt(answers.map((a) => a.ms))}; detail meanwhile ${fmt(details)}`,
  );
}
