/**
 * A synthetic but realistic catalogue, one image at a time: the rows an upload and its analysis
 * would have written (`images`, its four eager `renditions`, its `image_facets`), with no files.
 *
 * What is real: the analysis record is assembled from the server's own analysis functions
 * (`analyseColours` on generated pixels, `readGenerationMetadata` on PNG text chunks written the
 * way A1111 and ComfyUI write them, `deriveWords` for titles and descriptions), so `ai_analysis`
 * has the shape and the size that analysis writes; rendition sizes come from `RENDITIONS` and
 * `fitInside`; storage keys have the media store's layout.
 *
 * What is modelled: tags follow a Zipf-like law over the 300 tags of vocabulary.ts (weight
 * 1 / (rank + 3)^1.1, 3–9 tags an image: the top tag is on ~35% of images, the 25th on ~5%, the
 * last on ~0.4%), as if a vision model or an admin had tagged them.
 */
import { deflateSync } from "node:zlib";
import { fitInside } from "@sawdust/shared";
import { DEMO_ARTWORKS } from "../../apps/server/src/demo/artworks.js";
import { mulberry32, type Rng } from "../../apps/server/src/demo/canvas.js";
import {
  analyseColours,
  type ColourAnalysis,
} from "../../apps/server/src/media/analysis/colour.js";
import {
  type GenerationMetadata,
  promptKeywords,
  readGenerationMetadata,
} from "../../apps/server/src/media/analysis/generation/generation-metadata.js";
import { deriveWords, orientationOf } from "../../apps/server/src/media/analysis/words.js";
import { EAGER_RENDITIONS, RENDITIONS } from "../../apps/server/src/media/renditions.js";
import { pngChunk, tEXt } from "../../apps/server/test/fixtures/generation/containers.js";
import {
  ADJECTIVES,
  CHECKPOINTS,
  DETAILS,
  LORAS,
  NEGATIVE_PROMPTS,
  PLACES,
  QUALITY_WORDS,
  SAMPLERS,
  STYLES,
  TAGS,
} from "./vocabulary.js";

/** Bump when the rows change, so a cached catalogue is rebuilt. */
export const CATALOGUE_VERSION = 1;

export interface CatalogueMix {
  /** Shares of uploads carrying A1111 parameters and ComfyUI graphs (the rest carry none). */
  a1111: number;
  comfyui: number;
  /** Share of images whose title and description an admin wrote. */
  adminEdited: number;
}

export const DEFAULT_MIX: CatalogueMix = { a1111: 0.45, comfyui: 0.15, adminEdited: 0.15 };

export interface ImageValues {
  id: number;
  status: string;
  processing_expires_at: null;
  uploader_id: null;
  title: string | null;
  description: string | null;
  ai_analysis: string;
  analysis_status: string;
  tags: string;
  style: string | null;
  is_public: number;
  edition_type: string;
  price_cents: number | null;
  max_editions: number | null;
  sold_editions: number;
  views: number;
  total_downloads: number;
  collections_count: number;
  dl_preview: number;
  dl_basic: number;
  dl_hd: number;
  dl_xlarge: number;
  dl_ultra: number;
  width: number;
  height: number;
  original_format: string;
  original_bytes: number;
  original_name: string | null;
  thumbhash: string;
  created_at: number;
  updated_at: number;
}

export interface RenditionValues {
  image_id: number;
  size: string;
  storage_key: string;
  width: number;
  height: number;
  bytes: number;
  upscaled: number;
  created_at: number;
}

export interface FacetValues {
  image_id: number;
  kind: string;
  value: string;
}

export interface SeededImage {
  image: ImageValues;
  renditions: RenditionValues[];
  facets: FacetValues[];
}

