import { type AiAnalysis, normalizeColor, PAGING } from "@sawdust/shared";

export interface Swatch {
  /** Six hex digits, lower case, without '#' (the colour filter's form). */
  hex: string;
  /** The colour's plain name when the analysis gave one ("navy"). */
  name?: string;
}

const HEX = /^[0-9a-f]{6}$/;

function swatchOf(hex: unknown, name?: unknown): Swatch | null {
  if (typeof hex !== "string") return null;
  const value = normalizeColor(hex);
  if (!HEX.test(value)) return null;
  return typeof name === "string" && name.trim()
    ? { hex: value, name: name.trim() }
    : { hex: value };
}

/**
 * Up to five colours of the image: the analysed palette (largest share first, as stored), else
 * the colour scheme's values. Anything that is not a six-digit hex colour is skipped, since the
 * analysis is free-form JSON (an AI model may write it).
 */
export function swatchesOf(analysis: AiAnalysis): Swatch[] {
  const candidates: Array<Swatch | null> = Array.isArray(analysis.palette)
    ? analysis.palette.map((entry: unknown) =>
        entry && typeof entry === "object"
          ? swatchOf((entry as { hex?: unknown }).hex, (entry as { name?: unknown }).name)
          : null,
      )
    : [];
  if (!candidates.some(Boolean) && analysis.colorScheme) {
    candidates.push(...Object.values(analysis.colorScheme).map((hex) => swatchOf(hex)));
  }
  const seen = new Set<string>();
  const swatches: Swatch[] = [];
  for (const swatch of candidates) {
    if (!swatch || seen.has(swatch.hex)) continue;
    seen.add(swatch.hex);
    swatches.push(swatch);
  }
  return swatches.slice(0, PAGING.maxSwatches);
}
