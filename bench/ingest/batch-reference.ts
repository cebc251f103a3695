/**
 * The batch's reference, in a process of its own: the bare decode-once sharp script of
 * reference.ts run on the same PNG `--images` times in a row (after one untimed warm-up), each
 * image's renditions written to a folder that is emptied after it. Prints one JSON line: the
 * wall and CPU time of the timed images and the process's peak RSS.
 *
 *   npx tsx bench/ingest/batch-reference.ts --png in.png --images 50 --out /tmp/dir
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { referenceIngest } from "./reference.js";

const { values } = parseArgs({
  options: {
    png: { type: "string" },
    images: { type: "string", default: "50" },
    out: { type: "string" },
  },
});
if (!values.png || !values.out) throw new Error("--png and --out are required");
const images = Number(values.images);
// No operation cache: every image is decoded from its file, as each upload is.
sharp.cache(false);

const once = async (i: number) => {
  const dir = join(values.out as string, String(i));
  await referenceIngest(values.png as string, dir);
  await rm(dir, { recursive: true, force: true });
};
await once(-1);
const rssAfterWarmup = process.memoryUsage().rss;
const cpu = process.cpuUsage();
const started = performance.now();
const perImageMs: number[] = [];
for (let i = 0; i < images; i++) {
  const t = performance.now();
  await once(i);
  perImageMs.push(performance.now() - t);
}
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    ms,
    cpuMs: (used.user + used.system) / 1000,
    perImageMs,
    rssAfterWarmup,
    peakRss: process.resourceUsage().maxRSS * 1024,
  }),
);
