import { slugifyTag, unique } from "@sawdust/shared";
import type { ColourAnalysis } from "./colour.js";

/** Where a word came from: the admin, the vision model, the generation prompt, the pixels, the file name. */
export type WordSource = "admin" | "vision" | "prompt" | "colour" | "filename";

export interface Words {
  title: string | null;
  description: string | null;
  tags: string[];
  style: string | null;
  sources: Partial<Record<"title" | "description" | "tags" | "style", WordSource>>;
}

/** Styles and media we recognise in a prompt, with the style name we file them under. */
const STYLES: Array<[RegExp, string]> = [
  [/\boil paint(ing)?\b/, "oil painting"],
  [/\bwater ?colou?r\b/, "watercolor"],
  [/\bdigital (art|painting)\b/, "digital art"],
  [/\b(photo(graph|graphy)?|photoreal(istic)?|35mm|dslr)\b/, "photography"],
  [/\bpixel art\b/, "pixel art"],
  [/\b(3d render|octane|unreal engine|blender)\b/, "3d render"],
  [/\bconcept art\b/, "concept art"],
  [/\banime|manga\b/, "anime"],
  [/\billustration\b/, "illustration"],
  [/\bimpressionis(m|t)\b/, "impressionism"],
  [/\bsurreal(ism|ist)?\b/, "surrealism"],
  [/\bminimalis(m|t)\b/, "minimalist"],
  [/\bcyberpunk\b/, "cyberpunk"],
  [/\bsynthwave|vaporwave\b/, "synthwave"],
  [/\bfantasy art\b/, "fantasy art"],
  [/\bink|line art|sketch\b/, "line art"],
  [/\bart nouveau\b/, "art nouveau"],
  [/\bpop art\b/, "pop art"],
];

/** Subjects we recognise in a prompt, as the tag they become. */
const SUBJECTS: Array<[RegExp, string]> = [
  [/\b(landscape|scenery|vista)\b/, "landscape"],
  [/\b(portrait|headshot|face)\b/, "portrait"],
  [/\b(mountains?|peaks?)\b/, "mountains"],
  [/\b(ocean|sea|waves?|beach|coast)\b/, "ocean"],
  [/\b(forest|woods|trees?)\b/, "forest"],
  [/\b(city|cityscape|skyline|street|urban)\b/, "city"],
  [/\b(architecture|building|cathedral|castle|temple)\b/, "architecture"],
  [/\b(space|galaxy|nebula|planet|stars?|cosmos)\b/, "space"],
  [/\b(flowers?|floral|roses?|blossoms?|botanical)\b/, "flowers"],
  [/\b(sunset|sunrise|dusk|dawn|golden hour)\b/, "sunset"],
  [/\b(night|moon(lit)?|midnight)\b/, "night"],
  [/\b(cat|dog|fox|wolf|bird|owl|horse|deer|tiger|lion|animal|wildlife)s?\b/, "wildlife"],
  [/\b(abstract|geometric|fractal)\b/, "abstract"],
  [/\b(robot|mech|android|cyborg)s?\b/, "robots"],
  [/\b(dragon|wizard|elf|fairy|magic(al)?)\b/, "fantasy"],
  [/\b(still life|fruit|vase)\b/, "still-life"],
];

const GENERIC_NAMES =
  /^(img|image|dsc|photo|pic|screenshot|upload|untitled|download|file|comfyui|\d+)$/i;

/**
 * Words from what the image itself says, in order of trust: the generation prompt, then the
 * pixels (colours, orientation), then the file name. Nothing is made up.
 */
