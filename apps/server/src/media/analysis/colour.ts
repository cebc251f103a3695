/**
 * Colour analysis: a palette of up to five swatches, a name for each from a fixed set (nearest by
 * CIEDE2000 in CIELAB), and the colour themes of the search palette (vibrant, monochrome, pastel,
 * dark). Pure functions over RGB(A) pixels; the caller gives a small decoded image.
 */
import type { ColourFilterName } from "@sawdust/shared";

export interface Swatch {
  /** Lower-case hex without '#'. */
  hex: string;
  /** Share of the image's pixels, 0–1. */
  share: number;
  /** The nearest named colour: what the `color` filter matches. */
  name: ColourName;
}

export type ColourTheme = "vibrant" | "monochrome" | "pastel" | "dark";

export interface ColourAnalysis {
  swatches: Swatch[];
  themes: ColourTheme[];
  /** Mean lightness (L*, 0–100) and chroma (C*) over the image. */
  lightness: number;
  chroma: number;
}

/**
 * The names the colour filter knows (every one of COLOUR_FILTER_NAMES, and no other), with a
 * representative sRGB value for each.
 */
export const NAMED_COLOURS = {
  red: [220, 30, 40],
  orange: [240, 130, 30],
  yellow: [245, 215, 40],
  gold: [200, 160, 50],
  green: [50, 160, 60],
  olive: [120, 130, 50],
  teal: [20, 140, 140],
  cyan: [60, 200, 230],
  blue: [40, 80, 200],
  navy: [20, 30, 90],
  purple: [120, 50, 170],
  pink: [240, 120, 170],
  brown: [120, 75, 40],
  beige: [225, 205, 170],
  black: [15, 15, 15],
  gray: [128, 128, 128],
  white: [245, 245, 245],
} as const satisfies Record<ColourFilterName, readonly [number, number, number]>;
export type ColourName = keyof typeof NAMED_COLOURS;
export const COLOUR_NAMES = Object.keys(NAMED_COLOURS) as ColourName[];

type Lab = [number, number, number];

/**
 * Further representatives of a name one point cannot hold. CIELAB bends blue toward purple as it
 * saturates: medium blue (0, 0, 205) is nearer purple's point than blue's, and no single point
 * for blue is near both it and steel or dodger blue (six tried, session 62).
 */
const MORE_REFERENCES: Partial<
  Record<ColourName, ReadonlyArray<readonly [number, number, number]>>
> = { blue: [[0, 0, 230]] };

let namedLab: Array<{ name: ColourName; lab: Lab }> | undefined;
const NAMED_LAB = () =>
  (namedLab ??= COLOUR_NAMES.flatMap((name) =>
    [NAMED_COLOURS[name], ...(MORE_REFERENCES[name] ?? [])].map(([r, g, b]) => ({
      name,
      lab: rgbToLab(r, g, b),
    })),
  ));

/** The names without hue: a colour this close to grey is one of them, whatever its faint tint. */
const NEUTRALS: readonly ColourName[] = ["black", "gray", "white"];

/**
 * Below this chroma (C*, CIELAB) a colour reads as a grey: a blue-grey slate is not "purple", a
 * warm light grey not "beige". The nearest hue by CIEDE2000 can be far off for such colours,
 * since every hue is near them.
 */
export const NEUTRAL_CHROMA = 10;

/**
 * The named colour nearest to an sRGB colour (CIEDE2000, to any of a name's points): among black,
 * gray and white for a colour with almost no chroma (NEUTRAL_CHROMA), among all names otherwise.
 */
export function nameOf(r: number, g: number, b: number): ColourName {
  const lab = rgbToLab(r, g, b);
  const neutral = Math.hypot(lab[1], lab[2]) < NEUTRAL_CHROMA;
  let best: ColourName = "gray";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of NAMED_LAB()) {
    if (neutral && !NEUTRALS.includes(candidate.name)) continue;
    const d = ciede2000(lab, candidate.lab);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate.name;
    }
  }
  return best;
}

