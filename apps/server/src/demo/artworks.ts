import type { EditionType } from "@sawdust/shared";
import { GENERATORS, type GeneratorName, type GeneratorOptions } from "./generators.js";

/**
 * The demo catalogue (design section 2, `DEMO_CONTENT`): artwork made here, by the deterministic
 * generators in generators.ts, so a fresh install has a real gallery without downloading
 * anything. Each piece carries a prompt of our own, embedded in its PNG as generation metadata
 * (A1111's "parameters"): the analysis job reads its tags and style from it exactly as it does for
 * a real upload, while the title and description here are set as an admin would.
 */

/** One demo artwork: its catalogue fields and a deterministic SVG of `width`×`height`. */
export interface DemoArtwork {
  /** Stable file-name stem, unique in the catalogue. */
  slug: string;
  title: string;
  description: string;
  /** What the piece shows, written as a prompt: the analysis derives the tags and style. */
  prompt: string;
  /** What the prompt asks to leave out; stored as provenance, never read for words. */
  negativePrompt: string;
  /** The generation metadata embedded in the PNG, as A1111 writes its "parameters" text. */
  parameters: string;
  editionType: EditionType;
  priceCents: number | null;
  width: number;
  height: number;
  render(): string;
}

/** Which generator draws a piece, with its options; the seed is also its metadata's seed. */
interface Drawing {
  generator: GeneratorName;
  seed: number;
  render(width: number, height: number): string;
}

function drawWith<K extends GeneratorName>(generator: K, options: GeneratorOptions<K>): Drawing {
  const draw = GENERATORS[generator] as (w: number, h: number, o: GeneratorOptions<K>) => string;
  return { generator, seed: options.seed, render: (w, h) => draw(w, h, options) };
}

/**
 * A1111's "parameters" text: the prompt, "Negative prompt:", then the settings line. The
 * settings say what really made the picture: one of our SVG generators, not a diffusion model.
 */
export function parametersOf(
  prompt: string,
  negative: string,
  drawing: Pick<Drawing, "generator" | "seed">,
  width: number,
  height: number,
): string {
  return [
    prompt,
    `Negative prompt: ${negative}`,
    `Steps: 1, Sampler: SVG, CFG scale: 1, Seed: ${drawing.seed}, Size: ${width}x${height}, Model: sawdust-demo-${drawing.generator}`,
  ].join("\n");
}

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
  /** What the picture shows, as its prompt; the tags and style come from it. */
  prompt: string;
  /** What the prompt leaves out: words that would be wrong tags if they were ever read. */
  negative: string;
  edition: EditionType;
  /** Price in cents; the priced editions (one_of_one, open_edition) always have one. */
  price?: number;
  size: Size;
  draw: Drawing;
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
    prompt: entry.prompt,
    negativePrompt: entry.negative,
    parameters: parametersOf(entry.prompt, entry.negative, entry.draw, width, height),
    editionType: entry.edition,
    priceCents: entry.edition === "sawdust_gallery" ? null : (entry.price ?? null),
    width,
    height,
    render: () => entry.draw.render(width, height),
  };
}

