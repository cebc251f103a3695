import { sniffImageFormat } from "../../sniff.js";
import {
  looksLikeA1111Parameters,
  parseA1111Parameters,
  settingsFromA1111,
} from "./a1111-parameters.js";
import { asObject, asText, ownField, parseBoundedJson } from "./bounded-json.js";
import { settingsFromComfyPrompt, settingsFromComfyWorkflow } from "./comfyui-graph.js";
import { FieldSink } from "./field-sink.js";
import { type GenerationSettings, hasAnySetting } from "./generation-settings.js";
import {
  settingsFromDreamCommand,
  settingsFromInvokeMetadata,
  settingsFromSdMetadata,
} from "./invokeai.js";
import { readJpegSegments } from "./jpeg-segments.js";
import { settingsFromFlatJson } from "./json-settings.js";
import { MAX_PROMPT_CHARS, MAX_RAW_FIELD_CHARS, MAX_SHORT_TEXT_CHARS } from "./limits.js";
import { isNovelAi, settingsFromNovelAi } from "./novelai.js";
import { readPngChunks } from "./png-chunks.js";
import { keywordsFromPrompt } from "./prompt-keywords.js";
import { readRiffChunks } from "./riff-chunks.js";
import { truncateText } from "./text-decoding.js";

/** Which convention the prompt and settings were read from; null when none was found. */
export type GenerationSource = "a1111" | "comfyui" | "invokeai" | "novelai" | "exif" | "xmp";

/**
 * The prompt and settings an AI image carries, as far as the file tells them. A plain object,
 * safe to store as JSON (no NULs, no lone surrogates); absent fields were not found.
 */
export interface GenerationMetadata {
  source: GenerationSource | null;
  prompt?: string;
  negativePrompt?: string;
  /** Checkpoint name, without folders or file extension. */
  model?: string;
  seed?: number;
  steps?: number;
  sampler?: string;
  /** Noise schedule when the file names it apart from the sampler ("karras", "Karras"). */
  scheduler?: string;
  cfgScale?: number;
  /** Generation size from the settings, which may differ from the pixels (upscales, crops). */
  width?: number;
  height?: number;
  software?: string;
  /** A C2PA manifest is embedded (presence only: it is not validated). */
  c2pa: boolean;
  /** Every text field found, by name (PNG keyword, `exif:Tag`, `xmp:prop`, `jpeg:comment`). */
  raw?: Record<string, string>;
}

/**
 * Reads the generation metadata AI tools embed in an upload's original bytes: A1111/Forge
 * "parameters", ComfyUI "prompt"/"workflow", InvokeAI, NovelAI, EXIF and XMP descriptions, from
 * PNG text chunks, JPEG segments and WebP chunks, plus the presence of a C2PA manifest. It never
 * throws and its work is bounded (see limits.ts): an upload is untrusted input, and a missing
 * prompt must never fail an analysis job.
 */
export function readGenerationMetadata(bytes: Buffer): GenerationMetadata {
  try {
    const sink = new FieldSink();
    try {
      readContainer(bytes, sink);
    } catch {
      // Keep the fields found before the walk failed.
    }
    return buildMetadata(interpretFields(sink.fields), sink);
  } catch {
    return { source: null, c2pa: false };
  }
}

/**
 * The prompt's keyword phrases, in prompt order, for deriving tags and titles: weights, LoRA
 * tags, BREAK and other prompt syntax removed (see keywordsFromPrompt).
 */
export function promptKeywords(meta: Pick<GenerationMetadata, "prompt">): string[] {
  try {
    return meta.prompt === undefined ? [] : keywordsFromPrompt(meta.prompt);
  } catch {
    return [];
  }
}

function readContainer(bytes: Uint8Array, sink: FieldSink): void {
  if (!(bytes instanceof Uint8Array)) return;
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (sniffImageFormat(buffer.subarray(0, 16))) {
    case "png":
      readPngChunks(buffer, sink);
      return;
    case "jpeg":
      readJpegSegments(buffer, sink);
      return;
    case "webp":
      readRiffChunks(buffer, sink);
      return;
    default: // AVIF and anything else: no metadata reader yet.
      return;
  }
}