/** A filter value → the colour name it means: a known name, or a hex colour's nearest name. */
export function colourNameForFilter(value: string): ColourName | undefined {
  const v = value.trim().toLowerCase().replace(/^#/, "");
  if ((COLOUR_NAMES as string[]).includes(v)) return v as ColourName;
  const hex = /^[0-9a-f]{6}$/.test(v)
    ? v
    : /^[0-9a-f]{3}$/.test(v)
      ? [...v].map((c) => c + c).join("")
      : undefined;
  if (!hex) return undefined;
  return nameOf(
    Number.parseInt(hex.slice(0, 2), 16),
    Number.parseInt(hex.slice(2, 4), 16),
    Number.parseInt(hex.slice(4, 6), 16),
  );
}

/**
 * Palette by k-means in CIELAB over the pixels (at most ~4,096 sampled), seeded
 * deterministically (k-means++ with a fixed sequence), then near-identical clusters merged.
 */
export function analyseColours(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: 3 | 4,
  maxSwatches = 5,
): ColourAnalysis {
  // Transparent pixels are no colour, unless nothing is even half opaque (a translucent wash,
  // a cut-out at low opacity): then the colours the artwork has are all there is to go on.
  let samples = samplePixels(pixels, width, height, channels, 4096, 128);
  if (samples.length === 0) samples = samplePixels(pixels, width, height, channels, 4096, 0);
  if (samples.length === 0) throw new Error("no pixels to analyse");
  const labs = samples.map(([r, g, b]) => rgbToLab(r, g, b));
  const clusters = kMeans(labs, Math.min(maxSwatches, labs.length), 12);
  const merged = mergeClose(clusters, 8);
  const total = labs.length;
  const swatches = merged
    .sort((a, b) => b.count - a.count)
    .slice(0, maxSwatches)
    .filter((c) => c.count / total >= 0.01)
    .map((c) => {
      const [r, g, b] = labToRgb(c.centre);
      return { hex: toHex(r, g, b), share: round(c.count / total), name: nameOf(r, g, b) };
    });

  let lightness = 0;
  let chroma = 0;
  for (const [l, a, b] of labs) {
    lightness += l;
    chroma += Math.hypot(a, b);
  }
  lightness /= total;
  chroma /= total;
  return {
    swatches,
    themes: themesOf(labs, lightness, chroma),
    lightness: round(lightness, 1),
    chroma: round(chroma, 1),
  };
}

/**
 * Themes, from perceptual statistics: dark (mean L* < 30), monochrome (almost no chroma, or one
 * hue family), vibrant (strong mean chroma), pastel (light and softly coloured).
 */
function themesOf(labs: Lab[], lightness: number, chroma: number): ColourTheme[] {
  const themes: ColourTheme[] = [];
  const hueSpread = circularHueSpread(labs);
  if (chroma >= 45) themes.push("vibrant");
  if (chroma < 8 || (chroma < 25 && hueSpread < 0.15)) themes.push("monochrome");
  if (lightness >= 72 && chroma >= 8 && chroma < 40) themes.push("pastel");
  if (lightness < 30) themes.push("dark");
  return themes;
}

/** 0 when every coloured pixel has the same hue, up to 1 when hues spread all round. */
function circularHueSpread(labs: Lab[]): number {
  let x = 0;
  let y = 0;
  let n = 0;
  for (const [, a, b] of labs) {
    const c = Math.hypot(a, b);
    if (c < 5) continue;
    x += a / c;
    y += b / c;
    n += 1;
  }
  return n === 0 ? 0 : 1 - Math.hypot(x, y) / n;
}

function samplePixels(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: 3 | 4,
  max: number,
  minAlpha: number,
) {
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / max)));
  const out: Array<[number, number, number]> = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * channels;
      if (channels === 4 && (pixels[i + 3] ?? 255) < minAlpha) continue;
      out.push([pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0]);
    }
  }
  return out;
}

interface Cluster {
  centre: Lab;
  count: number;
}

function kMeans(points: Lab[], k: number, iterations: number): Cluster[] {
  // k-means++ seeding with a fixed pseudo-random sequence: same image, same palette.
  let seed = 0x2545f491;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const centres: Lab[] = [points[Math.floor(points.length / 2)] as Lab];
  const nearest = points.map((p) => squaredDistance(p, centres[0] as Lab));
  while (centres.length < k) {
    const sum = nearest.reduce((a, b) => a + b, 0);
    if (sum === 0) break;
    let target = random() * sum;
    let index = 0;
    for (; index < points.length - 1; index++) {
      target -= nearest[index] as number;
      if (target <= 0) break;
    }
    const chosen = points[index] as Lab;
    centres.push(chosen);
    for (let i = 0; i < points.length; i++) {
      nearest[i] = Math.min(nearest[i] as number, squaredDistance(points[i] as Lab, chosen));
    }
  }
  const assignment = new Array<number>(points.length).fill(0);
  for (let round = 0; round < iterations; round++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let c = 0; c < centres.length; c++) {
        const d = squaredDistance(points[i] as Lab, centres[c] as Lab);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      if (assignment[i] !== best) {
        assignment[i] = best;
        moved = true;
      }
    }
    const sums = centres.map(() => [0, 0, 0, 0]);
    points.forEach((p, i) => {
      const s = sums[assignment[i] as number] as number[];
      s[0] = (s[0] as number) + p[0];
      s[1] = (s[1] as number) + p[1];
      s[2] = (s[2] as number) + p[2];
      s[3] = (s[3] as number) + 1;
    });
    sums.forEach((s, c) => {
      if ((s[3] as number) > 0)
        centres[c] = [
          (s[0] as number) / (s[3] as number),
          (s[1] as number) / (s[3] as number),
          (s[2] as number) / (s[3] as number),
        ];
    });
    if (!moved && round > 0) break;
  }
  const counts = centres.map(() => 0);
  for (const a of assignment) counts[a] = (counts[a] as number) + 1;
  return centres
    .map((centre, c) => ({ centre, count: counts[c] as number }))
    .filter((c) => c.count > 0);
}

