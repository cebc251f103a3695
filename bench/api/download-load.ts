/**
 * A load generator for large responses: autocannon parses every body in JavaScript and reaches
 * about 22 MB/s on an 8 MB file with one connection here (0 responses in 2 s with 50), so it
 * would measure itself. This one keeps `connections` keep-alive requests in flight with
 * node:http and only counts the bytes (node:http client ~100–200 MB/s on this machine).
 * Returns what the bench reads from an autocannon result.
 */
import { Agent, request } from "node:http";

export interface DownloadLoadResult {
  requests: number;
  reqPerSec: number;
  bytesPerSec: number;
  latency: { p50: number; p90: number; p99: number; mean: number; max: number };
  non2xx: number;
  errors: number;
  durationS: number;
}

export async function downloadLoad(
  url: string,
  headers: Record<string, string> | undefined,
  connections: number,
  durationS: number,
): Promise<DownloadLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = request(url, { agent, headers }, (res) => {
        if ((res.statusCode ?? 0) >= 300) non2xx += 1;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => {
          latencies.push(performance.now() - t);
          resolve();
        });
        res.on("error", () => {
          errors += 1;
          resolve();
        });
      });
      req.on("error", () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return {
    requests: latencies.length,
    reqPerSec: latencies.length / seconds,
    bytesPerSec: bytes / seconds,
    latency: {
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      mean: sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length),
      max: sorted[sorted.length - 1] ?? Number.NaN,
    },
    non2xx,
    errors,
    durationS: seconds,
  };
}