export function deriveWords(input: {
  prompt?: string;
  keywords?: string[];
  colours: ColourAnalysis;
  width: number;
  height: number;
  filename?: string | null;
}): Words {
  const sources: Words["sources"] = {};
  const prompt = input.prompt?.trim().toLowerCase() ?? "";
  const tags: string[] = [];
  let style: string | null = null;

  if (prompt) {
    const styles = STYLES.filter(([pattern]) => pattern.test(prompt)).map(([, name]) => name);
    style = styles.length > 0 ? styles.slice(0, 2).join(", ") : null;
    if (style) sources.style = "prompt";
    tags.push(...SUBJECTS.filter(([pattern]) => pattern.test(prompt)).map(([, tag]) => tag));
    tags.push(...styles.map(slugifyTag));
  }
  tags.push(...input.colours.themes);
  const mainColours = input.colours.swatches.filter((s) => s.share >= 0.15).map((s) => s.name);
  tags.push(...mainColours);
  tags.push(orientationOf(input.width, input.height));
  sources.tags = prompt && tags.length > 0 ? "prompt" : "colour";

  let title: string | null = null;
  const keyword = titleFromPrompt(input.prompt) ?? bestTitlePhrase(input.keywords ?? []);
  if (keyword) {
    title = titleCase(keyword);
    sources.title = "prompt";
  } else {
    title = titleFromFilename(input.filename);
    if (title) sources.title = "filename";
  }

  let description: string | null = null;
  if (input.prompt?.trim()) {
    description = truncate(input.prompt.trim().replace(/\s+/g, " "), 500);
    sources.description = "prompt";
  } else {
    description = describeColours(input.colours, orientationOf(input.width, input.height));
    if (description) sources.description = "colour";
  }

  return {
    title,
    description,
    tags: unique(tags.map(slugifyTag).filter(Boolean)).slice(0, 12),
    style,
    sources,
  };
}

/** The prompt's first phrase, when it reads as a title (not a weight, a style or a long list). */
function titleFromPrompt(prompt: string | undefined): string | undefined {
  const first = prompt
    ?.split(/[,\n.;|]/)[0]
    ?.replace(/<[^>]*>/g, " ")
    .replace(/[()[\]{}]/g, " ")
    .replace(/:\s*[\d.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  const words = first?.split(" ").length ?? 0;
  return first && isTitleLike(first) && words >= 2 && words <= 12 ? first : undefined;
}

/** The most descriptive keyword: the first of three words or more, else of two, else any. */
function bestTitlePhrase(keywords: string[]): string | undefined {
  const usable = keywords.filter(isTitleLike);
  const wordCount = (k: string) => k.split(" ").length;
  return (
    usable.find((k) => wordCount(k) >= 3) ?? usable.find((k) => wordCount(k) === 2) ?? usable[0]
  );
}

/** A phrase that can stand as a title: a few words, not merely a style or quality term. */
function isTitleLike(phrase: string): boolean {
  return (
    phrase.length >= 3 &&
    phrase.length <= 80 &&
    !STYLES.some(([pattern]) => pattern.test(phrase) && phrase.split(" ").length <= 3) &&
    !/^(masterpiece|best quality|high quality|highly detailed|8k|4k|ultra detailed|trending on artstation)$/.test(
      phrase,
    )
  );
}

export function orientationOf(width: number, height: number): "horizontal" | "vertical" | "square" {
  const ratio = width / height;
  return ratio > 1.05 ? "horizontal" : ratio < 0.95 ? "vertical" : "square";
}

export function titleFromFilename(filename: string | null | undefined): string | null {
  if (!filename) return null;
  const stem = filename
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const words = stem.split(" ").filter((w) => !/^\d+$/.test(w));
  if (words.length === 0 || words.every((w) => GENERIC_NAMES.test(w))) return null;
  return truncate(titleCase(words.join(" ")), 80);
}

function describeColours(colours: ColourAnalysis, orientation: string): string | null {
  const names = unique(colours.swatches.filter((s) => s.share >= 0.1).map((s) => s.name)).slice(
    0,
    3,
  );
  if (names.length === 0) return null;
  const mood = colours.themes.length > 0 ? `${colours.themes.join(", ")} ` : "";
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `A ${mood}${orientation} image in ${list}.`;
}

const SMALL_WORDS = new Set([
  "a",
  "an",
  "the",
  "and",
  "or",
  "but",
  "on",
  "at",
  "in",
  "of",
  "to",
  "for",
  "by",
  "with",
  "from",
]);

/** Title case, keeping short function words lower-case except at the start. */
function titleCase(text: string): string {
  return text
    .split(" ")
    .map((w, i) =>
      i > 0 && SMALL_WORDS.has(w.toLowerCase())
        ? w.toLowerCase()
        : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join(" ");
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