/** Generation sizes of common models, and a few upscaled ones, with how often each occurs. */
const SIZES: ReadonlyArray<readonly [width: number, height: number, weight: number]> = [
  [1024, 1024, 18],
  [832, 1216, 16],
  [1216, 832, 10],
  [896, 1152, 10],
  [1152, 896, 6],
  [768, 1344, 6],
  [1344, 768, 6],
  [512, 768, 4],
  [2048, 2048, 6],
  [1664, 2432, 6],
  [2432, 1664, 4],
  [3072, 4096, 5],
  [4000, 5000, 3],
];

const CATALOGUE_START = Date.UTC(2025, 0, 1);
const CATALOGUE_SPAN_MS = 680 * 24 * 3600 * 1000;

/**
 * What analysis derived from one upload's embedded metadata (or its absence): computing it takes
 * the server's reader and word functions up to a few milliseconds, so the maker computes a pool
 * of these once and each image draws one.
 */
interface Derived {
  width: number;
  height: number;
  generation: GenerationMetadata;
  title: string | null;
  description: string | null;
  suggestedStyle: string | null;
  sources: { title?: string; description?: string; style?: string };
  filename: string;
}

export class CatalogueMaker {
  private readonly rand: Rng;
  private readonly tagPick: (rand: Rng) => number;
  private readonly stylePick: (rand: Rng) => number;
  private readonly colourPool: ColourAnalysis[];
  private readonly a1111Pool: Derived[];
  private readonly comfyPool: Derived[];
  /** Uploads without metadata: words from the file name and colours, per colour analysis. */
  private readonly plainPool: Derived[][];
  private readonly basePng = tinyPng();

  constructor(
    private readonly total: number,
    seed: number,
    private readonly mix: CatalogueMix = DEFAULT_MIX,
  ) {
    this.rand = mulberry32(seed);
    this.tagPick = zipf(TAGS.length, 1.1, 3);
    this.stylePick = zipf(STYLES.length, 1.0, 1);
    this.colourPool = Array.from({ length: 40 }, (_, i) => colourAnalysisOf(mulberry32(seed + i)));
    const colours = this.colourPool[0] as ColourAnalysis;
    this.a1111Pool = Array.from({ length: 600 }, () => this.derive("a1111", colours));
    this.comfyPool = Array.from({ length: 200 }, () => this.derive("comfyui", colours));
    this.plainPool = this.colourPool.map((c) =>
      Array.from({ length: 4 }, () => this.derive("none", c)),
    );
  }