const ENTRIES: Entry[] = [
  // Landscapes
  {
    title: "Apricot Hour",
    description:
      "Rolling hills fold into a warm haze as the sun sinks behind them and a flock heads home.",
    prompt:
      "rolling hills at sunset, a flock of birds flying home through a warm orange haze, layered landscape, minimalist, digital art",
    negative: "people, buildings, text, watermark",
    edition: "open_edition",
    price: 2900,
    size: LANDSCAPE,
    draw: drawWith("landscape", {
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
    prompt:
      "layered mountain ridges at dawn, forested blue ridges fading into morning mist, a few birds over the valley, pale sun, landscape, digital art",
    negative: "people, buildings, cars, text, watermark",
    edition: "sawdust_gallery",
    size: WIDE,
    draw: drawWith("landscape", {
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
      birds: 5,
    }),
  },
  {
    title: "Alpenglow",
    description:
      "The last pink light catches a jagged range, while the valleys below are already in violet shadow.",
    prompt:
      "alpenglow on a jagged mountain range at dusk, pink light on the peaks above violet valleys, panorama, digital art",
    negative: "people, buildings, text, watermark",
    edition: "one_of_one",
    price: 120000,
    size: PANORAMA,
    draw: drawWith("landscape", {
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
    prompt:
      "wind-sculpted sand dunes in the desert under a white-hot afternoon sun, minimalist landscape, digital art",
    negative: "people, camels, text, watermark",
    edition: "open_edition",
    price: 2400,
    size: LANDSCAPE,
    draw: drawWith("landscape", {
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
    prompt:
      "a quiet valley under a crescent moon at night, pine trees on blue hills, starry sky, landscape, digital art",
    negative: "people, city lights, text, watermark",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: drawWith("landscape", {
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
    prompt: "soft green hills and a pale sun on a spring morning, pastel landscape, minimalist",
    negative: "people, buildings, text, watermark",
    edition: "open_edition",
    price: 1900,
    size: SQUARE,
    draw: drawWith("landscape", {
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
    prompt:
      "sharp black mountain peaks against a blood-orange sunset, sky glowing like embers, dramatic, digital art",
    negative: "people, snow, text, watermark",
    edition: "one_of_one",
    price: 85000,
    size: TALL,
    draw: drawWith("landscape", {
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
    prompt:
      "icy blue mountain ranges under a cold pale sky, a few birds crossing, winter landscape, minimalist",
    negative: "people, buildings, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("landscape", {
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
    prompt:
      "the milky way arching over a dark pine forest, star clouds and dust lanes, night sky, digital art",
    negative: "moon, city lights, people, text, watermark",
    edition: "one_of_one",
    price: 150000,
    size: TALL,
    draw: drawWith("nightSky", {
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
    prompt:
      "green aurora borealis over a frozen treeline on a clear arctic night, northern lights and stars, digital art",
    negative: "moon, people, text, watermark",
    edition: "open_edition",
    price: 3900,
    size: LANDSCAPE,
    draw: drawWith("nightSky", {
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
    prompt:
      "a thin crescent moon over violet hills, the last warm light on the horizon, calm night sky, minimalist, digital art",
    negative: "people, buildings, text, watermark",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: drawWith("nightSky", {
      seed: 203,
      sky: ["#0d0b1e", "#2a1b4d", "#6b3b6e"],
      stars: 600,
      moon: { x: 0.7, y: 0.24, r: 0.07, color: "#fdf3d0", phase: 0.3 },
      ground: ["#3a2150", "#140c1f"],
      horizon: 0.8,
      horizonGlow: "#e07a5f",
    }),
  },
  {
    title: "Aurora Over Pines",
    description:
      "Violet, green and blue light dances over a tall forest under a small, bright moon.",
    prompt:
      "violet, green and blue aurora dancing over a tall pine forest, a small bright moon, night sky, digital art",
    negative: "people, buildings, text, watermark",
    edition: "one_of_one",
    price: 95000,
    size: TALL,
    draw: drawWith("nightSky", {
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
    prompt:
      "city skyline in silhouette against a tangerine dusk, harbour water scattering the lights, urban, digital art",
    negative: "people, boats, text, watermark",
    edition: "open_edition",
    price: 3500,
    size: WIDE,
    draw: drawWith("skyline", {
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
    prompt:
      "cyberpunk city at midnight, skyscrapers with glowing cyan windows under a violet sky, neon, digital art",
    negative: "people, cars, daylight, text, watermark",
    edition: "one_of_one",
    price: 65000,
    size: TALL,
    draw: drawWith("skyline", {
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
    prompt:
      "pastel city skyline in soft blue morning light, flat buildings as calm shapes, minimalist architecture, digital art",
    negative: "people, cars, trees, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("skyline", {
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
    prompt:
      "waterfront city skyline at golden hour, skyscrapers reflected in long ripples across the bay, panorama, digital art",
    negative: "people, boats, text, watermark",
    edition: "open_edition",
    price: 4900,
    size: PANORAMA,
    draw: drawWith("skyline", {
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
    prompt:
      "thousands of neon strands following an invisible current into eddies and streams, flow field, abstract, generative art",
    negative: "people, faces, animals, text, watermark",
    edition: "open_edition",
    price: 2500,
    size: PORTRAIT,
    draw: drawWith("flowField", {
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
    prompt:
      "golden strokes swaying like wheat in a summer wind, flow field, line art, generative art",
    negative: "people, animals, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("flowField", {
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
    prompt:
      "fine black lines swirling into tight vortices like ink dropped in still water, black and white, monochrome, generative art",
    negative: "color, people, text, watermark",
    edition: "one_of_one",
    price: 42000,
    size: SQUARE,
    draw: drawWith("flowField", {
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
    prompt:
      "stylised ocean waves rolling toward the shore beneath a coral pink sun, bands of blue sea, minimalist, digital art",
    negative: "people, boats, text, watermark",
    edition: "open_edition",
    price: 2200,
    size: PORTRAIT,
    draw: drawWith("waves", {
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
    prompt:
      "abstract waves in saffron, orange and oxblood stacked into a warm sunset band, wide format, minimalist",
    negative: "people, boats, text, watermark",
    edition: "sawdust_gallery",
    size: PANORAMA,
    draw: drawWith("waves", {
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
    prompt:
      "twenty abstract waves in indigo, each a shade deeper than the last, rhythm and repetition, minimalist",
    negative: "people, boats, text, watermark",
    edition: "one_of_one",
    price: 38000,
    size: TALL,
    draw: drawWith("waves", {
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
    prompt:
      "stacked black signal traces peaking in the middle, pulsar plot, black and white data visualization, minimalist line art",
    negative: "color, people, text, watermark",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: drawWith("ridgelines", {
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
    prompt:
      "ridgelines shifting from rose to blue as the signal swells, data visualization, abstract, line art, generative art",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 2600,
    size: SQUARE,
    draw: drawWith("ridgelines", {
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
    prompt:
      "quarter-circle truchet tiles joining into endless winding paths, geometric pattern, geometric abstraction",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 2000,
    size: SQUARE,
    draw: drawWith("truchet", {
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
    prompt:
      "glowing blue traces looping through a dark circuit board, truchet pattern, geometric abstraction, digital art",
    negative: "people, text, watermark",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: drawWith("truchet", {
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
    prompt:
      "thick pink and lilac ribbons twisting through a playful labyrinth of arcs, geometric pattern, geometric abstraction",
    negative: "people, text, watermark",
    edition: "one_of_one",
    price: 30000,
    size: LANDSCAPE,
    draw: drawWith("truchet", {
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
    prompt:
      "bauhaus poster of quarter circles, bars and rings in primary colours, mid-century, geometric abstraction",
    negative: "people, text, letters, watermark",
    edition: "one_of_one",
    price: 55000,
    size: PORTRAIT,
    draw: drawWith("bauhaus", {
      seed: 801,
      cols: 4,
      colors: ["#e63946", "#f1c453", "#1d3557", "#457b9d", "#f1faee"],
      paper: "#f4efe4",
    }),
  },
  {
    title: "Terracotta Modules",
    description: "A grid of sun-baked shapes in terracotta, apricot and slate.",
    prompt:
      "grid of sun-baked geometric modules in terracotta, apricot and slate, geometric abstraction, minimalist",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 2400,
    size: SQUARE,
    draw: drawWith("bauhaus", {
      seed: 802,
      cols: 5,
      colors: ["#c8553d", "#f28f3b", "#ffd5c2", "#588b8b", "#2d3047"],
      paper: "#f6eee3",
    }),
  },
  {
    title: "Quiet Geometry",
    description: "Sage and moss greens in a calm, wide grid of arcs and circles.",
    prompt:
      "calm wide grid of arcs and circles in sage and olive green, abstract geometric shapes, minimalist",
    negative: "people, text, watermark",
    edition: "sawdust_gallery",
    size: WIDE,
    draw: drawWith("bauhaus", {
      seed: 803,
      cols: 8,
      colors: ["#d8cfc4", "#a3b18a", "#588157", "#3a5a40", "#f2efe6"],
      paper: "#efebe2",
    }),
  },
  {
    title: "Facets of Dawn",
    description: "A faceted gradient from peach to lilac, like light through a cut crystal.",
    prompt:
      "low poly gradient from peach to lilac, faceted triangles like light through a cut crystal, abstract, digital art",
    negative: "people, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("lowPoly", {
      seed: 901,
      corners: ["#ff9a9e", "#fad0c4", "#a18cd1", "#fbc2eb"],
      cell: 110,
    }),
  },
  {
    title: "Deep Sea Crystal",
    description: "Shards of teal and midnight blue catch the light like ice under deep water.",
    prompt: "low poly shards of teal and deep navy like ice under deep water, abstract crystal",
    negative: "people, fish, text, watermark",
    edition: "open_edition",
    price: 2100,
    size: PORTRAIT,
    draw: drawWith("lowPoly", {
      seed: 902,
      corners: ["#0f2027", "#2c5364", "#203a43", "#00b4db"],
      cell: 90,
    }),
  },
  {
    title: "Citrus Shards",
    description: "Orange and lemon facets burst across the canvas, sharp and full of juice.",
    prompt: "low poly facets of orange and lemon yellow bursting across the canvas, abstract",
    negative: "people, fruit, text, watermark",
    edition: "one_of_one",
    price: 28000,
    size: SQUARE,
    draw: drawWith("lowPoly", {
      seed: 903,
      corners: ["#f7971e", "#ffd200", "#f83600", "#f9d423"],
      cell: 130,
    }),
  },
  {
    title: "Tumbling Blocks",
    description:
      "Isometric cubes in teal, saffron and coral: a flat tiling that refuses to stay flat.",
    prompt:
      "isometric cubes in teal, saffron and coral, tumbling blocks optical illusion, geometric abstraction",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 2300,
    size: PORTRAIT,
    draw: drawWith("cubes", {
      seed: 1001,
      size: 60,
      colors: ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"],
    }),
  },
  {
    title: "Isometric Dusk",
    description: "A field of cubes in dusky mauve and stone, outlined like an architect's drawing.",
    prompt:
      "isometric cubes in dusky mauve and stone grey, outlined like an architect's drawing, geometric abstraction, minimalist",
    negative: "people, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("cubes", {
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
    prompt:
      "soft mesh gradient of warm pink, butter yellow and pale blue melting together under fine film grain, abstract, minimalist, digital art",
    negative: "people, shapes, text, watermark",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: drawWith("softGradient", {
      seed: 1101,
      base: "#ffd6c9",
      blobs: ["#ff8fa3", "#ffc09f", "#ffee93", "#a0ced9"],
    }),
  },
  {
    title: "Orb in Violet",
    description: "A glossy pink sphere floats in a violet haze, circled by faint rings of light.",
    prompt:
      "digital art of a glossy pink orb floating in a violet haze, faint rings of light, surreal",
    negative: "people, text, watermark",
    edition: "one_of_one",
    price: 70000,
    size: SQUARE,
    draw: drawWith("softGradient", {
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
    prompt: "a molten amber orb rising out of a haze of coral pink and gold, surreal, digital art",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 2700,
    size: TALL,
    draw: drawWith("softGradient", {
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
    prompt:
      "mandala of terracotta, sand and sage petals around a single dark heart, radial symmetry, floral illustration, digital art",
    negative: "people, text, watermark",
    edition: "one_of_one",
    price: 60000,
    size: SQUARE,
    draw: drawWith("mandala", {
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
    prompt:
      "neon lotus mandala unfolding ring by ring against the deep blue of a summer night, floral illustration, digital art",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 3200,
    size: PORTRAIT,
    draw: drawWith("mandala", {
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
    prompt:
      "pressed botanical illustration of eucalyptus leaves on slender stems, silver green on cream paper, minimalist",
    negative: "flowers, insects, text, watermark",
    edition: "open_edition",
    price: 2200,
    size: PORTRAIT,
    draw: drawWith("botanical", {
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
    prompt: "feathery fern fronds unfurling out of a dark forest floor, botanical illustration",
    negative: "flowers, insects, text, watermark",
    edition: "one_of_one",
    price: 48000,
    size: TALL,
    draw: drawWith("botanical", {
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
    prompt:
      "leafy stems with red berries leaning into a warm summer breeze, botanical illustration, wild plants",
    negative: "insects, people, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("botanical", {
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
    prompt:
      "topographic map of an imaginary island, sepia contour lines on survey paper, minimalist line art",
    negative: "text, labels, roads, watermark",
    edition: "open_edition",
    price: 2800,
    size: LANDSCAPE,
    draw: drawWith("topographic", {
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
    prompt:
      "glowing contour lines climbing from green lowlands to amber summits, topographic map on black, line art, digital art",
    negative: "text, labels, roads, watermark",
    edition: "sawdust_gallery",
    size: SQUARE,
    draw: drawWith("topographic", {
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
    prompt:
      "synthwave sunset, a striped sun behind neon wireframe peaks over an endless grid, retro 80s, digital art",
    negative: "people, cars, text, watermark",
    edition: "open_edition",
    price: 3300,
    size: WIDE,
    draw: drawWith("synthwave", {
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
    prompt:
      "vaporwave horizon, cotton-candy sky and a cyan grid stretching toward a pastel sun, retro, digital art",
    negative: "people, statues, text, watermark",
    edition: "one_of_one",
    price: 45000,
    size: SQUARE,
    draw: drawWith("synthwave", {
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
    prompt:
      "pixel art sunset over purple mountains and a shimmering lake, dithered, 8-bit retro game",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 1500,
    size: PORTRAIT,
    draw: drawWith("pixelArt", {
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
    prompt:
      "pixel art night, a blocky moon rising over a still lake in a sky full of stars, 16-bit",
    negative: "people, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("pixelArt", {
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
    prompt:
      "packed circles in olive, caramel and khaki, some with rings inside, earthy abstract pattern, generative art",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 2000,
    size: SQUARE,
    draw: drawWith("circlePacking", {
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
    prompt:
      "lavender and violet circles crowding together like cells under a microscope, abstract, generative art",
    negative: "people, text, watermark",
    edition: "sawdust_gallery",
    size: TALL,
    draw: drawWith("circlePacking", {
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
    prompt:
      "two sets of concentric rings overlapping into moire interference, black and white op art, minimalist",
    negative: "color, people, text, watermark",
    edition: "one_of_one",
    price: 35000,
    size: SQUARE,
    draw: drawWith("moire", {
      seed: 1801,
      background: "#f8f5ee",
      inks: ["#111111", "#111111"],
      spacing: 30,
    }),
  },
  // Watercolour
  {
    title: "Pigment Pools",
    description: "Washes of rose, ochre and cobalt bleed into damp cotton paper.",
    prompt:
      "abstract watercolor, pools of pigment in rose, ochre and cobalt bleeding into damp cotton paper",
    negative: "people, lines, text, watermark",
    edition: "one_of_one",
    price: 52000,
    size: PORTRAIT,
    draw: drawWith("watercolor", {
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
    prompt:
      "loose watercolor blooms in fresh green and marigold yellow, like a garden seen through rain, floral, abstract",
    negative: "people, text, watermark",
    edition: "open_edition",
    price: 2400,
    size: LANDSCAPE,
    draw: drawWith("watercolor", {
      seed: 1902,
      paper: "#fdfaf3",
      colors: ["#90be6d", "#f9c74f", "#43aa8b", "#f8961e", "#577590"],
      blobs: 12,
      layers: 30,
    }),
  },
  // Added so that each of the search palette's shortcuts finds a public piece: a painting, a
  // photograph, a watercolour and a portrait.
  {
    title: "Crows over the Wheat",
    description:
      "Thick strokes of gold and ochre sway under a churning blue sky as a few crows cross the field.",
    prompt:
      "impressionist oil painting of a wheat field under a swirling blue sky, crows flying over the field, thick impasto brushstrokes, rural landscape, oil on canvas",
    negative: "people, houses, tractor, text, watermark",
    edition: "sawdust_gallery",
    size: LANDSCAPE,
    draw: drawWith("impasto", {
      seed: 2001,
      sky: ["#1b2f6b", "#2f5aa8", "#5f8fd0", "#9cc3e6", "#d9e4d2"],
      field: ["#e8b64a", "#d99a2b", "#b8741c", "#7f5a1e", "#4d5a2a"],
      horizon: 0.46,
      strokes: 9000,
      crows: 9,
    }),
  },
  {
    title: "Circling the Pole",
    description:
      "An hour of the night sky turns around the pole star, every star drawn out into an arc above a dark pine ridge.",
    prompt:
      "long exposure photograph of star trails circling the pole star above a pine ridge, night sky, clear winter night, photography",
    negative: "moon, clouds, people, text, watermark",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: drawWith("starTrails", {
      seed: 2002,
      sky: ["#03050d", "#0a1330", "#17285a", "#2c3f6e"],
      pole: { x: 0.56, y: 0.22 },
      trails: 1400,
      sweep: 38,
      horizon: 0.8,
      ground: "#05070d",
      glow: "#3f5f8f",
    }),
  },
  {
    title: "Tide Pool Wash",
    description:
      "Teal, sea green and slate blue pool and bleed into each other like the water of a rock pool.",
    prompt:
      "watercolor painting of a tide pool, loose washes of teal, jade green and slate blue pooling on cotton paper, abstract",
    negative: "people, fish, text, watermark",
    edition: "sawdust_gallery",
    size: SQUARE,
    draw: drawWith("watercolor", {
      seed: 2003,
      paper: "#f7f6f0",
      colors: ["#2a9d8f", "#457b9d", "#8ab17d", "#1d3557", "#94d2bd"],
      blobs: 11,
      layers: 30,
    }),
  },
  {
    title: "Profile in Amber",
    description:
      "A woman in profile, her hair in a bun and a pearl at her ear, stands in silhouette before a low amber sun.",
    prompt:
      "minimalist portrait of a woman in profile, silhouette with her hair in a bun and a pearl earring, against a large amber sun over hills, digital art",
    negative: "hands, text, watermark, extra limbs",
    edition: "sawdust_gallery",
    size: PORTRAIT,
    draw: drawWith("profilePortrait", {
      seed: 2004,
      sky: ["#3b1f3f", "#8a3b4f", "#d9704f", "#f2b36b"],
      sun: { color: "#ffd48a", glow: "#ffb36b" },
      figure: ["#2a1426", "#120912"],
      rim: "#ffd9a0",
      hills: "#4a2035",
    }),
  },
];

/** The demo catalogue, in the order it is seeded (the gallery shows the newest first). */
export const DEMO_ARTWORKS: readonly DemoArtwork[] = ENTRIES.map(artwork);
