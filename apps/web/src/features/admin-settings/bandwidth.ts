/** The units the settings form offers for the free tier's bandwidth. */
export const BANDWIDTH_UNITS = {
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
} as const;
export type BandwidthUnit = keyof typeof BANDWIDTH_UNITS;

/** The unit a stored figure reads best in: GiB when it is a whole or half number of them. */
export function unitFor(bytes: number): BandwidthUnit {
  return bytes >= BANDWIDTH_UNITS.GiB && bytes % (BANDWIDTH_UNITS.GiB / 2) === 0 ? "GiB" : "MiB";
}

/** Bytes as an amount of the unit, to at most two decimals. */
export function amountIn(bytes: number, unit: BandwidthUnit): number {
  return Math.round((bytes / BANDWIDTH_UNITS[unit]) * 100) / 100;
}

/**
 * What was typed, in bytes: NaN when it is not a number (the schema then says what it wants).
 * Whole bytes: 1.5 GiB is 1,610,612,736.
 */
export function bytesOf(amount: string, unit: BandwidthUnit): number {
  const text = amount.trim();
  if (text === "") return Number.NaN;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * BANDWIDTH_UNITS[unit]) : Number.NaN;
}