  /** The image with this id (ids are 1, 2, 3, … in upload order); `isPublic` as the caller says. */
  make(id: number, isPublic: boolean): SeededImage {
    const rand = this.rand;
    const createdAt =
      CATALOGUE_START + Math.floor(((id - 1 + rand()) / this.total) * CATALOGUE_SPAN_MS);
    const analyzedAt = createdAt + 2_000 + Math.floor(rand() * 8_000);

    const tags = distinct(rand, this.tagPick, 3 + Math.floor(rand() * 7)).map(
      (i) => TAGS[i] as string,
    );
    const styleCount = rand() < 0.1 ? 0 : rand() < 0.78 ? 1 : 2;
    const styles = distinct(rand, this.stylePick, styleCount).map((i) => STYLES[i] as string);
    const colourIndex = Math.floor(rand() * this.colourPool.length);
    const colours = this.colourPool[colourIndex] as ColourAnalysis;

    const kind = rand();
    const derived =
      kind < this.mix.a1111
        ? pick(rand, this.a1111Pool)
        : kind < this.mix.a1111 + this.mix.comfyui
          ? pick(rand, this.comfyPool)
          : pick(rand, this.plainPool[colourIndex] as Derived[]);
    const { width, height } = derived;

    const adminEdited = rand() < this.mix.adminEdited;
    const demo = DEMO_ARTWORKS[Math.floor(rand() * DEMO_ARTWORKS.length)];
    const title = adminEdited
      ? `${titleCase(pick(rand, ADJECTIVES))} ${demo?.title ?? "Study"}`
      : derived.title;
    const description = adminEdited ? (demo?.description ?? null) : derived.description;
    const style = styles.length > 0 ? styles.join(", ") : null;
    const fieldSources = {
      title: adminEdited ? "admin" : (derived.sources.title ?? "none"),
      description: adminEdited ? "admin" : (derived.sources.description ?? "none"),
      tags: adminEdited ? "admin" : "vision",
      style: adminEdited ? "admin" : "vision",
    };
    const nsfwSafe = rand() * 0.08;
    const scores = {
      drawing: round(0.2 + rand() * 0.6),
      hentai: round(nsfwSafe / 4),
      neutral: round(0.1 + rand() * 0.5),
      porn: round(nsfwSafe / 4),
      sexy: round(nsfwSafe),
    };
    const nsfw = isPublic ? round(scores.porn + scores.hentai + scores.sexy / 2) : 0.72;
    // The order and fields of AnalysisService's record (analysisRecord and what it adds).
    const analysis = {
      colorScheme: Object.fromEntries(
        colours.swatches.map((s, i) => [SWATCH_ROLES[i], `#${s.hex}`]),
      ),
      palette: colours.swatches,
      colorThemes: colours.themes,
      lightness: colours.lightness,
      chroma: colours.chroma,
      generation: derived.generation,
      dimensions: { width, height },
      orientation: orientationOf(width, height),
      aspectRatio: Number((width / height).toFixed(4)),
      suggestedStyle: derived.suggestedStyle,
      analyzedAt: new Date(analyzedAt).toISOString(),
      fieldSources,
      contentRating: {
        model: "MobileNetV2Mid",
        scores,
        nsfw,
        rating: isPublic ? (nsfw >= 0.4 ? "suggestive" : "safe") : "explicit",
        ms: round(90 + rand() * 60, 1),
        sensitive: !isPublic,
      },
      ...(isPublic
        ? {}
        : {
            moderation: {
              flagged: true,
              reason: "sensitive content",
              at: new Date(analyzedAt).toISOString(),
            },
          }),
    };

    const edition = rand();
    const editionType =
      edition < 0.5 ? "open_edition" : edition < 0.85 ? "sawdust_gallery" : "one_of_one";
    const priceCents =
      editionType === "open_edition"
        ? 900 + 100 * Math.floor(rand() * 90)
        : editionType === "one_of_one"
          ? 5_000 + 500 * Math.floor(rand() * 90)
          : null;
    const views = Math.floor(Math.exp(rand() * 8));
    const downloads = Math.floor(views * rand() * 0.2);
    const byQuality = [0.5, 0.3, 0.15, 0.04].map((share) => Math.floor(downloads * share));
    const format = derived.filename.endsWith(".jpeg") ? "jpeg" : "png";

    const image: ImageValues = {
      id,
      status: "ready",
      processing_expires_at: null,
      uploader_id: null,
      title,
      description,
      ai_analysis: JSON.stringify(analysis),
      analysis_status: "done",
      tags: JSON.stringify(tags),
      style,
      is_public: isPublic ? 1 : 0,
      edition_type: editionType,
      price_cents: priceCents,
      max_editions: editionType === "one_of_one" ? 1 : null,
      sold_editions: editionType === "one_of_one" && rand() < 0.2 ? 1 : 0,
      views,
      total_downloads: downloads,
      collections_count: Math.floor(views * rand() * 0.05),
      dl_preview: byQuality[0] as number,
      dl_basic: byQuality[1] as number,
      dl_hd: byQuality[2] as number,
      dl_xlarge: byQuality[3] as number,
      dl_ultra: downloads - byQuality.reduce((sum, n) => sum + n, 0),
      width,
      height,
      original_format: format,
      original_bytes: Math.floor(
        width * height * (format === "png" ? 1.4 + rand() : 0.3 + rand() * 0.3),
      ),
      original_name: derived.filename,
      thumbhash: randomBase64(rand, 21 + Math.floor(rand() * 4)),
      created_at: createdAt,
      updated_at: analyzedAt,
    };

    const renditions = EAGER_RENDITIONS.map((name): RenditionValues => {
      const spec = RENDITIONS[name];
      const size = fitInside(width, height, spec);
      const bytes = Math.min(
        spec.maxBytes,
        Math.floor(size.width * size.height * (0.05 + rand() * 0.15)),
      );
      return {
        image_id: id,
        size: name,
        storage_key: `${spec.visibility}/images/${id}/${name}-${randomHex(rand, 16)}.webp`,
        width: size.width,
        height: size.height,
        bytes,
        upscaled: size.width > width ? 1 : 0,
        created_at: analyzedAt - 2_000,
      };
    });

    const facets: FacetValues[] = [
      ...tags.map((value) => ({ image_id: id, kind: "tag", value })),
      ...styles.map((value) => ({ image_id: id, kind: "style", value })),
      ...[...new Set(colours.swatches.map((s) => s.name))].map((value) => ({
        image_id: id,
        kind: "color",
        value,
      })),
    ];
    return { image, renditions, facets };
  }

