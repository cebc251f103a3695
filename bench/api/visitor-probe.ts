/**
 * An ordinary visitor beside a load: one image's detail asked for at a steady pace, whose
 * latency says what the load does to everyone else (distinct-filters.ts, sitemap-walk.ts).
 */
import { median } from "../lib/stats.js";

export interface Timed {
  ms: number;
  status: number;
  body: string;
}

/** Asks `base` + `path` (or an absolute URL), timing the whole answer. */
export async function timed(base: string, path: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(path.startsWith("http") ? path : `${base}${path}`);
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

/** The ids of the app's first list page: the images the probe asks for in turn. */
export async function probeIds(base: string): Promise<number[]> {
  const first = (await (await fetch(`${base}/api/v1/images?limit=50`)).json()) as {
    images: Array<{ id: number }>;
  };
  const ids = first.images.map((image) => image.id);
  if (ids.length === 0)
    throw new Error("The app lists no image: point --url at a seeded catalogue");
  return ids;
}

/** The detail of `ids` in turn, one every `everyMs` until `done` (at least `minimum` asks). */
export async function probe(
  base: string,
  ids: number[],
  everyMs: number,
  done: () => boolean,
  minimum = 0,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !done() || times.length < minimum; i++) {
    times.push((await timed(base, `/api/v1/images/${ids[i % ids.length]}`)).ms);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return times;
}

/** Median and max of latencies, and how many. */
export const fmt = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length})`;
