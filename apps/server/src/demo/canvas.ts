/**
 * The drawing kit of the demo generators: seeded randomness and noise (the same catalogue comes
 * out on every machine), colour mixing, and an SVG canvas that sharp renders (librsvg). Rules
 * learned the hard way with librsvg:
 * - no `<text>`: there may be no fonts on the host;
 * - no per-element `opacity` (each one is an off-screen layer the size of the canvas: 3,000 dots
 *   took 17 s); `fill-opacity` / `stroke-opacity` cost nothing;
 * - no filters (turbulence, blur and displacement took 4–19 s on one canvas): softness comes from
 *   radial gradients that fade to transparent, and grain from a small repeated pattern tile.
 */

// ---------------------------------------------------------------------------------------------
// Randomness and noise: seeded, so the same catalogue comes out on every machine.

export type Rng = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for pictures. Returns numbers in [0, 1). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rand: Rng, min: number, max: number) => min + (max - min) * rand();

/** The item at `index`; the catalogue's arrays are never empty, so a miss is a bug. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

export const pick = <T>(rand: Rng, items: readonly T[]): T =>
  at(items, Math.floor(rand() * items.length));

/** Normal-ish (sum of three uniforms): clusters stars along the Milky Way, and so on. */
export const gaussian = (rand: Rng) => (rand() + rand() + rand() - 1.5) / 1.5;

export type Noise2 = (x: number, y: number) => number;

const GRADIENTS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [Math.SQRT1_2, Math.SQRT1_2],
  [-Math.SQRT1_2, Math.SQRT1_2],
  [Math.SQRT1_2, -Math.SQRT1_2],
  [-Math.SQRT1_2, -Math.SQRT1_2],
];

/** Seeded 2D Perlin noise, roughly in [-1, 1]: the smooth randomness behind ridges and flows. */
export function perlin(rand: Rng): Noise2 {
  const order = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [at(order, j), at(order, i)];
  }
  const perm = [...order, ...order];
  const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);
  const corner = (ix: number, iy: number, dx: number, dy: number) => {
    const [gx, gy] = at(GRADIENTS, at(perm, ix + at(perm, iy)) & 7);
    return gx * dx + gy * dy;
  };
  return (x, y) => {
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    const ix = fx & 255;
    const iy = fy & 255;
    const dx = x - fx;
    const dy = y - fy;
    const u = fade(dx);
    const v = fade(dy);
    const top = lerp(corner(ix, iy, dx, dy), corner(ix + 1, iy, dx - 1, dy), u);
    const bottom = lerp(corner(ix, iy + 1, dx, dy - 1), corner(ix + 1, iy + 1, dx - 1, dy - 1), u);
    return lerp(top, bottom, v) * 1.41;
  };
}

/** Fractal (octave) sum of a noise: big shapes with smaller detail on top. */
export function fbm(noise: Noise2, x: number, y: number, octaves: number, gain = 0.5): number {
  let sum = 0;
  let amplitude = 1;
  let frequency = 1;
  let norm = 0;
  for (let i = 0; i < octaves; i++) {
    sum += amplitude * noise(x * frequency, y * frequency);
    norm += amplitude;
    amplitude *= gain;
    frequency *= 2;
  }
  return sum / norm;
}

export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const clamp = (v: number, min = 0, max = 1) => Math.min(max, Math.max(min, v));
export const TAU = Math.PI * 2;

// ---------------------------------------------------------------------------------------------
// Colour

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(clamp(v, 0, 255))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** The colour `t` of the way from `a` to `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([lerp(x[0], y[0], t), lerp(x[1], y[1], t), lerp(x[2], y[2], t)]);
}

/** Lighter (amount > 0) or darker (amount < 0). */
export const shade = (hex: string, amount: number) =>
  amount >= 0 ? mix(hex, "#ffffff", amount) : mix(hex, "#000000", -amount);

/** A colour along a multi-stop ramp, `t` in [0, 1]. */
export function ramp(colors: readonly string[], t: number): string {
  if (colors.length === 1) return at(colors, 0);
  const scaled = clamp(t) * (colors.length - 1);
  const i = Math.min(Math.floor(scaled), colors.length - 2);
  return mix(at(colors, i), at(colors, i + 1), scaled - i);
}

// ---------------------------------------------------------------------------------------------
// SVG building

type Attrs = Record<string, string | number | undefined>;
export type Point = readonly [number, number];

/** One decimal is below what anyone can see at these sizes, and keeps the SVG small. */
export const num = (v: number) => String(Math.round(v * 10) / 10);

/** Opacities and gradient offsets need finer steps than coordinates: 0.04 is not 0. */
const ratio = (v: number) => String(Math.round(v * 1000) / 1000);

function attrs(values: Attrs): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      if (typeof v !== "number") return ` ${k}="${v}"`;
      const fine = k.endsWith("opacity") || k === "offset";
      return ` ${k}="${fine ? ratio(v) : num(v)}"`;
    })
    .join("");
}

export const tag = (name: string, values: Attrs, children = "") =>
  children ? `<${name}${attrs(values)}>${children}</${name}>` : `<${name}${attrs(values)}/>`;

export const rect = (x: number, y: number, width: number, height: number, extra: Attrs = {}) =>
  tag("rect", { x, y, width, height, ...extra });

export const circle = (cx: number, cy: number, r: number, extra: Attrs = {}) =>
  tag("circle", { cx, cy, r, ...extra });

export const path = (d: string, extra: Attrs = {}) => tag("path", { d, ...extra });

/** Straight segments through the points. */
export function polyline(points: readonly Point[], close = false): string {
  const d = points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`).join("");
  return close ? `${d}Z` : d;
}

