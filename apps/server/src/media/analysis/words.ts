import { slugifyTag, unique } from "@sawdust/shared";
import type { ColourAnalysis } from "./colour.js";
import { positivePrompt, readPrompt } from "./prompt-words.js";

/** Where a word came from: the admin, the vision model, the generation prompt, the pixels, the file name. */
export type WordSource = "admin" | "vision" | "prompt" | "colour" | "filename";

export interface Words {
  title: string | null;
  description: string | null;
  tags: string[];
  style: string | null;
  sources: Partial<Record<"title" | "description" | "tags" | "style", WordSource>>;
}

/** At most this many tags: the subjects first, so that they survive the cut. */
const MAX_TAGS = 12;
const MAX_SUBJECT_TAGS = 5;
const MAX_CATEGORY_TAGS = 4;
const MAX_STYLES = 2;

const GENERIC_NAMES =
  /^(img|image|dsc|photo|pic|screenshot|upload|untitled|download|file|comfyui|\d+)$/i;

/**
 * Words from what the image itself says, in order of trust: the generation prompt, then the
 * pixels (colours, orientation), then the file name. Nothing is made up, and nothing of the
 * prompt is copied but the title, subjects and styles read from it. Tags are the prompt's
 * subjects, then its broad categories and styles, then the colour themes, main colours and
 * orientation; the negative prompt is never read (see readPrompt).
 */
export function deriveWords(input: {
  /** The positive prompt; a negative prompt or settings left in it are cut off. */
  prompt?: string;
  /** Keyword phrases to read when there is no prompt (promptKeywords gives none then). */
  keywords?: string[];
  colours: ColourAnalysis;
  width: number;
  height: number;
  filename?: string | null;
}): Words {
  const sources: Words["sources"] = {};
  const prompt = positivePrompt(input.prompt ?? "");
  const text = prompt || (input.keywords ?? []).join(", ");
  const read = text ? readPrompt(text) : undefined;

  const styles = read?.styles.slice(0, MAX_STYLES) ?? [];
  const style = styles.length > 0 ? styles.join(", ") : null;
  if (style) sources.style = "prompt";

  const subjects = read?.subjects.slice(0, MAX_SUBJECT_TAGS) ?? [];
  const categories = (read?.categories ?? [])
    .filter((category) => !subjects.some((subject) => sameWord(subject, category)))
    .slice(0, MAX_CATEGORY_TAGS);
  const fromPrompt = unique([...subjects, ...categories, ...styles].map(slugifyTag));
  const orientation = orientationOf(input.width, input.height);
  const themes = input.colours.themes;
  const mainColours = input.colours.swatches.filter((s) => s.share >= 0.15).map((s) => s.name);
  // The themes and the orientation always fit; the main colours take what room is left.
  const promptRoom = MAX_TAGS - themes.length - 1;
  const kept = fromPrompt.slice(0, promptRoom);
  const colourRoom = Math.max(0, promptRoom - kept.length);
  const tags = unique(
    [...kept, ...themes, ...mainColours.slice(0, colourRoom), orientation]
      .map(slugifyTag)
      .filter(Boolean),
  ).slice(0, MAX_TAGS);
  sources.tags = kept.length > 0 ? "prompt" : "colour";

  let title: string | null = null;
  if (read?.title) {
    title = truncate(titleCase(read.title), 80);
    sources.title = "prompt";
  } else {
    title = titleFromFilename(input.filename);
    if (title) sources.title = "filename";
  }

  // Told in the analysis's own words, never the prompt's: the prompt is a generation detail,
  // Pro's to read (README "What Pro gives"), and may hold what its author never meant to publish
  // (round 58: every visitor and crawler read it word for word as the description).
  const colourLine = describeColours(input.colours, orientation);
  let description: string | null = colourLine;
  if (colourLine) sources.description = "colour";
  if (read?.title) {
    const about = `${sentenceCase(read.title)}${style ? `, ${style}` : ""}.`;
    description = truncate(colourLine ? `${about} ${colourLine}` : about, 500);
    sources.description = "prompt";
  }

  return { title, description, tags, style, sources };
}

/** One word in its singular or plural: "mountain" and "mountains", "flower" and "flowers". */
function sameWord(a: string, b: string): boolean {
  return a === b || a === `${b}s` || b === `${a}s`;
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

/** "lighthouse on a cliff" → "Lighthouse on a cliff". */
function sentenceCase(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
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

/** Cut to `max` characters with an ellipsis, at a word's end when one is near enough. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const head = lastSpace >= max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${head.trimEnd().replace(/[\s,;:.-]+$/, "")}…`;
}