  /**
   * One upload's metadata as analysis reads it (the server's reader over PNG text chunks written
   * as A1111 and ComfyUI write them), and the title and description analysis derives from it.
   */
  private derive(source: "a1111" | "comfyui" | "none", colours: ColourAnalysis): Derived {
    const rand = this.rand;
    const [width, height] = weighted(rand, SIZES);
    const tags = distinct(rand, this.tagPick, 3 + Math.floor(rand() * 7)).map(
      (i) => TAGS[i] as string,
    );
    const styles = distinct(rand, this.stylePick, 1).map((i) => STYLES[i] as string);
    const serial = String(Math.floor(rand() * 100_000)).padStart(5, "0");
    let generation: GenerationMetadata;
    let filename: string;
    if (source === "none") {
      generation = readGenerationMetadata(this.basePng);
      filename =
        rand() < 0.5
          ? `${pick(rand, ADJECTIVES)}-${pick(rand, TAGS.slice(0, 120))}.png`
          : `IMG_${1000 + Math.floor(rand() * 9000)}.jpeg`;
    } else {
      const g = {
        prompt: promptOf(rand, tags, styles),
        negative: pick(rand, NEGATIVE_PROMPTS),
        model: pick(rand, CHECKPOINTS),
        seed: Math.floor(rand() * 4e9),
        steps: 20 + Math.floor(rand() * 21),
        cfg: 4 + Math.floor(rand() * 9) / 2,
        width,
        height,
      };
      const chunks =
        source === "a1111"
          ? [
              tEXt(
                "parameters",
                [
                  g.prompt,
                  `Negative prompt: ${g.negative}`,
                  `Steps: ${g.steps}, Sampler: ${pick(rand, SAMPLERS)}, CFG scale: ${g.cfg}, Seed: ${g.seed}, Size: ${width}x${height}, Model hash: ${randomHex(rand, 10)}, Model: ${g.model}, Denoising strength: 0.4, Hires upscale: 2, Hires upscaler: 4x-UltraSharp, Version: v1.10.1`,
                ].join("\n"),
              ),
            ]
          : comfyChunks(rand, g);
      generation = readGenerationMetadata(withChunks(this.basePng, chunks));
      filename = source === "a1111" ? `${serial}-${g.seed}.png` : `ComfyUI_${serial}_.png`;
    }
    const words = deriveWords({
      prompt: generation.prompt,
      keywords: promptKeywords(generation),
      colours,
      width,
      height,
      filename,
    });
    return {
      width,
      height,
      generation,
      title: words.title,
      description: words.description,
      suggestedStyle: words.style,
      sources: words.sources,
      filename,
    };
  }
}

const SWATCH_ROLES = ["primary", "secondary", "tertiary", "quaternary", "quinary"] as const;

