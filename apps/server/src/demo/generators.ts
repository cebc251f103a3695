import {
  at,
  between,
  Canvas,
  circle,
  clamp,
  fbm,
  gaussian,
  lerp,
  mix,
  mulberry32,
  type Noise2,
  num,
  type Point,
  path,
  perlin,
  pick,
  polyline,
  type Rng,
  ramp,
  rect,
  shade,
  smoothLine,
  spread,
  TAU,
  tag,
} from "./canvas.js";

/**
 * The demo catalogue's picture generators (design section 2, `DEMO_CONTENT`): each takes the
 * canvas size and its options, seed included, and returns a deterministic SVG. See canvas.ts for
 * what librsvg makes cheap and what it makes slow.
 */

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

/** A loose flock of "v" strokes around a point; `scale` 1 is distant birds, 2–3 near ones. */
function birds(c: Canvas, rand: Rng, count: number, color: string, around: Point, scale = 1) {
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = around[0] + gaussian(rand) * c.width * 0.12;
    const y = around[1] + gaussian(rand) * c.height * 0.06;
    const s = between(rand, 7, 15) * scale;
    d += `M${num(x - s)} ${num(y - s * 0.2)}Q${num(x - s * 0.45)} ${num(y - s * 0.6)} ${num(x)} ${num(y)}Q${num(x + s * 0.45)} ${num(y - s * 0.6)} ${num(x + s)} ${num(y - s * 0.2)}`;
  }
  c.add(
    path(d, {
      fill: "none",
      stroke: color,
      "stroke-width": num(2.4 * scale),
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

export interface StarTrailOptions {
  seed: number;
  /** Sky colours from the top down to the horizon. */
  sky: string[];
  /** The pole the sky turns around, as fractions of the canvas. */
  pole: { x: number; y: number };
  trails: number;
  /** How far the sky turned during the exposure, in degrees. */
  sweep: number;
  /** Where the ridge stands, as a fraction of the height. */
  horizon: number;
  ground: string;
  /** Light pollution or dusk along the horizon. */
  glow: string;
}

/**
 * A long exposure of the night sky: stars drawn out into arcs around the pole over a wooded
 * ridge. Arcs are bucketed by colour and brightness, one path per bucket, so librsvg strokes a
 * few dozen paths rather than thousands.
 */
export function starTrails(w: number, h: number, o: StarTrailOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  const horizonY = h * o.horizon;
  c.add(rect(0, 0, w, h, { fill: c.vertical(spread(o.sky), 0, horizonY) }));
  c.add(c.glow(w * 0.5, horizonY, w * 0.75, o.glow, 0.35));
  const px = o.pole.x * w;
  const py = o.pole.y * h;
  const reach = Math.hypot(Math.max(px, w - px), Math.max(py, h - py));
  const sweep = (o.sweep / 360) * TAU;
  const tints = ["#ffffff", "#dce8ff", "#ffe7c4", "#c9d8ff"];
  const levels = [0.22, 0.4, 0.62, 0.9];
  const buckets = new Map<string, string>();
  for (let i = 0; i < o.trails; i++) {
    const r = reach * Math.sqrt(rand()) + 2;
    const start = rand() * TAU;
    const end = start + sweep * between(rand, 0.85, 1);
    const x0 = px + Math.cos(start) * r;
    const y0 = py + Math.sin(start) * r;
    const x1 = px + Math.cos(end) * r;
    const y1 = py + Math.sin(end) * r;
    if (Math.min(y0, y1) > horizonY + 10) continue;
    const level = Math.min(levels.length - 1, Math.floor(rand() ** 2.2 * levels.length));
    const key = `${Math.floor(rand() * tints.length)}:${level}`;
    const arc = `M${num(x0)} ${num(y0)}A${num(r)} ${num(r)} 0 0 1 ${num(x1)} ${num(y1)}`;
    buckets.set(key, (buckets.get(key) ?? "") + arc);
  }
  for (const [key, d] of [...buckets].sort(([a], [b]) => a.localeCompare(b))) {
    const [tint, level] = key.split(":").map(Number);
    const brightness = at(levels, level ?? 0);
    c.add(
      path(d, {
        fill: "none",
        stroke: at(tints, tint ?? 0),
        "stroke-width": num(0.7 + brightness * 2),
        "stroke-linecap": "round",
        "stroke-opacity": brightness,
      }),
    );
  }
  const far = ridgeLine(c, noise, 1, "soft", horizonY + h * 0.02, h * 0.08, 1.6);
  c.add(path(ridgeShape(c, far, "soft"), { fill: mix(o.ground, o.glow, 0.18) }));
  const near = ridgeLine(c, noise, 2, "soft", horizonY + h * 0.09, h * 0.1, 1.2);
  c.add(path(ridgeShape(c, near, "soft"), { fill: o.ground }));
  forest(c, rand, noise, near, shade(o.ground, -0.2), 1.3);
  c.grain(rand, { opacity: 0.05 });
  return c.toString();
}

export interface ImpastoOptions {
  seed: number;
  /** Sky paint from the top down to the horizon. */
  sky: string[];
  /** Field paint from the horizon down to the bottom edge. */
  field: string[];
  /** Where the field meets the sky, as a fraction of the height. */
  horizon: number;
  /** Brush strokes in the sky and in the field. */
  strokes: number;
  crows: number;
}

/**
 * A field under a turbulent sky in thick, short brush strokes, like an oil painting: strokes
 * follow a swirling noise field in the sky and stand up like stalks in the field. Each stroke's
 * paint is one of a few dozen mixes, one path per mix, so librsvg renders it quickly.
 */
export function impasto(w: number, h: number, o: ImpastoOptions): string {
  const rand = mulberry32(o.seed);
  const swirl = perlin(rand);
  const tint = perlin(rand);
  const c = new Canvas(w, h);
  const horizonY = h * o.horizon;
  c.add(rect(0, 0, w, horizonY + 2, { fill: c.vertical(spread(o.sky), 0, horizonY) }));
  c.add(rect(0, horizonY, w, h - horizonY, { fill: c.vertical(spread(o.field), horizonY, h) }));
  const mixes = 24;
  const strokes = new Map<string, string>();
  const brush = Math.min(w, h) / 110;
  const addStroke = (points: Point[], paint: string, width: number) => {
    const key = `${paint}|${width}`;
    strokes.set(key, (strokes.get(key) ?? "") + polyline(points));
  };
  for (let i = 0; i < o.strokes; i++) {
    const inSky = i % 2 === 0;
    const x = rand() * w;
    const y = inSky ? rand() * horizonY : horizonY + rand() ** 0.8 * (h - horizonY);
    const points: Point[] = [[x, y]];
    let px = x;
    let py = y;
    const steps = 3 + Math.floor(rand() * 4);
    for (let s = 0; s < steps; s++) {
      const angle = inSky
        ? swirl((px / w) * 3, (py / w) * 3) * TAU * 1.4
        : -Math.PI / 2 + swirl((px / w) * 6, 5 + (py / w) * 2) * 0.9;
      px += Math.cos(angle) * brush * 1.1;
      py += Math.sin(angle) * brush * 1.1;
      points.push([px, py]);
    }
    const depth = inSky ? y / horizonY : (y - horizonY) / (h - horizonY);
    const jitter = 0.18 * tint((x / w) * 4, (y / w) * 4) + between(rand, -0.08, 0.08);
    const level = Math.round(clamp(depth + jitter) * (mixes - 1)) / (mixes - 1);
    const paint = ramp(inSky ? o.sky : o.field, level);
    const lift = Math.round(between(rand, -2, 2)) * 0.06;
    const width = Math.round(brush * between(rand, 0.7, 1.3));
    addStroke(points, shade(paint, lift), width);
  }
  for (const [key, d] of strokes) {
    const [paint, width] = key.split("|");
    c.add(
      path(d, {
        fill: "none",
        stroke: paint,
        "stroke-width": width,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      }),
    );
  }
  if (o.crows > 0) birds(c, rand, o.crows, "#15161c", [w * 0.55, horizonY * 0.55], 2.6);
  c.grain(rand, { opacity: 0.09, colors: ["#2b2118", "#fff8e8"], density: 1.4 });
  return c.toString();
}

export interface ProfileOptions {
  seed: number;
  /** Sky colours from the top down. */
  sky: string[];
  sun: { color: string; glow: string };
  figure: [string, string];
  /** The rim of light where the sun catches the outline. */
  rim: string;
  hills: string;
}

/** The outline of a head and shoulders in profile, facing right; the crown at 0, the chin at 1. */
const PROFILE: readonly Point[] = [
  [-1.05, 2.2],
  [-0.95, 1.75],
  [-0.55, 1.52],
  [-0.32, 1.3],
  [-0.3, 1.02],
  [-0.42, 0.8],
  [-0.5, 0.55],
  [-0.47, 0.3],
  [-0.33, 0.1],
  [-0.1, 0],
  [0.15, 0.02],
  [0.32, 0.12],
  [0.41, 0.28],
  [0.44, 0.41],
  [0.43, 0.47],
  [0.5, 0.56],
  [0.56, 0.62],
  [0.49, 0.65],
  [0.48, 0.69],
  [0.5, 0.72],
  [0.46, 0.745],
  [0.48, 0.78],
  [0.44, 0.82],
  [0.43, 0.88],
  [0.4, 0.96],
  [0.3, 1],
  [0.18, 1.02],
  [0.17, 1.18],
  [0.24, 1.36],
  [0.55, 1.55],
  [0.85, 1.75],
  [1.0, 2.2],
];

/**
 * A minimalist portrait: a woman's head and shoulders in silhouette, in profile, before a large
 * low sun, her hair in a bun and a pearl at her ear.
 */
export function profilePortrait(w: number, h: number, o: ProfileOptions): string {
  const rand = mulberry32(o.seed);
  const noise = perlin(rand);
  const c = new Canvas(w, h);
  c.add(rect(0, 0, w, h, { fill: c.vertical(spread(o.sky)) }));
  drawSun(c, { x: 0.6, y: 0.4, r: 0.3, color: o.sun.color, glow: o.sun.glow });
  for (let i = 0; i < 4; i++) {
    const y = h * between(rand, 0.12, 0.62);
    const x = w * between(rand, -0.2, 0.7);
    const length = w * between(rand, 0.3, 0.6);
    c.add(
      rect(x, y, length, h * between(rand, 0.006, 0.014), {
        rx: 6,
        fill: shade(o.sun.glow, 0.3),
        "fill-opacity": between(rand, 0.25, 0.5),
      }),
    );
  }
  const hills = ridgeLine(c, noise, 3, "soft", h * 0.86, h * 0.1, 1.4);
  c.add(path(ridgeShape(c, hills, "soft"), { fill: o.hills }));
  const unit = h * 0.36;
  const ox = w * 0.46;
  const oy = h * 0.22;
  const place = ([x, y]: Point): Point => [ox + x * unit, oy + y * unit];
  const outline = PROFILE.map(place);
  const d = `${smoothLine(outline)}L${num(ox + unit)} ${num(h + 10)}L${num(ox - unit * 1.1)} ${num(h + 10)}Z`;
  const [bunX, bunY] = place([-0.5, 0.16]);
  const bun = circle(bunX, bunY, unit * 0.2);
  const fill = c.linear(
    [
      [0, o.figure[0]],
      [1, o.figure[1]],
    ],
    ox,
    oy,
    ox - unit,
    oy + unit * 2,
  );
  c.add(tag("g", { fill }, bun + path(d)));
  c.add(
    path(smoothLine(outline.slice(8, 26)), {
      fill: "none",
      stroke: o.rim,
      "stroke-width": num(unit * 0.012),
      "stroke-opacity": 0.55,
      "stroke-linecap": "round",
    }),
  );
  let strands = "";
  for (let i = 0; i < 5; i++) {
    const [sx, sy] = place([-0.42 + i * 0.05, 0.3 + i * 0.02]);
    strands += `M${num(sx)} ${num(sy)}q${num(-unit * 0.12)} ${num(unit * 0.08)} ${num(-unit * between(rand, 0.06, 0.16))} ${num(unit * 0.3)}`;
  }
  c.add(path(strands, { fill: "none", stroke: o.figure[0], "stroke-width": num(unit * 0.01) }));
  const [ex, ey] = place([0.02, 0.74]);
  c.add(c.glow(ex, ey, unit * 0.06, o.rim, 0.7), circle(ex, ey, unit * 0.022, { fill: "#f4efe4" }));
  c.grain(rand, { opacity: 0.06 });
  return c.toString();
}

/** Every generator by name: an artwork names the one that drew it in its generation metadata. */
export const GENERATORS = {
  landscape,
  nightSky,
  skyline,
  flowField,
  waves,
  ridgelines,
  truchet,
  bauhaus,
  lowPoly,
  cubes,
  softGradient,
  mandala,
  botanical,
  topographic,
  synthwave,
  pixelArt,
  circlePacking,
  moire,
  watercolor,
  starTrails,
  impasto,
  profilePortrait,
} as const;

export type GeneratorName = keyof typeof GENERATORS;
export type GeneratorOptions<K extends GeneratorName> = Parameters<(typeof GENERATORS)[K]>[2];