/** A smooth curve through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothLine(points: readonly Point[]): string {
  const first = at(points, 0);
  let d = `M${num(first[0])} ${num(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = at(points, Math.max(0, i - 1));
    const p1 = at(points, i);
    const p2 = at(points, i + 1);
    const p3 = at(points, Math.min(points.length - 1, i + 2));
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${num(c1[0])} ${num(c1[1])} ${num(c2[0])} ${num(c2[1])} ${num(p2[0])} ${num(p2[1])}`;
  }
  return d;
}

/** A gradient stop: offset in [0, 1], colour, opacity. */
type Stop = readonly [number, string, number?];

/** Collects `<defs>` (gradients, patterns, clips) and the drawing, then writes the document. */
export class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private nextId = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  add(...elements: string[]): void {
    this.body.push(...elements);
  }

  private define(kind: string, make: (id: string) => string): string {
    this.nextId += 1;
    const id = `${kind}${this.nextId}`;
    this.defs.push(make(id));
    return id;
  }

  /** A linear gradient in canvas coordinates, from (x1, y1) to (x2, y2); returns the fill. */
  linear(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.define("l", (id) =>
      tag(
        "linearGradient",
        { id, gradientUnits: "userSpaceOnUse", x1, y1, x2, y2 },
        stopsOf(stops),
      ),
    );
    return `url(#${id})`;
  }

  /** Top-to-bottom linear gradient over [y1, y2]. */
  vertical(stops: readonly Stop[], y1 = 0, y2 = this.height): string {
    return this.linear(stops, 0, y1, 0, y2);
  }

  /** A radial gradient in canvas coordinates; `fx`/`fy` move the bright spot (spheres). */
  radial(stops: readonly Stop[], cx: number, cy: number, r: number, fx = cx, fy = cy): string {
    const id = this.define("r", (id) =>
      tag(
        "radialGradient",
        { id, gradientUnits: "userSpaceOnUse", cx, cy, r, fx, fy },
        stopsOf(stops),
      ),
    );
    return `url(#${id})`;
  }

  /** A soft glow: colour at the centre fading to nothing at `r`. */
  glow(cx: number, cy: number, r: number, color: string, strength = 0.6): string {
    const fill = this.radial(
      [
        [0, color, strength],
        [0.35, color, strength * 0.45],
        [1, color, 0],
      ],
      cx,
      cy,
      r,
    );
    return circle(cx, cy, r, { fill });
  }

  /** A clip path from raw shapes; returns the `clip-path` value. */
  clip(shapes: string): string {
    const id = this.define("c", (id) => tag("clipPath", { id }, shapes));
    return `url(#${id})`;
  }

  /**
   * Film grain / paper tooth over the whole canvas: specks in a repeated tile, which librsvg
   * renders once (a canvas of individual specks would cost seconds).
   */
  grain(rand: Rng, options: { colors?: string[]; opacity?: number; density?: number } = {}) {
    const { colors = ["#000000", "#ffffff"], opacity = 0.07, density = 1 } = options;
    const size = 256;
    const specks: string[] = [];
    for (let i = 0; i < 900 * density; i++) {
      specks.push(
        circle(rand() * size, rand() * size, between(rand, 0.4, 1.3), {
          fill: pick(rand, colors),
          "fill-opacity": opacity * between(rand, 0.4, 1.6),
        }),
      );
    }
    const id = this.define("g", (id) =>
      tag(
        "pattern",
        { id, patternUnits: "userSpaceOnUse", x: 0, y: 0, width: size, height: size },
        specks.join(""),
      ),
    );
    this.add(rect(0, 0, this.width, this.height, { fill: `url(#${id})` }));
  }

  toString(): string {
    const { width, height } = this;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

function stopsOf(stops: readonly Stop[]): string {
  return stops
    .map(([offset, color, opacity = 1]) =>
      tag("stop", { offset, "stop-color": color, "stop-opacity": opacity }),
    )
    .join("");
}

/** Evenly spread stops over a list of colours. */
export const spread = (colors: readonly string[]): Stop[] =>
  colors.map((color, i) => [colors.length === 1 ? 0 : i / (colors.length - 1), color] as const);