interface Interpretation {
  source: GenerationSource;
  settings: GenerationSettings;
}

type Interpreter = (fields: ReadonlyMap<string, string>) => Interpretation | undefined;

/**
 * Readers in order of how specific their evidence is: tool-named fields first, then the
 * A1111-style "parameters" text (which ComfyUI savers also write, already flattened), then
 * ComfyUI graphs, then A1111 text found in EXIF/XMP, and last any plain description.
 */
const INTERPRETERS: readonly Interpreter[] = [
  fromNovelAi,
  fromInvokeAi,
  fromParametersField,
  fromComfyPrompt,
  fromComfyWorkflow,
  fromA1111TextElsewhere,
  fromExifText,
  fromXmpText,
];

function interpretFields(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  for (const interpreter of INTERPRETERS) {
    try {
      const found = interpreter(fields);
      if (found !== undefined && hasAnySetting(found.settings)) return found;
    } catch {
      // One reader's surprise must not hide what the next one finds.
    }
  }
  return undefined;
}

function fromNovelAi(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  return isNovelAi(fields)
    ? { source: "novelai", settings: settingsFromNovelAi(fields) }
    : undefined;
}

/** InvokeAI 3+ metadata, else InvokeAI 2's sd-metadata, else InvokeAI 1's Dream command. */
function fromInvokeAi(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  const readers: Array<[string, (text: string) => GenerationSettings | undefined]> = [
    ["invokeai_metadata", settingsFromInvokeMetadata],
    ["sd-metadata", settingsFromSdMetadata],
    ["Dream", settingsFromDreamCommand],
  ];
  for (const [key, read] of readers) {
    const text = fields.get(key);
    const settings = text === undefined ? undefined : read(text);
    if (hasAnySetting(settings)) return { source: "invokeai", settings };
  }
  return undefined;
}

/**
 * The PNG "parameters" field: A1111/Forge text, or JSON from tools that reuse the field
 * (SwarmUI's sui_image_params, a ComfyUI front end; Fooocus's own scheme).
 */
function fromParametersField(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  const text = fields.get("parameters");
  if (text === undefined) return undefined;
  if (!text.trimStart().startsWith("{")) {
    return { source: "a1111", settings: settingsFromA1111(parseA1111Parameters(text)) };
  }
  const json = asObject(parseBoundedJson(text));
  if (json === undefined) return undefined;
  const swarm = asObject(ownField(json, "sui_image_params"));
  if (swarm !== undefined) {
    return { source: "comfyui", settings: { ...settingsFromFlatJson(swarm), software: "SwarmUI" } };
  }
  const version = asText(ownField(json, "Version")) ?? asText(ownField(json, "version"));
  return { source: "a1111", settings: { ...settingsFromFlatJson(json), software: version } };
}

function fromComfyPrompt(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  const text = fields.get("prompt");
  const settings = text === undefined ? undefined : settingsFromComfyPrompt(parseBoundedJson(text));
  return settings === undefined ? undefined : { source: "comfyui", settings };
}

function fromComfyWorkflow(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  const text = fields.get("workflow");
  const settings =
    text === undefined ? undefined : settingsFromComfyWorkflow(parseBoundedJson(text));
  return settings === undefined ? undefined : { source: "comfyui", settings };
}

/** Fields where A1111-format text turns up outside PNG: JPEG/WebP EXIF, XMP, comments. */
const A1111_ELSEWHERE = [
  "exif:UserComment",
  "xmp:exif:UserComment",
  "xmp:dc:description",
  "exif:ImageDescription",
  "jpeg:comment",
  "Comment",
  "Description",
];

function fromA1111TextElsewhere(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  for (const key of A1111_ELSEWHERE) {
    const text = fields.get(key);
    if (text !== undefined && looksLikeA1111Parameters(text)) {
      return { source: "a1111", settings: settingsFromA1111(parseA1111Parameters(text)) };
    }
  }
  return undefined;
}