/** Merges clusters whose centres are closer than `threshold` (CIEDE2000), weighted by size. */
function mergeClose(clusters: Cluster[], threshold: number): Cluster[] {
  const out: Cluster[] = [];
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
    const twin = out.find((o) => ciede2000(o.centre, cluster.centre) < threshold);
    if (!twin) {
      out.push({ centre: [...cluster.centre] as Lab, count: cluster.count });
      continue;
    }
    const total = twin.count + cluster.count;
    twin.centre = twin.centre.map(
      (v, i) => (v * twin.count + (cluster.centre[i] as number) * cluster.count) / total,
    ) as Lab;
    twin.count = total;
  }
  return out;
}

function squaredDistance(a: Lab, b: Lab): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

// sRGB (D65) ↔ CIELAB.
function srgbToLinear(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
function linearToSrgb(v: number): number {
  const c = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
}
const WHITE = [0.95047, 1, 1.08883] as const;
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
const fInverse = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));

export function rgbToLab(r: number, g: number, b: number): Lab {
  const [lr, lg, lb] = [srgbToLinear(r), srgbToLinear(g), srgbToLinear(b)];
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / WHITE[0];
  const y = (0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb) / WHITE[1];
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / WHITE[2];
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

function labToRgb([l, a, b]: Lab): [number, number, number] {
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const [x, y, z] = [fInverse(fx) * WHITE[0], fInverse(fy) * WHITE[1], fInverse(fz) * WHITE[2]];
  return [
    linearToSrgb(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
    linearToSrgb(-0.969266 * x + 1.8760108 * y + 0.041556 * z),
    linearToSrgb(0.0556434 * x - 0.2040259 * y + 1.0572252 * z),
  ];
}

/** CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation). */
export function ciede2000([l1, a1, b1]: Lab, [l2, a2, b2]: Lab): number {
  const rad = Math.PI / 180;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cBar7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cBar7 / (cBar7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const h = (bb: number, ap: number) => {
    if (bb === 0 && ap === 0) return 0;
    const angle = Math.atan2(bb, ap) / rad;
    return angle >= 0 ? angle : angle + 360;
  };
  const h1p = h(b1, a1p);
  const h2p = h(b2, a2p);
  const dLp = l2 - l1;
  const dCp = c2p - c1p;
  let dhp = 0;
  if (c1p * c2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(c1p * c2p) * Math.sin((dhp / 2) * rad);
  const lBarP = (l1 + l2) / 2;
  const cBarP = (c1p + c2p) / 2;
  let hBarP = h1p + h2p;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hBarP = (h1p + h2p) / 2;
    else hBarP = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hBarP - 30) * rad) +
    0.24 * Math.cos(2 * hBarP * rad) +
    0.32 * Math.cos((3 * hBarP + 6) * rad) -
    0.2 * Math.cos((4 * hBarP - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hBarP - 275) / 25) ** 2));
  const cBarP7 = cBarP ** 7;
  const rc = 2 * Math.sqrt(cBarP7 / (cBarP7 + 25 ** 7));
  const sl = 1 + (0.015 * (lBarP - 50) ** 2) / Math.sqrt(20 + (lBarP - 50) ** 2);
  const sc = 1 + 0.045 * cBarP;
  const sh = 1 + 0.015 * cBarP * t;
  const rt = -Math.sin(2 * dTheta * rad) * rc;
  return Math.sqrt(
    (dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh),
  );
}

function toHex(r: number, g: number, b: number): string {
  return [r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("");
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
