/** Statistics and number formatting shared by the benchmarks' reports. */

/** Median, minimum and p90 (nearest rank: with 20 samples the 18th, with 6 or fewer the maximum). */
export function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const p90 = sorted[Math.max(0, Math.ceil(0.9 * sorted.length) - 1)] ?? Number.NaN;
  return { median: median(sorted), min: sorted[0] ?? Number.NaN, p90, n: sorted.length };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Milliseconds: whole numbers from 100 up, one decimal below. */
export function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

export function mib(kib: number): string {
  return `${(kib / 1024).toFixed(0)} MiB`;
}
