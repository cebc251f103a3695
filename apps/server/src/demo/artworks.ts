import type { EditionType } from "@sawdust/shared";

/**
 * The demo catalogue (design section 2, `DEMO_CONTENT`): artwork made here, by deterministic
 * generators, so a fresh install has a real gallery without downloading anything. Every piece is
 * an SVG string that sharp renders (librsvg). Rules learned the hard way with librsvg:
 * - no `<text>`: there may be no fonts on the host;
 * - no per-element `opacity` (each one is an off-screen layer the size of the canvas: 3,000 dots
 *   took 17 s); `fill-opacity` / `stroke-opacity` cost nothing;
 * - no filters (turbulence, blur and displacement took 4–19 s on one canvas): softness comes from
 *   radial gradients that fade to transparent, and grain from a small repeated pattern tile.
 */

/** One demo artwork: its catalogue fields and a deterministic SVG of `width`×`height`. */
export interface DemoArtwork {
  /** Stable file-name stem, unique in the catalogue. */
  slug: string;
  title: string;
  description: string;
  tags: string[];
  style: string;
  editionType: EditionType;
  priceCents: number | null;
  width: number;
  height: number;
  render(): string;
}

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

const between = (rand: Rng, min: number, max: number) => min + (max - min) * rand();

/** The item at `index`; the catalogue's arrays are never empty, so a miss is a bug. */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

const pick = <T>(rand: Rng, items: readonly T[]): T => at(items, Math.floor(rand() * items.length));