/** Camera firmware fills ImageDescription with these; they are not prompts. */
const PLACEHOLDER_DESCRIPTIONS = new Set([
  "olympus digital camera",
  "sony dsc",
  "default",
  "samsung",
  "image",
  "picture",
]);

/**
 * A plain EXIF description: UserComment, ImageDescription or Windows' XPComment as the prompt,
 * or a flat JSON UserComment (Draw Things and others) read by its keys.
 */
function fromExifText(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  const text = ["exif:UserComment", "exif:ImageDescription", "exif:XPComment"]
    .map((key) => asText(fields.get(key)))
    .find((value) => value !== undefined && !PLACEHOLDER_DESCRIPTIONS.has(value.toLowerCase()));
  if (text === undefined) return undefined;
  const json = text.startsWith("{") ? asObject(parseBoundedJson(text)) : undefined;
  return { source: "exif", settings: json ? settingsFromFlatJson(json) : { prompt: text } };
}

function fromXmpText(fields: ReadonlyMap<string, string>): Interpretation | undefined {
  const text =
    asText(fields.get("xmp:dc:description")) ??
    asText(fields.get("xmp:dc:title")) ??
    asText(fields.get("xmp:exif:UserComment"));
  return text === undefined ? undefined : { source: "xmp", settings: { prompt: text } };
}

function buildMetadata(found: Interpretation | undefined, sink: FieldSink): GenerationMetadata {
  const settings = found?.settings ?? {};
  const fields = sink.fields;
  const metadata: GenerationMetadata = {
    source: found?.source ?? null,
    prompt: cleanText(settings.prompt, MAX_PROMPT_CHARS),
    negativePrompt: cleanText(settings.negativePrompt, MAX_PROMPT_CHARS),
    model: cleanText(settings.model, MAX_SHORT_TEXT_CHARS),
    seed: cleanNumber(settings.seed),
    steps: cleanCount(settings.steps),
    sampler: cleanText(settings.sampler, MAX_SHORT_TEXT_CHARS),
    scheduler: cleanText(settings.scheduler, MAX_SHORT_TEXT_CHARS),
    cfgScale: cleanNumber(settings.cfgScale),
    width: cleanCount(settings.width),
    height: cleanCount(settings.height),
    software: cleanText(
      settings.software ??
        fields.get("Software") ??
        fields.get("exif:Software") ??
        fields.get("xmp:CreatorTool"),
      MAX_SHORT_TEXT_CHARS,
    ),
    c2pa: sink.c2pa,
  };
  if (fields.size > 0) {
    metadata.raw = Object.fromEntries(
      [...fields].map(([key, value]) => [
        cleanText(key, 200) ?? "?",
        sanitize(truncateText(value, MAX_RAW_FIELD_CHARS)),
      ]),
    );
  }
  return withoutUndefined(metadata);
}

/** Trimmed, non-empty, storable text cut to `maxChars`. */
function cleanText(text: string | undefined, maxChars: number): string | undefined {
  if (typeof text !== "string") return undefined;
  const cleaned = sanitize(truncateText(text.trim(), maxChars)).trim();
  return cleaned === "" ? undefined : cleaned;
}

/**
 * Text PostgreSQL's jsonb and text columns accept: NULs removed, lone surrogates (from broken
 * UTF-16) replaced.
 */
function sanitize(text: string): string {
  return text
    .replaceAll("\u0000", "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function cleanNumber(value: number | undefined): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Steps and sizes: positive integers of a plausible size. */
function cleanCount(value: number | undefined): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 1_000_000
    ? value
    : undefined;
}

function withoutUndefined(metadata: GenerationMetadata): GenerationMetadata {
  for (const key of Object.keys(metadata) as Array<keyof GenerationMetadata>) {
    if (metadata[key] === undefined) delete metadata[key];
  }
  return metadata;
}