/** A prompt as people write them: quality words, a subject and place, details, styles. */
function promptOf(rand: Rng, tags: string[], styles: string[]): string {
  const subject = `${pick(rand, ADJECTIVES)} ${(tags[0] ?? "landscape").replace(/-/g, " ")}`;
  const parts = [
    ...(rand() < 0.5 ? [QUALITY_WORDS] : []),
    `a ${subject} ${pick(rand, PLACES)}`,
    ...tags.slice(1).map((t) => t.replace(/-/g, " ")),
    pick(rand, DETAILS),
    pick(rand, DETAILS),
    ...styles,
    ...(rand() < 0.3 ? [`<lora:${pick(rand, LORAS)}:0.${5 + Math.floor(rand() * 4)}>`] : []),
  ];
  return parts.join(", ");
}

interface ComfyNode {
  class_type: string;
  inputs: Record<string, unknown>;
}

/**
 * ComfyUI's two PNG chunks: the API graph (`prompt`) and the editor graph (`workflow`), with
 * optional LoRAs and an upscale pass, laid out as the editor saves them.
 */
function comfyChunks(
  rand: Rng,
  g: {
    prompt: string;
    negative: string;
    model: string;
    seed: number;
    steps: number;
    cfg: number;
    width: number;
    height: number;
  },
): Buffer[] {
  const nodes: Record<string, ComfyNode> = {};
  let next = 1;
  const add = (class_type: string, inputs: Record<string, unknown>) => {
    const id = String(next++);
    nodes[id] = { class_type, inputs };
    return id;
  };
  const ckpt = add("CheckpointLoaderSimple", { ckpt_name: `SDXL/${g.model}.safetensors` });
  let model: [string, number] = [ckpt, 0];
  let clip: [string, number] = [ckpt, 1];
  const loras = Math.floor(rand() * 4);
  for (let i = 0; i < loras; i++) {
    const lora = add("LoraLoader", {
      lora_name: `${pick(rand, LORAS)}.safetensors`,
      strength_model: round(0.4 + rand() * 0.6, 2),
      strength_clip: 1,
      model,
      clip,
    });
    model = [lora, 0];
    clip = [lora, 1];
  }
  const positive = add("CLIPTextEncode", { text: g.prompt, clip });
  const negative = add("CLIPTextEncode", { text: g.negative, clip });
  const latent = add("EmptyLatentImage", { width: g.width, height: g.height, batch_size: 1 });
  const sampler = add("KSampler", {
    seed: g.seed,
    steps: g.steps,
    cfg: g.cfg,
    sampler_name: "dpmpp_2m",
    scheduler: "karras",
    denoise: 1,
    model,
    positive: [positive, 0],
    negative: [negative, 0],
    latent_image: [latent, 0],
  });
  let image: [string, number] = [add("VAEDecode", { samples: [sampler, 0], vae: [ckpt, 2] }), 0];
  if (rand() < 0.5) {
    const upscaler = add("UpscaleModelLoader", { model_name: "4x-UltraSharp.pth" });
    image = [add("ImageUpscaleWithModel", { upscale_model: [upscaler, 0], image }), 0];
  }
  add("SaveImage", { filename_prefix: "ComfyUI", images: image });
  return [
    tEXt("prompt", JSON.stringify(nodes)),
    tEXt("workflow", JSON.stringify(editorGraph(nodes))),
  ];
}

const LINK_TYPES: Record<string, string> = {
  model: "MODEL",
  clip: "CLIP",
  vae: "VAE",
  positive: "CONDITIONING",
  negative: "CONDITIONING",
  latent_image: "LATENT",
  samples: "LATENT",
  image: "IMAGE",
  images: "IMAGE",
  upscale_model: "UPSCALE_MODEL",
};