/** Normal-ish (sum of three uniforms): clusters stars along the Milky Way, and so on. */
const gaussian = (rand: Rng) => (rand() + rand() + rand() - 1.5) / 1.5;

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
function fbm(noise: Noise2, x: number, y: number, octaves: number, gain = 0.5): number {
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

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const clamp = (v: number, min = 0, max = 1) => Math.min(max, Math.max(min, v));
const TAU = Math.PI * 2;

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
const shade = (hex: string, amount: number) =>
  amount >= 0 ? mix(hex, "#ffffff", amount) : mix(hex, "#000000", -amount);

/** A colour along a multi-stop ramp, `t` in [0, 1]. */
function ramp(colors: readonly string[], t: number): string {
  if (colors.length === 1) return at(colors, 0);
  const scaled = clamp(t) * (colors.length - 1);
  const i = Math.min(Math.floor(scaled), colors.length - 2);
  return mix(at(colors, i), at(colors, i + 1), scaled - i);
}

// ---------------------------------------------------------------------------------------------
// SVG building

type Attrs = Record<string, string | number | undefined>;
type Point = readonly [number, number];

/** One decimal is below what anyone can see at these sizes, and keeps the SVG small. */
const num = (v: number) => String(Math.round(v * 10) / 10);

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

const tag = (name: string, values: Attrs, children = "") =>
  children ? `<${name}${attrs(values)}>${children}</${name}>` : `<${name}${attrs(values)}/>`;

const rect = (x: number, y: number, width: number, height: number, extra: Attrs = {}) =>
  tag("rect", { x, y, width, height, ...extra });

const circle = (cx: number, cy: number, r: number, extra: Attrs = {}) =>
  tag("circle", { cx, cy, r, ...extra });

const path = (d: string, extra: Attrs = {}) => tag("path", { d, ...extra });

/** Straight segments through the points. */
function polyline(points: readonly Point[], close = false): string {
  const d = points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`).join("");
  return close ? `${d}Z` : d;
}

/** A smooth curve through the points (Catmull-Rom turned into cubic Béziers). */
function smoothLine(points: readonly Point[]): string {
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
class Canvas {
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
const spread = (colors: readonly string[]): Stop[] =>
  colors.map((color, i) => [colors.length === 1 ? 0 : i / (colors.length - 1), color] as const);

// ---------------------------------------------------------------------------------------------
// Shared scenery: sun, stars, ridges, trees, birds

interface Sun {
  /** Centre as fractions of the canvas. */
  x: number;
  y: number;
  /** Radius as a fraction of the shorter side. */
  r: number;
  color: string;
  glow?: string;
}

function drawSun(c: Canvas, sun: Sun): void {
  const short = Math.min(c.width, c.height);
  const cx = sun.x * c.width;
  const cy = sun.y * c.height;
  const r = sun.r * short;
  c.add(c.glow(cx, cy, r * 6, sun.glow ?? sun.color, 0.45));
  c.add(c.glow(cx, cy, r * 2.2, sun.glow ?? sun.color, 0.5));
  const fill = c.radial(
    [
      [0, shade(sun.color, 0.55)],
      [0.7, sun.color],
      [1, shade(sun.color, -0.05)],
    ],
    cx,
    cy,
    r,
  );
  c.add(circle(cx, cy, r, { fill }));
}

/** A crescent moon with a halo; `phase` in (0, 1): how much of the disc is dark. */
function drawMoon(c: Canvas, x: number, y: number, r: number, color: string, phase: number) {
  const cx = x * c.width;
  const cy = y * c.height;
  c.add(c.glow(cx, cy, r * 7, color, 0.22));
  const inner = r * (1 - 2 * phase);
  const d = `M${num(cx)} ${num(cy - r)}A${num(r)} ${num(r)} 0 1 1 ${num(cx)} ${num(cy + r)}A${num(Math.abs(inner))} ${num(r)} 0 1 ${inner >= 0 ? 0 : 1} ${num(cx)} ${num(cy - r)}Z`;
  c.add(path(d, { fill: color, transform: `rotate(-25 ${num(cx)} ${num(cy)})` }));
}

/** Stars above `maxY`: mostly faint pinpricks, a few bright ones with a glow and a sparkle. */
function drawStars(c: Canvas, rand: Rng, count: number, maxY: number, bright = 10): void {
  const tints = ["#ffffff", "#fff4e0", "#e0ecff", "#ffffff"];
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = maxY * rand() ** 1.3;
    const fade = 1 - (y / maxY) * 0.6;
    dots.push(
      circle(rand() * c.width, y, 0.5 + 1.6 * rand() ** 5, {
        fill: pick(rand, tints),
        "fill-opacity": between(rand, 0.35, 1) * fade,
      }),
    );
  }
  c.add(...dots);
  for (let i = 0; i < bright; i++) drawSparkle(c, rand() * c.width, maxY * rand() ** 1.5, rand);
}

function drawSparkle(c: Canvas, x: number, y: number, rand: Rng): void {
  const size = between(rand, 6, 16);
  c.add(c.glow(x, y, size * 2.2, "#dfe8ff", 0.5));
  c.add(
    path(
      `M${num(x - size)} ${num(y)}Q${num(x)} ${num(y)} ${num(x)} ${num(y - size)}Q${num(x)} ${num(y)} ${num(x + size)} ${num(y)}Q${num(x)} ${num(y)} ${num(x)} ${num(y + size)}Q${num(x)} ${num(y)} ${num(x - size)} ${num(y)}Z`,
      { fill: "#ffffff", "fill-opacity": 0.9 },
    ),
  );
  c.add(circle(x, y, size * 0.16, { fill: "#ffffff" }));
}

type RidgeStyle = "soft" | "jagged" | "dune";

/** Height of a ridge in [0, 1] at `u` (fraction across), for layer `layer`. */
function ridgeHeight(noise: Noise2, u: number, layer: number, style: RidgeStyle, freq: number) {
  const v = layer * 7.31 + 3.7;
  if (style === "soft") return 0.5 + 0.5 * fbm(noise, u * freq, v, 3);
  if (style === "dune") {
    // Dunes: long smooth swells with a sharp crest (a folded sine).
    const swell = Math.sin(u * freq * 2.2 + fbm(noise, u * freq * 0.6, v, 2) * 2.5);
    return 0.25 + 0.75 * (1 - Math.abs(swell)) ** 1.8 * (0.7 + 0.3 * noise(u * 2, v));
  }
  // Ridged noise: valleys round, peaks sharp, like a real range.
  let sum = 0;
  let amplitude = 1;
  let norm = 0;
  for (let octave = 0; octave < 6; octave++) {
    const f = freq * 2 ** octave;
    sum += amplitude * (1 - Math.abs(noise(u * f, v + octave * 1.7)));
    norm += amplitude;
    amplitude *= 0.5;
  }
  return clamp((sum / norm - 0.35) / 0.6) ** 1.6;
}

interface RidgeLayer {
  /** y of the ridge at each x step (one point per `step` px across). */
  points: Point[];
  top: number;
}

/** One ridge line across the canvas. */
function ridgeLine(
  c: Canvas,
  noise: Noise2,
  layer: number,
  style: RidgeStyle,
  base: number,
  height: number,
  freq: number,
): RidgeLayer {
  const count = style === "jagged" ? 240 : 90;
  const points: Point[] = [];
  let top = base;
  for (let i = 0; i <= count; i++) {
    const u = i / count;
    const y = base - height * ridgeHeight(noise, u, layer, style, freq);
    top = Math.min(top, y);
    points.push([u * c.width, y]);
  }
  return { points, top };
}

/** The ridge filled down to the bottom edge. */
function ridgeShape(c: Canvas, ridge: RidgeLayer, style: RidgeStyle): string {
  const outline = style === "jagged" ? polyline(ridge.points) : smoothLine(ridge.points);
  return `${outline}L${c.width} ${c.height}L0 ${c.height}Z`;
}

/** y of a ridge at x, by linear interpolation between its points. */
function ridgeAt(ridge: RidgeLayer, x: number, width: number): number {
  const scaled = (x / width) * (ridge.points.length - 1);
  const i = clamp(Math.floor(scaled), 0, ridge.points.length - 2);
  const a = at(ridge.points, i);
  const b = at(ridge.points, i + 1);
  return lerp(a[1], b[1], scaled - i);
}

/** A fir silhouette standing at (x, y), `height` tall. */
function pine(x: number, y: number, height: number, rand: Rng): string {
  const tiers = 4 + Math.floor(rand() * 3);
  const width = height * between(rand, 0.32, 0.42);
  let d = `M${num(x - height * 0.025)} ${num(y)}L${num(x + height * 0.025)} ${num(y)}L${num(x + height * 0.025)} ${num(y - height * 0.2)}L${num(x - height * 0.025)} ${num(y - height * 0.2)}Z`;
  for (let t = 0; t < tiers; t++) {
    const bottom = y - height * (0.12 + (0.78 * t) / tiers);
    const half = (width / 2) * (1 - t / (tiers + 0.6));
    const peak = bottom - height * (0.9 / tiers) * 1.6;
    d += `M${num(x - half)} ${num(bottom)}L${num(x)} ${num(Math.max(peak, y - height))}L${num(x + half)} ${num(bottom)}Z`;
  }
  return d;
}

/** A row of firs along a ridge, thicker where the noise says "forest". */
function forest(c: Canvas, rand: Rng, noise: Noise2, ridge: RidgeLayer, color: string, scale = 1) {
  let d = "";
  for (let x = -20; x < c.width + 20; x += between(rand, 6, 22) * scale) {
    if (noise(x / 260, 9.1) < -0.15) continue;
    const height = c.height * between(rand, 0.035, 0.085) * scale;
    d += pine(x, ridgeAt(ridge, clamp(x, 0, c.width), c.width) + height * 0.08, height, rand);
  }
  c.add(path(d, { fill: color }));
}

function birds(c: Canvas, rand: Rng, count: number, color: string, around: Point): void {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = around[0] + gaussian(rand) * c.width * 0.12;
    const y = around[1] + gaussian(rand) * c.height * 0.06;
    const s = between(rand, 7, 15);
    d += `M${num(x - s)} ${num(y - s * 0.2)}Q${num(x - s * 0.45)} ${num(y - s * 0.6)} ${num(x)} ${num(y)}Q${num(x + s * 0.45)} ${num(y - s * 0.6)} ${num(x + s)} ${num(y - s * 0.2)}`;
  }
  c.add(
    path(d, {
      fill: "none",
      stroke: color,
      "stroke-width": 2.4,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Generators. Each takes the canvas size and its options and returns the SVG.

export interface LandscapeOptions {
  seed: number;
  /** Sky colours from the top down to the horizon. */
  sky: string[];
  far: string;
  near: string;
  /** Mist in the valleys between ridges. */
  haze: string;
  layers: number;
  /** Where the farthest ridge stands, as a fraction of the height. */
  horizon: number;
  ridge: RidgeStyle;
  /** Ridge heights (fraction of the canvas height) of the farthest and nearest layers. */
  heights?: [number, number];
  sun?: Sun;
  moon?: { x: number; y: number; r: number; color: string; phase: number };
  stars?: number;
  birds?: number;
  trees?: boolean;
  grain?: number;
}

/** Layered hills or mountains receding into haze, with a sun or moon: aerial perspective. */
export function landscape(w: number, h: number, o: LandscapeOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: c.vertical(spread(o.sky), 0, h * (o.horizon + 0.08)) }));
  if (o.stars) drawStars(c, rand, o.stars, h * o.horizon, 6);
  if (o.sun) drawSun(c, o.sun);
  if (o.moon)
    drawMoon(c, o.moon.x, o.moon.y, o.moon.r * Math.min(w, h), o.moon.color, o.moon.phase);
  const [farHeight, nearHeight] = o.heights ?? [0.12, 0.16];
  let last: RidgeLayer | undefined;
  for (let i = 0; i < o.layers; i++) {
    const t = o.layers === 1 ? 1 : i / (o.layers - 1);
    const base = h * lerp(o.horizon, 0.93, t ** 1.15);
    const height = h * lerp(farHeight, nearHeight, t);
    const ridge = ridgeLine(c, noise, i, o.ridge, base, height, lerp(2.6, 1.3, t));
    const color = mix(o.far, o.near, t ** 0.85);
    const fill = c.vertical(
      [
        [0, mix(color, o.haze, 0.18 * (1 - t))],
        [1, shade(color, -0.12)],
      ],
      ridge.top,
      base + h * 0.12,
    );
    c.add(path(ridgeShape(c, ridge, o.ridge), { fill }));
    if (i < o.layers - 1) {
      const mist = c.vertical(
        [
          [0, o.haze, 0],
          [1, o.haze, 0.55 * (1 - t * 0.5)],
        ],
        base - height * 0.7,
        base + h * 0.05,
      );
      c.add(rect(0, base - height * 0.7, w, h - (base - height * 0.7), { fill: mist }));
    }
    last = ridge;
  }
  if (o.trees && last) forest(c, rand, noise, last, shade(o.near, -0.15));
  if (o.birds) {
    const sun = o.sun ?? { x: 0.5, y: 0.3 };
    birds(c, rand, o.birds, shade(o.near, -0.2), [sun.x * w + w * 0.12, sun.y * h - h * 0.06]);
  }
  c.grain(rand, { opacity: o.grain ?? 0.06 });
  return c.toString();
}

export interface NightOptions {
  seed: number;
  sky: string[];
  stars: number;
  milkyWay?: { angle: number; color: string };
  aurora?: string[];
  moon?: { x: number; y: number; r: number; color: string; phase: number };
  /** Silhouette colours, far to near. */
  ground: string[];
  horizon: number;
  trees?: boolean;
  shootingStars?: number;
  horizonGlow?: string;
}

/** A night sky over a silhouetted horizon: stars, the Milky Way, an aurora, a moon. */
export function nightSky(w: number, h: number, o: NightOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  const horizonY = h * o.horizon;
  c.add(rect(0, 0, w, h, { fill: c.vertical(spread(o.sky), 0, horizonY) }));
  if (o.horizonGlow) {
    c.add(
      rect(0, 0, w, h, {
        fill: c.vertical(
          [
            [0, o.horizonGlow, 0],
            [1, o.horizonGlow, 0.55],
          ],
          horizonY - h * 0.35,
          horizonY,
        ),
      }),
    );
  }
  if (o.milkyWay) milkyWay(c, rand, o.milkyWay.angle, o.milkyWay.color);
  drawStars(c, rand, o.stars, horizonY, 14);
  if (o.aurora) aurora(c, rand, noise, o.aurora, horizonY);
  for (let i = 0; i < (o.shootingStars ?? 0); i++) shootingStar(c, rand, horizonY);
  if (o.moon)
    drawMoon(c, o.moon.x, o.moon.y, o.moon.r * Math.min(w, h), o.moon.color, o.moon.phase);
  let last: RidgeLayer | undefined;
  o.ground.forEach((color, i) => {
    const t = o.ground.length === 1 ? 1 : i / (o.ground.length - 1);
    const base = lerp(horizonY, h * 1.02, t * 0.75);
    const ridge = ridgeLine(
      c,
      noise,
      i + 11,
      "soft",
      base,
      h * lerp(0.08, 0.16, t),
      lerp(1.8, 1.2, t),
    );
    c.add(path(ridgeShape(c, ridge, "soft"), { fill: color }));
    last = ridge;
  });
  if (o.trees && last) forest(c, rand, noise, last, at(o.ground, o.ground.length - 1), 1.6);
  c.grain(rand, { opacity: 0.05, colors: ["#ffffff", "#000000"] });
  return c.toString();
}

/** The galactic band: soft clouds and dense faint stars along a tilted line, with dark lanes. */
function milkyWay(c: Canvas, rand: Rng, angleDeg: number, color: string): void {
  const { width: w, height: h } = c;
  const angle = (angleDeg * Math.PI) / 180;
  const cx = w * 0.5;
  const cy = h * 0.35;
  const length = Math.hypot(w, h);
  const along = (s: number, off: number): Point => [
    cx + Math.cos(angle) * s - Math.sin(angle) * off,
    cy + Math.sin(angle) * s + Math.cos(angle) * off,
  ];
  const band = Math.min(w, h) * 0.11;
  for (let i = 0; i < 48; i++) {
    const [x, y] = along(between(rand, -0.5, 0.5) * length, gaussian(rand) * band * 0.8);
    c.add(c.glow(x, y, band * between(rand, 0.7, 1.8), color, between(rand, 0.08, 0.16)));
  }
  // The dark rift: a chain of overlapping soft shadows wandering along the band.
  for (let s = -0.42; s < 0.42; s += 0.012) {
    const [x, y] = along(
      s * length,
      band * (0.15 + 0.35 * Math.sin(s * 9)) + gaussian(rand) * band * 0.1,
    );
    c.add(c.glow(x, y, band * between(rand, 0.22, 0.4), "#05060f", 0.2));
  }
  const dust: string[] = [];
  for (let i = 0; i < 2600; i++) {
    const [x, y] = along(between(rand, -0.5, 0.5) * length, gaussian(rand) * band * 1.1);
    dust.push(
      circle(x, y, between(rand, 0.4, 1.1), {
        fill: "#ffffff",
        "fill-opacity": between(rand, 0.2, 0.75),
      }),
    );
  }
  c.add(...dust);
}

/** Curtains of light: bands fading upward from a bright wavy lower edge, with fine rays. */
function aurora(c: Canvas, rand: Rng, noise: Noise2, colors: string[], horizonY: number): void {
  const { width: w } = c;
  colors.forEach((color, k) => {
    const lower: Point[] = [];
    const upper: Point[] = [];
    const baseY = horizonY * between(rand, 0.45, 0.7);
    for (let i = 0; i <= 60; i++) {
      const x = (i / 60) * w;
      const y = baseY + noise(i / 14, k * 3.3) * horizonY * 0.18;
      lower.push([x, y]);
      upper.push([x, y - horizonY * (0.22 + 0.16 * noise(i / 9, k * 5.1 + 2))]);
    }
    const top = Math.min(...upper.map((p) => p[1]));
    const bottom = Math.max(...lower.map((p) => p[1]));
    const fill = c.vertical(
      [
        [0, color, 0],
        [0.55, color, 0.22],
        [0.9, shade(color, 0.3), 0.55],
        [1, shade(color, 0.3), 0],
      ],
      top,
      bottom,
    );
    const d = `${smoothLine(upper)}L${smoothLine([...lower].reverse()).slice(1)}Z`;
    c.add(path(d, { fill }));
    let rays = "";
    for (let i = 0; i < 140; i++) {
      const x = rand() * w;
      const idx = Math.round((x / w) * 60);
      const y1 = at(lower, idx)[1];
      const y0 = at(upper, idx)[1];
      rays += `M${num(x)} ${num(y1)}L${num(x + between(rand, -6, 6))} ${num(lerp(y1, y0, between(rand, 0.5, 1)))}`;
    }
    const rayFill = c.vertical(
      [
        [0, color, 0],
        [1, shade(color, 0.4), 0.35],
      ],
      top,
      bottom,
    );
    c.add(path(rays, { stroke: rayFill, "stroke-width": 2.2, fill: "none" }));
  });
}

function shootingStar(c: Canvas, rand: Rng, maxY: number): void {
  const x = between(rand, 0.15, 0.85) * c.width;
  const y = between(rand, 0.05, 0.5) * maxY;
  const length = between(rand, 0.12, 0.22) * c.width;
  const angle = between(rand, 0.35, 0.6);
  const x2 = x - Math.cos(angle) * length;
  const y2 = y - Math.sin(angle) * length;
  const stroke = c.linear(
    [
      [0, "#ffffff", 0.95],
      [1, "#ffffff", 0],
    ],
    x,
    y,
    x2,
    y2,
  );
  c.add(path(`M${num(x)} ${num(y)}L${num(x2)} ${num(y2)}`, { stroke, "stroke-width": 2.5 }));
  c.add(c.glow(x, y, 14, "#ffffff", 0.8));
}

export interface CityOptions {
  seed: number;
  sky: string[];
  sun?: Sun;
  stars?: number;
  /** Building colours, far to near. */
  layers: string[];
  windows?: string;
  /** Share of lit windows on the nearest buildings. */
  lit?: number;
  /** Where the buildings stand, as a fraction of the height. */
  ground: number;
  water?: string[];
  /** How tall the tallest towers may be, as a fraction of the height. */
  tallest?: number;
}

/** A city skyline in silhouette, layered into haze, optionally over reflecting water. */
export function skyline(w: number, h: number, o: CityOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  const groundY = h * o.ground;
  c.add(rect(0, 0, w, h, { fill: c.vertical(spread(o.sky), 0, groundY) }));
  if (o.stars) drawStars(c, rand, o.stars, groundY * 0.7, 4);
  if (o.sun) drawSun(c, o.sun);
  o.layers.forEach((color, i) => {
    const t = o.layers.length === 1 ? 1 : i / (o.layers.length - 1);
    const tallest = (o.tallest ?? 0.5) * h * lerp(1, 0.7, t);
    const near = i >= o.layers.length - 2;
    buildingRow(
      c,
      rand,
      color,
      groundY,
      tallest,
      near ? o.windows : undefined,
      (o.lit ?? 0.3) * (0.5 + t * 0.5),
      t,
    );
    if (i < o.layers.length - 1) {
      const haze = at(o.sky, o.sky.length - 1);
      const mist = c.vertical(
        [
          [0, haze, 0],
          [1, haze, 0.45],
        ],
        groundY - tallest * 0.6,
        groundY,
      );
      c.add(rect(0, groundY - tallest * 0.6, w, tallest * 0.6, { fill: mist }));
    }
  });
  if (o.water) cityWater(c, rand, o, groundY);
  else c.add(rect(0, groundY, w, h - groundY, { fill: at(o.layers, o.layers.length - 1) }));
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

function buildingRow(
  c: Canvas,
  rand: Rng,
  color: string,
  groundY: number,
  tallest: number,
  windows: string | undefined,
  lit: number,
  depth: number,
): void {
  let shapes = "";
  let lights = "";
  let x = -between(rand, 0, 40);
  while (x < c.width) {
    const bw = c.width * between(rand, 0.022, 0.06) * lerp(0.8, 1.2, depth);
    const tower = rand() < 0.15;
    const bh = tallest * (tower ? between(rand, 0.65, 1) : between(rand, 0.18, 0.6));
    const top = groundY - bh;
    shapes += building(x, top, bw, bh, groundY, rand);
    if (windows) lights += windowGrid(x, top, bw, groundY, rand, lit, depth);
    x += bw + (rand() < 0.25 ? between(rand, 0, bw * 0.4) : -bw * 0.05);
  }
  c.add(path(shapes, { fill: color }));
  if (windows && lights) c.add(path(lights, { fill: windows, "fill-opacity": 0.55 + 0.4 * depth }));
}

/** One building outline with a roof: flat, stepped, spire, dome or slant. */
function building(x: number, top: number, bw: number, bh: number, groundY: number, rand: Rng) {
  const body = polyline(
    [
      [x, groundY],
      [x, top],
      [x + bw, top],
      [x + bw, groundY],
    ],
    true,
  );
  const roof = Math.floor(rand() * 6);
  const mid = x + bw / 2;
  switch (roof) {
    case 1: {
      const inset = bw * 0.18;
      const step = bh * between(rand, 0.05, 0.12);
      return `${body}${polyline(
        [
          [x + inset, top],
          [x + inset, top - step],
          [x + bw - inset, top - step],
          [x + bw - inset, top],
        ],
        true,
      )}`;
    }
    case 2: {
      const spire = bh * between(rand, 0.12, 0.3);
      return `${body}${polyline(
        [
          [mid - bw * 0.2, top],
          [mid - 1.2, top - spire],
          [mid + 1.2, top - spire],
          [mid + bw * 0.2, top],
        ],
        true,
      )}`;
    }
    case 3: {
      const r = bw * 0.38;
      return `${body}M${num(mid - r)} ${num(top)}A${num(r)} ${num(r)} 0 0 1 ${num(mid + r)} ${num(top)}Z`;
    }
    case 4: {
      const rise = bw * between(rand, 0.2, 0.5);
      return `${body}${polyline(
        [
          [x, top],
          [x + bw, top - rise],
          [x + bw, top],
        ],
        true,
      )}`;
    }
    default:
      return body;
  }
}

function windowGrid(
  x: number,
  top: number,
  bw: number,
  groundY: number,
  rand: Rng,
  lit: number,
  depth: number,
): string {
  const cell = lerp(7, 11, depth);
  const cols = Math.floor((bw - cell) / cell);
  const rows = Math.floor((groundY - top - cell * 1.5) / (cell * 1.4));
  const left = x + (bw - cols * cell) / 2 + cell * 0.25;
  let d = "";
  for (let row = 0; row < rows; row++) {
    // Whole floors go dark together, which reads as a real building at night.
    if (rand() < 0.25) continue;
    for (let col = 0; col < cols; col++) {
      if (rand() > lit) continue;
      const wx = left + col * cell;
      const wy = top + cell * 1.2 + row * cell * 1.4;
      d += `M${num(wx)} ${num(wy)}h${num(cell * 0.5)}v${num(cell * 0.75)}h${num(-cell * 0.5)}Z`;
    }
  }
  return d;
}

function cityWater(c: Canvas, rand: Rng, o: CityOptions, groundY: number): void {
  const { width: w, height: h } = c;
  const water = o.water ?? [];
  c.add(rect(0, groundY, w, h - groundY, { fill: c.vertical(spread(water), groundY, h) }));
  const glint = o.sun?.color ?? o.windows ?? "#ffffff";
  const sunX = (o.sun?.x ?? 0.5) * w;
  let d = "";
  for (let i = 0; i < 110; i++) {
    const depth = rand();
    const y = groundY + 4 + depth * (h - groundY - 8);
    const spreadX = w * (0.04 + depth * 0.12);
    const x = sunX + gaussian(rand) * spreadX;
    const len = between(rand, 10, 60) * (0.5 + depth);
    d += `M${num(x - len / 2)} ${num(y)}h${num(len)}v${num(1.5 + depth * 2.5)}h${num(-len)}Z`;
  }
  c.add(path(d, { fill: glint, "fill-opacity": 0.55 }));
  let ripples = "";
  for (let i = 0; i < 160; i++) {
    const y = groundY + rand() * (h - groundY);
    const len = between(rand, 20, 140);
    ripples += `M${num(rand() * w)} ${num(y)}h${num(len)}v1.5h${num(-len)}Z`;
  }
  c.add(path(ripples, { fill: shade(at(water, 0), 0.25), "fill-opacity": 0.35 }));
}

export interface FlowOptions {
  seed: number;
  background: [string, string];
  colors: string[];
  lines: number;
  steps: number;
  /** Noise cycles across the width: low is broad sweeps, high is tight eddies. */
  scale: number;
  /** How far the field turns: 1 is a full turn over the noise range. */
  curl: number;
  weight: [number, number];
}

/** Strokes that follow a smooth noise field, like iron filings or wind on water. */
export function flowField(w: number, h: number, o: FlowOptions): string {
  const rand = mulberry32(o.seed);
  const field = perlin(rand);
  const tint = perlin(rand);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: c.linear(spread(o.background), 0, 0, w * 0.3, h) }));
  const step = Math.min(w, h) / 160;
  const strokes: string[] = [];
  for (let i = 0; i < o.lines; i++) {
    let x = between(rand, -0.05, 1.05) * w;
    let y = between(rand, -0.05, 1.05) * h;
    const points: Point[] = [[x, y]];
    for (let s = 0; s < o.steps; s++) {
      const angle = field((x / w) * o.scale, (y / w) * o.scale) * TAU * o.curl;
      x += Math.cos(angle) * step;
      y += Math.sin(angle) * step;
      if (x < -50 || y < -50 || x > w + 50 || y > h + 50) break;
      points.push([x, y]);
    }
    if (points.length < 4) continue;
    const [x0, y0] = at(points, 0);
    const color = ramp(o.colors, 0.5 + 0.75 * tint((x0 / w) * 1.4, (y0 / w) * 1.4));
    strokes.push(
      path(polyline(points), {
        fill: "none",
        stroke: color,
        "stroke-width": num(between(rand, o.weight[0], o.weight[1])),
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
        "stroke-opacity": between(rand, 0.65, 0.95),
      }),
    );
  }
  c.add(...strokes);
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface WaveOptions {
  seed: number;
  /** Band colours from the top band to the bottom one. */
  colors: string[];
  sky: string[];
  bands: number;
  amplitude: number;
  /** Where the first band starts, as a fraction of the height. */
  start: number;
  foam: string;
  sun?: Sun;
}

/** Stacked wave bands, each a little darker and taller: an ocean, or pure rhythm. */
export function waves(w: number, h: number, o: WaveOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: c.vertical(spread(o.sky), 0, h * o.start + h * 0.1) }));
  if (o.sun) drawSun(c, o.sun);
  for (let i = 0; i < o.bands; i++) {
    const t = i / Math.max(1, o.bands - 1);
    const base = h * lerp(o.start, 1.02, t ** 1.25);
    const amplitude = h * o.amplitude * lerp(0.35, 1.4, t);
    const frequency = between(rand, 2, 4.5) / w;
    const phase = rand() * TAU;
    const points: Point[] = [];
    for (let k = 0; k <= 100; k++) {
      const x = (k / 100) * w;
      const swell = Math.sin(x * frequency * TAU + phase) * 0.6 + noise(x / 320, i * 2.7) * 0.8;
      points.push([x, base - amplitude * swell]);
    }
    const color = ramp(o.colors, t);
    const fill = c.vertical(
      [
        [0, shade(color, 0.15)],
        [1, shade(color, -0.25)],
      ],
      base - amplitude,
      base + h * 0.15,
    );
    c.add(path(`${smoothLine(points)}L${w} ${h}L0 ${h}Z`, { fill }));
    c.add(
      path(smoothLine(points), {
        fill: "none",
        stroke: o.foam,
        "stroke-width": num(lerp(1.5, 4, t)),
        "stroke-opacity": 0.55,
      }),
    );
  }
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface RidgelineOptions {
  seed: number;
  background: string;
  lines: string[];
  rows: number;
  peak: number;
}

/** Stacked line plots that occlude each other, peaking in the middle: a pulsar's signal. */
export function ridgelines(w: number, h: number, o: RidgelineOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: o.background }));
  const marginX = w * 0.18;
  const top = h * 0.2;
  const bottom = h * 0.88;
  for (let r = 0; r < o.rows; r++) {
    const base = lerp(top, bottom, r / (o.rows - 1));
    const points: Point[] = [];
    for (let k = 0; k <= 120; k++) {
      const u = k / 120;
      const envelope = Math.exp(-(((u - 0.5) / 0.17) ** 2));
      const wobble =
        Math.abs(noise(u * 9, r * 0.37)) * 0.7 + Math.abs(noise(u * 27, r * 1.3)) * 0.3;
      const y = base - h * o.peak * (envelope * wobble + 0.015 * rand());
      points.push([lerp(marginX, w - marginX, u), y]);
    }
    const line = smoothLine(points);
    c.add(
      path(`${line}L${num(w - marginX)} ${num(base + 4)}L${num(marginX)} ${num(base + 4)}Z`, {
        fill: o.background,
      }),
    );
    c.add(
      path(line, {
        fill: "none",
        stroke: ramp(o.lines, r / (o.rows - 1)),
        "stroke-width": 2.6,
        "stroke-linejoin": "round",
      }),
    );
  }
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface TruchetOptions {
  seed: number;
  cell: number;
  background: string;
  colors: string[];
  /** Stroke width as a fraction of the cell. */
  weight: number;
}

/** Quarter-circle Truchet tiles: random per cell, yet they join into endless winding paths. */
export function truchet(w: number, h: number, o: TruchetOptions): string {
  const rand = mulberry32(o.seed);
  const tint = perlin(rand);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: o.background }));
  const s = o.cell;
  const r = s / 2;
  const arcs: Array<{ d: string; color: string }> = [];
  for (let y = 0; y < h; y += s) {
    for (let x = 0; x < w; x += s) {
      const color = ramp(o.colors, 0.5 + 0.8 * tint((x / w) * 2.2, (y / w) * 2.2));
      const arc = (x1: number, y1: number, x2: number, y2: number, sweep: number) =>
        `M${num(x1)} ${num(y1)}A${num(r)} ${num(r)} 0 0 ${sweep} ${num(x2)} ${num(y2)}`;
      const d =
        rand() < 0.5
          ? arc(x + r, y, x, y + r, 1) + arc(x + s, y + r, x + r, y + s, 0)
          : arc(x + r, y, x + s, y + r, 0) + arc(x, y + r, x + r, y + s, 1);
      arcs.push({ d, color });
    }
  }
  for (const { d, color } of arcs) {
    c.add(
      path(d, {
        fill: "none",
        stroke: color,
        "stroke-width": num(s * o.weight),
        "stroke-linecap": "round",
      }),
    );
  }
  const core = arcs.map((a) => a.d).join("");
  c.add(
    path(core, {
      fill: "none",
      stroke: o.background,
      "stroke-width": num(s * o.weight * 0.18),
      "stroke-opacity": 0.6,
    }),
  );
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface BauhausOptions {
  seed: number;
  cols: number;
  colors: string[];
  paper: string;
}

type Motif = (x: number, y: number, s: number, fg: string, rand: Rng) => string;

const MOTIFS: Motif[] = [
  // Quarter circle from the top-left corner.
  (x, y, s, fg) =>
    path(`M${num(x)} ${num(y)}h${num(s)}A${num(s)} ${num(s)} 0 0 1 ${num(x)} ${num(y + s)}Z`, {
      fill: fg,
    }),
  // Half circle standing on the bottom edge.
  (x, y, s, fg) =>
    path(
      `M${num(x)} ${num(y + s)}A${num(s / 2)} ${num(s / 2)} 0 0 1 ${num(x + s)} ${num(y + s)}Z`,
      { fill: fg },
    ),
  // Disc with a dot.
  (x, y, s, fg, rand) =>
    circle(x + s / 2, y + s / 2, s * 0.38, { fill: fg }) +
    (rand() < 0.6
      ? circle(x + s / 2, y + s / 2, s * 0.12, { fill: "#f4efe4", "fill-opacity": 0.85 })
      : ""),
  // Concentric rings.
  (x, y, s, fg) =>
    [0.42, 0.28, 0.14]
      .map((k) =>
        circle(x + s / 2, y + s / 2, s * k, {
          fill: "none",
          stroke: fg,
          "stroke-width": num(s * 0.06),
        }),
      )
      .join(""),
  // Diagonal half.
  (x, y, s, fg) =>
    path(
      polyline(
        [
          [x, y],
          [x + s, y + s],
          [x, y + s],
        ],
        true,
      ),
      { fill: fg },
    ),
  // Bars.
  (x, y, s, fg) => {
    let d = "";
    for (let i = 0; i < 4; i++)
      d += `M${num(x + (i * s) / 4 + s * 0.06)} ${num(y)}h${num(s / 8)}v${num(s)}h${num(-s / 8)}Z`;
    return path(d, { fill: fg });
  },
  // Lens: two quarter arcs.
  (x, y, s, fg) =>
    path(
      `M${num(x)} ${num(y + s)}A${num(s)} ${num(s)} 0 0 1 ${num(x + s)} ${num(y)}A${num(s)} ${num(s)} 0 0 1 ${num(x)} ${num(y + s)}Z`,
      { fill: fg },
    ),
  // Dot grid.
  (x, y, s, fg) => {
    let out = "";
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        out += circle(x + s * (0.2 + 0.3 * i), y + s * (0.2 + 0.3 * j), s * 0.08, { fill: fg });
    return out;
  },
];

/** A poster grid of Bauhaus motifs (quarter circles, bars, rings) in a mid-century palette. */
export function bauhaus(w: number, h: number, o: BauhausOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: o.paper }));
  const rows = Math.max(1, Math.round((o.cols * h) / w));
  const s = Math.min((w * 0.86) / o.cols, (h * 0.86) / rows);
  const left = (w - s * o.cols) / 2;
  const top = (h - s * rows) / 2;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < o.cols; col++) {
      const x = left + col * s;
      const y = top + row * s;
      const bg = pick(rand, o.colors);
      const fg = pick(
        rand,
        o.colors.filter((color) => color !== bg),
      );
      const turn = Math.floor(rand() * 4) * 90;
      c.add(rect(x, y, s + 0.5, s + 0.5, { fill: bg }));
      c.add(
        tag(
          "g",
          { transform: `rotate(${turn} ${num(x + s / 2)} ${num(y + s / 2)})` },
          pick(rand, MOTIFS)(x, y, s, fg, rand),
        ),
      );
    }
  }
  c.grain(rand, { opacity: 0.09, density: 1.4 });
  return c.toString();
}

export interface LowPolyOptions {
  seed: number;
  /** Colours at the top-left, top-right, bottom-left and bottom-right corners. */
  corners: [string, string, string, string];
  cell: number;
}

/** A jittered triangle mesh shaded across four corner colours: a faceted gradient. */
export function lowPoly(w: number, h: number, o: LowPolyOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  const cols = Math.ceil(w / o.cell);
  const rows = Math.ceil(h / o.cell);
  const grid: Point[][] = [];
  for (let j = 0; j <= rows; j++) {
    const row: Point[] = [];
    for (let i = 0; i <= cols; i++) {
      const edgeX = i === 0 || i === cols;
      const edgeY = j === 0 || j === rows;
      const jitter = o.cell * 0.42;
      row.push([
        Math.min(w, i * o.cell) + (edgeX ? 0 : between(rand, -jitter, jitter)),
        Math.min(h, j * o.cell) + (edgeY ? 0 : between(rand, -jitter, jitter)),
      ]);
    }
    grid.push(row);
  }
  const [tl, tr, bl, br] = o.corners;
  const triangles: string[] = [];
  const face = (a: Point, b: Point, p: Point) => {
    const cx = (a[0] + b[0] + p[0]) / 3;
    const cy = (a[1] + b[1] + p[1]) / 3;
    const base = mix(mix(tl, tr, cx / w), mix(bl, br, cx / w), cy / h);
    const color = shade(base, noise(cx / 300, cy / 300) * 0.18 + between(rand, -0.05, 0.05));
    triangles.push(
      path(polyline([a, b, p], true), { fill: color, stroke: color, "stroke-width": 0.8 }),
    );
  };
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const a = at(at(grid, j), i);
      const b = at(at(grid, j), i + 1);
      const d = at(at(grid, j + 1), i);
      const e = at(at(grid, j + 1), i + 1);
      if ((i + j) % 2 === 0) {
        face(a, b, e);
        face(a, e, d);
      } else {
        face(a, b, d);
        face(b, e, d);
      }
    }
  }
  c.add(...triangles);
  return c.toString();
}

export interface CubesOptions {
  seed: number;
  size: number;
  colors: string[];
  line?: string;
}

/** Isometric cubes ("tumbling blocks"): three shades per cube make a flat tiling look solid. */
export function cubes(w: number, h: number, o: CubesOptions): string {
  const rand = mulberry32(o.seed);
  const tint = perlin(rand);
  const c = new Canvas(w, h);
  const s = o.size;
  const dx = s * Math.sqrt(3);
  const half = dx / 2;
  c.add(rect(0, 0, w, h, { fill: shade(at(o.colors, 0), -0.5) }));
  const faces: string[] = [];
  for (let row = -1, cy = -s; cy < h + s * 2; row++, cy += s * 1.5) {
    for (let cx = row % 2 === 0 ? 0 : half; cx < w + dx; cx += dx) {
      const base = ramp(
        o.colors,
        0.5 + 0.8 * tint((cx / w) * 1.8, (cy / w) * 1.8) + between(rand, -0.08, 0.08),
      );
      const top: Point[] = [
        [cx, cy - s],
        [cx + half, cy - s / 2],
        [cx, cy],
        [cx - half, cy - s / 2],
      ];
      const left: Point[] = [
        [cx - half, cy - s / 2],
        [cx, cy],
        [cx, cy + s],
        [cx - half, cy + s / 2],
      ];
      const right: Point[] = [
        [cx, cy],
        [cx + half, cy - s / 2],
        [cx + half, cy + s / 2],
        [cx, cy + s],
      ];
      const stroke = o.line ?? "none";
      faces.push(
        path(polyline(top, true), { fill: shade(base, 0.28), stroke, "stroke-width": 1.5 }),
      );
      faces.push(path(polyline(left, true), { fill: base, stroke, "stroke-width": 1.5 }));
      faces.push(
        path(polyline(right, true), { fill: shade(base, -0.32), stroke, "stroke-width": 1.5 }),
      );
    }
  }
  c.add(...faces);
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface SoftOptions {
  seed: number;
  base: string;
  blobs: string[];
  orb?: string;
  rings?: string;
  grain?: number;
}

/** Blended colour fields with film grain (a "mesh gradient"), optionally with a floating orb. */
export function softGradient(w: number, h: number, o: SoftOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  const big = Math.max(w, h);
  c.add(rect(0, 0, w, h, { fill: o.base }));
  for (const color of [...o.blobs, ...o.blobs]) {
    const cx = between(rand, -0.1, 1.1) * w;
    const cy = between(rand, -0.1, 1.1) * h;
    const r = big * between(rand, 0.35, 0.65);
    const fill = c.radial(
      [
        [0, color, 0.9],
        [0.45, color, 0.5],
        [1, color, 0],
      ],
      cx,
      cy,
      r,
    );
    c.add(circle(cx, cy, r, { fill }));
  }
  const cx = w * between(rand, 0.4, 0.6);
  const cy = h * between(rand, 0.42, 0.55);
  const r = Math.min(w, h) * 0.23;
  if (o.rings) {
    for (let k = 1; k <= 4; k++) {
      c.add(
        circle(cx, cy, r * (1 + k * 0.32), {
          fill: "none",
          stroke: o.rings,
          "stroke-width": 2,
          "stroke-opacity": 0.5 - k * 0.09,
        }),
      );
    }
  }
  if (o.orb) {
    const shadow = c.radial(
      [
        [0, "#000000", 0.35],
        [1, "#000000", 0],
      ],
      cx,
      cy + r * 1.15,
      r,
    );
    c.add(tag("ellipse", { cx, cy: cy + r * 1.15, rx: r * 0.95, ry: r * 0.18, fill: shadow }));
    const fill = c.radial(
      [
        [0, shade(o.orb, 0.75)],
        [0.35, shade(o.orb, 0.2)],
        [0.8, o.orb],
        [1, shade(o.orb, -0.35)],
      ],
      cx,
      cy,
      r,
      cx - r * 0.38,
      cy - r * 0.42,
    );
    c.add(circle(cx, cy, r, { fill }));
  }
  c.grain(rand, { opacity: o.grain ?? 0.1, density: 1.5 });
  return c.toString();
}

export interface MandalaOptions {
  seed: number;
  background: [string, string];
  colors: string[];
  line: string;
  rings: number;
}

type Petal = (inner: number, outer: number, width: number) => string;

/** Petal shapes pointing up from the centre, between radii `inner` and `outer`. */
const PETALS: Petal[] = [
  (a, b, wd) =>
    `M0 ${num(-a)}Q${num(wd)} ${num(-(a + b) / 2)} 0 ${num(-b)}Q${num(-wd)} ${num(-(a + b) / 2)} 0 ${num(-a)}Z`,
  (a, b, wd) =>
    `M${num(-wd * 0.6)} ${num(-a)}C${num(-wd * 1.2)} ${num(-b)} ${num(wd * 1.2)} ${num(-b)} ${num(wd * 0.6)} ${num(-a)}Z`,
  (a, b, wd) =>
    `M0 ${num(-a)}C${num(wd * 1.4)} ${num(-a - (b - a) * 0.4)} ${num(wd * 0.4)} ${num(-b)} 0 ${num(-b)}C${num(-wd * 0.4)} ${num(-b)} ${num(-wd * 1.4)} ${num(-a - (b - a) * 0.4)} 0 ${num(-a)}Z`,
];

/** Concentric rings of petals and dots: a radial flower or mandala. */
export function mandala(w: number, h: number, o: MandalaOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  const cx = w / 2;
  const cy = h / 2;
  const maxR = Math.min(w, h) * 0.44;
  c.add(rect(0, 0, w, h, { fill: c.radial(spread(o.background), cx, cy, Math.hypot(w, h) / 2) }));
  for (let k = 1; k <= 5; k++) {
    c.add(
      circle(cx, cy, maxR * (1 + k * 0.09), {
        fill: "none",
        stroke: o.line,
        "stroke-width": 1.5,
        "stroke-opacity": 0.3 - k * 0.05,
      }),
    );
  }
  for (let ring = o.rings; ring >= 1; ring--) {
    const outer = maxR * (ring / o.rings) ** 0.85;
    const inner = maxR * ((ring - 1) / o.rings) ** 0.85 * 0.55;
    const count = [6, 8, 12, 16, 20, 24, 32][Math.min(6, ring + Math.floor(rand() * 2))] ?? 12;
    const width = ((TAU * (inner + outer)) / 2 / count) * 0.55;
    const shape = pick(rand, PETALS)(inner, outer, width);
    const fill = at(o.colors, ring % o.colors.length);
    let group = "";
    for (let i = 0; i < count; i++) {
      group += path(shape, { transform: `rotate(${num((360 * (i + (ring % 2) * 0.5)) / count)})` });
    }
    c.add(
      tag(
        "g",
        {
          transform: `translate(${num(cx)} ${num(cy)})`,
          fill,
          stroke: o.line,
          "stroke-width": 1.6,
          "stroke-opacity": 0.55,
        },
        group,
      ),
    );
    for (let i = 0; i < count; i++) {
      const angle = (TAU * i) / count - Math.PI / 2;
      c.add(
        circle(
          cx + Math.cos(angle) * outer * 1.03,
          cy + Math.sin(angle) * outer * 1.03,
          Math.max(2.5, width * 0.12),
          { fill: o.line, "fill-opacity": 0.75 },
        ),
      );
    }
  }
  c.add(circle(cx, cy, maxR * 0.08, { fill: at(o.colors, 0), stroke: o.line, "stroke-width": 2 }));
  c.grain(rand, { opacity: 0.06 });
  return c.toString();
}

export interface BotanicalOptions {
  seed: number;
  background: string;
  greens: string[];
  accent?: string;
  stems: number;
  leaf: "lance" | "round" | "fern";
}

/** Stems arching up from the bottom with leaves in pairs: a pressed-botanical print. */
export function botanical(w: number, h: number, o: BotanicalOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: o.background }));
  c.add(c.glow(w * 0.5, h * 0.45, Math.max(w, h) * 0.6, "#ffffff", 0.35));
  for (let s = 0; s < o.stems; s++) {
    const base: Point = [w * between(rand, 0.2, 0.8), h * 1.02];
    const tip: Point = [base[0] + w * between(rand, -0.3, 0.3), h * between(rand, 0.1, 0.45)];
    const bend = w * between(rand, -0.25, 0.25);
    const control: Point = [(base[0] + tip[0]) / 2 + bend, (base[1] + tip[1]) / 2];
    stem(c, rand, o, base, control, tip, pick(rand, o.greens));
  }
  c.grain(rand, { opacity: 0.08, colors: ["#3b3224", "#ffffff"] });
  return c.toString();
}

function stem(
  c: Canvas,
  rand: Rng,
  o: BotanicalOptions,
  p0: Point,
  p1: Point,
  p2: Point,
  green: string,
) {
  const at2 = (t: number): Point => [
    (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
    (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1],
  ];
  c.add(
    path(`M${num(p0[0])} ${num(p0[1])}Q${num(p1[0])} ${num(p1[1])} ${num(p2[0])} ${num(p2[1])}`, {
      fill: "none",
      stroke: shade(green, -0.25),
      "stroke-width": 4,
      "stroke-linecap": "round",
    }),
  );
  const length = Math.hypot(p2[0] - p0[0], p2[1] - p0[1]);
  const gap = o.leaf === "fern" ? 0.035 : 0.075;
  for (let t = 0.12; t <= 0.98; t += gap) {
    const [x, y] = at2(t);
    const [nx, ny] = at2(Math.min(1, t + 0.01));
    const heading = (Math.atan2(ny - y, nx - x) * 180) / Math.PI;
    const size = length * lerp(0.2, 0.08, t) * (o.leaf === "fern" ? 0.8 : 1);
    for (const side of [-1, 1]) {
      const angle = heading + side * between(rand, 38, 62);
      const color = shade(green, between(rand, -0.12, 0.15));
      c.add(
        tag(
          "g",
          { transform: `translate(${num(x)} ${num(y)}) rotate(${num(angle)})` },
          leaf(o.leaf, size, color),
        ),
      );
    }
  }
  const [tx, ty] = p2;
  if (o.accent) {
    for (let i = 0; i < 5; i++) {
      c.add(
        circle(tx + gaussian(rand) * 22, ty + gaussian(rand) * 22, between(rand, 7, 14), {
          fill: shade(o.accent, between(rand, -0.15, 0.15)),
        }),
      );
    }
  } else {
    c.add(
      tag(
        "g",
        { transform: `translate(${num(tx)} ${num(ty)}) rotate(-90)` },
        leaf(o.leaf, length * 0.09, green),
      ),
    );
  }
}

function leaf(kind: BotanicalOptions["leaf"], size: number, color: string): string {
  const width = size * (kind === "round" ? 0.5 : kind === "fern" ? 0.14 : 0.26);
  const outline = `M0 0Q${num(size * 0.4)} ${num(-width)} ${num(size)} 0Q${num(size * 0.4)} ${num(width)} 0 0Z`;
  const rib = `M${num(size * 0.05)} 0L${num(size * 0.85)} 0`;
  return (
    path(outline, { fill: color }) +
    path(rib, {
      fill: "none",
      stroke: shade(color, 0.3),
      "stroke-width": 1.3,
      "stroke-opacity": 0.7,
    })
  );
}

export interface TopoOptions {
  seed: number;
  background: [string, string];
  lines: string[];
  levels: number;
  scale: number;
}

/** Contour lines of a noise terrain (marching squares): a topographic map with no map. */
export function topographic(w: number, h: number, o: TopoOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: c.linear(spread(o.background), 0, 0, w, h) }));
  const step = 8;
  const cols = Math.ceil(w / step) + 1;
  const rows = Math.ceil(h / step) + 1;
  const field: number[] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      field.push(fbm(noise, ((i * step) / w) * o.scale, ((j * step) / w) * o.scale, 4));
    }
  }
  const value = (i: number, j: number) => at(field, j * cols + i);
  for (let level = 0; level < o.levels; level++) {
    const threshold = lerp(-0.55, 0.55, (level + 0.5) / o.levels);
    const d = contour(value, cols, rows, step, threshold);
    if (!d) continue;
    const major = level % 5 === 0;
    c.add(
      path(d, {
        fill: "none",
        stroke: ramp(o.lines, level / (o.levels - 1)),
        "stroke-width": major ? 4.2 : 2.2,
        "stroke-linecap": "round",
        "stroke-opacity": major ? 0.95 : 0.75,
      }),
    );
  }
  c.grain(rand, { opacity: 0.06 });
  return c.toString();
}

/** Marching squares at one level: the segments where the field crosses `threshold`. */
function contour(
  value: (i: number, j: number) => number,
  cols: number,
  rows: number,
  step: number,
  threshold: number,
): string {
  let d = "";
  const cross = (a: number, b: number) => (threshold - a) / (b - a);
  for (let j = 0; j < rows - 1; j++) {
    for (let i = 0; i < cols - 1; i++) {
      const a = value(i, j);
      const b = value(i + 1, j);
      const e = value(i + 1, j + 1);
      const f = value(i, j + 1);
      const index =
        (a > threshold ? 8 : 0) |
        (b > threshold ? 4 : 0) |
        (e > threshold ? 2 : 0) |
        (f > threshold ? 1 : 0);
      if (index === 0 || index === 15) continue;
      const x = i * step;
      const y = j * step;
      // Where the level crosses each edge: top, right, bottom, left.
      const edges: Point[] = [
        [x + step * cross(a, b), y],
        [x + step, y + step * cross(b, e)],
        [x + step * cross(f, e), y + step],
        [x, y + step * cross(a, f)],
      ];
      for (const [p, q] of at(SEGMENTS, index)) {
        const [x1, y1] = at(edges, p);
        const [x2, y2] = at(edges, q);
        d += `M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}`;
      }
    }
  }
  return d;
}

/** Which cell edges (0 top, 1 right, 2 bottom, 3 left) each marching-squares case joins. */
const SEGMENTS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [],
  [[3, 2]],
  [[2, 1]],
  [[3, 1]],
  [[0, 1]],
  [
    [3, 0],
    [2, 1],
  ],
  [[0, 2]],
  [[3, 0]],
  [[3, 0]],
  [[0, 2]],
  [
    [3, 2],
    [0, 1],
  ],
  [[0, 1]],
  [[3, 1]],
  [[2, 1]],
  [[3, 2]],
  [],
];

export interface SynthwaveOptions {
  seed: number;
  sky: string[];
  sun: [string, string];
  grid: string;
  floor: string;
  mountains: string;
}

/** A retro sunset: striped sun, wireframe mountains and a perspective grid to the horizon. */
export function synthwave(w: number, h: number, o: SynthwaveOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  const horizon = h * 0.62;
  c.add(rect(0, 0, w, h, { fill: c.vertical(spread(o.sky), 0, horizon) }));
  drawStars(c, rand, 260, horizon * 0.6, 5);
  const cx = w / 2;
  const r = Math.min(w, h) * 0.24;
  const cy = horizon - r * 0.35;
  c.add(c.glow(cx, cy, r * 2.4, o.sun[1], 0.5));
  let slices = "";
  for (let k = 0; k < 14; k++) {
    const y0 = cy - r + (k * 2 * r) / 14;
    const gap = k < 6 ? 0 : (k - 5) * r * 0.012;
    slices += rect(cx - r, y0 + gap, r * 2, (2 * r) / 14 - gap);
  }
  const sunFill = c.vertical(
    [
      [0, o.sun[0]],
      [1, o.sun[1]],
    ],
    cy - r,
    cy + r,
  );
  c.add(tag("g", { fill: sunFill, "clip-path": c.clip(circle(cx, cy, r)) }, slices));
  const ridge = ridgeLine(c, noise, 3, "jagged", horizon, h * 0.16, 1.6);
  const outline = polyline(ridge.points);
  c.add(path(`${outline}L${w} ${num(horizon)}L0 ${num(horizon)}Z`, { fill: o.mountains }));
  c.add(
    path(outline, { fill: "none", stroke: o.grid, "stroke-width": 2.5, "stroke-opacity": 0.9 }),
  );
  c.add(
    rect(0, horizon, w, h - horizon, {
      fill: c.vertical(
        [
          [0, o.floor],
          [1, shade(o.floor, -0.5)],
        ],
        horizon,
        h,
      ),
    }),
  );
  let grid = "";
  for (let k = 1; k <= 18; k++) {
    const y = horizon + (h - horizon) * (k / 18) ** 2.2;
    grid += `M0 ${num(y)}H${w}`;
  }
  for (let k = -24; k <= 24; k++) {
    grid += `M${num(cx + k * w * 0.012)} ${num(horizon)}L${num(cx + k * w * 0.11)} ${h}`;
  }
  c.add(path(grid, { fill: "none", stroke: o.grid, "stroke-width": 2.4, "stroke-opacity": 0.85 }));
  c.add(
    rect(0, horizon - h * 0.03, w, h * 0.06, {
      fill: c.vertical(
        [
          [0, o.grid, 0],
          [0.5, o.grid, 0.45],
          [1, o.grid, 0],
        ],
        horizon - h * 0.03,
        horizon + h * 0.03,
      ),
    }),
  );
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface PixelOptions {
  seed: number;
  /** Size of one "pixel" in real pixels. */
  px: number;
  sky: string[];
  sun: string;
  mountains: string[];
  water: string[];
  stars?: boolean;
}

const BAYER4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/** A low-resolution scene with ordered dithering, drawn as merged runs of square pixels. */
export function pixelArt(w: number, h: number, o: PixelOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  const cols = Math.ceil(w / o.px);
  const rows = Math.ceil(h / o.px);
  const horizon = Math.round(rows * 0.64);
  const sunX = cols * between(rand, 0.35, 0.65);
  const sunY = horizon - rows * 0.16;
  const sunR = rows * 0.1;
  const dither = (x: number, y: number) => (at(BAYER4, (y % 4) * 4 + (x % 4)) + 0.5) / 16;
  // Ridge tops per column, far range first; nearer ranges are lower and drawn over farther ones.
  const ridges = o.mountains.map((_, k) =>
    Array.from({ length: cols }, (_, x) => {
      const profile = 0.5 + 0.5 * fbm(noise, (x / cols) * (2.5 + k * 1.5), k * 4.2, 3);
      return horizon - rows * (0.3 - 0.07 * k) * (0.3 + 0.7 * profile);
    }),
  );
  const colorAt = (x: number, y: number): string => {
    if (y < horizon) {
      for (let k = o.mountains.length - 1; k >= 0; k--) {
        if (y >= at(at(ridges, k), x)) return at(o.mountains, k);
      }
      if (Math.hypot(x - sunX, y - sunY) < sunR) return o.sun;
      if (o.stars && y < horizon * 0.5 && rand() < 0.012) return "#ffffff";
      const t = (y / horizon) * (o.sky.length - 1) + dither(x, y) - 0.5;
      return at(o.sky, clamp(Math.round(t), 0, o.sky.length - 1));
    }
    const depth = (y - horizon) / (rows - horizon);
    const reach = sunR * (1.2 - depth * 0.4) * (0.4 + rand() * 0.8);
    if (Math.abs(x - sunX) < reach && (y % 2 === 0 || rand() < 0.3)) return o.sun;
    const t = depth * (o.water.length - 1) + dither(x, y) - 0.5;
    return at(o.water, clamp(Math.round(t), 0, o.water.length - 1));
  };
  const runs: Record<string, string> = {};
  for (let y = 0; y < rows; y++) {
    let start = 0;
    let current = colorAt(0, y);
    for (let x = 1; x <= cols; x++) {
      const color = x < cols ? colorAt(x, y) : "";
      if (color === current) continue;
      runs[current] =
        `${runs[current] ?? ""}M${start * o.px} ${y * o.px}h${(x - start) * o.px}v${o.px}h${-(x - start) * o.px}Z`;
      start = x;
      current = color;
    }
  }
  for (const [color, d] of Object.entries(runs))
    c.add(path(d, { fill: color, "shape-rendering": "crispEdges" }));
  return c.toString();
}

export interface PackingOptions {
  seed: number;
  background: string;
  colors: string[];
  maxR: number;
  minR: number;
}

/** Circles packed without touching, largest first, some with rings inside. */
export function circlePacking(w: number, h: number, o: PackingOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: o.background }));
  const placed: Array<{ x: number; y: number; r: number }> = [];
  const gap = 5;
  for (let attempt = 0; attempt < 9000 && placed.length < 900; attempt++) {
    const x = rand() * w;
    const y = rand() * h;
    let room = o.maxR * (1 - attempt / 9000) ** 1.5 + o.minR;
    for (const p of placed) {
      room = Math.min(room, Math.hypot(p.x - x, p.y - y) - p.r - gap);
      if (room < o.minR) break;
    }
    if (room >= o.minR) placed.push({ x, y, r: room });
  }
  for (const p of placed) {
    const color = pick(rand, o.colors);
    c.add(circle(p.x, p.y, p.r, { fill: color }));
    const style = rand();
    if (style < 0.35 && p.r > 14) {
      for (let k = 0.72; k > 0.1; k -= 0.24) {
        c.add(
          circle(p.x, p.y, p.r * k, {
            fill: "none",
            stroke: o.background,
            "stroke-width": num(Math.max(1.5, p.r * 0.07)),
          }),
        );
      }
    } else if (style < 0.6) {
      c.add(circle(p.x, p.y, p.r * 0.35, { fill: pick(rand, o.colors) }));
    }
  }
  c.grain(rand, { opacity: 0.06 });
  return c.toString();
}

export interface MoireOptions {
  seed: number;
  background: string;
  inks: string[];
  spacing: number;
}

/** Concentric rings from a few centres overlapping into moiré interference: op art. */
export function moire(w: number, h: number, o: MoireOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: o.background }));
  const reach = Math.hypot(w, h);
  o.inks.forEach((ink) => {
    const cx = between(rand, 0.25, 0.75) * w;
    const cy = between(rand, 0.25, 0.75) * h;
    let d = "";
    for (let r = o.spacing; r < reach; r += o.spacing) {
      d += `M${num(cx + r)} ${num(cy)}A${num(r)} ${num(r)} 0 1 0 ${num(cx - r)} ${num(cy)}A${num(r)} ${num(r)} 0 1 0 ${num(cx + r)} ${num(cy)}`;
    }
    c.add(
      path(d, {
        fill: "none",
        stroke: ink,
        "stroke-width": num(o.spacing * 0.42),
        "stroke-opacity": 0.85,
      }),
    );
  });
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface WatercolorOptions {
  seed: number;
  paper: string;
  colors: string[];
  blobs: number;
  /** Translucent layers per blob: more is richer and slower. */
  layers: number;
}

/**
 * Watercolour washes without filters: each blob is a polygon deformed again and again and stacked
 * at a few percent opacity, so its edges bleed and pool like pigment.
 */
export function watercolor(w: number, h: number, o: WatercolorOptions): string {
  const rand = mulberry32(o.seed);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: o.paper }));
  const short = Math.min(w, h);
  for (let b = 0; b < o.blobs; b++) {
    const cx = between(rand, 0.15, 0.85) * w;
    const cy = between(rand, 0.15, 0.85) * h;
    const r = short * between(rand, 0.11, 0.22);
    const base: Point[] = Array.from({ length: 14 }, (_, i) => {
      const angle = (TAU * i) / 14;
      const k = between(rand, 0.8, 1.2);
      return [cx + Math.cos(angle) * r * k, cy + Math.sin(angle) * r * k];
    });
    const shape = deform(base, rand, 2, 0.8);
    const color = at(o.colors, b % o.colors.length);
    for (let l = 0; l < o.layers; l++) {
      // One element per layer: the layers must stack (one path would fill their union once).
      const d = polyline(deform(shape, rand, 2, 1.6), true);
      const pooled =
        l % 4 === 0
          ? { stroke: shade(color, -0.25), "stroke-opacity": 0.09, "stroke-width": 2 }
          : {};
      c.add(path(d, { fill: color, "fill-opacity": 0.034, ...pooled }));
    }
  }
  c.grain(rand, { opacity: 0.1, colors: ["#5a4a3a", "#ffffff"], density: 1.5 });
  return c.toString();
}

/**
 * Splits every edge and pushes the new point off the edge by up to `variance` of the edge's
 * length: a ragged, organic outline that stays a blob (a fixed push would tangle short edges).
 */
function deform(points: Point[], rand: Rng, depth: number, variance: number): Point[] {
  let current = points;
  for (let d = 0; d < depth; d++) {
    const next: Point[] = [];
    current.forEach((a, i) => {
      const b = at(current, (i + 1) % current.length);
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const push = gaussian(rand) * variance * length;
      next.push(a, [
        (a[0] + b[0]) / 2 + gaussian(rand) * push,
        (a[1] + b[1]) / 2 + gaussian(rand) * push,
      ]);
    });
    current = next;
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// The catalogue

type Size = readonly [width: number, height: number];

/** Aspect ratios the gallery should show: every one at least 1200 px on its short side. */
const PORTRAIT: Size = [1200, 1500]; // 4:5
const TALL: Size = [1200, 1800]; // 2:3
const LANDSCAPE: Size = [1800, 1200]; // 3:2
const WIDE: Size = [2136, 1200]; // 16:9
const SQUARE: Size = [1400, 1400];
const PANORAMA: Size = [2400, 1200]; // 2:1

interface Entry {
  title: string;
  description: string;
  tags: string[];
  style: string;
  edition: EditionType;
  /** Price in cents; the priced editions (one_of_one, open_edition) always have one. */
  price?: number;
  size: Size;
  draw: (width: number, height: number) => string;
}

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function artwork(entry: Entry): DemoArtwork {
  const [width, height] = entry.size;
  return {
    slug: slugOf(entry.title),
    title: entry.title,
    description: entry.description,
    tags: entry.tags,
    style: entry.style,
    editionType: entry.edition,
    priceCents: entry.edition === "sawdust_gallery" ? null : (entry.price ?? null),
    width,
    height,
    render: () => entry.draw(width, height),
  };
}

const ENTRIES: Entry[] = [
  // Landscapes
  {
    title: "Apricot Hour",
    description:
      "Rolling hills fold into a warm haze as the sun sinks behind them and a flock heads home.",
    tags: ["landscape", "sunset", "hills", "warm", "birds"],
    style: "digital art, minimalist",
    edition: "open_edition",
    price: 2900,
    size: LANDSCAPE,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 101,
        sky: ["#2d1e4a", "#7b3f6e", "#e0736a", "#f7b267"],
        far: "#d58a8a",
        near: "#2b1838",
        haze: "#f4a88a",
        layers: 6,
        horizon: 0.5,
        ridge: "soft",
        sun: { x: 0.62, y: 0.47, r: 0.08, color: "#ffd9a0", glow: "#ffb38a" },
        birds: 7,
      }),
  },
  {
    title: "Blue Ridge Morning",
    description:
      "Layer after layer of forested ridges dissolving into morning mist under a pale sun.",
    tags: ["landscape", "mountains", "morning", "mist", "forest"],
    style: "digital art",
    edition: "sawdust_gallery",
    size: WIDE,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 102,
        sky: ["#a9c8e8", "#d9e6f2", "#f6e7d8"],
        far: "#a7bbd4",
        near: "#1f3a4d",
        haze: "#eef2f7",
        layers: 7,
        horizon: 0.4,
        ridge: "soft",
        sun: { x: 0.74, y: 0.26, r: 0.06, color: "#fff6df", glow: "#fff1cf" },
        trees: true,
      }),
  },
  {
    title: "Alpenglow",
    description:
      "The last pink light catches a jagged range, while the valleys below are already in violet shadow.",
    tags: ["mountains", "alpenglow", "dusk", "panorama", "pink"],
    style: "digital art",
    edition: "one_of_one",
    price: 120000,
    size: PANORAMA,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 103,
        sky: ["#1d2b53", "#7e4e8c", "#f29e8e", "#ffd6a5"],
        far: "#c98aa8",
        near: "#1a1433",
        haze: "#f2b5a5",
        layers: 5,
        horizon: 0.42,
        ridge: "jagged",
        heights: [0.24, 0.16],
      }),
  },
  {
    title: "Sahara Drift",
    description: "Wind-sculpted dunes roll toward the horizon beneath a white-hot afternoon sun.",
    tags: ["desert", "dunes", "warm", "landscape", "sun"],
    style: "digital art, minimalist",
    edition: "open_edition",
    price: 2400,
    size: LANDSCAPE,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 104,
        sky: ["#f6c89f", "#f9dcb8", "#fbe9d0"],
        far: "#eab676",
        near: "#9c4a23",
        haze: "#fde6c6",
        layers: 5,
        horizon: 0.52,
        ridge: "dune",
        heights: [0.08, 0.16],
        sun: { x: 0.24, y: 0.28, r: 0.07, color: "#fff6da", glow: "#ffe2a8" },
      }),
  },
  {
    title: "Moonlit Valley",
    description:
      "A quiet valley under a crescent moon, its pine-lined hills silvered in blue light.",
    tags: ["night", "moon", "landscape", "forest", "blue"],
    style: "digital art",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 105,
        sky: ["#0b1026", "#1c2a5a", "#3d5a8a"],
        far: "#46608f",
        near: "#0a0f1f",
        haze: "#6a86b5",
        layers: 5,
        horizon: 0.5,
        ridge: "soft",
        stars: 500,
        moon: { x: 0.7, y: 0.2, r: 0.05, color: "#f4f1de", phase: 0.3 },
        trees: true,
        grain: 0.05,
      }),
  },
  {
    title: "Mint Fields",
    description: "Soft green hills and a peach sun in a palette as light as a spring morning.",
    tags: ["pastel", "hills", "green", "minimal", "spring"],
    style: "minimalist",
    edition: "open_edition",
    price: 1900,
    size: SQUARE,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 106,
        sky: ["#fdf6e3", "#f3efdc", "#e3f2e1"],
        far: "#b5dcc3",
        near: "#2f6f5e",
        haze: "#ffffff",
        layers: 6,
        horizon: 0.46,
        ridge: "soft",
        sun: { x: 0.5, y: 0.3, r: 0.09, color: "#ffc9a0", glow: "#ffe3c7" },
      }),
  },
  {
    title: "Ember Peaks",
    description: "A blood-orange sun burns behind sharp black peaks, the sky glowing like embers.",
    tags: ["mountains", "sunset", "red", "dramatic"],
    style: "digital art",
    edition: "one_of_one",
    price: 85000,
    size: TALL,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 107,
        sky: ["#240b36", "#8f1a3b", "#e2443b", "#ff9a5a"],
        far: "#d9573c",
        near: "#1b0a12",
        haze: "#ff9f68",
        layers: 5,
        horizon: 0.5,
        ridge: "jagged",
        heights: [0.16, 0.12],
        sun: { x: 0.5, y: 0.42, r: 0.13, color: "#ffd08a", glow: "#ff8a50" },
      }),
  },
  {
    title: "Glacier Lines",
    description: "Ice-blue ranges stacked in thin cold air, with a few birds crossing the silence.",
    tags: ["mountains", "winter", "ice", "blue", "minimalist"],
    style: "minimalist",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: (w, h) =>
      landscape(w, h, {
        seed: 108,
        sky: ["#d6e6f3", "#eef5fa"],
        far: "#c4d8ea",
        near: "#2e4a66",
        haze: "#f7fbff",
        layers: 6,
        horizon: 0.36,
        ridge: "jagged",
        heights: [0.2, 0.14],
        birds: 5,
      }),
  },
  // Night skies
  {
    title: "Galactic Core",
    description:
      "The Milky Way arcs over a dark forest, its dust lanes and star clouds glowing above a faint horizon.",
    tags: ["night-sky", "milky-way", "stars", "galaxy", "forest"],
    style: "digital art",
    edition: "one_of_one",
    price: 150000,
    size: TALL,
    draw: (w, h) =>
      nightSky(w, h, {
        seed: 201,
        sky: ["#05060f", "#0d1233", "#23285e", "#4a3a78"],
        stars: 1100,
        milkyWay: { angle: -62, color: "#cbbcff" },
        ground: ["#161230", "#07060d"],
        horizon: 0.8,
        trees: true,
        shootingStars: 1,
        horizonGlow: "#d98a6a",
      }),
  },
  {
    title: "Northern Veil",
    description:
      "Green curtains of the aurora ripple above a frozen treeline on a clear arctic night.",
    tags: ["aurora", "northern-lights", "night-sky", "green", "forest"],
    style: "digital art",
    edition: "open_edition",
    price: 3900,
    size: LANDSCAPE,
    draw: (w, h) =>
      nightSky(w, h, {
        seed: 202,
        sky: ["#020617", "#0b1a33", "#123a4a"],
        stars: 700,
        aurora: ["#2cf59a", "#22d3ee"],
        ground: ["#0b1f2a", "#040b10"],
        horizon: 0.78,
        trees: true,
      }),
  },
  {
    title: "Crescent Watch",
    description:
      "A thin crescent keeps watch over violet hills while the last warm light fades from the horizon.",
    tags: ["moon", "night-sky", "purple", "calm"],
    style: "digital art, minimalist",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: (w, h) =>
      nightSky(w, h, {
        seed: 203,
        sky: ["#0d0b1e", "#2a1b4d", "#6b3b6e"],
        stars: 600,
        moon: { x: 0.7, y: 0.24, r: 0.07, color: "#fdf3d0", phase: 0.3 },
        ground: ["#3a2150", "#140c1f"],
        horizon: 0.76,
        horizonGlow: "#e07a5f",
      }),
  },
  {
    title: "Aurora Over Pines",
    description:
      "Violet, green and blue light dances over a tall forest under a small, bright moon.",
    tags: ["aurora", "night-sky", "forest", "colorful"],
    style: "digital art",
    edition: "one_of_one",
    price: 95000,
    size: TALL,
    draw: (w, h) =>
      nightSky(w, h, {
        seed: 205,
        sky: ["#05030f", "#140b2e", "#1b2a4a"],
        stars: 800,
        aurora: ["#a855f7", "#34d399", "#38bdf8"],
        moon: { x: 0.24, y: 0.12, r: 0.035, color: "#fffbe8", phase: 0.15 },
        ground: ["#0c1422", "#03060a"],
        horizon: 0.8,
        trees: true,
      }),
  },
  // Cities
  {
    title: "Dusk Over the Harbour",
    description:
      "A city skyline turns to silhouette against a tangerine dusk, its lights scattering on the water.",
    tags: ["city", "skyline", "sunset", "water", "urban"],
    style: "digital art",
    edition: "open_edition",
    price: 3500,
    size: WIDE,
    draw: (w, h) =>
      skyline(w, h, {
        seed: 301,
        sky: ["#1b1f3b", "#6d3f7c", "#f08a5d", "#f9c784"],
        sun: { x: 0.35, y: 0.62, r: 0.1, color: "#ffd29d", glow: "#ffb077" },
        layers: ["#a0668a", "#5a3768", "#1e1432"],
        windows: "#ffd27a",
        lit: 0.3,
        ground: 0.74,
        water: ["#3a2a4f", "#120c1f"],
      }),
  },
  {
    title: "Neon Midnight",
    description: "Towers of a sleepless city glow with cyan windows under a violet midnight sky.",
    tags: ["city", "night", "neon", "cyberpunk", "skyline"],
    style: "digital art",
    edition: "one_of_one",
    price: 65000,
    size: TALL,
    draw: (w, h) =>
      skyline(w, h, {
        seed: 302,
        sky: ["#050510", "#1a0b2e", "#4a1466"],
        stars: 220,
        layers: ["#3a1f5c", "#1f1138", "#07040f"],
        windows: "#7df9ff",
        lit: 0.45,
        ground: 0.96,
        tallest: 0.62,
      }),
  },
  {
    title: "Morning Commute",
    description:
      "A pastel skyline wakes up in soft blue light, the towers flattened into calm shapes.",
    tags: ["city", "skyline", "morning", "pastel", "minimalist"],
    style: "minimalist",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: (w, h) =>
      skyline(w, h, {
        seed: 303,
        sky: ["#bde0fe", "#e2eafc", "#fde2e4"],
        sun: { x: 0.8, y: 0.28, r: 0.06, color: "#fff6d5", glow: "#fff0d0" },
        layers: ["#cdd6e8", "#9aa8c4", "#5f6f94"],
        ground: 0.96,
      }),
  },
  {
    title: "Golden Hour Panorama",
    description:
      "A sweeping waterfront skyline in golden light, reflected in long ripples across the bay.",
    tags: ["city", "skyline", "golden-hour", "panorama", "water"],
    style: "digital art",
    edition: "open_edition",
    price: 4900,
    size: PANORAMA,
    draw: (w, h) =>
      skyline(w, h, {
        seed: 304,
        sky: ["#2e3a59", "#c05c7e", "#f3826f", "#ffb961"],
        sun: { x: 0.68, y: 0.6, r: 0.09, color: "#ffe0a3", glow: "#ffb66b" },
        layers: ["#c27a84", "#7b4b6a", "#45304f", "#1b1626"],
        windows: "#ffcf70",
        lit: 0.2,
        ground: 0.76,
        water: ["#4b2e4f", "#14101c"],
        tallest: 0.45,
      }),
  },
  // Flow fields
  {
    title: "Current",
    description:
      "Thousands of neon strands follow an invisible current, gathering into eddies and streams.",
    tags: ["flow-field", "generative", "abstract", "neon"],
    style: "generative art",
    edition: "open_edition",
    price: 2500,
    size: PORTRAIT,
    draw: (w, h) =>
      flowField(w, h, {
        seed: 401,
        background: ["#0f172a", "#111827"],
        colors: ["#22d3ee", "#818cf8", "#f472b6"],
        lines: 900,
        steps: 70,
        scale: 2.2,
        curl: 1,
        weight: [1.5, 4],
      }),
  },
  {
    title: "Wheat in the Wind",
    description: "Golden strokes bend and sway like a field of wheat under a summer gust.",
    tags: ["flow-field", "warm", "line-art", "organic"],
    style: "generative art, line art",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: (w, h) =>
      flowField(w, h, {
        seed: 402,
        background: ["#f6efe0", "#efe3c8"],
        colors: ["#c08a3e", "#8a5a2b", "#e0b15b"],
        lines: 1100,
        steps: 80,
        scale: 1.3,
        curl: 0.6,
        weight: [1, 2.5],
      }),
  },
  {
    title: "Ink Eddies",
    description: "Fine black lines swirl into tight vortices, like ink dropped into still water.",
    tags: ["black-and-white", "flow-field", "ink", "monochrome"],
    style: "line art, generative art",
    edition: "one_of_one",
    price: 42000,
    size: SQUARE,
    draw: (w, h) =>
      flowField(w, h, {
        seed: 403,
        background: ["#fbfaf7", "#f1efe9"],
        colors: ["#111827", "#374151", "#1f2937"],
        lines: 1000,
        steps: 90,
        scale: 3.5,
        curl: 1.4,
        weight: [0.8, 2],
      }),
  },
  // Waves
  {
    title: "Tide Lines",
    description: "Band after band of sea rolls toward the shore beneath a coral sun.",
    tags: ["ocean", "waves", "blue", "coastal"],
    style: "digital art, minimalist",
    edition: "open_edition",
    price: 2200,
    size: PORTRAIT,
    draw: (w, h) =>
      waves(w, h, {
        seed: 501,
        colors: ["#9bd7e0", "#3fa7c0", "#146c94", "#0a3d62"],
        sky: ["#fef6e4", "#fde2c8"],
        bands: 14,
        amplitude: 0.03,
        start: 0.34,
        foam: "#ffffff",
        sun: { x: 0.3, y: 0.17, r: 0.08, color: "#ff8c69", glow: "#ffb49a" },
      }),
  },
  {
    title: "Sunset Swell",
    description: "Saffron, orange and oxblood waves stack into a long, warm panorama.",
    tags: ["waves", "sunset", "warm", "abstract", "panorama"],
    style: "minimalist",
    edition: "sawdust_gallery",
    size: PANORAMA,
    draw: (w, h) =>
      waves(w, h, {
        seed: 502,
        colors: ["#f9c74f", "#f8961e", "#f3722c", "#9b2226", "#3d0c11"],
        sky: ["#ffe5b4", "#ffcf99"],
        bands: 12,
        amplitude: 0.04,
        start: 0.4,
        foam: "#fff3d6",
        sun: { x: 0.72, y: 0.24, r: 0.1, color: "#fff0c2", glow: "#ffd58a" },
      }),
  },
  {
    title: "Indigo Rhythm",
    description: "Twenty quiet waves in indigo, each a shade deeper than the last.",
    tags: ["abstract", "waves", "indigo", "rhythm"],
    style: "minimalist",
    edition: "one_of_one",
    price: 38000,
    size: TALL,
    draw: (w, h) =>
      waves(w, h, {
        seed: 503,
        colors: ["#c7d2fe", "#818cf8", "#4338ca", "#1e1b4b"],
        sky: ["#eef2ff", "#e0e7ff"],
        bands: 20,
        amplitude: 0.02,
        start: 0.14,
        foam: "#eef2ff",
      }),
  },
  // Ridgelines
  {
    title: "Pulsar",
    description:
      "Stacked signal traces rise into a mountain of noise: a tribute to a famous plot of a pulsar.",
    tags: ["minimalist", "black-and-white", "data-art", "lines"],
    style: "minimalist, line art",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: (w, h) =>
      ridgelines(w, h, {
        seed: 601,
        background: "#0b0b0b",
        lines: ["#f5f5f5"],
        rows: 46,
        peak: 0.14,
      }),
  },
  {
    title: "Signal Bloom",
    description:
      "Ridgelines shift from rose to blue as the signal swells in the middle of the frame.",
    tags: ["data-art", "lines", "gradient", "abstract"],
    style: "line art, generative art",
    edition: "open_edition",
    price: 2600,
    size: SQUARE,
    draw: (w, h) =>
      ridgelines(w, h, {
        seed: 602,
        background: "#1b1035",
        lines: ["#fca5a5", "#f472b6", "#a78bfa", "#60a5fa"],
        rows: 38,
        peak: 0.12,
      }),
  },
  // Tilings
  {
    title: "Endless Paths",
    description: "Quarter-circle tiles, turned at random, join into winding roads that never end.",
    tags: ["geometric", "pattern", "tiles", "truchet"],
    style: "geometric abstraction",
    edition: "open_edition",
    price: 2000,
    size: SQUARE,
    draw: (w, h) =>
      truchet(w, h, {
        seed: 701,
        cell: 70,
        background: "#f7f1e3",
        colors: ["#e76f51", "#f4a261", "#2a9d8f", "#264653"],
        weight: 0.22,
      }),
  },
  {
    title: "Night Circuit",
    description:
      "Glowing blue traces loop through a dark board like the wiring of a dreaming machine.",
    tags: ["geometric", "pattern", "blue", "circuit"],
    style: "geometric abstraction, digital art",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: (w, h) =>
      truchet(w, h, {
        seed: 702,
        cell: 56,
        background: "#0d1b2a",
        colors: ["#48cae4", "#90e0ef", "#ade8f4"],
        weight: 0.18,
      }),
  },
  {
    title: "Candy Maze",
    description: "Thick pink and lilac ribbons twist through a playful labyrinth of arcs.",
    tags: ["pattern", "pink", "playful", "geometric"],
    style: "geometric abstraction",
    edition: "one_of_one",
    price: 30000,
    size: LANDSCAPE,
    draw: (w, h) =>
      truchet(w, h, {
        seed: 703,
        cell: 90,
        background: "#fff0f5",
        colors: ["#ff8fab", "#fb6f92", "#b388eb", "#8093f1"],
        weight: 0.3,
      }),
  },
  {
    title: "Bauhaus Study No. 1",
    description:
      "Quarter circles, bars and rings in primary colours, arranged like a 1920s poster.",
    tags: ["bauhaus", "geometric", "mid-century", "shapes"],
    style: "geometric abstraction",
    edition: "one_of_one",
    price: 55000,
    size: PORTRAIT,
    draw: (w, h) =>
      bauhaus(w, h, {
        seed: 801,
        cols: 4,
        colors: ["#e63946", "#f1c453", "#1d3557", "#457b9d", "#f1faee"],
        paper: "#f4efe4",
      }),
  },
  {
    title: "Terracotta Modules",
    description: "A grid of sun-baked shapes in terracotta, apricot and slate.",
    tags: ["geometric", "terracotta", "shapes", "grid"],
    style: "geometric abstraction, minimalist",
    edition: "open_edition",
    price: 2400,
    size: SQUARE,
    draw: (w, h) =>
      bauhaus(w, h, {
        seed: 802,
        cols: 5,
        colors: ["#c8553d", "#f28f3b", "#ffd5c2", "#588b8b", "#2d3047"],
        paper: "#f6eee3",
      }),
  },
  {
    title: "Quiet Geometry",
    description: "Sage and moss greens in a calm, wide grid of arcs and circles.",
    tags: ["geometric", "green", "calm", "shapes"],
    style: "minimalist",
    edition: "sawdust_gallery",
    size: WIDE,
    draw: (w, h) =>
      bauhaus(w, h, {
        seed: 803,
        cols: 8,
        colors: ["#d8cfc4", "#a3b18a", "#588157", "#3a5a40", "#f2efe6"],
        paper: "#efebe2",
      }),
  },
  {
    title: "Facets of Dawn",
    description: "A faceted gradient from peach to lilac, like light through a cut crystal.",
    tags: ["low-poly", "gradient", "pastel", "geometric"],
    style: "low poly, digital art",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: (w, h) =>
      lowPoly(w, h, {
        seed: 901,
        corners: ["#ff9a9e", "#fad0c4", "#a18cd1", "#fbc2eb"],
        cell: 110,
      }),
  },
  {
    title: "Deep Sea Crystal",
    description: "Shards of teal and midnight blue catch the light like ice under deep water.",
    tags: ["low-poly", "blue", "crystal", "geometric"],
    style: "low poly",
    edition: "open_edition",
    price: 2100,
    size: PORTRAIT,
    draw: (w, h) =>
      lowPoly(w, h, { seed: 902, corners: ["#0f2027", "#2c5364", "#203a43", "#00b4db"], cell: 90 }),
  },
  {
    title: "Citrus Shards",
    description: "Orange and lemon facets burst across the canvas, sharp and full of juice.",
    tags: ["low-poly", "orange", "yellow", "geometric"],
    style: "low poly",
    edition: "one_of_one",
    price: 28000,
    size: SQUARE,
    draw: (w, h) =>
      lowPoly(w, h, {
        seed: 903,
        corners: ["#f7971e", "#ffd200", "#f83600", "#f9d423"],
        cell: 130,
      }),
  },
  {
    title: "Tumbling Blocks",
    description:
      "Isometric cubes in teal, saffron and coral: a flat tiling that refuses to stay flat.",
    tags: ["isometric", "optical-illusion", "geometric", "pattern"],
    style: "geometric abstraction",
    edition: "open_edition",
    price: 2300,
    size: PORTRAIT,
    draw: (w, h) =>
      cubes(w, h, {
        seed: 1001,
        size: 60,
        colors: ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"],
      }),
  },
  {
    title: "Isometric Dusk",
    description: "A field of cubes in dusky mauve and stone, outlined like an architect's drawing.",
    tags: ["isometric", "geometric", "muted", "pattern"],
    style: "geometric abstraction, minimalist",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: (w, h) =>
      cubes(w, h, {
        seed: 1002,
        size: 80,
        colors: ["#22223b", "#4a4e69", "#9a8c98", "#c9ada7", "#f2e9e4"],
        line: "#1a1a2e",
      }),
  },
  // Gradients with grain
  {
    title: "Peach Fuzz",
    description:
      "Warm pinks, butter yellow and a breath of blue melt into one another under a fine grain.",
    tags: ["gradient", "grain", "pastel", "soft"],
    style: "digital art, minimalist",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: (w, h) =>
      softGradient(w, h, {
        seed: 1101,
        base: "#ffd6c9",
        blobs: ["#ff8fa3", "#ffc09f", "#ffee93", "#a0ced9"],
      }),
  },
  {
    title: "Orb in Violet",
    description: "A glossy pink sphere floats in a violet haze, circled by faint rings of light.",
    tags: ["3d", "orb", "gradient", "surreal"],
    style: "digital art",
    edition: "one_of_one",
    price: 70000,
    size: SQUARE,
    draw: (w, h) =>
      softGradient(w, h, {
        seed: 1102,
        base: "#2b1055",
        blobs: ["#7597de", "#d16ba5", "#5ffbf1"],
        orb: "#ff9ecd",
        rings: "#ffffff",
      }),
  },
  {
    title: "Solar Bloom",
    description: "A molten amber orb rises out of a haze of coral and gold.",
    tags: ["gradient", "orb", "warm", "surreal"],
    style: "digital art",
    edition: "open_edition",
    price: 2700,
    size: TALL,
    draw: (w, h) =>
      softGradient(w, h, {
        seed: 1104,
        base: "#ffecd2",
        blobs: ["#fcb69f", "#ff6e7f", "#f9d423"],
        orb: "#ff9f43",
        rings: "#fff5e6",
      }),
  },
  // Radial and botanical
  {
    title: "Desert Rose Mandala",
    description: "Rings of terracotta, sand and sage petals open around a single dark heart.",
    tags: ["mandala", "radial", "floral", "symmetry"],
    style: "illustration, digital art",
    edition: "one_of_one",
    price: 60000,
    size: SQUARE,
    draw: (w, h) =>
      mandala(w, h, {
        seed: 1201,
        background: ["#fff4e6", "#f3d9c4"],
        colors: ["#3d405b", "#e07a5f", "#f2cc8f", "#81b29a", "#f4f1de"],
        line: "#3d405b",
        rings: 7,
      }),
  },
  {
    title: "Lotus Night",
    description: "A neon lotus unfolds ring by ring against the deep blue of a summer night.",
    tags: ["mandala", "lotus", "neon", "floral"],
    style: "illustration, digital art",
    edition: "open_edition",
    price: 3200,
    size: PORTRAIT,
    draw: (w, h) =>
      mandala(w, h, {
        seed: 1202,
        background: ["#1b1b3a", "#0b0b1e"],
        colors: ["#4cc9f0", "#f72585", "#b5179e", "#7209b7", "#ffd6ff"],
        line: "#ffd6ff",
        rings: 8,
      }),
  },
  {
    title: "Eucalyptus Study",
    description:
      "Silver-green rounded leaves on slender stems, like a pressed specimen on cream paper.",
    tags: ["botanical", "leaves", "plants", "green"],
    style: "illustration, minimalist",
    edition: "open_edition",
    price: 2200,
    size: PORTRAIT,
    draw: (w, h) =>
      botanical(w, h, {
        seed: 1301,
        background: "#f3efe6",
        greens: ["#7d9d8c", "#5e7f6e", "#a3bfa8"],
        stems: 6,
        leaf: "round",
      }),
  },
  {
    title: "Fern Hollow",
    description: "Feathery fronds unfurl out of the dark of a shaded forest floor.",
    tags: ["botanical", "fern", "forest", "green", "dark"],
    style: "illustration",
    edition: "one_of_one",
    price: 48000,
    size: TALL,
    draw: (w, h) =>
      botanical(w, h, {
        seed: 1302,
        background: "#1d2a22",
        greens: ["#4f7a55", "#6b9a6f", "#a3b18a"],
        stems: 9,
        leaf: "fern",
      }),
  },
  {
    title: "Summer Stems",
    description: "Leafy stems topped with red berries lean into a warm summer breeze.",
    tags: ["botanical", "plants", "berries", "summer"],
    style: "illustration",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: (w, h) =>
      botanical(w, h, {
        seed: 1303,
        background: "#fbf3e4",
        greens: ["#6a994e", "#a7c957", "#386641"],
        accent: "#bc4749",
        stems: 8,
        leaf: "lance",
      }),
  },
  // Contours
  {
    title: "Contours of Nowhere",
    description: "Elevation lines of an imaginary island, drawn in sepia on survey paper.",
    tags: ["topographic", "map", "contour-lines", "minimalist"],
    style: "line art, minimalist",
    edition: "open_edition",
    price: 2800,
    size: LANDSCAPE,
    draw: (w, h) =>
      topographic(w, h, {
        seed: 1401,
        background: ["#f5efe6", "#e8dfd0"],
        lines: ["#9c6644", "#4a2c20"],
        levels: 26,
        scale: 2,
      }),
  },
  {
    title: "Night Survey",
    description: "Glowing contour lines climb from sea-green valleys to amber summits.",
    tags: ["topographic", "contour-lines", "dark", "glow"],
    style: "line art, digital art",
    edition: "sawdust_gallery",
    size: SQUARE,
    draw: (w, h) =>
      topographic(w, h, {
        seed: 1402,
        background: ["#0b132b", "#1c2541"],
        lines: ["#5bc0be", "#9be7c4", "#fcbf49", "#f77f00"],
        levels: 22,
        scale: 2.6,
      }),
  },
  // Retro
  {
    title: "Outrun",
    description: "A striped sun sets behind neon mountains over an endless grid: pure 1980s.",
    tags: ["synthwave", "retro", "80s", "neon", "sunset"],
    style: "retro, digital art",
    edition: "open_edition",
    price: 3300,
    size: WIDE,
    draw: (w, h) =>
      synthwave(w, h, {
        seed: 1501,
        sky: ["#0d0221", "#261447", "#8f1d6b", "#ff3864"],
        sun: ["#ffd319", "#ff2975"],
        grid: "#f222ff",
        floor: "#1a0933",
        mountains: "#120826",
      }),
  },
  {
    title: "Vaporwave Horizon",
    description: "Cotton-candy skies and a cyan grid stretch toward a pastel sun.",
    tags: ["vaporwave", "retro", "pastel", "grid"],
    style: "retro, digital art",
    edition: "one_of_one",
    price: 45000,
    size: SQUARE,
    draw: (w, h) =>
      synthwave(w, h, {
        seed: 1502,
        sky: ["#2b1055", "#7597de", "#ffb3c6"],
        sun: ["#fff1a8", "#ff6ec7"],
        grid: "#2de2e6",
        floor: "#241734",
        mountains: "#3b1c5a",
      }),
  },
  {
    title: "8-Bit Sunset",
    description:
      "A dithered sunset over purple mountains and a shimmering lake, one chunky pixel at a time.",
    tags: ["pixel-art", "retro", "sunset", "8-bit"],
    style: "pixel art",
    edition: "open_edition",
    price: 1500,
    size: PORTRAIT,
    draw: (w, h) =>
      pixelArt(w, h, {
        seed: 1601,
        px: 16,
        sky: ["#1a1c2c", "#5d275d", "#b13e53", "#ef7d57", "#ffcd75"],
        sun: "#fff4c2",
        mountains: ["#7a3b6a", "#4a2545", "#241530"],
        water: ["#ef7d57", "#b13e53", "#5d275d", "#29366f"],
      }),
  },
  {
    title: "Pixel Night Lake",
    description: "A blocky moon rises over a still lake in a sky full of pixel stars.",
    tags: ["pixel-art", "night", "moon", "lake"],
    style: "pixel art",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: (w, h) =>
      pixelArt(w, h, {
        seed: 1602,
        px: 12,
        sky: ["#0b0e1f", "#1a1c4a", "#2c3e7a", "#4a6fa5"],
        sun: "#f4f1de",
        mountains: ["#34507a", "#1f2f4a", "#0e141c"],
        water: ["#2c3e7a", "#1a1c4a", "#0b0e1f"],
        stars: true,
      }),
  },
  // Shapes
  {
    title: "Bubble Garden",
    description: "Olive, caramel and moss circles packed tight, some with rings like tree trunks.",
    tags: ["circles", "abstract", "earthy", "pattern"],
    style: "generative art",
    edition: "open_edition",
    price: 2000,
    size: SQUARE,
    draw: (w, h) =>
      circlePacking(w, h, {
        seed: 1701,
        background: "#fefae0",
        colors: ["#606c38", "#283618", "#dda15e", "#bc6c25"],
        maxR: 170,
        minR: 6,
      }),
  },
  {
    title: "Cells",
    description: "Lavender and violet cells crowd together like life under a microscope.",
    tags: ["circles", "purple", "abstract", "organic"],
    style: "generative art",
    edition: "sawdust_gallery",
    size: TALL,
    draw: (w, h) =>
      circlePacking(w, h, {
        seed: 1702,
        background: "#10002b",
        colors: ["#e0aaff", "#c77dff", "#9d4edd", "#7b2cbf", "#5a189a"],
        maxR: 150,
        minR: 5,
      }),
  },
  {
    title: "Interference",
    description: "Two sets of rings overlap and the eye invents ripples that are not there.",
    tags: ["op-art", "moire", "black-and-white", "optical-illusion"],
    style: "op art, minimalist",
    edition: "one_of_one",
    price: 35000,
    size: SQUARE,
    draw: (w, h) =>
      moire(w, h, { seed: 1801, background: "#f8f5ee", inks: ["#111111", "#111111"], spacing: 30 }),
  },
  // Watercolour
  {
    title: "Pigment Pools",
    description: "Washes of rose, ochre and cobalt bleed into damp cotton paper.",
    tags: ["watercolor", "abstract", "soft", "paint"],
    style: "watercolor",
    edition: "one_of_one",
    price: 52000,
    size: PORTRAIT,
    draw: (w, h) =>
      watercolor(w, h, {
        seed: 1901,
        paper: "#fbf8f1",
        colors: ["#e56b6f", "#eaac8b", "#355070", "#b56576", "#6d597a"],
        blobs: 11,
        layers: 30,
      }),
  },
  {
    title: "Garden Wash",
    description:
      "Loose watercolour blooms in leaf green and marigold, like a garden seen through rain.",
    tags: ["watercolor", "green", "floral", "loose"],
    style: "watercolor",
    edition: "open_edition",
    price: 2400,
    size: LANDSCAPE,
    draw: (w, h) =>
      watercolor(w, h, {
        seed: 1902,
        paper: "#fdfaf3",
        colors: ["#90be6d", "#f9c74f", "#43aa8b", "#f8961e", "#577590"],
        blobs: 12,
        layers: 30,
      }),
  },
];

/** The demo catalogue, in the order it is seeded (the gallery shows the newest first). */
export const DEMO_ARTWORKS: readonly DemoArtwork[] = ENTRIES.map(artwork);