/** The editor (LiteGraph) form of an API graph: positions, sizes, slots, links, widget values. */
function editorGraph(nodes: Record<string, ComfyNode>) {
  const links: Array<[number, number, number, number, number, string]> = [];
  const outputs = new Map<
    string,
    Array<{ name: string; type: string; links: number[]; slot_index: number }>
  >();
  const editorNodes = Object.entries(nodes).map(([id, node], order) => {
    const inputs: Array<{ name: string; type: string; link: number }> = [];
    const widgets: unknown[] = [];
    for (const [name, value] of Object.entries(node.inputs)) {
      if (Array.isArray(value) && typeof value[0] === "string") {
        const type = LINK_TYPES[name] ?? "*";
        const linkId = links.length + 1;
        const [from, slot] = value as [string, number];
        links.push([linkId, Number(from), slot, Number(id), inputs.length, type]);
        inputs.push({ name, type, link: linkId });
        const list = outputs.get(from) ?? [];
        const out = list.find((o) => o.slot_index === slot);
        if (out) out.links.push(linkId);
        else list.push({ name: type, type, links: [linkId], slot_index: slot });
        outputs.set(from, list);
      } else {
        widgets.push(value);
        if (name === "seed") widgets.push("randomize");
      }
    }
    return { id: Number(id), order, node, inputs, widgets };
  });
  return {
    last_node_id: editorNodes.length,
    last_link_id: links.length,
    nodes: editorNodes.map(({ id, order, node, inputs, widgets }) => ({
      id,
      type: node.class_type,
      pos: [100 + (order % 4) * 420, 120 + Math.floor(order / 4) * 380],
      size: { "0": 315, "1": 98 + 24 * widgets.length },
      flags: {},
      order,
      mode: 0,
      inputs,
      outputs: outputs.get(String(id)) ?? [],
      properties: { "Node name for S&R": node.class_type },
      widgets_values: widgets,
    })),
    links,
    groups: [],
    config: {},
    extra: { ds: { scale: 0.8264462809917354, offset: [412.5, 96.25] } },
    version: 0.4,
  };
}

/** A palette as analysis finds it: `analyseColours` over a small picture of 2–5 colour fields. */
function colourAnalysisOf(rand: Rng): ColourAnalysis {
  const width = 32;
  const height = 40;
  const fields = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => [
    Math.floor(rand() * 256),
    Math.floor(rand() * 256),
    Math.floor(rand() * 256),
  ]);
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const field = fields[
      Math.min(fields.length - 1, Math.floor((y / height) ** 1.3 * fields.length))
    ] as number[];
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        pixels[i + c] = Math.max(
          0,
          Math.min(255, (field[c] as number) + Math.floor((rand() - 0.5) * 40)),
        );
      }
    }
  }
  return analyseColours(pixels, width, height, 3);
}

/** A valid 1×1 PNG: the container the metadata reader walks. */
function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(4))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The PNG with text chunks right after IHDR, where A1111 and ComfyUI put theirs. */
function withChunks(png: Buffer, chunks: Buffer[]): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4;
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)]);
}

/** A sampler of ranks 0…n-1 with weight 1 / (rank + 1 + q)^s. */
export function zipf(n: number, s: number, q: number): (rand: Rng) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 0; r < n; r++) {
    total += 1 / (r + 1 + q) ** s;
    cumulative.push(total);
  }
  return (rand) => {
    const u = rand() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function distinct(rand: Rng, draw: (rand: Rng) => number, count: number): number[] {
  const got = new Set<number>();
  for (let guard = 0; got.size < count && guard < 200; guard++) got.add(draw(rand));
  return [...got];
}

function weighted<T extends readonly [number, number, number]>(rand: Rng, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item[2], 0);
  let u = rand() * total;
  for (const item of items) {
    u -= item[2];
    if (u < 0) return item;
  }
  return items[items.length - 1] as T;
}

const pick = <T>(rand: Rng, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)] as T;

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

const titleCase = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

function randomHex(rand: Rng, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += Math.floor(rand() * 16).toString(16);
  return out;
}

function randomBase64(rand: Rng, bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buffer[i] = Math.floor(rand() * 256);
  return buffer.toString("base64");
}
